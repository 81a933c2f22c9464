"""Run every system over the samples and keep each per-sample score.

Per-sample results are kept (not just means) because the report slices them
by split, type, length and subject count, and the predictions file needs
each output.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from eval.dataset import SPLITS, Sample
from eval.metrics import mean_scores, score_sample
from eval.prediction import Prediction
from eval.systems import System

ALL = "all"


@dataclass(frozen=True, slots=True)
class SampleResult:
    sample: Sample
    prediction: Prediction
    scores: dict[str, float | None]


@dataclass
class RunResult:
    """Per system, the per-sample results in sample order."""

    results: dict[str, list[SampleResult]] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def systems(self) -> list[str]:
        return list(self.results)

    @property
    def splits(self) -> list[str]:
        present = {r.sample.split for rows in self.results.values() for r in rows}
        return [s for s in SPLITS if s in present]

    def rows(self, system: str, split: str = ALL) -> list[SampleResult]:
        return [r for r in self.results[system] if split == ALL or r.sample.split == split]

    def counts(self) -> dict[str, int]:
        first = next(iter(self.results.values()), [])
        counts = {split: sum(1 for r in first if r.sample.split == split) for split in self.splits}
        return {**counts, ALL: len(first)}

    def summary(self) -> dict[str, dict[str, dict[str, float | None]]]:
        """system -> split (and "all") -> metric -> mean over samples."""
        return {
            system: {split: mean_scores(r.scores for r in self.rows(system, split)) for split in [*self.splits, ALL]}
            for system in self.systems
        }


def run(samples: Sequence[Sample], systems: Sequence[System], *, progress: bool = True) -> RunResult:
    """Score each system on each sample; a progress bar goes to stderr."""
    result = RunResult({system.name: [] for system in systems})
    started = time.perf_counter()
    for sample in _progress(samples, progress):
        for system in systems:
            prediction = system.predict(sample)
            result.results[system.name].append(SampleResult(sample, prediction, score_sample(sample, prediction)))
    result.seconds = time.perf_counter() - started
    return result


def _progress(samples: Sequence[Sample], enabled: bool) -> Sequence[Sample]:
    if not enabled:
        return samples
    try:
        from tqdm import tqdm
    except ImportError:
        return samples
    return tqdm(samples, desc="piibench", unit="sample", file=sys.stderr, mininterval=1.0)


def write_predictions(path: str | Path, rows: Sequence[SampleResult]) -> Path:
    """The spec's predictions file: one JSON object per sample, same id."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row.prediction.record(row.sample.id), ensure_ascii=False) + "\n")
    return path
