"""Masking policies: which detected entities are masked, and why.

`query-aware` masks only what the query does not need (PII-Bench's
query-unrelated masking). `always_mask` tags are masked whatever relevance
says, `never_mask` tags are always kept, and a person's name is never
"needed" (as in the paper's task), so it is masked under `all` and
`query-aware`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from proxy.entities import Entity
from proxy.taxonomy import PiiType, canonical_tag


class PolicyMode(str, Enum):
    OFF = "off"
    ALL = "all"
    QUERY_AWARE = "query-aware"


DEFAULT_ALWAYS_MASK: tuple[str, ...] = (
    "Social Security Number",
    "Credit Card",
    "Bank Account",
    "Passport Number",
    "Password Hash",
    "Tax ID",
    "Driver's License",
)


class Reason(str, Enum):
    """Why an entity was masked or kept; shown in the activity log and the GUI."""

    POLICY_OFF = "policy off"
    ALWAYS_MASK = "always-mask tag"
    NEVER_MASK = "never-mask tag"
    MASK_ALL = "policy masks all"
    NOT_NEEDED = "not needed by the query"
    NEEDED = "needed by the query"
    PERSON = "names are never needed"
    NO_QUERY = "no query to judge relevance"


class PolicyError(ValueError):
    """An inconsistent policy configuration."""


@dataclass(frozen=True)
class PolicyConfig:
    mode: PolicyMode = PolicyMode.QUERY_AWARE
    always_mask: frozenset[str] = field(default_factory=lambda: frozenset(DEFAULT_ALWAYS_MASK))
    never_mask: frozenset[str] = frozenset()

    @classmethod
    def build(
        cls,
        mode: str | PolicyMode = PolicyMode.QUERY_AWARE,
        always_mask: Iterable[str] = DEFAULT_ALWAYS_MASK,
        never_mask: Iterable[str] = (),
    ) -> PolicyConfig:
        """Validate tag names and modes coming from config files, flags or the GUI."""
        try:
            mode = PolicyMode(mode)
        except ValueError as exc:
            choices = ", ".join(m.value for m in PolicyMode)
            raise PolicyError(f"unknown policy {mode!r}; choose one of {choices}") from exc
        try:
            always = frozenset(canonical_tag(tag) for tag in always_mask)
            never = frozenset(canonical_tag(tag) for tag in never_mask)
        except ValueError as exc:
            raise PolicyError(str(exc)) from exc
        both = always & never
        if both:
            raise PolicyError(f"tags in both always_mask and never_mask: {', '.join(sorted(both))}")
        return cls(mode, always, never)


@dataclass(frozen=True, slots=True)
class Decision:
    entity: Entity
    masked: bool
    reason: Reason


class RelevanceJudge(Protocol):
    """Decides which candidate entities a query needs (the query-aware stage)."""

    name: str

    def needed(self, query: str, candidates: Sequence[Entity]) -> set[int]:
        """Indices into `candidates` of the entities the query needs."""


def decide(
    candidates: Sequence[Entity],
    config: PolicyConfig,
    needed: Collection[int] | None = None,
) -> list[Decision]:
    """One decision per candidate. `needed` is the relevance stage's answer, if it ran."""
    decisions: list[Decision] = []
    for index, entity in enumerate(candidates):
        decisions.append(Decision(entity, *_decide_one(index, entity, config, needed)))
    return decisions


def _decide_one(
    index: int, entity: Entity, config: PolicyConfig, needed: Collection[int] | None
) -> tuple[bool, Reason]:
    if config.mode is PolicyMode.OFF:
        return False, Reason.POLICY_OFF
    if entity.tag in config.always_mask:
        return True, Reason.ALWAYS_MASK
    if entity.tag in config.never_mask:
        return False, Reason.NEVER_MASK
    if config.mode is PolicyMode.ALL:
        return True, Reason.MASK_ALL
    if entity.type is PiiType.PER:
        return True, Reason.PERSON
    if needed is None:
        return True, Reason.NO_QUERY
    return (False, Reason.NEEDED) if index in needed else (True, Reason.NOT_NEEDED)
