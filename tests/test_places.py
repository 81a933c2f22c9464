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


# ---------------------------------------------------------------- gazetteer: known towns in a place frame


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm a vet in Truro now, which Nan still brags about.", ["Truro"]),
        ("Driving from St. Louis to Lake Louise with two kids.", ["St. Louis"]),
        ("He got a speeding ticket near Inverness.", ["Inverness"]),
        ("She has asked for a move to the Leeds office.", ["Leeds"]),
        ("Baptiste will move to the Marseille depot from 1 November.", ["Marseille"]),
        ("Olga Petrenko\nData Analyst · Kraków · olga@example.com", ["Kraków"]),
        ("frontend dev @ Shopify | Ottawa 🍁 | queer & proud", ["Ottawa"]),
        ("we moved to Florence in 2019", ["Florence"]),
        ("born in Krakow in 1990", ["Krakow"]),  # the list also holds each name without accents
        ("Born in 1948, came to Leicester in 1972.", ["Leicester"]),
        ("my cousin is coming to Marseille next week", ["Marseille"]),
    ],
)
def test_gazetteer_towns_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "City/Region") == expected


@pytest.mark.parametrize(
    "text",
    [
        "I wrote to Florence about the rota.",  # "to" without travel: a person
        "the number 12 bus going toward Martin Luther King Jr Blvd",  # the run is longer than the town
        "I ordered a suit from Marks & Spencer online.",
        "I'm at Salford Royal for my MRI.",  # a hospital, and "at" is not a place frame on its own
        "He lost his job in March.",  # a month GeoNames also lists as a town
        "We met in Narnia last year.",  # not in the gazetteer
        "When it comes to Florence, she decides.",  # an idiom, not travel
    ],
)
def test_gazetteer_needs_a_known_town_in_a_frame(text: str) -> None:
    assert pattern_texts(text, "City/Region") == []


def test_gazetteer_yields_to_a_longer_reading() -> None:
    """Its score is below every other detector's, so "Leicester Royal Infirmary" stays one facility."""
    from proxy.recognizers.gazetteer import SCORE
    from proxy.recognizers.registry import default_recognizers

    others = [p.score for r in default_recognizers() if r.name != "gazetteer" for p in r.patterns]
    assert SCORE < min(others)


def test_gazetteer_list_is_the_shipped_file() -> None:
    from proxy.recognizers.gazetteer import DATA, place_names

    names = place_names()
    assert DATA.stat().st_size < 400_000
    assert {"Truro", "Kraków", "Krakow", "Alabama", "St. Louis"} <= names
    assert "March" not in names and "Mon" not in names
