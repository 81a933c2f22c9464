"""What every relevance judge shares: its error type, which candidates it scores, and their context."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from local_models.relevance_runtime import context_window
from proxy.config import ConfigError
from proxy.entities import Entity
from proxy.relevance.query import QueryParts, split_query
from proxy.taxonomy import PiiType


class RelevanceUnavailable(ConfigError):
    """A configured relevance judge cannot be built or loaded; the message says why and what to do."""


@dataclass(frozen=True)
class Scored:
    """One candidate the judge actually scored (PER and policy-fixed tags are not)."""

    index: int
    entity: Entity
    before: str
    after: str


# Types the LoRA judge scores against the bare ask (`QueryParts.ask`): identifiers, places and organisations
# a user states beside an unrelated ask ("my phone is X, what's a good name for a goldfish?") were kept because
# the value sat in the question. Health, beliefs, money and times stated the same way are often what a
# situational ask needs ("I'm diabetic, what breakfast suits me?"), which this judge sees only when the
# statement stays in the question, so they keep the full question (eval/data/chat-dev.jsonl, session 6).
ASK_ONLY_TYPES = frozenset({PiiType.CODE, PiiType.LOC, PiiType.ORG})


def question_for(entity: Entity, parts: QueryParts) -> str:
    """The question a per-candidate judge scores `entity` against (see ASK_ONLY_TYPES)."""
    return parts.ask if entity.type in ASK_ONLY_TYPES else parts.question


def judged_candidates(candidates: Sequence[Entity], skip_tags: Collection[str] = ()) -> list[int]:
    """Indices worth judging: never PER (names are never needed) nor tags the policy fixes anyway."""
    return [i for i, e in enumerate(candidates) if e.type is not PiiType.PER and e.tag not in skip_tags]


def window_for(entity: Entity, source: str | None, query: str) -> tuple[str, str]:
    """The text around `entity`: from its source text when given, else found in the query, else none."""
    if source is not None and 0 <= entity.start < entity.end <= len(source) \
            and source[entity.start:entity.end] == entity.text:
        return context_window(source, entity.start, entity.end)
    if query:
        m = re.search(re.escape(entity.text), query) or re.search(re.escape(entity.text), query, re.IGNORECASE)
        if m:
            return context_window(query, m.start(), m.end())
    return "", ""


def prepare(query: str, candidates: Sequence[Entity], sources: Sequence[str] | None,
            skip_tags: Collection[str] = ()) -> tuple[QueryParts, list[Scored]]:
    """The split query (its `ask` without clauses stating any candidate, PER included) and the judged candidates."""
    parts = split_query(query, [c.text for c in candidates])
    scored = []
    for i in judged_candidates(candidates, skip_tags):
        source = sources[i] if sources is not None and i < len(sources) else None
        scored.append(Scored(i, candidates[i], *window_for(candidates[i], source, query)))
    return parts, scored


__all__ = ["ASK_ONLY_TYPES", "RelevanceUnavailable", "Scored", "judged_candidates", "prepare", "question_for",
           "window_for"]
