"""Dev-set scores for model selection: entity-level F1 on the tags the model predicts.

Self-contained (no proxy/eval import): texts are compared on the spec's key
(NFKC, case-folded, surrounding whitespace/punctuation stripped). Strict
matches (text, tag); Ent matches text only. Micro-averaged over all samples.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any


def norm(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).casefold()
    strip = lambda c: c.isspace() or unicodedata.category(c).startswith("P")  # noqa: E731
    start, end = 0, len(folded)
    while start < end and strip(folded[start]):
        start += 1
    while end > start and strip(folded[end - 1]):
        end -= 1
    return folded[start:end]


@dataclass
class Scores:
    strict_p: float
    strict_r: float
    strict_f1: float
    ent_f1: float
    n_gold: int
    n_pred: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _f1(tp: int, n_pred: int, n_gold: int) -> tuple[float, float, float]:
    p = tp / n_pred if n_pred else 1.0
    r = tp / n_gold if n_gold else 1.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def score(
    samples: Sequence[dict[str, Any]],
    predictions: Sequence[Sequence[tuple[str, str]]],
    tags: set[str],
) -> Scores:
    """`predictions[i]` is a list of (text, tag) for samples[i]; gold restricted to `tags`."""
    tp = tp_ent = n_pred = n_gold = n_pred_ent = n_gold_ent = 0
    for sample, preds in zip(samples, predictions, strict=True):
        gold = {(norm(e["text"]), e["tag"]) for e in sample.get("entities", []) if e["tag"] in tags}
        pred = {(norm(t), tag) for t, tag in preds if tag in tags}
        gold_ent, pred_ent = {t for t, _ in gold}, {t for t, _ in pred}
        tp += len(gold & pred)
        tp_ent += len(gold_ent & pred_ent)
        n_pred += len(pred)
        n_gold += len(gold)
        n_pred_ent += len(pred_ent)
        n_gold_ent += len(gold_ent)
    p, r, f1 = _f1(tp, n_pred, n_gold)
    _, _, ent_f1 = _f1(tp_ent, n_pred_ent, n_gold_ent)
    return Scores(round(p, 4), round(r, 4), round(f1, 4), round(ent_f1, 4), n_gold, n_pred)


def predict_samples(runtime: Any, samples: Sequence[dict[str, Any]], threshold: float | None = None) -> list[list[tuple[str, str, float]]]:
    """(text, tag, score) per sample with a `GlinerRuntime` whose labels map to tags."""
    from local_models.gliner_runtime import plausible

    texts = [s["description"] for s in samples]
    out = []
    step = 16
    tag_of = runtime.label_to_tag

    def keep(span: Any) -> bool:
        return plausible(tag_of.get(span.label, span.label), span.text)

    for k in range(0, len(texts), step):
        for spans in runtime.predict_many(texts[k : k + step], threshold=threshold, span_filter=keep):
            out.append([(s.text, runtime.label_to_tag.get(s.label, s.label), s.score) for s in spans])
    return out


def best_threshold(
    samples: Sequence[dict[str, Any]],
    raw: Sequence[Sequence[tuple[str, str, float]]],
    tags: set[str],
    candidates: Sequence[float] = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7),
) -> tuple[float, Scores]:
    best: tuple[float, Scores] | None = None
    for t in candidates:
        s = score(samples, [[(x, tag) for x, tag, p in preds if p >= t] for preds in raw], tags)
        if best is None or s.strict_f1 > best[1].strict_f1:
            best = (t, s)
    assert best is not None
    return best
