"""Ages written bare among a person's attributes: "Jonah is lovely, 24, Israeli", "woman, 34, 5'6\"", "27F".

The recognizers read a number as an age only with a word that says so ("aged 34", "34 years old",
"The applicant, 34, is"). People listing themselves often write none: the number stands as one item
of a comma-separated list beside a nationality, a gender, a job or a height. After all detectors,
such a list item is an Age when an entity of that kind is its neighbour, one comma away; so is
"now 67" in apposition to a name (", now 67,") and a chat's "27F" / "41M" (whose letter is the Gender).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from proxy.entities import Entity

TAG = "Age"
SCORE = 0.7
# the kinds of entity a person's list of attributes puts an age beside
_BESIDE = frozenset({
    "Nationality", "Ethnicity", "Race", "Gender", "Sexual Orientation", "Religious Belief", "Occupation", "Height",
    "Weight",
})
# a number alone as a list item: after a comma, a line start, a dash or a bracket, and before a comma
_ITEM = re.compile(r"(?:(?<=,)|(?<=^)|(?<=\n)|(?<=[(\-–—]))[ \t]*(?P<age>\d{2,3})(?=[ \t]*,)", re.MULTILINE)
_NOW = re.compile(r"(?:,[ \t]*now[ \t]+(?P<a>\d{1,3})[ \t]*,|\([ \t]*now[ \t]+(?P<b>\d{1,3})[ \t]*\))")
_SEX_AGE = re.compile(r"(?<![\w$£€¥₹₦.,])(?P<age>\d{2})[FMfm](?=[ \t]*[,.;)\n]|[ \t]*$)")
_GAP = re.compile(r"[ \t]*,[ \t]*(?:(?:a|an|the)[ \t]+)?")  # to the neighbour after: ", Israeli", ", a teacher"
_COMMA = re.compile(r"[ \t]*,[ \t]*")  # from the neighbour before: "woman, 34"


def _age(text: str, start: int, end: int) -> Entity | None:
    value = int(text[start:end])
    return Entity(text[start:end], start, end, TAG, SCORE, "ages") if 13 <= value <= 110 else None


def bare_ages(text: str, entities: Sequence[Entity]) -> list[Entity]:
    """`entities` with the bare ages among a person's attributes added (see the module doc)."""
    taken = [(e.start, e.end) for e in entities]
    found: list[Entity] = []

    def free(start: int, end: int) -> bool:
        return not any(a < end and start < b for a, b in taken)

    beside = [e for e in entities if e.tag in _BESIDE]
    for m in _ITEM.finditer(text):
        start, end = m.span("age")
        if not free(start, end):
            continue
        after = _GAP.match(text, end)
        near = any(
            (after is not None and e.start == after.end()) or (e.end <= start and _COMMA.fullmatch(text, e.end, start))
            for e in beside
        )
        if near and (age := _age(text, start, end)) is not None:
            found.append(age)
    for m in _NOW.finditer(text):
        group = "a" if m.group("a") is not None else "b"
        start, end = m.span(group)
        if free(start, end) and (age := _age(text, start, end)) is not None:
            found.append(age)
    for m in _SEX_AGE.finditer(text):
        start, end = m.span("age")
        if (age := _age(text, start, end)) is None:
            continue
        if free(start, end):
            found.append(age)
        if free(end, end + 1):  # "27F": the letter is the gender
            found.append(Entity(text[end:end + 1], end, end + 1, "Gender", SCORE, "ages"))
    if not found:
        return list(entities)
    return sorted([*entities, *found], key=lambda e: e.start)


__all__ = ["bare_ages"]
