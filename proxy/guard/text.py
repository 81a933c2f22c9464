"""Cutting request text into passages, and the word forms lexical matching compares.

Secrets are matched passage by passage (a sentence, or a few consecutive
sentences) rather than on whole fields, because a retrieved document may hold
one revealing sentence among twenty harmless ones: only that sentence should
become `<Secret>`, the rest is what the user needs answered.

Pure functions, no model: everything here is cheap and deterministic.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# A sentence ends at . ! ? … (optionally followed by closing quotes/brackets)
# before whitespace, or at a line break. Abbreviations ("Dr.") cut too early;
# that is harmless because matching also looks at windows of 2-3 sentences.
_BOUNDARY = re.compile(r"(?<=[.!?\u2026])[\"'\u2019\u201d)\]]*\s+|\n\s*")
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*", re.UNICODE)
MAX_WORDS = 48  # longer "sentences" (a run-on line, a table row) are cut: MiniLM reads 256 word pieces

_STOPWORDS_TEXT = """a an the and or but if then so of to in on at by for with from into onto about as is are was were be
    been being am do does did has have had having it its this that these those there here i me my mine we us
    our you your he him his she her they them their not no nor yet just very too also up out over under again
    will would shall should can could may might must s t d ll re ve m"""
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())


@dataclass(frozen=True, slots=True)
class Span:
    """Characters [start, end) of one field's text."""

    start: int
    end: int


def normalize(text: str) -> str:
    """Case-, width- and punctuation-insensitive form: "Northwind-Quasar!" -> "northwind quasar"."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(_WORD.findall(text.replace("\u2019", "'")))


def stem(word: str) -> str:
    """A deliberately light suffix stripper (resigns/resigned/resigning -> resign).

    Enough to make core facts survive inflection without pulling in a
    language-specific stemmer; semantic matching covers real paraphrase.
    """
    word = word.replace("'", "")
    for suffix, keep in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: len(word) - len(suffix)] + keep
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]  # stopped -> stop, planned -> plan
    return word


def word_forms(text: str) -> set[str]:
    """Stemmed words of `text`, stopwords included (a fact may be "not out")."""
    return {stem(w) for w in normalize(text).split()}


def content_words(text: str) -> list[str]:
    """Stemmed words of `text` without stopwords, in order."""
    return [stem(w) for w in normalize(text).split() if w not in STOPWORDS]


def sentence_spans(text: str) -> list[Span]:
    """Sentences of `text` as spans (whitespace between them excluded), long ones cut."""
    spans: list[Span] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        _add(text, start, match.start(), spans)
        start = match.end()
    _add(text, start, len(text), spans)
    return spans


def _add(text: str, start: int, end: int, spans: list[Span]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start >= end:
        return
    words = list(_WORD.finditer(text, start, end))
    if len(words) <= MAX_WORDS:
        spans.append(Span(start, end))
        return
    for i in range(0, len(words), MAX_WORDS):
        chunk = words[i : i + MAX_WORDS]
        piece_start = start if i == 0 else chunk[0].start()
        piece_end = end if i + MAX_WORDS >= len(words) else words[i + MAX_WORDS].start()
        _add_plain(text, piece_start, piece_end, spans)


def _add_plain(text: str, start: int, end: int, spans: list[Span]) -> None:
    while end > start and text[end - 1].isspace():
        end -= 1
    if start < end:
        spans.append(Span(start, end))


def word_count(text: str) -> int:
    return len(_WORD.findall(text))


def merge_spans(spans: list[Span], text: str) -> list[Span]:
    """Sorted union of `spans`; spans separated only by whitespace or punctuation merge."""
    merged: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.start, s.end)):
        if merged and not _WORD.search(text, merged[-1].end, max(merged[-1].end, span.start)):
            last = merged[-1]
            merged[-1] = Span(last.start, max(last.end, span.end))
        else:
            merged.append(span)
    return merged


def replace_spans(text: str, spans: list[Span], tag: str) -> str:
    """`text` with each (merged, non-overlapping) span replaced by `tag`."""
    out: list[str] = []
    cursor = 0
    for span in spans:
        out.append(text[cursor : span.start])
        out.append(tag)
        cursor = span.end
    out.append(text[cursor:])
    return "".join(out)
