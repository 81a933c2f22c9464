"""Slices of a run: detection per type and per tag, and scores by sample features.

These tell a detector developer *where* recall is lost (which tags, which
lengths, how many subjects), which the headline means hide.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from eval.dataset import Sample
from eval.runner import SampleResult
from proxy.entities import normalize_text
from proxy.taxonomy import ALL_TAGS, PiiType


@dataclass
class Counts:
    gold: int = 0
    predicted: int = 0
    hits: int = 0  # same text and type
    text_hits: int = 0  # gold text predicted with any type

    @property
    def precision(self) -> float | None:
        return self.hits / self.predicted if self.predicted else None

    @property
    def recall(self) -> float | None:
        return self.hits / self.gold if self.gold else None

    @property
    def text_recall(self) -> float | None:
        return self.text_hits / self.gold if self.gold else None


def per_type(rows: Sequence[SampleResult]) -> dict[str, Counts]:
    """Micro counts per type over distinct (text, type) per sample, subjects ignored."""
    counts = {t.value: Counts() for t in PiiType}
    for row in rows:
        if row.prediction.entities is None:
            continue
        gold = {(normalize_text(e.text), e.type.value) for e in row.sample.entities}
        pred = {(normalize_text(e.text), e.type.value) for e in row.prediction.entities}
        pred_texts = {text for text, _ in pred}
        for text, pii_type in gold:
            counts[pii_type].gold += 1
            counts[pii_type].hits += (text, pii_type) in pred
            counts[pii_type].text_hits += text in pred_texts
        for _, pii_type in pred:
            counts[pii_type].predicted += 1
    return counts


def per_tag_recall(rows: Sequence[SampleResult]) -> dict[str, Counts]:
    """Recall per gold tag (a hit needs the text and the type; the tag itself may differ)."""
    counts: dict[str, Counts] = defaultdict(Counts)
    for row in rows:
        if row.prediction.entities is None:
            continue
        pred = {(normalize_text(e.text), e.type.value) for e in row.prediction.entities}
        pred_texts = {text for text, _ in pred}
        for text, pii_type, tag in {(normalize_text(e.text), e.type.value, e.tag) for e in row.sample.entities}:
            counts[tag].gold += 1
            counts[tag].hits += (text, pii_type) in pred
            counts[tag].text_hits += text in pred_texts
    return {tag: counts[tag] for tag in ALL_TAGS if tag in counts}


# Sample features for the paper's Figure 4 style plots: name -> (label, value, bin edges).
FEATURES: dict[str, tuple[str, Callable[[Sample], float], tuple[float, ...]]] = {
    "length": ("description length (characters)", lambda s: len(s.description), (0, 250, 500, 750, 1000, 1500, 2000, 3000, 5000)),
    "subjects": ("number of subjects", lambda s: len(s.subjects), (1, 2, 3, 4, 5, 7, 10)),
    "pii": ("number of PII (distinct texts)", lambda s: len({normalize_text(e.text) for e in s.entities}), (0, 5, 10, 15, 20, 30, 40, 60)),
    "query_related": ("number of query-related PII", lambda s: len(s.needed_texts), (0, 1, 2, 3, 4, 6, 8, 12)),
}


def by_feature(
    rows: Sequence[SampleResult], feature: str, metric: str
) -> list[tuple[str, float, int]]:
    """(bin label, mean metric, samples) for each non-empty bin of `feature`."""
    _, value_of, edges = FEATURES[feature]
    bins: dict[int, list[float]] = defaultdict(list)
    for row in rows:
        score = row.scores.get(metric)
        if score is None:
            continue
        value = value_of(row.sample)
        index = sum(1 for edge in edges[1:] if value >= edge)
        bins[index].append(score)
    out = []
    for index in sorted(bins):
        low = edges[index]
        label = f"{low:g}+" if index + 1 >= len(edges) else (f"{low:g}" if edges[index + 1] - low == 1 else f"{low:g}-{edges[index + 1] - 1:g}")
        out.append((label, sum(bins[index]) / len(bins[index]), len(bins[index])))
    return out
