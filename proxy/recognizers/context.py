"""Context keywords: the words around a match that confirm it or decide its tag.

Look-alike values (a 9-digit number, a dollar amount, a percentage) are told
apart by the nearest telling word, the way a human reader does it: "tax ID
123456789" vs "student number 123456789". Keywords are word phrases matched
on `ScanText`'s word index, which is far cheaper per candidate than a regex.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass

from local_models.keyword_notation import expand
from proxy.recognizers.scan import ScanText

# The label of words that say a value is something else ("order 12345", "1.5 m wide"):
# when such a word is the nearest, the match is dropped.
NOT_PII = "not-pii"
# A question's end and the answer's speaker label, in a transcript or a form: "...number? A: ", "...you, Nour?
# VOLUNTEER: ". What follows it answers the question, whose label words then name the value.
AFTER_A_QUESTION = r"\?[ \t]*\n?[ \t]*(?:[A-Za-z][\w .'’-]{0,24}:[ \t]*)?"
WEAK_PENALTY = 24

_SPLIT = re.compile(r"[\s\-/]+")


@dataclass(frozen=True, slots=True)
class ContextHit:
    """The nearest keyword found around a span and the label it stands for."""

    label: str
    keyword: str
    distance: int  # characters between the keyword and the span
    before: bool  # True when the keyword precedes the span


@dataclass(frozen=True, slots=True)
class _Phrase:
    words: tuple[str, ...]
    label: str
    exact_case: bool
    penalty: int  # extra distance for weak words ("made" says income less than "salary")


class Keywords:
    """Keyword phrases, each standing for a label (usually a tag).

    A spec is a phrase with brace alternatives ("tax {id,number}", "{bank ,}account");
    hyphens and spaces both separate words, so "debt to income" also matches
    "debt-to-income". A phrase starting with "=" matches case-sensitively (acronyms
    such as "=TIN" must not fire on "tin"); one starting with "~" is a weak hint
    that counts as if it were `WEAK_PENALTY` characters further away, so "made
    $2,000 from investments" goes to the investment, not to "made". At one
    position the longest phrase wins, then the earlier entry; a phrase listed
    twice keeps its first label.
    """

    __slots__ = ("_by_first", "_first_words")

    def __init__(self, entries: Iterable[tuple[str, str]]) -> None:
        by_first: dict[str, list[_Phrase]] = {}
        seen: set[tuple[tuple[str, ...], bool]] = set()
        for spec, label in entries:
            for phrase in expand(spec):
                weak = phrase.startswith("~")
                phrase = phrase.lstrip("~")
                exact = phrase.startswith("=")
                words = tuple(w.replace("’", "'") for w in _SPLIT.split(phrase.lstrip("=").strip()) if w)
                if not exact:
                    words = tuple(w.lower() for w in words)
                if not words or (words, exact) in seen:
                    continue
                seen.add((words, exact))
                penalty = WEAK_PENALTY if weak else 0
                by_first.setdefault(words[0].lower(), []).append(_Phrase(words, label, exact, penalty))
        for phrases in by_first.values():
            phrases.sort(key=lambda p: -len(p.words))  # stable: ties keep entry order
        self._by_first = by_first
        self._first_words = frozenset(by_first)

    @classmethod
    def for_label(cls, label: str, specs: Iterable[str]) -> Keywords:
        """Keywords that all stand for one label (a recognizer's boost words)."""
        return cls((spec, label) for spec in specs)

    @property
    def first_words(self) -> frozenset[str]:
        """The lower-case words keyword phrases start with."""
        return self._first_words

    def may_occur(self, doc: ScanText) -> bool:
        """False when no keyword can be in the text: patterns that need context may skip it."""
        return bool(doc.indexes_of(self._first_words))

    def _match_at(self, doc: ScanText, i: int, stop: int) -> tuple[_Phrase, int] | None:
        """The longest phrase starting at word `i` and ending before word `stop`, with its last word index."""
        starts, ends, lower = doc.words
        for phrase in self._by_first[lower[i]]:
            n = len(phrase.words)
            if i + n > stop:
                continue
            if phrase.exact_case:
                text = doc.text
                same = all(text[starts[i + k] : ends[i + k]] == phrase.words[k] for k in range(n))
            else:
                same = all(lower[i + k] == phrase.words[k] for k in range(n))
            if same:
                return phrase, i + n - 1
        return None

    def nearest(
        self,
        doc: ScanText,
        start: int,
        end: int,
        *,
        before: int = 48,
        after: int = 24,
        after_weight: float = 2.0,
    ) -> ContextHit | None:
        """The keyword closest to the span [start, end) within the window, or None.

        The window before stops at a sentence end, the one after at a clause
        break; words after the span count `after_weight` times their distance,
        since people label a value before it ("salary of $X") more than after.
        Only words that can begin a keyword are visited (`ScanText.indexes_of`).
        """
        candidates = doc.indexes_of(self._first_words)
        if not candidates:
            return None
        starts, ends, _ = doc.words
        best: ContextHit | None = None
        best_cost = float("inf")
        if before > 0:
            window = doc.word_range(doc.window_start(start, before), start)
            k = bisect_left(candidates, window.start)
            next_free = window.start
            while k < len(candidates) and candidates[k] < window.stop:
                i = candidates[k]
                k += 1
                if i < next_free:
                    continue  # inside a phrase already matched (leftmost-longest, like a regex scan)
                found = self._match_at(doc, i, window.stop)
                if found is not None:
                    phrase, last = found
                    distance = start - ends[last]
                    if distance + phrase.penalty <= best_cost:  # nearer, or as near and later
                        best_cost = distance + phrase.penalty
                        best = ContextHit(phrase.label, doc.text[starts[i] : ends[last]], distance, True)
                    next_free = last + 1
        if after > 0:
            window = doc.word_range(end, doc.window_end(end, after))
            k = bisect_left(candidates, window.start)
            while k < len(candidates) and candidates[k] < window.stop:
                i = candidates[k]
                k += 1
                found = self._match_at(doc, i, window.stop)
                if found is None:
                    continue
                phrase, last = found
                distance = starts[i] - end
                if distance * after_weight + phrase.penalty < best_cost:
                    best_cost = distance * after_weight + phrase.penalty
                    best = ContextHit(phrase.label, doc.text[starts[i] : ends[last]], distance, False)
                if not phrase.penalty:
                    break  # later words are further away
        return best
