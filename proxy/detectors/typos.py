"""Misspelt common words ("Quikc", "joiend", "accont"), which the name model reads as names.

Casual text has typos, and a typo is a word no dictionary knows, like most surnames: the model tags it, and
attribution then makes a second person of it who takes the writer's facts. A word counts as a typo when it is
unknown to pyspellchecker's English word list, is no given name Veil knows, and one common slip away from a
common English word: two neighbouring letters swapped ("joiend" -> "joined") or a letter doubled ("birrth" ->
"birth"); with `missing_letter`, also a letter left out ("accont" -> "account"). Surnames can be one slip away
from a word too ("Neves" / "nerves", "Techer" / "teacher"), so the name step applies this only where a name is
unlikely anyway (see `name_spans`). `is_common_word` serves the same step: a very common word alone ("Lovely.")
opening a turn is an interjection.
"""

from __future__ import annotations

import functools
import string

from proxy.subjects import given_name_genders

MIN_LETTERS = 5  # shorter words are too often a short name one slip away from a word ("Noor" / "nor")
MIN_FREQUENCY = 1e-6  # the corrected word's share of English text: common words only
COMMON_FREQUENCY = 1e-5  # a word this common in English text is a word first ("Lovely", "Great", "Perfect")


@functools.cache
def _english():  # noqa: ANN202 - spellchecker has no type hints
    from spellchecker import SpellChecker  # noqa: PLC0415 - a 636 kB list, ~18 MB in memory: on first use

    return SpellChecker(language="en", distance=1)


def load_word_list() -> None:
    """Read the English word list now (~0.1 s), so that the first request does not."""
    _english()


def is_common_word(word: str) -> bool:
    """Whether `word` is a common English word and no one-gender given name ("Lovely" but not "Grace")."""
    folded = word.lower()
    return (folded.isalpha() and folded not in given_name_genders()
            and _english().word_usage_frequency(folded) >= COMMON_FREQUENCY)


def _swaps_and_doubles(word: str) -> set[str]:
    out = {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1)}
    out |= {word[:i] + word[i + 1:] for i in range(1, len(word)) if word[i] == word[i - 1]}
    return out


def _insertions(word: str) -> set[str]:
    return {word[:i] + c + word[i:] for i in range(1, len(word) + 1) for c in string.ascii_lowercase}


@functools.lru_cache(maxsize=4096)
def is_typo(word: str, *, missing_letter: bool = False) -> bool:
    """Whether `word` is a misspelling of a common English word (see the module doc)."""
    folded = word.lower()
    if len(folded) < MIN_LETTERS or not folded.isascii() or not folded.isalpha() or folded in given_name_genders():
        return False
    english = _english()
    if folded in english:
        return False
    fixes = _swaps_and_doubles(folded) | (_insertions(folded) if missing_letter else set())
    return any(english.word_usage_frequency(fix) >= MIN_FREQUENCY for fix in fixes - {folded})
