"""Landmarks named by their kind of place, without swallowing neighbouring words or other organizations."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


def landmarks(text: str) -> list[str]:
    return pattern_texts(text, "Landmark")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Yesterday Snow Hill Station was closed, so I walked.", ["Snow Hill Station"]),
        ("The funeral is at St Aidan's Church on Friday.", ["St Aidan's Church"]),
        ("We swam in Lake Ohrid and stayed at Hotel Belvedere.", ["Lake Ohrid", "Hotel Belvedere"]),
        ("Tickets for the Bristol Museum of Art, please.", ["Bristol Museum of Art"]),
        ("Meet me at Gare de Lyon.", ["Gare de Lyon"]),
        # kinds in lower case after the name, and venues
        ("She was followed from Moor Street station by a man.", ["Moor Street station"]),
        ("Land at Lisbon airport, then meet at the Kings Arms Pub.", ["Lisbon airport", "Kings Arms Pub"]),
        ("a kickflip at Southbank Undercroft, it's a legal skate spot", ["Southbank Undercroft"]),
    ],
)
def test_landmarks_found(text: str, expected: list[str]) -> None:
    assert landmarks(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Mount Sinai Hospital called me back.",  # a hospital
        "Salt Lake City in winter is cold.",  # a city
        "I met Stuart Hall and Jenny Park for lunch.",  # people
        "the museum was closed and the bridge was busy",
        "She volunteers at Friends of Nagasaki Library on weekends.",  # a charity, not a place
    ],
)
def test_no_landmark(text: str) -> None:
    assert landmarks(text) == []
