"""Political affiliations where the sentence gives a person their politics; never a mild day or a name."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My aunt canvasses for the Scottish Greens every spring.", ["Scottish Greens"]),
        ("He's a card-carrying member of Plaid Cymru.", ["Plaid Cymru"]),
        ("She would call herself a lifelong Labour supporter, and", ["lifelong Labour supporter"]),
        ("I would call myself centre-left.", ["centre-left"]),
        ("Thanh is fairly conservative, and", ["conservative"]),
        ("Party: Trinamool Congress\nCity: Kolkata", ["Trinamool Congress"]),
    ],
)
def test_affiliations_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Political Affiliation") == expected


@pytest.mark.parametrize("text", ["The weather was fairly moderate today.", "I would call myself lucky.",
                                  "I would call myself Maria, but everyone says Mia."])
def test_no_affiliation(text: str) -> None:
    assert pattern_texts(text, "Political Affiliation") == []
