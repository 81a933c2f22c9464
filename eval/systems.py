"""The systems one PII-Bench run scores side by side.

"veil" is the proxy as configured (detectors and relevance judge, through
`build_engine`), with the spec's policy: query-aware and no always-mask tags,
so masking follows relevance alone. Extra relevance judges are scored twice
(`relevance_systems`): "veil+JUDGE" on veil's detections and "gold+JUDGE" on
the gold entities as candidates (the paper's "w/ Choice" setting, which
isolates the judge from detection errors). The baselines bracket them: "no-masking" (privacy 0, everything kept), "mask-all-detected" (veil's
detections, all masked: what veil does without relevance) and "oracle" (gold
entities and gold relevance: the paper's "w/ Choice" upper bound, whose
privacy score is the best P a system that keeps the needed PII can reach).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Protocol

from eval.dataset import Sample
from eval.prediction import DEFAULT_SUBJECT, PredictedEntity, Prediction
from proxy.config import Settings, load_settings
from proxy.detectors.base import Detector, resolve_overlaps
from proxy.engine import PROPAGATED, PrivacyEngine, Protection
from proxy.entities import Entity, normalize_text
from proxy.factory import build_engine
from proxy.masking import apply_masks, tag_placeholder
from proxy.policy import PolicyConfig, PolicyMode, Reason


class System(Protocol):
    """Anything that answers the three PII-Bench tasks for a sample."""

    name: str

    def predict(self, sample: Sample) -> Prediction: ...


class ReusedDetection(Detector):
    """Remembers the last text's entities, so a second engine on the same sample does not detect again."""

    def __init__(self, inner: Detector) -> None:
        self.inner = inner
        self.name = inner.name
        self._last: tuple[str, list[Entity]] | None = None

    def load(self) -> None:
        self.inner.load()

    def detect(self, text: str) -> list[Entity]:
        if self._last is None or self._last[0] != text:
            self._last = (text, self.inner.detect(text))
        return list(self._last[1])


def eval_settings() -> Settings:
    """The user's configured detectors and relevance, with the spec's masking policy."""
    return load_settings(policy=PolicyMode.QUERY_AWARE.value, always_mask=(), never_mask=())


def predicted(entity: Entity) -> PredictedEntity:
    return PredictedEntity(entity.text, entity.type, entity.tag, entity.subject or DEFAULT_SUBJECT)


def _distinct_entities(entities: Sequence[Entity]) -> list[PredictedEntity]:
    return list(dict.fromkeys(predicted(e) for e in entities))


class GoldCandidates(Detector):
    """Each sample's gold entities as the detections: oracle candidates for a relevance judge."""

    name = "gold"

    def __init__(self, samples: Sequence[Sample]) -> None:
        self._by_text = {
            sample.description: [Entity(g.text, g.start, g.end, g.tag, subject=g.subject) for g in sample.entities]
            for sample in samples
        }

    def detect(self, text: str) -> list[Entity]:
        return resolve_overlaps(self._by_text.get(text, ()))


class VeilSystem:
    """The privacy engine, run as the proxy runs it, with plain `<Tag>` masks."""

    def __init__(self, engine: PrivacyEngine, name: str = "veil") -> None:
        self.engine = engine
        self.name = name

    def predict(self, sample: Sample) -> Prediction:
        started = time.perf_counter()
        protection = self.engine.protect([sample.description], sample.query or None, indexed=False)
        latency = time.perf_counter() - started
        return _from_protection(protection, latency, judges_relevance=self.engine.relevance is not None)


class MaskAllDetected:
    """Veil's detections, every one masked (policy `all`): veil without relevance."""

    name = "mask-all-detected"

    def __init__(self, detector: Detector) -> None:
        self.engine = PrivacyEngine(detector, PolicyConfig(PolicyMode.ALL, frozenset(), frozenset()))

    def predict(self, sample: Sample) -> Prediction:
        protection = self.engine.protect([sample.description], sample.query or None, indexed=False)
        return _from_protection(protection, None, judges_relevance=False)


def _from_protection(protection: Protection, latency: float | None, *, judges_relevance: bool) -> Prediction:
    detected = [f.entity for f in protection.findings if f.entity.detector != PROPAGATED]
    needed = [d.entity.text for d in protection.decisions if not d.masked and d.reason is Reason.NEEDED]
    return Prediction(
        entities=_distinct_entities(detected),
        query_related=needed if judges_relevance else None,
        masked=protection.texts[0],
        masked_texts=[f.entity.text for f in protection.findings if f.masked],
        latency_s=latency,
    )


class NoMasking:
    """Sends the description as it is: privacy 0, every needed entity kept."""

    name = "no-masking"

    def predict(self, sample: Sample) -> Prediction:
        return Prediction(entities=None, query_related=None, masked=sample.description)


class Oracle:
    """Gold entities and gold relevance: masks exactly E \\ E_q."""

    name = "oracle"

    def predict(self, sample: Sample) -> Prediction:
        needed = sample.needed_texts
        masks: list[tuple[Entity, str]] = []
        end = 0
        for gold in sorted(sample.entities, key=lambda e: (e.start, -e.end)):
            if normalize_text(gold.text) in needed or gold.start < end:
                continue
            entity = Entity(gold.text, gold.start, gold.end, gold.tag, subject=gold.subject)
            masks.append((entity, tag_placeholder(entity)))
            end = gold.end
        return Prediction(
            entities=list(dict.fromkeys(PredictedEntity(e.text, e.type, e.tag, e.subject) for e in sample.entities)),
            query_related=[q.text for q in sample.query_related],
            masked=apply_masks(sample.description, masks),
            masked_texts=[entity.text for entity, _ in masks],
        )


def builtin_systems(settings: Settings | None = None, *, judges: Sequence[str] = (),
                    samples: Sequence[Sample] = ()) -> list[System]:
    """veil, each extra judge on veil's and on gold candidates, and the three baselines.

    Every system built on veil's detections shares one detection per sample.
    """
    settings = settings or eval_settings()
    engine = build_engine(settings)
    engine.detector = ReusedDetection(engine.detector)
    extra = relevance_systems(judges, engine.detector, samples, settings)
    return [VeilSystem(engine), *extra, NoMasking(), MaskAllDetected(engine.detector), Oracle()]


def relevance_systems(judges: Sequence[str], detector: Detector, samples: Sequence[Sample],
                      settings: Settings) -> list[System]:
    """Per judge: "veil+NAME" (veil's detections) and "gold+NAME" (gold candidates), one loaded judge for both.

    The configured judge already is "veil", so it only gets its gold row.
    """
    from proxy.relevance import build_judge

    policy = settings.policy_config()
    gold = GoldCandidates(samples)
    systems: list[System] = []
    for name in dict.fromkeys(judges):
        judge = build_judge(name, data_dir=settings.data_path, policy=policy)
        if name != settings.relevance:
            systems.append(VeilSystem(PrivacyEngine(detector, policy, relevance=judge), f"veil+{name}"))
        systems.append(VeilSystem(PrivacyEngine(gold, policy, relevance=judge), f"gold+{name}"))
    return systems
