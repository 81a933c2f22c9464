"""ROUGE-L on word tokens, for the fuzzy text matches of PII-Bench.

Implemented here (an LCS over short entity strings) rather than pulled from a
package: the inputs are a few tokens, and the tokenization must follow the
spec's normalization, not a package's own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from proxy.entities import normalize_text

_TOKEN = re.compile(r"\w+")


def tokens(text: str) -> list[str]:
    """Word tokens of the normalized text ("$4,500" -> ["4", "500"])."""
    return _TOKEN.findall(normalize_text(text))


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence (one-row dynamic programme)."""
    if len(a) < len(b):
        a, b = b, a
    row = [0] * (len(b) + 1)
    for x in a:
        diagonal = 0
        for j, y in enumerate(b, start=1):
            above = row[j]
            row[j] = diagonal + 1 if x == y else max(row[j], row[j - 1])
            diagonal = above
    return row[-1]


def rouge_l_f(prediction: str, reference: str) -> float:
    """ROUGE-L F1 between two texts; texts without word tokens match only if equal."""
    pred, ref = tokens(prediction), tokens(reference)
    if not pred or not ref:
        return 1.0 if normalize_text(prediction) == normalize_text(reference) else 0.0
    common = lcs_length(pred, ref)
    if common == 0:
        return 0.0
    precision, recall = common / len(pred), common / len(ref)
    return 2 * precision * recall / (precision + recall)
