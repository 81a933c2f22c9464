"""`RecognizerDetector`: all deterministic recognizers behind the `Detector` interface."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from proxy.detectors.base import Detector, resolve_overlaps
from proxy.entities import Entity
from proxy.recognizers.base import DETECTOR_NAME, PatternRecognizer
from proxy.recognizers.registry import default_recognizers
from proxy.recognizers.scan import ScanText
from proxy.taxonomy import canonical_tag


class RecognizerDetector(Detector):
    """Runs the pattern recognizers and keeps the best of overlapping matches.

    Overlaps are resolved here (score, then length) so a validated credit
    card beats the phone-shaped reading of the same digits before the
    pipeline ever sees them. `tags` restricts the output to those tags; by
    default only the recognizers that can emit them run (pass `recognizers`
    explicitly to let the others still claim their look-alikes).
    """

    name = DETECTOR_NAME

    def __init__(
        self,
        recognizers: Sequence[PatternRecognizer] | None = None,
        tags: Iterable[str] | None = None,
    ) -> None:
        self.tags = frozenset(canonical_tag(t) for t in tags) if tags is not None else None
        if recognizers is None:
            recognizers = default_recognizers(self.tags)
        self.recognizers = list(recognizers)

    def load(self) -> None:
        """Warm libphonenumber's lazily loaded metadata so the first prompt is not slow."""
        self.detect("Call +1 415 555 0132 or 020 7946 0958.")

    def detect(self, text: str) -> list[Entity]:
        doc = ScanText(text)
        found: list[Entity] = []
        for recognizer in self.recognizers:
            found.extend(recognizer.analyze(doc))
        # Resolve before filtering by tag, so a stronger reading of a disabled tag
        # still blocks a weaker look-alike when its recognizer runs.
        kept = resolve_overlaps(found)
        if self.tags is not None:
            kept = [e for e in kept if e.tag in self.tags]
        return kept
