"""Single-subject descriptions: one person, 4-16 entities, in one of many styles."""

from __future__ import annotations

from .compose import Fact
from .document import Doc, Owner
from .facts import KINDS, REQUIRES, value_of
from .families import Ctx
from .layouts import bio_line, chat, form_lines, prose
from .persona import Persona, make_persona
from .render import DocState, Mention, Part, Who
from .styles import LETTER_OPENING, RESUME_SECTIONS, STYLE_WEIGHTS, STYLES, Style
from .values import Value

# reading order inside a description; dependents follow what they depend on
ORDER = (
    "nickname", "handle", "age", "birth_date", "gender", "nationality", "ethnicity", "race", "religion", "orientation",
    "party", "political_view", "height", "weight", "physical", "blood_type", "disability", "city", "hometown", "address",
    "landmark", "move_in", "residence_duration", "phone", "email", "occupation", "employer", "job_start", "tenure",
    "shift_time", "former_employer", "employee_id", "volunteer_org", "agency_case", "education_level", "degree",
    "alma_mater", "graduation", "school_current", "student_id", "condition", "condition_duration", "clinic",
    "appointment_date", "appointment_time", "income", "expenses", "bonus", "balance", "loan", "loan_term", "debt_ratio",
    "credit_score", "credit_limit", "investment_return", "roi", "ss_payment", "tax_payment", "ssn", "tax_id", "passport",
    "drivers_license", "bank_account", "credit_card", "ip_address", "password_hash",
)
GROUP_ORDERS = (
    ("identity", "demographics", "contact", "work", "education", "health", "finance", "housing", "ids"),
    ("identity", "work", "education", "demographics", "contact", "finance", "housing", "health", "ids"),
    ("identity", "demographics", "health", "work", "finance", "contact", "housing", "education", "ids"),
    ("identity", "contact", "demographics", "finance", "housing", "work", "ids", "education", "health"),
)


FORMAL_LAYOUTS = ("letter", "form", "resume")


def contraction_rate(style: Style, casual: bool) -> float:
    if casual:
        return 0.95
    return 0.1 if style.layout in FORMAL_LAYOUTS or style.name in ("profile_3rd", "case_note") else 0.6


def pick_style(ctx: Ctx) -> Style:
    return ctx.weighted(STYLES, [STYLE_WEIGHTS[s.name] for s in STYLES])


def select_facts(ctx: Ctx, persona: Persona, groups: dict[str, float], boosts: dict[str, float], count: int,
                 exclude: tuple[str, ...] = ()) -> list[Fact]:
    """Draw `count` facts the persona has, weighted by the style, in reading order."""
    chosen: dict[str, Value] = {}
    weight = {k: groups.get(KINDS[k].group, 0.5) * boosts.get(k, 1.0) for k in ORDER if k not in exclude}
    weight = {k: w for k, w in weight.items() if w > 0}
    for _ in range(count * 4):
        if len(chosen) >= count or not weight:
            break
        key = ctx.weighted(list(weight), list(weight.values()))
        del weight[key]
        value = value_of(persona, key, ctx.rng)
        if value is None:
            continue
        chosen[key] = value
        needs = REQUIRES.get(key)
        if needs and not any(n in chosen for n in needs):
            for n in needs:
                v = value_of(persona, n, ctx.rng)
                if v is not None:
                    chosen[n] = v
                    weight.pop(n, None)
                    break
            else:
                del chosen[key]
    return order_facts(ctx, persona.owner, chosen, persona.is_adult)


def order_facts(ctx: Ctx, owner: int, chosen: dict[str, Value], adult: bool = True) -> list[Fact]:
    groups = ctx.choice(GROUP_ORDERS)
    rank = {g: i for i, g in enumerate(groups)}
    base = {k: i for i, k in enumerate(ORDER)}
    keyed = sorted(chosen, key=lambda k: (rank[KINDS[k].group], base[k] + ctx.rng.uniform(0, 4) * (k not in REQUIRES)))
    for dep, needs in REQUIRES.items():        # keep dependents after what they lean on
        if dep in keyed:
            anchors = [keyed.index(n) for n in needs if n in keyed]
            if anchors and keyed.index(dep) < max(anchors):
                keyed.remove(dep)
                keyed.insert(max(keyed.index(n) for n in needs if n in keyed) + 1, dep)
    return [Fact(owner, k, chosen[k], adult) for k in keyed]


def who_for(persona: Persona, person: int, role: str = "", role_short: str = "") -> Who:
    return Who(persona.owner, persona.name.first, persona.name.full, persona.pronoun, person, role, role_short)


def owner_for(persona: Persona, person: int, role_short: str) -> Owner:
    pron = {"she": "her", "he": "his", "they": "their"}[persona.pronoun]
    if person == 1:
        return Owner("my", True, "my")
    return Owner(f"{role_short}'s" if role_short else pron, False, pron)


def _name_fact(persona: Persona) -> Fact:
    return Fact(persona.owner, "name", Value(persona.name.full, "Full Name"))


def build_single(ctx: Ctx, *, count: int | None = None, style: Style | None = None) -> Doc:
    """One person described in one style; `count` is the number of facts besides the name."""
    persona = make_persona(ctx.rng, 0)
    style = style or pick_style(ctx)
    casual = ctx.chance(style.casual)
    state = DocState(ctx, casual=casual, contract=contraction_rate(style, casual))
    who = who_for(persona, style.person, role_short=style.role_short)
    state.whos[0] = who
    n = count if count is not None else ctx.rng.randint(3, 13)
    facts = select_facts(ctx, persona, style.groups, style.boosts, n)
    parts = LAYOUTS[style.layout](state, who, persona, facts, style)
    owners = {0: owner_for(persona, style.person, style.role_short)}
    return Doc(parts, facts, owners, casual, style.categories)


def _with_header(state: DocState, who: Who, style: Style, body: list[Part], sep: str = "\n") -> list[Part]:
    out: list[Part] = []
    if style.header is not None and state.ctx.chance(0.8):
        header = state.ctx.pick(style.header)
        out += [header, sep if header.endswith((":", ",")) else "\n"]
    out += body
    if style.closer is not None and state.ctx.chance(0.6):
        out += [" " if sep == " " else "\n", state.ctx.pick(style.closer)]
    return out


def _intro_facts(ctx: Ctx, persona: Persona, who: Who, facts: list[Fact], p_name: float = 0.85) -> list[Fact]:
    if who.person == 1 and ctx.chance(p_name):
        return [_name_fact(persona)] + facts
    return facts


def layout_prose(state: DocState, who: Who, persona: Persona, facts: list[Fact], style: Style) -> list[Part]:
    ctx = state.ctx
    facts = _intro_facts(ctx, persona, who, facts)
    long = len(facts) >= 16
    paragraphs = ctx.choice((3, 4, 5)) if long else 1 if len(facts) < 7 else ctx.choice((1, 2, 2, 3))
    body = prose(state, who, facts, paragraphs=paragraphs, first_needs_subject=who.person == 3,
                 filler_rate=0.35 if long else 0.12)
    return _with_header(state, who, style, body, sep=ctx.choice(("\n", "\n\n", " ")))


def layout_form(state: DocState, who: Who, persona: Persona, facts: list[Fact], style: Style) -> list[Part]:
    ctx = state.ctx
    cut = max(1, int(len(facts) * ctx.rng.uniform(0.4, 0.8))) if len(facts) > 2 else len(facts)
    form_part, prose_part = facts[:cut], facts[cut:]
    ctx.rng.shuffle(form_part)
    body = form_lines(state, who, form_part, ctx.choice((style.name_label, "Name", "Full name")))
    if prose_part:
        notes = ctx.pick(style.notes) if style.notes else ""
        body += ["\n\n" + (notes + " " if notes else "")]
        body += prose(state, who, prose_part, filler_rate=0.1)
    return _with_header(state, who, style, body)


def layout_letter(state: DocState, who: Who, persona: Persona, facts: list[Fact], style: Style) -> list[Part]:
    ctx = state.ctx
    assert style.header is not None and style.closer is not None
    body: list[Part] = [ctx.pick(style.header), "\n\n", ctx.pick(LETTER_OPENING), " "]
    body += prose(state, who, _intro_facts(ctx, persona, who, facts, 0.5), paragraphs=ctx.choice((1, 2)), filler_rate=0.05)
    body += ["\n\n", ctx.pick(style.closer), "\n", Mention(persona.name.full, "Full Name", persona.owner, None)]
    return body


def layout_chat(state: DocState, who: Who, persona: Persona, facts: list[Fact], style: Style) -> list[Part]:
    return chat(state, who, _intro_facts(state.ctx, persona, who, facts, 0.4), greet=state.ctx.chance(0.6))


BIO_KINDS = ("age", "city", "occupation", "handle", "orientation", "religion", "political_view", "nationality", "height",
             "school_current")


def layout_bio(state: DocState, who: Who, persona: Persona, facts: list[Fact], style: Style) -> list[Part]:
    ctx = state.ctx
    in_bio = [f for f in facts if f.key in BIO_KINDS and ctx.chance(0.7)][:5]
    if len(in_bio) < 2:
        in_bio = []
    rest = [f for f in facts if f not in in_bio]
    body: list[Part] = []
    if ctx.chance(0.5):
        full = ctx.chance(0.4)
        body += [Mention(persona.name.full if full else persona.name.first, "Full Name" if full else "Nickname",
                         persona.owner, None), "\n"]
    if in_bio:
        body += bio_line(state, who, in_bio)
    if rest:
        if body:
            body.append("\n")
        body += prose(state, who, rest, filler_rate=0.15)
    return _with_header(state, who, style, body) if ctx.chance(0.5) else body


def layout_resume(state: DocState, who: Who, persona: Persona, facts: list[Fact], style: Style) -> list[Part]:
    ctx = state.ctx
    sections = {"contact": [], "work": [], "education": [], "other": []}  # type: dict[str, list[Fact]]
    for f in facts:
        group = KINDS[f.key].group
        sections["contact" if group in ("contact", "identity", "ids") else group if group in sections else "other"].append(f)
    body: list[Part] = [Mention(persona.name.full, "Full Name", persona.owner, None)]
    who.introduced = True
    if sections["contact"]:
        body += ["\n", ctx.pick(RESUME_SECTIONS["contact"]), "\n"] + form_lines(state, who, sections["contact"], None)
    summary = sections["other"]
    if summary:
        body += ["\n\n", ctx.pick(RESUME_SECTIONS["summary"]), "\n"] + prose(state, who, summary, filler_rate=0.0)
    for sec in ("work", "education"):
        if sections[sec]:
            body += ["\n\n", ctx.pick(RESUME_SECTIONS[sec]), "\n"] + prose(state, who, sections[sec], filler_rate=0.0)
    return body


LAYOUTS = {"prose": layout_prose, "form": layout_form, "letter": layout_letter, "chat": layout_chat, "bio": layout_bio,
           "resume": layout_resume}
