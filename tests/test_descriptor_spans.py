"""A nationality or a party in front of a job is its own entity: [Nigerian] [pharmacist], [Labour] [councillor]."""

from __future__ import annotations

import pytest

from proxy.detectors.descriptor_spans import cut_at_clause, split_descriptors
from proxy.entities import Entity


def _occupation(text: str, phrase: str) -> Entity:
    start = text.index(phrase)
    return Entity(phrase, start, start + len(phrase), "Occupation", 0.8, "gliner")


@pytest.mark.parametrize(
    ("text", "phrase", "expected"),
    [
        ("The applicant, 34, is a Nigerian pharmacist.", "Nigerian pharmacist",
         [("Nigerian", "Nationality"), ("pharmacist", "Occupation")]),
        ("Hamid Karimi, an Afghan engineer, has given 200 hours.", "Afghan engineer",
         [("Afghan", "Nationality"), ("engineer", "Occupation")]),
        ("She is a Ghanaian-British marine biologist.", "Ghanaian-British marine biologist",
         [("Ghanaian-British", "Nationality"), ("marine biologist", "Occupation")]),
        ("has been a Labour councillor in Cardiff since 2017", "Labour councillor",
         [("Labour", "Political Affiliation"), ("councillor", "Occupation")]),
        ("As a Labour voter living on Elm Road", "Labour voter", [("Labour", "Political Affiliation")]),
        ("PROFILE\nVietnamese UX researcher with 7 years", "Vietnamese UX researcher",
         [("Vietnamese", "Nationality"), ("UX researcher", "Occupation")]),
    ],
)
def test_descriptor_split_off(text: str, phrase: str, expected: list[tuple[str, str]]) -> None:
    out = split_descriptors([_occupation(text, phrase)])
    assert [(e.text, e.tag) for e in out] == expected
    assert all(text[e.start : e.end] == e.text for e in out)


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("My French teacher moved away.", "French teacher"),  # the language, not her nationality
        ("He runs an Indian restaurant in Leeds.", "Indian restaurant owner"),
        ("She is a software engineer.", "software engineer"),
        ("He flies for American Airlines as a pilot.", "American Airlines pilot"),
    ],
)
def test_descriptor_left_whole(text: str, phrase: str) -> None:
    if phrase not in text:
        text = f"{text} {phrase}."
    entity = _occupation(text, phrase)
    assert split_descriptors([entity]) == [entity]


def test_other_tags_untouched() -> None:
    text = "Nationality: Nigerian pharmacist"
    entity = Entity("Nigerian pharmacist", 13, 32, "Company Name", 0.7, "gliner")
    assert split_descriptors([entity]) == [entity]


@pytest.mark.parametrize(
    ("text", "span", "tag", "expected"),
    [
        ("He has a medical degree, and she got her diploma.", "medical degree, and she got her diploma",
         "Education Level", "medical degree"),
        ("Dad, a retired postman, and my aunt, a carpenter", "retired postman, and my aunt, a carpenter",
         "Occupation", "retired postman"),
        ("a Biology major and he's a student", "Biology major and he's a student", "Occupation", "Biology major"),
    ],
)
def test_a_span_is_cut_before_a_new_clause(text: str, span: str, tag: str, expected: str) -> None:
    start = text.index(span)
    cut = cut_at_clause(Entity(span, start, start + len(span), tag, 0.9, "gliner"))
    assert (cut.text, cut.start, cut.end) == (expected, start, start + len(expected))


@pytest.mark.parametrize(
    ("span", "tag"),
    [("Bachelor of Arts and Sciences", "Academic Degree"), ("salt and pepper hair", "Physical Features"),
     ("Anna and her", "Full Name")],
)
def test_a_phrase_without_a_new_clause_is_left_whole(span: str, tag: str) -> None:
    entity = Entity(span, 0, len(span), tag, 0.9, "gliner")
    assert cut_at_clause(entity) is entity
