"""Bare ages among a person's attributes: a list item beside a nationality, gender, job or height; "now 67"; "27F"."""

from __future__ import annotations

import pytest

from proxy.detectors.age_spans import bare_ages
from proxy.entities import Entity


def ent(text: str, value: str, tag: str) -> Entity:
    start = text.index(value)
    return Entity(value, start, start + len(value), tag, 0.9, "gliner")


def ages(text: str, *found: tuple[str, str]) -> list[str]:
    return [e.text for e in bare_ages(text, [ent(text, v, t) for v, t in found]) if e.tag == "Age"]


@pytest.mark.parametrize(
    ("text", "found", "expected"),
    [
        ("Jonah is lovely, 24, Israeli, and finishing his PhD.", [("Israeli", "Nationality")], ["24"]),
        ("about me: woman, 34, 5'6\", brazilian", [("woman", "Gender"), ("5'6\"", "Height")], ["34"]),
        ("Candidate: Thiago Ferreira\n- 42, Brazilian, based in Lisbon", [("Brazilian", "Nationality")], ["42"]),
        ("Fatima Benali (DOB 12/11/1979), 45, a primary school teacher", [("primary school teacher", "Occupation")],
         ["45"]),
        ("My mother, Lurdes Ferreira-Costa, now 67, still keeps the shop.", [], ["67"]),
        ("27F, 163cm, 54kg, non smoker", [("163cm", "Height")], ["27"]),
    ],
)
def test_bare_ages_found(text: str, found: list[tuple[str, str]], expected: list[str]) -> None:
    assert ages(text, *found) == expected


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Invoices 12, 14, 16 are late.", []),  # no attribute beside the numbers
        ("We raised £41M, 3 rounds.", []),  # money, not a chat's age and sex
        ("Rooms 12, 14, Irish pub upstairs", []),  # only a neighbour of the right kind counts
        ("woman, 7, Irish", [("woman", "Gender"), ("Irish", "Nationality")]),  # under 13: not read as an age
    ],
)
def test_no_bare_age(text: str, found: list[tuple[str, str]]) -> None:
    assert ages(text, *found) == []


def test_the_letter_of_a_chats_age_and_sex_is_the_gender() -> None:
    text = "throwaway. me (29M) and my brother Marco (33M) have always been close. Her: 27F, nurse."
    got = [(e.text, e.tag) for e in bare_ages(text, []) if e.tag == "Gender"]
    assert got == [("M", "Gender"), ("M", "Gender"), ("F", "Gender")]
    assert [e.tag for e in bare_ages("We raised £41M, 3 rounds.", [])] == []  # money: no age, no gender
