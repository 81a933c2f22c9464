"""Public bodies named by their kind word (proxy/recognizers/public_bodies.py)."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Father is retired teacher from the Ministry of Education, his pension is EGP 4,200", ["Ministry of Education"]),
        ("Embassy of the Federal Republic of Germany, Visa Section, Nairobi", ["Embassy of the Federal Republic of Germany"]),
        ("temporary protection with the Office for Foreigners. She is Ukrainian", ["Office for Foreigners"]),
        ("a letter from the Department for Work and Pensions about my PIP", ["Department for Work and Pensions"]),
        ("in line with Ministry of Health and Social Welfare guidelines", ["Ministry of Health and Social Welfare"]),
        ("I am dealing with the Minnesota Department of Revenue over", ["Minnesota Department of Revenue"]),
    ],
)
def test_a_public_body_named_by_its_kind_first(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Government Agency") == expected


@pytest.mark.parametrize(
    "text",
    [
        "I did my PhD in the Department of Computer Science at Leeds.",  # a university department
        "the ministry of silly walks",  # lower case: no name
        "Our office for the summer is in Leeds.",
    ],
)
def test_no_public_body(text: str) -> None:
    assert pattern_texts(text, "Government Agency") == []


def test_a_public_body_ends_before_a_pronoun() -> None:
    assert pattern_texts("The Ministry of Health and I disagree.", "Government Agency") == ["Ministry of Health"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Character reference for Mr Connor Devlin - Belfast Magistrates' Court", ["Belfast Magistrates' Court"]),
        ("Complaint to the Care Inspectorate regarding Bellfield House", ["Care Inspectorate"]),
        ("I'm 31, a paramedic with the London Ambulance Service, and I have asthma.", ["London Ambulance Service"]),
        ("The Mexican Consulate in Houston told me to keep my", ["Mexican Consulate"]),
        ("He was arrested by Thames Valley Police last year.", ["Thames Valley Police"]),
        ("a caution from Avon and Somerset Police in 2019", ["Avon and Somerset Police"]),
        # a longer capitalised run is another name, left to the model: not cut to "Austin Police"
        ("Report filed with the Austin Police Department on Monday", []),
    ],
)
def test_a_public_body_named_by_its_kind_last(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Government Agency") == expected
