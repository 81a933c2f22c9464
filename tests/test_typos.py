"""Misspelt common words and very common words (proxy/detectors/typos.py), as the name step uses them."""

from __future__ import annotations

import pytest

from proxy.detectors.typos import is_common_word, is_typo


@pytest.mark.parametrize("word", ["Quikc", "joiend", "Besiides", "birrth", "sleler", "teannt"])
def test_a_swapped_or_doubled_letter_is_a_typo(word: str) -> None:
    assert is_typo(word)


def test_a_missing_letter_counts_only_when_asked() -> None:
    assert not is_typo("accont")
    assert is_typo("accont", missing_letter=True)


@pytest.mark.parametrize("word", ["Neves", "Techer", "Sayed", "Uniqlo", "Ergül", "Noor", "Maria", "quick"])
def test_names_short_words_and_real_words_are_no_typos(word: str) -> None:
    assert not is_typo(word)  # surnames one letter from a word need `missing_letter`, which the step gives only
                              # to a lower-case word alone


@pytest.mark.parametrize(("word", "common"), [("Lovely", True), ("Great", True), ("Grace", False), ("Mark", False),
                                              ("Levaya", False), ("Amber", False)])
def test_a_common_word_is_no_given_name(word: str, common: bool) -> None:
    assert is_common_word(word) is common
