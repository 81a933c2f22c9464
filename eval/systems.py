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

Relevance levels (`settings.relevance_level`, `proxy.relevance.levels`): every
judge is built at the configured level; `levels=` adds rows "veil+JUDGE@LEVEL"
and "gold+JUDGE@LEVEL" for other levels of a thresholded (LoRA) judge. They
reuse the margins the judge computed for the same sample (its margin cache), so
an extra level costs no model calls.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Protocol

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


def eval_settings() -> Settings:
    """The user's configured detectors and relevance, with the spec's masking policy."""
    return load_settings(policy=PolicyMode.QUERY_AWARE.value, always_mask=(), never_mask=())


def predicted(entity: Entity) -> PredictedEntity:
    return PredictedEntity(entity.text, entity.type, entity.tag, entity.subject or DEFAULT_SUBJECT)


def distinct_entities(entities: Sequence[Entity]) -> list[PredictedEntity]:
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
        entities=distinct_entities(detected),
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


class LevelJudge:
    """A loaded thresholded judge (`scores()`, `threshold_at()`) at one relevance level. The rows of one
    sample at other levels ask the same judge the same question about the same candidates: its margin cache
    answers them."""

    uses_sources = True

    def __init__(self, judge: Any, level: str, name: str | None = None) -> None:
        self.judge = judge
        self.level = level
        self.threshold = judge.threshold_at(level)
        self.name = name or f"{judge.name}@{level}"

    def needed(self, query: str, candidates: Sequence[Entity], sources: Sequence[str] | None = None) -> set[int]:
        return self.judge.select(self.judge.scores(query, candidates, sources), self.threshold)


def has_levels(judge: Any) -> bool:
    """Whether a relevance level changes this judge (a margin threshold: the LoRA judges)."""
    return hasattr(judge, "scores") and hasattr(judge, "threshold_at")


def builtin_systems(settings: Settings | None = None, *, judges: Sequence[str] = (),
                    samples: Sequence[Sample] = (), levels: Sequence[str] = ()) -> list[System]:
    """veil, each extra judge on veil's and on gold candidates (at the extra `levels` too), and the three
    baselines.

    Every system built on veil's detections shares one detection per sample. With
    `levels`, the configured judge (veil's) is scored at each of them as well.
    """
    settings = settings or eval_settings()
    engine = build_engine(settings)  # its pipeline remembers the last texts: one detection per sample
    if levels and engine.relevance is not None and has_levels(engine.relevance):
        engine.relevance = LevelJudge(engine.relevance, settings.relevance_level, name=engine.relevance.name)
        if settings.relevance and settings.relevance not in judges:
            judges = [*judges, settings.relevance]
    extra = relevance_systems(judges, engine.detector, samples, settings, levels=levels,
                              configured=engine.relevance)
    return [VeilSystem(engine), *extra, NoMasking(), MaskAllDetected(engine.detector), Oracle()]


def relevance_systems(judges: Sequence[str], detector: Detector, samples: Sequence[Sample],
                      settings: Settings, *, levels: Sequence[str] = (),
                      configured: Any = None) -> list[System]:
    """Per judge: "veil+NAME" (veil's detections) and "gold+NAME" (gold candidates), one loaded judge for both,
    at `settings.relevance_level`; then "veil+NAME@LEVEL" and "gold+NAME@LEVEL" for each other level in
    `levels` when the judge has a threshold (a LoRA judge), on the same margins.

    The configured judge already is "veil", so it only gets its gold row at the configured level
    (`configured`: veil's loaded judge, reused rather than loaded twice).
    """
    from proxy.relevance import RelevanceUnavailable, build_judge
    from proxy.relevance.levels import UnknownLevel, check_level

    policy = settings.policy_config()
    gold = GoldCandidates(samples)
    try:
        extra_levels = [check_level(level) for level in dict.fromkeys(levels) if level != settings.relevance_level]
    except UnknownLevel as exc:
        raise RelevanceUnavailable(str(exc)) from exc
    systems: list[System] = []
    for name in dict.fromkeys(judges):
        if name == settings.relevance and configured is not None and levels:
            judge = configured
        else:
            judge = build_judge(name, data_dir=settings.data_path, policy=policy, level=settings.relevance_level)
            if extra_levels and has_levels(judge):
                judge = LevelJudge(judge, settings.relevance_level, name=judge.name)
        if name != settings.relevance:
            systems.append(VeilSystem(PrivacyEngine(detector, policy, relevance=judge), f"veil+{name}"))
        systems.append(VeilSystem(PrivacyEngine(gold, policy, relevance=judge), f"gold+{name}"))
        if not isinstance(judge, LevelJudge):
            continue  # no threshold: a level changes nothing
        for level in extra_levels:
            at_level = LevelJudge(judge.judge, level)
            systems.append(VeilSystem(PrivacyEngine(detector, policy, relevance=at_level), f"veil+{name}@{level}"))
            systems.append(VeilSystem(PrivacyEngine(gold, policy, relevance=at_level), f"gold+{name}@{level}"))
    return systems
