"""Compose sentences from clause frames: pick a frame per fact (sometimes one
that carries two facts), join clauses with family-specific connectors and
openers, drop a repeated subject ("She works ... and earns ..."), and sprinkle
PII-free filler so not every sentence carries an entity."""

from __future__ import annotations

import re
from dataclasses import dataclass

from proxy.taxonomy import TYPE_OF_TAG

from .facts import DEPENDENTS, KINDS
from .families import Piece, pool
from .frames import (
    FRAMES,
    GENERIC,
    GENERIC_ASIDE,
    GENERIC_KINDS,
    frame_keys,
    has_subject,
)
from .render import DocState, Mention, Part, Who, render, resolve_slots
from .values import Value

# frame markers: [adult] only for adults, [code] only for codes and numbers, [alone] never joined to another clause
MARKER = re.compile(r"^\[\w+\]")


@dataclass
class Fact:
    owner: int
    key: str
    value: Value
    adult: bool = True       # frames marked [adult] ("rents a flat") are skipped for children


# "and" is shared grammar, not a template: every family needs it to read naturally.
CORE_AND = (" and ", ", and ")

CONNECTORS = pool("connector", [
    "; ", ", plus ", " - and ", ", while ",
], [
    " — ", ", and also ", "; besides, ", ", whereas ",
], [
    " – ", ", not to mention ", "; what's more, ", " and, besides, ",
])
OPENERS = pool("opener", [
    "Also, ", "Oh, and ", "For context, ", "On top of that, ", "Apart from that, ", "Another thing: ",
], [
    "Besides, ", "In addition, ", "Just so you know, ", "Additionally, ", "FYI, ", "Beyond that, ",
], [
    "Worth mentioning: ", "Side note: ", "One more thing — ", "Incidentally, ", "As it happens, ", "Relatedly, ",
])
FILLERS = pool("filler", [
    "work has been hectic lately", "{S} {try|tries} to keep things simple", "honestly, it's been a long year",
    "{S} {love|loves} cooking when there's time", "family matters a lot to {O}", "{S_be} pretty organised about money",
    "weekends are usually quiet", "{S} {like|likes} to plan ahead", "things have been a bit stressful",
    "{S} {enjoy|enjoys} hiking and reading", "{S_be} not great with paperwork", "[1]I want to get this sorted",
], [
    "life has been busy", "[1]I prefer straightforward answers", "it has been quite a year",
    "{S} {spend|spends} most evenings at home", "{S_be} trying to be more careful with money",
    "{S} {enjoy|enjoys} gardening", "{S} rarely {ask|asks} for help", "the past few months were tough",
], [
    "lately everything feels rushed", "{S} {care|cares} about getting the details right", "{S_be} a morning person",
    "{S} {play|plays} football on Sundays", "money is tight but manageable", "{S} {hate|hates} filling in forms",
    "it's a new chapter for {O}", "{S} {keep|keeps} a close eye on spending",
])


def _candidates(ctx_family: str, fact: Fact, available: set[str]) -> tuple[list[Piece], list[Piece], list[Piece], list[Piece]]:
    """(plain frames, combo frames usable now, generic frames, generic frames with an aside) for this fact."""
    plain: list[Piece] = []
    combos: list[Piece] = []
    forms = [fact.value.form] if fact.key in FORM_ONLY and (fact.key, fact.value.form) in FRAMES else ["", fact.value.form]
    for form in dict.fromkeys(forms):
        source = FRAMES.get((fact.key, form))
        if source is None:
            continue
        for piece in source.options(ctx_family):
            if piece.text.startswith("[adult]") and not fact.adult:
                continue
            keys = frame_keys(piece.text)
            if not keys:
                plain.append(piece)
            elif keys <= available:
                combos.append(piece)
    if fact.key not in GENERIC_KINDS:
        return plain, combos, [], []
    numeric = TYPE_OF_TAG[fact.value.tag].value in ("CODE", "QUANTITY", "DATETIME")
    generic = [p for p in GENERIC.options(ctx_family) if numeric or not p.text.startswith("[code]")]
    aside = [p for p in GENERIC_ASIDE.options(ctx_family) if numeric or not p.text.startswith("[code]")]
    return plain, combos, generic, aside


# kinds whose form-specific frames replace (not extend) the shared ones
FORM_ONLY = frozenset({"degree", "education_level", "disability", "investment_return", "occupation"})


def _nouns(fact: Fact) -> tuple[str, ...]:
    kind = KINDS.get(fact.key)
    return fact.value.nouns or (kind.nouns if kind else ())


def choose_frame(state: DocState, fact: Fact, pending: list[Fact], need_subject: bool,
                 joined: bool = False) -> tuple[Piece, list[Fact]]:
    ctx = state.ctx
    available = {f.key: f for f in pending if f.owner == fact.owner and f is not fact}
    plain, combos, generic, aside = _candidates(ctx.family, fact, set(available))
    if joined:      # fragments ("[alone]three years and counting") only stand as their own sentence
        plain = [p for p in plain if not p.text.startswith("[alone]")] or plain
    if not _nouns(fact) or state.whos.get(fact.owner) is not None and state.whos[fact.owner].person == 2:
        generic, aside = [], []
    if state.chatty:
        aside = []
    if need_subject:
        plain = [p for p in plain if has_subject(p.text) or "{O}" in p.text]
        combos = [p for p in combos if has_subject(p.text)]
        generic = [p for p in generic if has_subject(p.text)]
        aside = [p for p in aside if has_subject(p.text)]
    if combos and ctx.chance(0.45):
        piece = ctx.choice(combos)
    elif plain or generic or aside:
        options = plain + generic + aside
        weights = [1.0] * len(plain) + [0.35] * len(generic) + [0.08] * len(aside)
        piece = ctx.weighted(options, weights)
    else:
        piece = ctx.choice(combos)
    ctx.used.add(piece.id)
    return piece, [available[k] for k in frame_keys(piece.text)]


def render_fact(state: DocState, who: Who, fact: Fact, pending: list[Fact], need_subject: bool = False,
                elide: bool = False, joined: bool = False) -> tuple[list[Part], list[Fact], str]:
    piece, extra = choose_frame(state, fact, pending, need_subject, joined)
    extras = {f.key: (f.value, f.key) for f in extra}
    parts = render(MARKER.sub("", piece.text), state, who, fact.value, fact.key, extras, _nouns(fact),
                   elide_subject=elide and piece.text.startswith("{S} "))
    return parts, extra, piece.text


def capitalize(parts: list[Part]) -> list[Part]:
    """Capitalize a sentence's first letter (inside a mention too, unless it is a code)."""
    out = list(parts)
    for i, part in enumerate(out):
        if isinstance(part, Mention):
            if not part.protect and part.text[:1].islower():
                out[i] = Mention(part.text[0].upper() + part.text[1:], part.tag, part.owner, part.fact, part.protect, part.det)
            return out
        if isinstance(part, str) and part.strip():
            lead = len(part) - len(part.lstrip())
            out[i] = part[:lead] + part[lead].upper() + part[lead + 1:]
            return out
    return out


def filler(state: DocState, who: Who) -> list[Part]:
    """A PII-free sentence (never the same one twice in a document)."""
    piece = state.ctx.pick_piece(FILLERS)
    if piece.id in state.fillers or piece.text.startswith("[1]") and who.person != 1:
        return []
    state.fillers.add(piece.id)
    return capitalize(resolve_slots(render(piece.text.removeprefix("[1]"), state, who, None, None))) + ["."]


def sentence_end(state: DocState, last: bool) -> str:
    if state.casual:
        if last and state.chatty:
            return state.ctx.weighted((".", "", "!", "..."), (0.5, 0.35, 0.08, 0.07))
        return state.ctx.weighted((".", "!", "..."), (0.85, 0.08, 0.07))
    return "."


def write_sentences(state: DocState, who: Who, facts: list[Fact], *, max_clauses: int = 3,
                    opener_rate: float = 0.2, filler_rate: float = 0.0, first_needs_subject: bool = False) -> list[list[Part]]:
    """Sentences (each a list of parts, ending with punctuation) covering all `facts` of one subject."""
    ctx = state.ctx
    pending = list(facts)
    sentences: list[list[Part]] = []
    need_subject = first_needs_subject
    previous = ""
    while pending:
        size = ctx.weighted((1, 2, 3), (0.45, 0.4, 0.15))
        size = min(size, max_clauses)
        body: list[Part] = []
        for n in range(size):
            if not pending:
                break
            fact = pending.pop(0)
            elide = False
            if n > 0:
                if ctx.chance(0.65):
                    joiner = ctx.choice(CORE_AND)
                    elide = previous.startswith(("{S} ", "{S_be} ")) and ctx.chance(0.6)
                else:
                    joiner = ctx.pick(CONNECTORS)
                    if joiner in state.connectors:
                        joiner = ctx.choice(CORE_AND)
                    state.connectors.add(joiner)
                body.append(joiner)
            parts, consumed, previous = render_fact(state, who, fact, pending, need_subject=need_subject, elide=elide,
                                                    joined=n > 0)
            need_subject = False
            for c in consumed:
                pending.remove(c)
            body += parts
        body = resolve_slots(body)
        opener = ctx.pick(OPENERS) if sentences and ctx.chance(opener_rate) else ""
        if opener and opener not in state.connectors and not _starts_with_marker(body):
            state.connectors.add(opener)
            body = [opener] + _lower_first(body)
        else:
            body = capitalize(body)
        sentences.append(body + [sentence_end(state, not pending)])
        if pending and pending[0].key not in DEPENDENTS and ctx.chance(filler_rate):
            extra = filler(state, who)
            if extra:
                sentences.append(extra)
    return sentences


def _starts_with_marker(parts: list[Part]) -> bool:
    """Does the clause already open with a discourse marker ("for the record, ...")?"""
    first = next((p for p in parts if isinstance(p, Mention) or (isinstance(p, str) and p.strip())), "")
    return isinstance(first, str) and any(w.endswith(",") for w in first.split()[:3])


def _lower_first(parts: list[Part]) -> list[Part]:
    """After an opener ("Also, ..."), the clause continues in lower case unless it starts with a name or 'I'."""
    out = list(parts)
    for i, part in enumerate(out):
        if isinstance(part, Mention):
            return out
        if isinstance(part, str) and part.strip():
            word = part.strip().split(" ")[0]
            if word in ("I", "I'm", "I've") or word[:1].isupper() and word[1:2].isupper():
                return out
            lead = len(part) - len(part.lstrip())
            out[i] = part[:lead] + part[lead].lower() + part[lead + 1:]
            return out
    return out


def join_sentences(sentences: list[list[Part]], sep: str = " ") -> list[Part]:
    out: list[Part] = []
    for i, s in enumerate(sentences):
        if i:
            out.append(sep)
        out += s
    return out
