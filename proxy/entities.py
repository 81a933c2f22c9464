"""The entity model shared by every detector, the policy, the masker and the eval."""

from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from proxy.taxonomy import PiiType, canonical_tag, type_of


@dataclass(frozen=True, slots=True)
class Entity:
    """One PII mention: a span of the analysed text with its tag.

    `start`/`end` are character offsets into the text the detector saw, so
    `text == source[start:end]`. `subject` is the person the mention belongs to
    (`A`, `B`, ...) when a detector attributes subjects, else None.
    """

    text: str
    start: int
    end: int
    tag: str
    score: float = 1.0
    detector: str = ""
    subject: str | None = None
    meta: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tag", canonical_tag(self.tag))
        if not 0 <= self.start < self.end:
            raise ValueError(f"bad span [{self.start}, {self.end}) for {self.text!r}")
        if len(self.text) != self.end - self.start:
            raise ValueError(f"text {self.text!r} does not fit span [{self.start}, {self.end})")

    @property
    def type(self) -> PiiType:
        return type_of(self.tag)

    @property
    def length(self) -> int:
        return self.end - self.start

    def overlaps(self, other: Entity) -> bool:
        return self.start < other.end and other.start < self.end

    def shifted(self, offset: int) -> Entity:
        """The same entity with its span moved by `offset` (for windowed detection)."""
        return replace(self, start=self.start + offset, end=self.end + offset)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["type"] = self.type.value
        if not data["meta"]:
            del data["meta"]
        return data


def normalize_text(text: str) -> str:
    """The spec's comparison key: NFKC, case-folded, surrounding whitespace and punctuation stripped."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    start, end = 0, len(folded)
    while start < end and _is_strippable(folded[start]):
        start += 1
    while end > start and _is_strippable(folded[end - 1]):
        end -= 1
    return folded[start:end]


def _is_strippable(char: str) -> bool:
    return char.isspace() or unicodedata.category(char).startswith("P")
