"""Turn frame templates into text parts with entity mentions kept as objects.

Offsets are never searched for: a document is a list of plain strings and
`Mention`s, and the final string and spans are computed in one pass.

Template tokens
  {S} {S_be}        subject (I / you / she / Maria Lopez / the applicant), optionally fused with "be"
  {P} {O} {R}       possessive, object, reflexive of the subject
  {be} {was} {have} {do} {x|y}   verb forms agreeing with the subject ({x|y}: x for I/you/they, y for he/she)
  {V} {@key}        the fact's value / another fact's value of the same subject
  {N}               a noun naming the fact ("phone number")
  {a}  {a?}         "a"/"an" for the next word / the next value's own determiner (a, an, the or nothing)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from proxy.taxonomy import TYPE_OF_TAG

from .families import Ctx
from .values import Value, indefinite_article

TOKEN = re.compile(r"\{([^{}]+)\}")


@dataclass
class Mention:
    text: str
    tag: str
    owner: int
    fact: str | None
    protect: bool = False   # never re-case (codes, e-mails, handles)
    det: str = ""           # the value's determiner, for {a?}


@dataclass
class Slot:
    kind: str               # "a": article for the next word; "det": the next value's determiner


Part = str | Mention | Slot

PROTECTED_TYPES = ("CODE", "QUANTITY", "DATETIME")


@dataclass
class Who:
    """How one subject is referred to in a document."""

    owner: int
    first: str
    full: str
    pronoun: str            # "she" | "he" | "they"
    person: int = 3         # 1 I, 2 you, 3 third person
    role: str = ""          # used at first mention: "my cousin" -> "my cousin Maria Lopez"
    role_short: str = ""    # later mentions: "the patient", "my cousin"
    introduced: bool = False
    intro_with_first_only: bool = False   # "my colleague Liam" rather than "my colleague Liam Chen"


PRONOUNS = {
    "she": ("she", "her", "her", "herself"),
    "he": ("he", "him", "his", "himself"),
    "they": ("they", "them", "their", "themselves"),
}


@dataclass
class DocState:
    """What the reader already knows: who was introduced, who was mentioned last."""

    ctx: Ctx
    casual: bool = False
    contract: float = 0.6          # chance of "I'm" over "I am"
    last_owner: int | None = None
    last_agr: str = "1"
    whos: dict[int, Who] = field(default_factory=dict)
    fillers: set[str] = field(default_factory=set)
    connectors: set[str] = field(default_factory=set)
    form_line: str = ""            # one key-value line format per document
    chatty: bool = False           # chat messages: a message may end without punctuation


def _agreement(who: Who, used_pronoun: bool) -> str:
    if who.person == 1:
        return "1"
    if who.person == 2:
        return "2"
    return "3p" if used_pronoun and who.pronoun == "they" else "3s"


def name_mention(who: Who, full: bool) -> Mention:
    return Mention(who.full if full else who.first, "Full Name" if full else "Nickname", who.owner, None)


def _third_person(state: DocState, who: Who, case: str, just_named: bool = False) -> tuple[list[Part], bool]:
    """Parts referring to a third person; returns (parts, used_pronoun)."""
    ctx = state.ctx
    nom, obj, poss, refl = PRONOUNS[who.pronoun]
    if just_named and who.introduced:      # "Laura lists her gender", not "Laura lists Laura's gender"
        return [{"nom": nom, "obj": obj, "poss": poss, "refl": refl}[case]], True
    if not who.introduced:
        who.introduced = True
        parts: list[Part] = []
        if who.role:
            parts.append(who.role + " ")
        parts.append(name_mention(who, full=not who.intro_with_first_only))
        if case == "poss":
            parts.append("'s")
        return parts, False
    if case == "refl":
        return [refl], True
    if state.last_owner == who.owner and ctx.chance(0.85 if len(state.whos) == 1 else 0.75):
        return [{"nom": nom, "obj": obj, "poss": poss}[case]], True
    if who.role_short and ctx.chance(0.3) and all(w.introduced for w in state.whos.values()):
        text = who.role_short
        return [text + ("'s" if case == "poss" else "")], False
    parts = [name_mention(who, full=False)]
    if case == "poss":
        parts.append("'s")
    return parts, False


def subject_parts(state: DocState, who: Who, case: str, just_named: bool = False) -> tuple[list[Part], str]:
    """Refer to `who` in `case` ("nom", "obj", "poss", "refl"); returns parts and agreement."""
    if who.person == 1:
        return [{"nom": "I", "obj": "me", "poss": "my", "refl": "myself"}[case]], "1"
    if who.person == 2:
        return [{"nom": "you", "obj": "you", "poss": "your", "refl": "yourself"}[case]], "2"
    parts, pron = _third_person(state, who, case, just_named)
    state.last_owner = who.owner
    agr = _agreement(who, pron)
    if case == "nom":
        state.last_agr = agr
    return parts, agr


_ARTICLE_SPACE = re.compile(r"\{(a\??)\} ")
MONTH_ONLY = re.compile(r"^(?:[A-Z][a-z]+\.? \d{4}|\d{2}/\d{4}|\d{4})$")
BE = {"1": "am", "2": "are", "3s": "is", "3p": "are"}
WAS = {"1": "was", "2": "were", "3s": "was", "3p": "were"}
CONTRACT_BE = {"1": "'m", "2": "'re", "3s": "'s", "3p": "'re"}


def render(template: str, state: DocState, who: Who, value: Value | None, fact: str | None,
           extras: dict[str, tuple[Value, str]] | None = None, nouns: tuple[str, ...] = (),
           elide_subject: bool = False) -> list[Part]:
    """Render one frame for subject `who`; `extras` maps @key tokens to (value, fact key)."""
    ctx = state.ctx
    parts: list[Part] = []
    agr = _agreement(who, who.pronoun == "they")
    named = elide_subject    # the subject was already referred to in this clause
    pos = 0
    template = _ARTICLE_SPACE.sub(r"{\1}", template)
    if elide_subject and template.startswith("{S} "):
        template = template[4:]
        agr = state.last_agr if who.person == 3 else agr
    for m in TOKEN.finditer(template):
        if m.start() > pos:
            parts.append(template[pos:m.start()])
        pos = m.end()
        tok = m.group(1)
        if tok == "V" or tok.startswith("@"):
            val, key = (value, fact) if tok == "V" else extras[tok[1:]]  # type: ignore[index]
            assert val is not None
            parts.append(Mention(val.text, val.tag, who.owner, key, protect=is_protected(val), det=val.det))
        elif tok in ("S", "S_be"):
            sub, agr = subject_parts(state, who, "nom", named)
            named = True
            parts += sub
            if tok == "S_be":
                short = isinstance(sub[-1], str) and sub[-1] in ("I", "you", "she", "he", "they") and ctx.chance(state.contract)
                parts.append(CONTRACT_BE[agr] if short else " " + BE[agr])
        elif tok in ("P", "O", "R"):
            sub, _ = subject_parts(state, who, {"P": "poss", "O": "obj", "R": "refl"}[tok], named)
            named = True
            parts += sub
        elif tok == "be":
            parts.append(BE[agr])
        elif tok == "was":
            parts.append(WAS[agr])
        elif tok == "have":
            parts.append("has" if agr == "3s" else "have")
        elif tok == "do":
            parts.append("does" if agr == "3s" else "do")
        elif "|" in tok:
            base, third = tok.split("|", 1)
            parts.append(third if agr == "3s" else base)
        elif tok == "prep":
            parts.append("in" if value is not None and MONTH_ONLY.match(value.text) else "on")
        elif tok == "N":
            parts.append(ctx.choice(nouns) if nouns else "details")
        elif tok in ("a", "a?"):
            parts.append(Slot("a" if tok == "a" else "det"))
        else:
            raise ValueError(f"unknown token {{{tok}}} in {template!r}")
    if pos < len(template):
        parts.append(template[pos:])
    return parts


def is_protected(val: Value) -> bool:
    return TYPE_OF_TAG[val.tag].value in PROTECTED_TYPES or val.tag in ("Social Media Handle",)


def resolve_slots(parts: list[Part]) -> list[Part]:
    """Replace article slots by looking at what follows them."""
    out: list[Part] = []
    for i, part in enumerate(parts):
        if not isinstance(part, Slot):
            out.append(part)
            continue
        nxt = next((p for p in parts[i + 1:] if not isinstance(p, Slot) and (isinstance(p, Mention) or p.strip())), None)
        if nxt is None:
            continue
        text = nxt.text if isinstance(nxt, Mention) else nxt.lstrip()
        if part.kind == "det":
            det = nxt.det if isinstance(nxt, Mention) else ""
            if det == "the":
                out.append("the ")
            elif det == "a":
                out.append(indefinite_article(text) + " ")
        else:
            out.append(indefinite_article(text) + " ")
    return out
