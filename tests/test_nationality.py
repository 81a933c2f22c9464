"""Nationalities where the sentence gives a demonym to a person; never food, places or ethnic backgrounds."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nationality: South Korean\nPassport: M48213077", ["South Korean"]),
        ("He is a Turkish national living in Berlin.", ["Turkish"]),
        ("Holds a Kenyan passport and a Polish licence.", ["Kenyan", "Polish"]),
        ("I'm Iranian, so my permit matters.", ["Iranian"]),
        ("Candidate: Ana Lima\n- 42, Brazilian, based in Porto", ["Brazilian"]),
        ("She's Ghanaian-British and works in Leeds.", ["Ghanaian-British"]),
        ("I am 17 and Uzbek, and I am applying", ["Uzbek"]),
        ("I'm half Italian, half Dutch, which explains the surname.", ["Italian", "Dutch"]),
        ("She is 35, Chinese with ILR, a pharmacist", ["Chinese"]),
        ("Ingrid is a 41-year-old Norwegian computational linguist.", ["Norwegian"]),
        ("The Turkish-born 52-year-old opened the shop in 1999.", ["Turkish"]),
    ],
)
def test_nationalities_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Nationality") == expected


@pytest.mark.parametrize(
    "text",
    ["I love Italian food.", "The restaurant is Thai.", "I'm Scottish on both sides of the family.",
     "Is French harder than Spanish?", "My Italian teacher is great.", "We need an Italian chef for the party."],
)
def test_no_nationality(text: str) -> None:
    assert pattern_texts(text, "Nationality") == []
