"""`ScanText`: a prompt plus the lookups every recognizer shares, computed once.

Context checks run for every candidate match and ~50 patterns scan every
prompt, so the shared work (words, sentence breaks, digit runs) is done once
per text, and patterns can say where their matches may start (`Anchors`)
instead of scanning all of it. That is what keeps detection in the
low milliseconds on a 1,000-character prompt.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import TypeAlias

# A cheap test that a text may hold a pattern's match at all, so the pattern's
# scan can be skipped: substrings (any present), a regex (found), or a predicate.
Gate: TypeAlias = "tuple[str, ...] | re.Pattern[str] | Callable[[ScanText], bool]"
# Where a pattern's matches may start, when that is cheaper to find than
# scanning with the pattern itself (see the factories at the end).
Anchors: TypeAlias = "Callable[[ScanText], list[int]]"

_WORD = re.compile(r"\w+(?:['’]\w+)*")
_DIGITS = re.compile(r"\d+")
# Characters that may sit between the digit groups of one written number.
_NUMBER_GLUE = frozenset(" -./,:()+\u00a0")

# Punctuation that may end a sentence or a clause; classified in Python below,
# which is much cheaper than a regex with look-behinds run over the whole text.
_BREAK = re.compile(r"[.!?;,:(\n]")
# A period after a short capitalised word ("No.", "Dr.", "Mar.", "U.S.") or a
# known abbreviation ("no.", "approx.") does not end the sentence: "passport no. X1234567".
_ABBREVIATION = re.compile(r"(?:\b[A-Z][a-z]{0,3}|\b(?:no|nr|approx|e\.g|i\.e|etc|vs|tel|ph|emp|adm))\Z")  # "emp. no. X"


class ScanText:
    """The text under analysis with lazily built, memoised indexes."""

    __slots__ = ("__dict__", "_memo", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._memo: dict[object, object] = {}  # gate results and anchor lists

    # -- words -------------------------------------------------------------

    @cached_property
    def words(self) -> tuple[list[int], list[int], list[str]]:
        """(starts, ends, lower-case words with ’ as '), in text order."""
        lowered = self.text.lower()
        if len(lowered) != len(self.text):  # a few letters change length when lowered
            matches = list(_WORD.finditer(self.text))
            lower = [m.group().lower() for m in matches]
        else:
            matches = list(_WORD.finditer(lowered))
            lower = [m.group() for m in matches]
        if "’" in self.text:
            lower = [w.replace("’", "'") for w in lower]
        return [m.start() for m in matches], [m.end() for m in matches], lower

    @cached_property
    def mixed_words(self) -> list[int]:
        """Indexes of the words made of letters and digits ("DE89", "ABCPK1234D"):
        where most alphanumeric identifiers start."""
        return [i for i, word in enumerate(self.words[2]) if not word.isalpha() and not word.isdigit()]

    def word_range(self, lo: int, hi: int) -> range:
        """Indexes of the words lying entirely within [lo, hi)."""
        starts, ends, _ = self.words
        first = bisect_left(starts, lo)
        return range(first, max(first, bisect_right(ends, hi)))

    @cached_property
    def _word_index(self) -> dict[str, list[int]]:
        index: dict[str, list[int]] = {}
        for i, word in enumerate(self.words[2]):
            index.setdefault(word, []).append(i)
        return index

    def indexes_of(self, vocabulary: frozenset[str]) -> list[int]:
        """Indexes (into `words`) of the words whose lower-case form is in `vocabulary`, sorted."""
        key = ("indexes", vocabulary)
        result = self._memo.get(key)
        if result is None:
            index = self._word_index
            present = vocabulary.intersection(index)
            result = sorted(i for word in present for i in index[word])
            self._memo[key] = result
        return result  # type: ignore[return-value]

    def positions_of(self, vocabulary: frozenset[str]) -> list[int]:
        """Start offsets of the words whose lower-case form is in `vocabulary`."""
        starts = self.words[0]
        return [starts[i] for i in self.indexes_of(vocabulary)]

    # -- sentence and clause breaks -----------------------------------------

    @cached_property
    def _breaks(self) -> tuple[list[int], list[int]]:
        """(sentence ends, clause starts): where context before / after a value stops.

        Sentences end at ". ", "! ", "? ", ";" or a blank line. After a value a clause
        break also ends its context: in "Tax ID: 12-3456789, Student ID: 123" the
        word "Student" labels the next value, not this one.
        """
        text = self.text
        size = len(text)
        sentence_ends: list[int] = []
        clause_starts: list[int] = []
        for match in _BREAK.finditer(text):
            pos = match.start()
            char = text[pos]
            if char == "\n":
                clause_starts.append(pos)
                if text[pos + 1 : pos + 8].lstrip(" \t\r").startswith("\n"):
                    sentence_ends.append(pos + 1)
            elif char == ";":
                sentence_ends.append(pos + 1)
                clause_starts.append(pos)
            elif char in ".!?":
                ends_sentence = pos + 1 < size and text[pos + 1].isspace()
                if ends_sentence and (char != "." or not _ABBREVIATION.search(text, max(0, pos - 8), pos)):
                    sentence_ends.append(pos + 1)
                    clause_starts.append(pos)
            else:
                clause_starts.append(pos)
        return sentence_ends, clause_starts

    def window_start(self, start: int, size: int) -> int:
        """Where the context before `start` begins: `size` back, but not past a sentence end."""
        ends = self._breaks[0]
        i = bisect_right(ends, start) - 1
        return max(start - size, ends[i] if i >= 0 else 0, 0)

    def window_end(self, end: int, size: int) -> int:
        """Where the context after `end` stops: `size` on, but not past a clause break."""
        starts = self._breaks[1]
        i = bisect_left(starts, end)
        return min(end + size, starts[i] if i < len(starts) else len(self.text))

    # -- written numbers ------------------------------------------------------

    @cached_property
    def numbers(self) -> list[tuple[list[int], int]]:
        """Written numbers as (start offsets of their digit groups, total digits).

        Digit groups joined by at most two of " -./,:()+" form one number, so
        "4539 1488 0343 6467" is one 16-digit number and "(415) 555-0132" one
        10-digit number.
        """
        text = self.text
        numbers: list[tuple[list[int], int]] = []
        group_starts: list[int] = []
        digits = 0
        last_end = -10
        for match in _DIGITS.finditer(text):
            start, end = match.span()
            gap = text[last_end:start]
            if not (group_starts and len(gap) <= 2 and all(c in _NUMBER_GLUE for c in gap)):
                if group_starts:
                    numbers.append((group_starts, digits))
                group_starts, digits = [], 0
            group_starts.append(start)
            digits += end - start
            last_end = end
        if group_starts:
            numbers.append((group_starts, digits))
        return numbers

    # -- gates ------------------------------------------------------------------

    def admits(self, gate: Gate | None) -> bool:
        """Whether `gate` lets a pattern run on this text (memoised: gates are shared)."""
        if gate is None:
            return True
        result = self._memo.get(gate)
        if result is None:
            if isinstance(gate, tuple):
                result = any(part in self.text for part in gate)
            elif isinstance(gate, re.Pattern):
                result = gate.search(self.text) is not None
            else:
                result = bool(gate(self))
            self._memo[gate] = result
        return bool(result)


# -- anchor factories -------------------------------------------------------------


def word_anchors(words: Iterable[str]) -> Anchors:
    """Anchors at the words of `words` (case-insensitive), for patterns that start
    with one of a known set of words ("Tuesday", "twenty"): a set lookup per word
    is far cheaper than `re` scanning a long alternation."""
    vocabulary = frozenset(word.lower() for word in words)

    def anchors(doc: ScanText) -> list[int]:
        return doc.positions_of(vocabulary)

    return anchors


def phrase_anchors(phrases: Iterable[str]) -> Anchors:
    """Anchors at the first word of any of `phrases` ("cystic fibrosis" -> "cystic"), split into
    words the way `ScanText` splits the text, so "Jehovah's Witness" starts at "jehovah's"."""
    return word_anchors(m.group() for phrase in phrases if (m := _WORD.search(phrase)))


def backward_anchors(
    trigger: re.Pattern[str] | tuple[re.Pattern[str], ...], tail: re.Pattern[str], reach: int = 32
) -> Anchors:
    """Anchors for patterns whose rare part comes last ("34 years old", "4,500 USD").

    `trigger` finds the rare part quickly; `tail` (ending in `\\Z`) then finds,
    within `reach` characters before it, where the pattern would have to start.
    Several triggers may be given: `re` scans a few simple patterns (literal
    words; one character class) faster than their mixed alternation.
    """
    triggers = trigger if isinstance(trigger, tuple) else (trigger,)

    def anchors(doc: ScanText) -> list[int]:
        text = doc.text
        found: set[int] = set()
        for regex in triggers:
            for match in regex.finditer(text):
                start = match.start()
                head = tail.search(text, max(0, start - reach), start)
                if head is not None:
                    found.add(head.start())
        return sorted(found)

    return anchors


def number_anchors(min_digits: int, min_groups: int = 1) -> Anchors:
    """Anchors at the digit groups of written numbers with at least `min_digits`
    digits in at least `min_groups` groups: a card number needs 13 digits, an
    ISO date three groups, so most numbers in a prompt are never tried."""
    key = ("numbers", min_digits, min_groups)

    def anchors(doc: ScanText) -> list[int]:
        result = doc._memo.get(key)
        if result is None:
            result = [
                start
                for group_starts, digits in doc.numbers
                if digits >= min_digits and len(group_starts) >= min_groups
                for start in group_starts
            ]
            doc._memo[key] = result
        return result  # type: ignore[return-value]

    return anchors


def near_keywords(first_words: frozenset[str], before: int, after: int, *, digits_only: bool = False) -> Anchors:
    """Anchors at the words around keyword occurrences, for patterns that count
    only with a keyword near (a 9-digit number after "TIN"): the text between
    keywords is never scanned. `first_words` are the words the keywords start
    with (`Keywords.first_words`); `before`/`after` the recognizer's context
    window: how far a keyword may precede / follow the match. With
    `digits_only`, only words holding a digit, or followed by "-", "/" or "#"
    ("HR-2019-0042"), are anchors: where an identifier can start.
    """
    vocabulary = first_words
    key = ("near", vocabulary, before, after, digits_only)

    def anchors(doc: ScanText) -> list[int]:
        result = doc._memo.get(key)
        if result is None:
            starts, ends, lower = doc.words
            hits = doc.indexes_of(vocabulary)
            found: set[int] = set()
            for i in hits:
                # a match may start up to `before` after the keyword, or end up
                # to `after` before it (allow 24 characters for its own length)
                lo, hi = starts[i] - after - 24, ends[i] + before
                found.update(range(bisect_left(starts, lo), bisect_right(starts, hi)))
            if digits_only:
                text = doc.text
                found = {i for i in found if not lower[i].isalpha() or text[ends[i] : ends[i] + 1] in ("-", "/", "#")}
            result = [starts[i] for i in sorted(found)]
            doc._memo[key] = result
        return result  # type: ignore[return-value]

    return anchors


def mixed_word_anchors(accept: Callable[[str], bool]) -> Anchors:
    """Anchors at letter-and-digit words whose lower-case form passes `accept`
    (a cheap shape test such as "10 characters, digits in the middle")."""

    def anchors(doc: ScanText) -> list[int]:
        starts, _, lower = doc.words
        return [starts[i] for i in doc.mixed_words if accept(lower[i])]

    return anchors
