"""Healthcare facilities by their kind word, and places of study named by their relation to a person."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mum moved into Birchwood Care Home last month.", ["Birchwood Care Home"]),
        ("He died peacefully at St Luke's Hospice, Exeter.", ["St Luke's Hospice"]),
        ("I'm a nurse with St Vincent's Hospital Sydney. I start at 7.", ["St Vincent's Hospital Sydney"]),
        ("Dr Lee, GP partner, Orchard Lane Surgery", ["Orchard Lane Surgery"]),
        ("She was born at the Royal Brisbane and Women's Hospital.", ["Royal Brisbane and Women's Hospital"]),
    ],
)
def test_facilities_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Healthcare Facility") == expected


@pytest.mark.parametrize("text", ["The Hospital was busy.", "We donate to the Harbour Hospice Trust every year."])
def test_no_facility(text: str) -> None:
    assert pattern_texts(text, "Healthcare Facility") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("She is a PhD candidate at McGill, and", ["McGill"]),
        ("did my MSc at KTH in the evenings", ["KTH"]),
        ("btw my uni is UCL lol", ["UCL"]),
    ],
)
def test_places_of_study(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Educational Institution") == expected


def test_a_school_year_is_not_a_school() -> None:
    assert pattern_texts("All students in Year 6 at the school", "Educational Institution") == []
