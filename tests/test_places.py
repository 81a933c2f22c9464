"""Towns in frames that say a place stands there: "X calls <town> home", a city label, "the city on file is"."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My aunt calls Abeokuta home.", ["Abeokuta"]),
        ("they call tulsa home and love it", ["tulsa"]),
        ("I call Stratford upon Avon home", ["Stratford upon Avon"]),
        ('[{"age": 40, "city": "Rennes", "job": "baker"}]', ["Rennes"]),
        ("Place of birth: Hai Phong\nNationality: Vietnamese", ["Hai Phong"]),
        ("the hometown on file for her is Lekki. Post goes", ["Lekki"]),
    ],
)
def test_places_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "City/Region") == expected


@pytest.mark.parametrize("text", ["I call my mum home every day.", "Call Mike at home after six.",
                                  "They call it home now."])
def test_no_place(text: str) -> None:
    assert pattern_texts(text, "City/Region") == []
