"""Ethnic backgrounds in "X is <group> on both sides" and "background is <Group>"; not fields of work."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My neighbour Ana is Basque on both sides.", ["Basque"]),
        ("i'm punjabi on both sides lol", ["punjabi"]),
        ("His background is Assyrian. He moved here in 2010.", ["Assyrian"]),
        ("She's Cape Malay on both sides of the family.", ["Cape Malay"]),
    ],
)
def test_ethnicity_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Ethnicity") == expected


@pytest.mark.parametrize("text", ["His background is in finance.", "My background is engineering.",
                                  "The paint is white on both sides."])
def test_no_ethnicity(text: str) -> None:
    assert pattern_texts(text, "Ethnicity") == []
