"""The privacy engine: detect, decide, mask, for all text fields of one request.

All fields of a request (system prompt, earlier turns, tool results, the
latest question) share one `PlaceholderMap`, so a value has one placeholder
everywhere and the reply can be restored. A value that is masked somewhere is
masked everywhere it appears, even where a context-dependent detector missed
the repeat: the upstream must never see a masked value in clear.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from proxy.detectors.base import Detector
from proxy.detectors.code_spans import part_of_code
from proxy.entities import Entity, normalize_text
from proxy.masking import PlaceholderMap, apply_masks, tag_placeholder
from proxy.policy import Decision, PolicyConfig, PolicyMode, Reason, RelevanceJudge, decide

log = logging.getLogger(__name__)

PROPAGATED = "propagation"


@dataclass(frozen=True, slots=True)
class Finding:
    """One masked or kept mention, located in field `field` of the request."""

    field: int
    entity: Entity
    masked: bool
    reason: Reason
    replacement: str | None = None


@dataclass
class Protection:
    """The outcome for one request: what to send, and how to undo it in the reply."""

    texts: list[str]
    placeholders: PlaceholderMap
    findings: list[Finding] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    relevance: str | None = None

    @property
    def masked_count(self) -> int:
        return sum(1 for f in self.findings if f.masked)

    def counts_by_type(self, masked: bool | None = None) -> dict[str, int]:
        counts = Counter(
            f.entity.type.value for f in self.findings if masked is None or f.masked == masked
        )
        return dict(sorted(counts.items()))

    def decision_summary(self) -> dict[str, int]:
        return dict(sorted(Counter(d.reason.value for d in self.decisions).items()))


def _value_key(entity: Entity) -> str:
    """Distinct values by text alone: a value tagged differently in two places is still one value."""
    return normalize_text(entity.text) or entity.text


class PrivacyEngine:
    """Detects PII with `detector`, decides with `policy` (+ `relevance`), and masks."""

    def __init__(
        self,
        detector: Detector,
        policy: PolicyConfig,
        relevance: RelevanceJudge | None = None,
    ) -> None:
        self.detector = detector
        self.policy = policy
        self.relevance = relevance

    def detect(self, text: str) -> list[Entity]:
        """Entities in one text; raises `DetectionUnavailable` when protection cannot run."""
        return self.detector.detect(text)

    def protect(
        self,
        texts: Sequence[str],
        query: str | None = None,
        *,
        placeholders: PlaceholderMap | None = None,
        indexed: bool = True,
    ) -> Protection:
        """Mask `texts` (one request's text fields) for the question `query`.

        With `indexed=False` masks are plain type tags (`<Phone Number>`), the
        form PII-Bench's masking task scores; the proxy uses indexed ones.
        """
        placeholders = placeholders if placeholders is not None else PlaceholderMap()
        if self.policy.mode is PolicyMode.OFF:
            return Protection(list(texts), placeholders)

        per_field = [self.detect(text) for text in texts]
        candidates, keys, fields = self._distinct_candidates(per_field)
        needed, judge = self._needed(query, candidates, [texts[f] for f in fields])
        decisions = decide(candidates, self.policy, needed)
        decision_of = dict(zip(keys, decisions))
        masked_values = [d for d in decisions if d.masked]

        findings: list[Finding] = []
        masked_texts: list[str] = []
        for field_index, (text, entities) in enumerate(zip(texts, per_field)):
            located = [(entity, decision_of[_value_key(entity)]) for entity in entities]
            located += _repeats(text, entities, masked_values)
            masks: list[tuple[Entity, str]] = []
            for entity, decision in sorted(located, key=lambda item: item[0].start):
                replacement = None
                if decision.masked:
                    replacement = placeholders.placeholder_for(entity) if indexed else tag_placeholder(entity)
                    masks.append((entity, replacement))
                findings.append(Finding(field_index, entity, decision.masked, decision.reason, replacement))
            masked_texts.append(apply_masks(text, masks))
        return Protection(masked_texts, placeholders, findings, decisions, judge)

    @staticmethod
    def _distinct_candidates(
        per_field: Sequence[Sequence[Entity]],
    ) -> tuple[list[Entity], list[str], list[int]]:
        """First mention of each distinct value, in order of appearance, with its field."""
        candidates: list[Entity] = []
        keys: list[str] = []
        fields: list[int] = []
        seen: set[str] = set()
        for field_index, entities in enumerate(per_field):
            for entity in entities:
                key = _value_key(entity)
                if key not in seen:
                    seen.add(key)
                    keys.append(key)
                    candidates.append(entity)
                    fields.append(field_index)
        return candidates, keys, fields

    def _needed(
        self, query: str | None, candidates: list[Entity], sources: list[str] | None = None
    ) -> tuple[set[int] | None, str | None]:
        if self.policy.mode is not PolicyMode.QUERY_AWARE or self.relevance is None:
            return None, None
        if not query or not candidates:
            return None, self.relevance.name
        try:
            if sources is not None and getattr(self.relevance, "uses_sources", False):
                # The judge reads the words around each candidate in the text it came from.
                needed = self.relevance.needed(query, candidates, sources=sources)  # type: ignore[call-arg]
            else:
                needed = self.relevance.needed(query, candidates)
        except Exception:  # noqa: BLE001 - a failed judge degrades to masking everything, never to leaking
            log.exception("relevance stage %s failed; masking every candidate", self.relevance.name)
            return None, self.relevance.name
        return {i for i in needed if 0 <= i < len(candidates)}, self.relevance.name


def _repeats(
    text: str, entities: Sequence[Entity], masked: Sequence[Decision]
) -> list[tuple[Entity, Decision]]:
    """Other occurrences of masked values in `text` that no detector reported.

    A one-character value (a form's "M" or "F") is not repeated: its other occurrences are other things (the
    "m" of "I'm", an initial) and it identifies no one alone."""
    extra: list[tuple[Entity, Decision]] = []
    covered = [(e.start, e.end) for e in entities]
    for decision in masked:
        value = decision.entity
        if len(value.text.strip()) < 2:
            continue
        for match in re.finditer(re.escape(value.text), text, flags=re.IGNORECASE):
            start, end = match.span()
            repeat = Entity(match.group(0), start, end, value.tag, value.score, PROPAGATED, value.subject)
            if _word_boundary(text, start, end) and not any(s < end and start < e for s, e in covered) \
                    and not part_of_code(text, repeat):
                extra.append((repeat, decision))
                covered.append((start, end))
    return extra


def _word_boundary(text: str, start: int, end: int) -> bool:
    """Whole words only; "_" joins an identifier ("manager_id" holds no "manager")."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return not (_word_char(before) and _word_char(text[start])) and not (_word_char(after) and _word_char(text[end - 1]))


def _word_char(char: str) -> bool:
    return char.isalnum() or char == "_"
