"""Multi-subject descriptions: 2-4 related people in a first- or third-person
narrative, a chat transcript or a household form. Every mention belongs to
one person; pronouns and role nouns ("my colleague", "the tenant") carry the
references between mentions."""

from __future__ import annotations

from dataclasses import dataclass

from .compose import Fact, capitalize, join_sentences, write_sentences
from .document import Doc, Owner
from .facts import value_of
from .families import Ctx, pool
from .layouts import form_lines
from .persona import Constraints, Persona, make_persona
from .relations import ANCHOR_SETUPS, RELATIONS, Link, attach
from .render import DocState, Mention, Part, Who, render, resolve_slots
from .single import order_facts, select_facts

SWITCH = pool("multi.switch", ["as for {S},", "then there's {S}:", "and {S}?"], ["about {S}:", "regarding {S},", "now, {S}:"],
              ["moving on to {S}:", "when it comes to {S},", "switching to {S}:"])
TRANSCRIPT = pool("multi.transcript", ["Chat between {pair}:", "Conversation log ({pair})"], ["Transcript — {pair}", "Messages between {pair}:"],
                  ["Here's a chat between {pair}.", "Copied from a group chat ({pair}):"])
HOUSEHOLD = pool("multi.household", ["Registration form", "Group details"], ["People on file", "Members"],
                 ["Everyone on this application", "Party details"])
SPEAKER = pool("multi.speaker", ["{name}: ", "[{name}] "], ["{name} — ", "<{name}> "], ["{name} said: ", "{name} > "])
ROLE_LABEL = pool("multi.role_label", ["{Role}: {name}"], ["{Role} — {name}"], ["{Role} = {name}"])
GROUPS = {"identity": 0.3, "demographics": 1.2, "contact": 1.0, "work": 1.3, "education": 0.9, "health": 1.0,
          "finance": 0.9, "housing": 0.5, "ids": 0.4}


@dataclass
class Member:
    persona: Persona
    link: Link | None          # link to its anchor (None for the first person)
    anchor: int | None
    facts: list[Fact]


def _network(ctx: Ctx, size: int) -> list[Member]:
    rng = ctx.rng
    first_maker = ctx.weighted([m for m, _ in RELATIONS], [w for _, w in RELATIONS])
    a = make_persona(rng, 0, ANCHOR_SETUPS.get(first_maker, Constraints()))
    members = [Member(a, None, None, [])]
    used: set = set()
    b, link = attach(rng, a, 1, first_maker, used)
    members.append(Member(b, link, 0, []))
    for owner in range(2, size):
        anchor = ctx.choice(members)
        if anchor.persona.owner != 0:
            used.add((anchor.persona.owner, "strangers"))   # strangers only meet the first person
        c, link = attach(rng, anchor.persona, owner, used=used)
        members.append(Member(c, link, anchor.persona.owner, []))
    return members


def _choose_facts(ctx: Ctx, members: list[Member], per_person: tuple[int, int]) -> None:
    for m in members:
        n = ctx.rng.randint(*per_person)
        facts = select_facts(ctx, m.persona, GROUPS, {}, n)
        keys = {f.key for f in facts}
        needed = set(m.link.shared) if m.link else set()
        for child in members:               # an anchor shows what it shares with people linked to it
            if child.anchor == m.persona.owner and child.link:
                needed |= {k for k in child.link.shared if k in ("employer", "alma_mater", "address", "hometown")}
        chosen = {f.key: f.value for f in facts}
        for key in sorted(needed - keys):  # sorted: set order varies with PYTHONHASHSEED
            v = value_of(m.persona, key, ctx.rng)
            if v is not None:
                chosen[key] = v
        m.facts = order_facts(ctx, m.persona.owner, chosen, m.persona.is_adult)


def _roles(members: list[Member], narrator: bool) -> dict[int, tuple[str, str]]:
    """(first-mention prefix, short re-mention) per person; narrator-relative when the first person narrates."""
    labels: dict[int, str] = {}
    for m in members:
        if m.link is not None:
            labels.setdefault(m.anchor, m.link.role_anchor)  # type: ignore[arg-type]
            labels[m.persona.owner] = m.link.role_new
    used: set[str] = set()
    for owner in sorted(labels):
        if labels[owner] in used:
            labels[owner] = labels[owner].replace("the ", "the other ", 1)
        used.add(labels[owner])
    roles: dict[int, tuple[str, str]] = {}
    for i, m in enumerate(members):
        owner = m.persona.owner
        if m.link is None:
            if not narrator:
                roles[owner] = ("", labels.get(owner, "the first person"))
            continue
        if narrator:
            if m.link.relation == "strangers":
                rel = m.link.role_new
            else:
                rel = f"my {m.link.noun_new}" if m.anchor == 0 else f"{roles[m.anchor][1]}'s {m.link.noun_new}"  # type: ignore[index]
            roles[owner] = (rel, rel)
        else:
            anchor = next(x.persona for x in members if x.persona.owner == m.anchor)
            related = members[i - 1].persona.owner == m.anchor and m.link.relation != "strangers"
            prefix = f"{_poss(anchor)} {m.link.noun_new}" if related else labels[owner]
            roles[owner] = (prefix, labels[owner])
    return roles


def _poss(p: Persona) -> str:
    return {"she": "her", "he": "his", "they": "their"}[p.pronoun]


def _owners(members: list[Member], roles: dict[int, tuple[str, str]], narrator: bool) -> dict[int, Owner]:
    out: dict[int, Owner] = {}
    for m in members:
        if narrator and m.link is None:
            out[m.persona.owner] = Owner("my", True, "my")
        else:
            out[m.persona.owner] = Owner(f"{roles[m.persona.owner][1]}'s", False, _poss(m.persona))
    return out


def _who(m: Member, person: int, roles: dict[int, tuple[str, str]], first_only: bool = False) -> Who:
    p = m.persona
    role, short = roles.get(p.owner, ("", ""))
    return Who(p.owner, p.name.first, p.name.full, p.pronoun, person, role, short, intro_with_first_only=first_only)


def narrative(ctx: Ctx, state: DocState, members: list[Member], narrator: bool, roles: dict[int, tuple[str, str]],
              filler_rate: float = 0.08) -> list[Part]:
    out: list[Part] = []
    for i, m in enumerate(members):
        if not m.facts:
            continue
        who = _who(m, 1 if narrator and i == 0 else 3, roles, first_only=narrator and ctx.chance(0.3))
        state.whos[m.persona.owner] = who
        if out:
            out.append("\n\n" if ctx.chance(0.5) else " ")
        sentences = []
        if i > 0 and ctx.chance(0.35):
            opener = capitalize(resolve_slots(render(ctx.pick(SWITCH), state, who, None, None)))
            first = write_sentences(state, who, m.facts[:1], max_clauses=1)
            rest = write_sentences(state, who, m.facts[1:], filler_rate=filler_rate) if len(m.facts) > 1 else []
            tail = first[0] if str(opener[-1]).endswith("?") else _lower_start(first[0])
            sentences = [opener + [" "] + tail] + rest
        else:
            sentences = write_sentences(state, who, m.facts, filler_rate=filler_rate, first_needs_subject=who.person == 3)
        out += join_sentences(sentences)
    return out


def _lower_start(parts: list[Part]) -> list[Part]:
    out = list(parts)
    for i, p in enumerate(out):
        if isinstance(p, Mention):
            return out
        if isinstance(p, str) and p.strip():
            word = p.strip().split(" ")[0]
            if word not in ("I", "I'm", "I've"):
                out[i] = p[0].lower() + p[1:]
            return out
    return out


def dialogue(ctx: Ctx, state: DocState, members: list[Member], roles: dict[int, tuple[str, str]]) -> list[Part]:
    speakers = members[:2] if len(members) == 2 else members
    pair = next((m.link.pair for m in members if m.link), "two people")
    state.chatty = True
    out: list[Part] = [ctx.pick(TRANSCRIPT).replace("{pair}", pair)]
    speaker_fmt = ctx.pick(SPEAKER)
    queues = {m.persona.owner: list(m.facts) for m in speakers}
    turn = 0
    spoke: set[int] = set()
    while any(queues.values()):
        m = speakers[turn % len(speakers)]
        turn += 1
        queue = queues[m.persona.owner]
        if not queue:
            continue
        take = [queue.pop(0) for _ in range(min(len(queue), ctx.choice((1, 1, 2))))]
        head, tail = speaker_fmt.split("{name}")
        full = m.persona.owner not in spoke and ctx.chance(0.3)
        spoke.add(m.persona.owner)
        name = Mention(m.persona.name.full if full else m.persona.name.first, "Full Name" if full else "Nickname", m.persona.owner, None)
        who = Who(m.persona.owner, m.persona.name.first, m.persona.name.full, m.persona.pronoun, 1)
        state.whos[m.persona.owner] = who
        state.last_owner = None
        out += ["\n", head, name, tail] + join_sentences(write_sentences(state, who, take, max_clauses=2))
        others = [o for o in speakers if o is not m and queues[o.persona.owner]]
        if others and ctx.chance(0.25):     # ask about the other person's fact in second person
            o = ctx.choice(others)
            fact = queues[o.persona.owner].pop(0)
            you = Who(o.persona.owner, o.persona.name.first, o.persona.name.full, o.persona.pronoun, 2)
            state.whos[o.persona.owner] = you
            if isinstance(out[-1], str) and not out[-1].endswith((".", "!", "?")):
                out.append(".")
            out += [" "] + join_sentences(write_sentences(state, you, [fact], max_clauses=1))[:-1] + [", right?"]
    return out


def household_form(ctx: Ctx, state: DocState, members: list[Member], roles: dict[int, tuple[str, str]]) -> list[Part]:
    out: list[Part] = [ctx.pick(HOUSEHOLD)]
    fmt = ctx.pick(ROLE_LABEL)
    for m in members:
        label = (roles.get(m.persona.owner, ("", ""))[1] or "main applicant").replace("the ", "", 1)
        who = _who(m, 3, roles)
        state.whos[m.persona.owner] = who
        head, tail = fmt.split("{name}")
        out += ["\n\n", head.replace("{Role}", label[:1].upper() + label[1:]),
                Mention(m.persona.name.full, "Full Name", m.persona.owner, None), tail, "\n"]
        who.introduced = True
        out += form_lines(state, who, m.facts, None)
    return out


def build_multi(ctx: Ctx, *, size: int | None = None, per_person: tuple[int, int] = (2, 5), filler_rate: float = 0.08) -> Doc:
    size = size or ctx.weighted((2, 3, 4), (0.6, 0.3, 0.1))
    members = _network(ctx, size)
    _choose_facts(ctx, members, per_person)
    form = ctx.weighted(("narrative1", "narrative3", "dialogue", "household"), (0.45, 0.3, 0.15 if size == 2 else 0.0, 0.1))
    casual = form == "dialogue" and ctx.chance(0.6) or form == "narrative1" and ctx.chance(0.25)
    state = DocState(ctx, casual=casual, contract=0.9 if casual else 0.5)
    narrator = form == "narrative1"
    roles = _roles(members, narrator)
    if form in ("narrative1", "narrative3"):
        parts = narrative(ctx, state, members, narrator, roles, filler_rate)
    elif form == "dialogue":
        parts = dialogue(ctx, state, members, roles)
    else:
        parts = household_form(ctx, state, members, roles)
    facts = [f for m in members for f in m.facts]
    return Doc(parts, facts, _owners(members, roles, narrator), casual)
