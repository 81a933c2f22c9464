"""The hard split (long, dense descriptions) and the distract split (five
people's descriptions merged, the query needing facts of three of them)."""

from __future__ import annotations

from .compose import join_sentences, write_sentences
from .document import Doc, Owner
from .families import Ctx, pool
from .multi import GROUPS, build_multi
from .persona import Constraints, make_persona
from .render import DocState, Part, Who
from .single import build_single, select_facts
from .styles import STYLES

ME = pool("distract.me", ["As for me: ", "Me: "], ["And me? ", "Myself: "], ["Then there's me: ", "Now me: "])
LONG_STYLES = ("self_intro", "assistant_context", "case_note", "profile_3rd", "forum_post", "diary", "medical_intake",
               "loan_application", "resume")

# (role as the user says it, gender it implies, life stage it implies)
DISTRACT_ROLES = (
    ("my cousin", None, None), ("my neighbour", None, None), ("my boss", None, "mid"), ("my roommate", None, "early"),
    ("my aunt", "female", "senior"), ("my gym buddy", None, "early"), ("my old classmate", None, None),
    ("my landlord", "male", "senior"), ("my coworker", None, None), ("my brother-in-law", "male", "mid"),
    ("my friend from college", None, "early"), ("my grandmother", "female", "retired"), ("my nephew", "male", "student"),
    ("my mentor", None, "senior"), ("my sister", "female", None), ("my uncle", "male", "senior"), ("my manager", None, "mid"),
    ("my best friend", None, None), ("my stepdad", "male", "senior"), ("my niece", "female", "student"),
)


def build_hard(ctx: Ctx) -> Doc:
    """A long single-person description or a 3-4 person narrative, dense with entities."""
    if ctx.chance(0.5):
        name = ctx.choice(LONG_STYLES)
        style = next(s for s in STYLES if s.name == name)
        return build_single(ctx, count=ctx.rng.randint(20, 30), style=style)
    return build_multi(ctx, size=ctx.choice((3, 3, 4)), per_person=(6, 9), filler_rate=0.3)


def build_distract(ctx: Ctx) -> Doc:
    """Five short descriptions of five different people, one paragraph each."""
    roles = ctx.rng.sample(DISTRACT_ROLES, 5)
    user_slot = ctx.rng.randrange(5) if ctx.chance(0.3) else -1
    state = DocState(ctx, casual=ctx.chance(0.2), contract=0.7)
    parts: list[Part] = []
    facts = []
    owners: dict[int, Owner] = {}
    home = make_persona(ctx.rng, 99).culture.code
    for owner, (role, gender, stage) in enumerate(roles):
        is_user = owner == user_slot
        persona = make_persona(ctx.rng, owner, Constraints(culture=home if ctx.chance(0.7) else None,
                                                          gender=None if is_user else gender, stage=None if is_user else stage))
        pron = {"she": "her", "he": "his", "they": "their"}[persona.pronoun]
        who = Who(owner, persona.name.first, persona.name.full, persona.pronoun, 1 if is_user else 3,
                  "" if is_user else role, "" if is_user else role)
        state.whos[owner] = who
        owners[owner] = Owner("my", True, "my") if is_user else Owner(f"{role}'s", False, pron)
        mine = select_facts(ctx, persona, GROUPS, {}, ctx.rng.randint(3, 6))
        facts += mine
        if parts:
            parts.append("\n\n")
        sentences = write_sentences(state, who, mine, filler_rate=0.05, first_needs_subject=not is_user)
        if is_user:
            parts.append(ctx.pick(ME))
        parts += join_sentences(sentences)
    return Doc(parts, facts, owners, state.casual)
