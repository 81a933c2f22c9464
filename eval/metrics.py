"""PII-Bench metrics (paper, App. F.1; `shared/specs/piibench-format.md`).

Task 1, detection: predicted subjects are matched one-to-one to gold subjects
so that the summed strict F1 is maximal; over the matched pairs the summed
precisions are divided by |P| (predicted subjects), the recalls by |G| (gold
subjects) and the F1s by max(|P|, |G|) (eq. 8-10), so a missing or spurious
subject costs its share. Strict compares (text, type), Ent text only, RougeL
texts fuzzily. `pooled_f1` (ours, not the paper's) is strict F1 with subjects
ignored: it separates detection quality from subject attribution. Task 2 is set P/R/F1 plus RougeL-F over E_q texts; task 3 is
F1 of the masked texts against E \\ E_q, the privacy score P and the kept
rate, and B = (P + kept) / 2. Texts are compared after `normalize_text`. A
comparison of two empty sets scores 1, of one empty set 0.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from eval.dataset import Sample
from eval.prediction import Prediction
from eval.rouge import rouge_l_f
from proxy.entities import normalize_text
from proxy.taxonomy import ALL_TAGS

Item = tuple[str, str, str]  # (text, type, subject)


@dataclass(frozen=True, slots=True)
class PRF:
    precision: float
    recall: float
    f1: float

    @staticmethod
    def from_pr(precision: float, recall: float) -> PRF:
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        return PRF(precision, recall, f1)


PERFECT = PRF(1.0, 1.0, 1.0)
ZERO = PRF(0.0, 0.0, 0.0)


def set_prf(pred: Collection[object], gold: Collection[object]) -> PRF:
    """Exact set match."""
    pred, gold = set(pred), set(gold)
    if not pred or not gold:
        return PERFECT if not pred and not gold else ZERO
    hits = len(pred & gold)
    return PRF.from_pr(hits / len(pred), hits / len(gold))


def soft_prf(pred: Collection[str], gold: Collection[str]) -> PRF:
    """Fuzzy set match: each text scores its best RougeL-F against the other set."""
    if not pred or not gold:
        return PERFECT if not pred and not gold else ZERO
    precision = sum(max(rouge_l_f(p, g) for g in gold) for p in pred) / len(pred)
    recall = sum(max(rouge_l_f(p, g) for p in pred) for g in gold) / len(gold)
    return PRF.from_pr(precision, recall)


# --- task 1: detection -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DetectionScores:
    strict: PRF
    entity: PRF
    rouge: PRF
    pairs: tuple[tuple[str, str], ...]  # (predicted subject, gold subject)


def by_subject(items: Iterable[Item]) -> dict[str, set[tuple[str, str]]]:
    """subject -> {(normalized text, type)}."""
    groups: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for text, pii_type, subject in items:
        groups[subject].add((normalize_text(text), pii_type))
    return dict(groups)


def match_subjects(weights: Sequence[Sequence[float]]) -> list[tuple[int, int]]:
    """Row/column pairs of a one-to-one assignment with maximal summed weight."""
    rows = len(weights)
    cols = len(weights[0]) if rows else 0
    if not rows or not cols:
        return []
    try:
        from scipy.optimize import linear_sum_assignment
    except ImportError:
        return _exact_match(weights, rows, cols)
    row_index, col_index = linear_sum_assignment(weights, maximize=True)
    return [(int(r), int(c)) for r, c in zip(row_index, col_index)]


def _exact_match(weights: Sequence[Sequence[float]], rows: int, cols: int) -> list[tuple[int, int]]:
    """Optimal assignment without scipy: DP over subsets of the larger side (weights are >= 0)."""
    if rows > cols:
        transposed = [[weights[r][c] for r in range(rows)] for c in range(cols)]
        return [(r, c) for c, r in _exact_match(transposed, cols, rows)]

    @functools.cache
    def best(row: int, used: int) -> tuple[float, tuple[int, ...]]:
        if row == rows:
            return 0.0, ()
        options = []
        for col in range(cols):
            if not used & (1 << col):
                total, rest = best(row + 1, used | (1 << col))
                options.append((total + weights[row][col], (col, *rest)))
        return max(options, key=lambda option: option[0])

    return list(enumerate(best(0, 0)[1]))


def detection_scores(pred: Iterable[Item], gold: Iterable[Item]) -> DetectionScores:
    """Eq. 8-10: strict-optimal subject matching, sums over |P|, |G|, max(|P|, |G|)."""
    pred_groups, gold_groups = by_subject(pred), by_subject(gold)
    if not pred_groups or not gold_groups:
        score = PERFECT if not pred_groups and not gold_groups else ZERO
        return DetectionScores(score, score, score, ())
    p_names, g_names = sorted(pred_groups), sorted(gold_groups)
    strict = [[set_prf(pred_groups[p], gold_groups[g]) for g in g_names] for p in p_names]
    pairs = match_subjects([[cell.f1 for cell in row] for row in strict])
    entity, rouge = [], []
    for r, c in pairs:
        p_texts = {text for text, _ in pred_groups[p_names[r]]}
        g_texts = {text for text, _ in gold_groups[g_names[c]]}
        entity.append(set_prf(p_texts, g_texts))
        rouge.append(soft_prf(p_texts, g_texts))
    n_pred, n_gold = len(p_names), len(g_names)
    return DetectionScores(
        _subject_average([strict[r][c] for r, c in pairs], n_pred, n_gold),
        _subject_average(entity, n_pred, n_gold),
        _subject_average(rouge, n_pred, n_gold),
        tuple((p_names[r], g_names[c]) for r, c in pairs),
    )


def _subject_average(scores: Sequence[PRF], n_pred: int, n_gold: int) -> PRF:
    return PRF(
        sum(s.precision for s in scores) / n_pred,
        sum(s.recall for s in scores) / n_gold,
        sum(s.f1 for s in scores) / max(n_pred, n_gold),
    )


# --- task 2: query-related PII -----------------------------------------------


def query_scores(pred: Iterable[str], gold: Iterable[str]) -> tuple[PRF, PRF]:
    """(set P/R/F1, RougeL P/R/F) over normalized E_q texts (eq. 14-16)."""
    pred_set = {normalize_text(t) for t in pred}
    gold_set = {normalize_text(t) for t in gold}
    return set_prf(pred_set, gold_set), soft_prf(pred_set, gold_set)


# --- task 3: masking ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MaskingScores:
    f1: PRF
    privacy: float
    kept: float

    @property
    def balanced(self) -> float:
        """B = (P + kept rate) / 2: the paper's B with alpha = 0.5."""
        return (self.privacy + self.kept) / 2


_PLACEHOLDER = re.compile("<(?:" + "|".join(re.escape(tag) for tag in ALL_TAGS) + r")(?: \d+)?>")


def strip_placeholders(masked: str) -> str:
    """d' without its `<Tag>` masks, so a tag's own words never count as a leak."""
    return _PLACEHOLDER.sub(" ", masked)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def count_occurrences(haystack: str, needle: str, *, whole_words: bool = True) -> int:
    """C(e, d): case-insensitive occurrences; with `whole_words` "34" does not count inside "2034"."""
    return _count(_fold(haystack), _fold(needle.strip()), whole_words)


def _count(folded_haystack: str, folded_needle: str, whole_words: bool) -> int:
    if not folded_needle:
        return 0
    pattern = re.escape(folded_needle)
    if whole_words:
        start = r"(?<!\w)" if folded_needle[0].isalnum() else ""
        end = r"(?!\w)" if folded_needle[-1].isalnum() else ""
        pattern = start + pattern + end
    return len(re.findall(pattern, folded_haystack))


def masking_scores(
    description: str,
    masked: str,
    gold_texts: Iterable[str],
    needed_texts: Iterable[str],
    masked_pred: Iterable[str],
) -> MaskingScores:
    """Masking F1 vs E \\ E_q, privacy P = 1 - sum C(e, d') / sum C(e, d) over E, and the kept rate of E_q.

    A text glued to other word characters in d (no whole-word occurrence) is
    counted as a plain substring instead, in d and d' alike.
    """
    gold_list, needed_list = list(gold_texts), list(needed_texts)
    needed_keys = {normalize_text(t) for t in needed_list}
    gold_masked = {normalize_text(t) for t in gold_list} - needed_keys
    f1 = set_prf({normalize_text(t) for t in masked_pred}, gold_masked)
    before, after = _fold(description), _fold(strip_placeholders(masked))

    def counts(text: str) -> tuple[int, int]:
        needle = _fold(text.strip())
        whole = _count(before, needle, True) > 0
        return _count(before, needle, whole), _count(after, needle, whole)

    gold_counts = [counts(text) for text in _distinct(gold_list)]
    before_total = sum(b for b, _ in gold_counts)
    privacy = 1.0 - sum(a for _, a in gold_counts) / before_total if before_total else 1.0
    needed = _distinct(needed_list)
    kept = sum(1 for text in needed if counts(text)[1] > 0) / len(needed) if needed else 1.0
    return MaskingScores(f1, max(0.0, privacy), kept)


def _distinct(texts: Iterable[str]) -> list[str]:
    seen: dict[str, str] = {}
    for text in texts:
        seen.setdefault(_fold(text.strip()), text)
    return list(seen.values())


# --- one sample, all tasks ----------------------------------------------------

METRICS: tuple[str, ...] = (
    "strict_p", "strict_r", "strict_f1", "ent_p", "ent_r", "ent_f1", "rouge_f1", "pooled_f1",
    "qr_p", "qr_r", "qr_f1", "qr_rouge_f1",
    "mask_p", "mask_r", "mask_f1", "privacy", "kept", "B", "latency_ms",
)  # fmt: skip


def score_sample(sample: Sample, prediction: Prediction) -> dict[str, float | None]:
    """Every metric for one sample; None where the system or the sample has no such task."""
    scores: dict[str, float | None] = dict.fromkeys(METRICS)
    if prediction.entities is not None:
        det = detection_scores(
            ((e.text, e.type.value, e.subject) for e in prediction.entities),
            ((e.text, e.type.value, e.subject) for e in sample.entities),
        )
        pooled = set_prf(
            {(normalize_text(e.text), e.type.value) for e in prediction.entities},
            {(normalize_text(e.text), e.type.value) for e in sample.entities},
        )
        scores.update(
            strict_p=det.strict.precision, strict_r=det.strict.recall, strict_f1=det.strict.f1,
            ent_p=det.entity.precision, ent_r=det.entity.recall, ent_f1=det.entity.f1, rouge_f1=det.rouge.f1,
            pooled_f1=pooled.f1,
        )  # fmt: skip
    if sample.has_query:
        if prediction.query_related is not None:
            exact, fuzzy = query_scores(prediction.query_related, (q.text for q in sample.query_related))
            scores.update(qr_p=exact.precision, qr_r=exact.recall, qr_f1=exact.f1, qr_rouge_f1=fuzzy.f1)
        mask = masking_scores(
            sample.description,
            prediction.masked,
            (e.text for e in sample.entities),
            (q.text for q in sample.query_related),
            prediction.masked_texts,
        )
        scores.update(
            mask_p=mask.f1.precision, mask_r=mask.f1.recall, mask_f1=mask.f1.f1,
            privacy=mask.privacy, kept=mask.kept, B=mask.balanced,
        )  # fmt: skip
    if prediction.latency_s is not None:
        scores["latency_ms"] = prediction.latency_s * 1000
    return scores


def mean_scores(rows: Iterable[dict[str, float | None]]) -> dict[str, float | None]:
    """Per-metric mean over the samples that have the metric (the spec's data-set score)."""
    sums: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        for name, value in row.items():
            if value is not None:
                sums[name] += value
                counts[name] += 1
    return {name: (sums[name] / counts[name] if counts[name] else None) for name in METRICS}
