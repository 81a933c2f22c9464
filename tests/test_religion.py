"""Faith names with their denomination; not inside a person's, school's or charity's name."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hassan is a practising Sunni Muslim.", ["Sunni Muslim"]),
        ("She sang at the Methodist chapel for years.", ["Methodist"]),
        ("Tunde is a Jehovah's Witness, so no transfusions.", ["Jehovah's Witness"]),
        ("he's Dutch Reformed so the wedding is in church", ["Dutch Reformed"]),
        ("im sikh and vegetarian, ideas?", ["sikh"]),
        ("my boss considers himself ismaili. the", ["ismaili"]),
        ("i consider myself seventh-day adventist and", ["seventh-day adventist"]),
        ("65yo / Unitarian Universalist / center-right voter", ["Unitarian Universalist"]),
    ],
)
def test_faiths_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Religious Belief") == expected


@pytest.mark.parametrize(
    "text",
    ["Christian Bale was great in it.", "Ask Priya Jain about the budget.", "We gave to Muslim Aid.",
     "She studied at Catholic University of Leuven.", "an orthodox approach to testing"],
)
def test_no_faith(text: str) -> None:
    assert pattern_texts(text, "Religious Belief") == []
