"""The building blocks of deterministic recognizers (after Presidio's PatternRecognizer).

A recognizer is a list of regex `Pattern`s for one family of PII, an optional
validator (checksum, range), and `Keywords` that confirm a match or decide
which tag a look-alike value gets. Scores follow one scale so overlaps between
recognizers resolve sensibly: checksum-validated ~0.95, a strong format
~0.85, a value that only context makes PII ~0.6.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from proxy.entities import Entity
from proxy.recognizers.context import NOT_PII, ContextHit, Keywords
from proxy.recognizers.scan import Anchors, Gate, ScanText
from proxy.taxonomy import canonical_tag

DETECTOR_NAME = "patterns"

Validator = Callable[[str], bool]


@dataclass(frozen=True, slots=True)
class Pattern:
    """One regex for a recognizer.

    The entity span is the regex group named `span` when there is one (so
    "aged 34" can report just "34"; alternatives may name theirs `span2`,
    `span3`, ...: the one that took part is used), else the whole match. `score` is the
    score of a match that passed `validator`; a `requires_context` match is
    dropped unless a context keyword is near. `gate` is a cheap test (see
    `scan.Gate`) that lets the regex scan be skipped on texts it cannot match.

    `left_bound` (a string of extra characters, "" for none) rejects a match
    preceded by a letter, digit, "_" or one of those characters. It replaces a
    leading `(?<!...)` lookbehind, which would stop `re` from using its fast
    first-character scan on patterns that start with literal words.

    `anchors`, when set, lists the offsets where a match may start; the regex
    is then tried only there (`regex.match(text, pos)`) instead of scanned.
    """

    name: str
    regex: re.Pattern[str]
    score: float
    validator: Validator | None = None
    requires_context: bool = False
    gate: Gate | None = None
    left_bound: str | None = None
    anchors: Anchors | None = None
    span_groups: tuple[int | str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = sorted(name for name in self.regex.groupindex if name.startswith("span"))
        object.__setattr__(self, "span_groups", tuple(names) or (0,))

    @classmethod
    def compile(
        cls,
        name: str,
        source: str,
        score: float,
        *,
        flags: int = 0,
        validator: Validator | None = None,
        requires_context: bool = False,
        gate: Gate | None = None,
        left_bound: str | None = None,
        anchors: Anchors | None = None,
    ) -> Pattern:
        return cls(name, re.compile(source, flags), score, validator, requires_context, gate, left_bound, anchors)

    def matches(self, doc: ScanText) -> Iterator[re.Match[str]]:
        """Non-overlapping matches, left to right, like `finditer`."""
        if self.anchors is None:
            yield from self.regex.finditer(doc.text)
            return
        last_end = -1
        for pos in self.anchors(doc):
            if pos < last_end:
                continue
            match = self.regex.match(doc.text, pos)
            if match is not None:
                last_end = match.end()
                yield match

    def span_of(self, match: re.Match[str]) -> tuple[int, int]:
        """The entity's (start, end) within a match of this pattern."""
        for group in self.span_groups:
            start, end = match.span(group)
            if start >= 0:
                return start, end
        return -1, -1


class PatternRecognizer:
    """Finds one family of PII with regex patterns, validation and context words.

    Subclasses may override the hooks: `validate` (reject a candidate),
    `find_context` (look for deciding words), `tag_for` (pick the tag from the
    context) and `score_for`.
    """

    def __init__(
        self,
        name: str,
        tags: str | Sequence[str],
        patterns: Sequence[Pattern],
        *,
        context: Keywords | None = None,
        default_tag: str | None = "",
        context_boost: float = 0.1,
        label_boost: float = 0.0,
        label_gap: int = 16,
        window: tuple[int, int] = (48, 24),
    ) -> None:
        """`default_tag` is the tag without context: "" means the only tag, None means
        a match needs context. `label_boost` is added when a keyword sits right
        before the value, label style ("Student ID: S20231234"), within `label_gap`."""
        self.name = name
        self.tags: tuple[str, ...] = tuple(canonical_tag(t) for t in ([tags] if isinstance(tags, str) else tags))
        if default_tag == "":
            default_tag = self.tags[0] if len(self.tags) == 1 else None
        self.default_tag = canonical_tag(default_tag) if default_tag else None
        self.patterns = tuple(patterns)
        self.context = context
        self.context_boost = context_boost
        self.label_boost = label_boost
        self.label_gap = label_gap
        self.window = window

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, tags={self.tags!r})"

    # -- hooks -------------------------------------------------------------

    def validate(self, span: str, pattern: Pattern) -> bool:
        """False rejects the candidate (bad checksum, out of range)."""
        return pattern.validator is None or pattern.validator(span)

    def find_context(self, doc: ScanText, start: int, end: int) -> ContextHit | None:
        if self.context is None:
            return None
        before, after = self.window
        return self.context.nearest(doc, start, end, before=before, after=after)

    def tag_for(self, hit: ContextHit | None, pattern: Pattern, span: str) -> str | None:
        """The tag of a match; None drops it. By default the nearest keyword's label decides
        (a `NOT_PII` keyword drops the match)."""
        if hit is not None:
            return None if hit.label == NOT_PII else hit.label
        if pattern.requires_context:
            return None
        return self.default_tag

    def score_for(self, hit: ContextHit | None, pattern: Pattern, span: str) -> float:
        score = pattern.score
        if hit is not None and hit.label != NOT_PII:
            score += self.context_boost
            if hit.before and hit.distance <= self.label_gap:
                score += self.label_boost
        return min(score, 1.0)

    def entity(self, text: str, start: int, end: int, tag: str, score: float, pattern: str) -> Entity:
        """The entity for text[start:end], marked with this recognizer's and the pattern's names."""
        return Entity(text=text[start:end], start=start, end=end, tag=tag, score=score, detector=DETECTOR_NAME,
                      meta={"recognizer": self.name, "pattern": pattern})

    # -- driver ------------------------------------------------------------

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        """Yield every validated, tagged match; overlaps are left to the caller."""
        doc = text if isinstance(text, ScanText) else ScanText(text)
        text = doc.text
        for pattern in self.patterns:
            if not doc.admits(pattern.gate):
                continue
            if pattern.requires_context and (self.context is None or not self.context.may_occur(doc)):
                continue
            left_bound = pattern.left_bound
            for match in pattern.matches(doc):
                if left_bound is not None and match.start() > 0:
                    before = text[match.start() - 1]
                    if before.isalnum() or before == "_" or before in left_bound:
                        continue
                start, end = pattern.span_of(match)
                if start >= end:
                    continue
                span = text[start:end]
                if not self.validate(span, pattern):
                    continue
                hit = self.find_context(doc, start, end)
                tag = self.tag_for(hit, pattern, span)
                if tag is None:
                    continue
                yield self.entity(text, start, end, tag, round(self.score_for(hit, pattern, span), 3), pattern.name)
