"""The detector interface and the pipeline that runs several detectors as one.

A detector turns text into `Entity` spans. Deterministic recognizers, GLiNER
and any later model all implement `Detector`; `DetectorPipeline` runs the
enabled ones, resolves overlaps, and turns any failure into
`DetectionUnavailable` so the proxy can fail closed instead of forwarding
unmasked text.
"""

from __future__ import annotations

import bisect
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from proxy.entities import Entity
from proxy.subjects import assign_subjects


class DetectionUnavailable(RuntimeError):
    """Protection cannot run (a model failed to load, a detector raised). Never forward."""

    def __init__(self, detector: str, reason: str) -> None:
        super().__init__(f"detector {detector!r} unavailable: {reason}")
        self.detector = detector
        self.reason = reason


@dataclass(frozen=True, slots=True)
class DetectorStatus:
    name: str
    ready: bool
    detail: str = ""


class Detector(ABC):
    """Finds PII spans in text. Subclasses set `name` and implement `detect`."""

    name: str = "detector"

    def load(self) -> None:
        """Load models or resources; raise any exception when that is impossible.

        Called once before the first `detect`; cheap detectors need not override it.
        """

    @abstractmethod
    def detect(self, text: str) -> list[Entity]:
        """Return the entities found in `text`, with spans into `text`."""

    def status(self) -> DetectorStatus:
        try:
            self.load()
        except Exception as exc:  # noqa: BLE001 - status reports any load failure
            return DetectorStatus(self.name, False, f"{type(exc).__name__}: {exc}")
        return DetectorStatus(self.name, True, "ready")


def resolve_overlaps(entities: Iterable[Entity]) -> list[Entity]:
    """Keep a non-overlapping subset, preferring higher score, then longer spans.

    Ties go to the earlier span so the result is deterministic. The result is
    sorted by position. Kept spans are held sorted, so each candidate is
    checked against its two neighbours only (O(n log n) overall).
    """
    ranked = sorted(entities, key=lambda e: (-e.score, -e.length, e.start, e.tag))
    starts: list[int] = []
    kept: list[Entity] = []
    for candidate in ranked:
        index = bisect.bisect_left(starts, candidate.start)
        if index > 0 and kept[index - 1].end > candidate.start:
            continue
        if index < len(kept) and kept[index].start < candidate.end:
            continue
        starts.insert(index, candidate.start)
        kept.insert(index, candidate)
    return kept


class DetectorPipeline(Detector):
    """Runs several detectors over the same text, merges their entities, and
    attributes each to the person it belongs to (`proxy.subjects`)."""

    name = "pipeline"

    def __init__(self, detectors: Sequence[Detector]) -> None:
        self.detectors = list(detectors)
        self._loaded: set[str] = set()

    def load(self) -> None:
        for detector in self.detectors:
            self._load_one(detector)

    def _load_one(self, detector: Detector) -> None:
        if detector.name in self._loaded:
            return
        try:
            detector.load()
        except Exception as exc:  # noqa: BLE001 - any load failure must block forwarding
            raise DetectionUnavailable(detector.name, f"{type(exc).__name__}: {exc}") from exc
        self._loaded.add(detector.name)

    def detect(self, text: str) -> list[Entity]:
        found: list[Entity] = []
        for detector in self.detectors:
            self._load_one(detector)
            try:
                entities = detector.detect(text)
            except Exception as exc:  # noqa: BLE001 - fail closed on any detector error
                raise DetectionUnavailable(detector.name, f"{type(exc).__name__}: {exc}") from exc
            for entity in entities:
                if text[entity.start : entity.end] != entity.text:
                    raise DetectionUnavailable(detector.name, f"returned a span that does not match the text: {entity!r}")
            found.extend(entities)
        return assign_subjects(text, resolve_overlaps(found))

    def statuses(self) -> list[DetectorStatus]:
        return [detector.status() for detector in self.detectors]
