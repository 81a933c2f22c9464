"""Ethnic backgrounds in "X is <group> on both sides", "background is <Group>" and "of <Group> heritage"; not fields of
work."""

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
        ("Kwame is a 21-year-old student of Ashanti background at KNUST.", ["Ashanti"]),
        ("She is 17, of British Jamaican heritage.", ["British Jamaican"]),
        ("A family of Somali origin runs the shop.", ["Somali"]),
        # a group's own name, where no language word is next to it
        ("A Kikuyu from Nyeri, she is 39, Catholic, and open about it.", ["Kikuyu"]),
        ("Ms Nguyen is Kinh and Buddhist.", ["Kinh"]),
        ("Born in Lagos to Yoruba parents, Tunde moved to Houston at 12.", ["Yoruba"]),
    ],
)
def test_ethnicity_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Ethnicity") == expected


@pytest.mark.parametrize("text", ["His background is in finance.", "My background is engineering.",
                                  "The paint is white on both sides.", "a theory of The origin of species",
                                  "a student of mixed heritage", "She speaks Yoruba at home.",
                                  "I signed up for Quechua lessons in Cusco.",
                                  # a group's name inside a longer name: a person's, a street's, a school's
                                  "Student: Lim Jia Tamil, Secondary 3", "Address: Col. Quechua Sur, C.P. 06760",
                                  "Associate Professor, School of Maori and Indigenous Studies"])
def test_no_ethnicity(text: str) -> None:
    assert pattern_texts(text, "Ethnicity") == []
