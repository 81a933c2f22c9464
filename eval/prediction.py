"""What a system outputs for one sample, and its line in the spec's predictions file."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from proxy.taxonomy import PiiType

DEFAULT_SUBJECT = "A"


@dataclass(frozen=True, slots=True)
class PredictedEntity:
    """A detected (text, type) for a subject; detectors without subjects put all under "A"."""

    text: str
    type: PiiType
    tag: str
    subject: str = DEFAULT_SUBJECT


@dataclass
class Prediction:
    """One system's answer to the three tasks for one sample.

    `entities` is None for a system that does not detect (no task-1 score),
    `query_related` None for one that judges no relevance (no task-2 score).
    `masked_texts` are the entity texts the system replaced in `masked`.
    """

    entities: list[PredictedEntity] | None
    query_related: list[str] | None
    masked: str
    masked_texts: list[str] = field(default_factory=list)
    latency_s: float | None = None

    def record(self, sample_id: str) -> dict[str, Any]:
        """The spec's predictions-file object for this sample."""
        return {
            "id": sample_id,
            "entities": [
                {"text": e.text, "type": e.type.value, "tag": e.tag, "subject": e.subject} for e in self.entities or []
            ],
            "query_related": list(self.query_related or []),
            "masked": self.masked,
        }
