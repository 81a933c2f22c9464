"""Disability status in everyday words: aid users, aids in use, and adjectives said of a person."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Room 3: Pilar Romero, 76, wheelchair user, arriving late", ["wheelchair user"]),
        ("Karimi, who uses a wheelchair, coordinates our Tuesday rota", ["uses a wheelchair"]),
        ("she needs help at the airport: she uses a wheelchair for distances.", ["uses a wheelchair"]),
        ("she's 70-ish, uses a walking frame. He grabbed her hand", ["walking frame"]),
        ("He asked about parking; he has a blue badge for his MS.", ["blue badge"]),
        ("a railway mechanic who was already going deaf and pretended not to be", ["deaf"]),
        ("He is profoundly deaf in his left ear and lip-reads", ["profoundly deaf in his left ear"]),
        ("She was seventy-two and nearly blind", ["nearly blind"]),
        ("I am hard of hearing, so please text", ["hard of hearing"]),
    ],
)
def test_disability_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Disability Status") == expected


@pytest.mark.parametrize("text", ["My complaints fell on deaf ears.", "She set me up on a blind date.",
                                  "Check the blind spot before you pull out.", "The wheelchair ramp is broken."])
def test_no_disability(text: str) -> None:
    assert pattern_texts(text, "Disability Status") == []
