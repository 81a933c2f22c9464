"""Degrees by abbreviation and schools by kind word: the whole name, and nothing that only looks like one."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("She has a PhD in epidemiology from Leeds.", ["PhD in epidemiology"]),
        ("Education: MSc Data Science; BSc Civil Engineering (Hons)", ["MSc Data Science", "BSc Civil Engineering"]),
        ("my phd took six years", ["phd"]),
        ("BS in IT, then an MA in History and a job", ["BS in IT", "MA in History"]),
    ],
)
def test_degrees_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Academic Degree") == expected


@pytest.mark.parametrize(
    "text",
    ["I'm a PhD student now.", "my ma said no", "He has MS and a cane.", "The MBA programme starts soon.",
     "We march on.", "Use an LLM to summarise it.", "Enable MFA on the account.", "doing 60 mph"],
)
def test_no_degree(text: str) -> None:
    assert pattern_texts(text, "Academic Degree") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The twins go to Elmfield Primary and Little Oaks Nursery.", ["Elmfield Primary", "Little Oaks Nursery"]),
        ("She lectures at Carver State University.", ["Carver State University"]),
        ("Accepted by the University of Southampton!", ["University of Southampton"]),
        ("A year at the Glasgow School of Art changed him.", ["Glasgow School of Art"]),
        ("He teaches at the University of Texas at Austin.", ["University of Texas at Austin"]),
    ],
)
def test_schools_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Educational Institution") == expected


@pytest.mark.parametrize(
    "text", ["Admitted to University College Hospital overnight.", "The University said no.", "college was fun"]
)
def test_no_school(text: str) -> None:
    assert pattern_texts(text, "Educational Institution") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I know I live in Austin and that I'm in 10th grade. my mom said", ["10th grade"]),
        ("Lily is 11 and in Year 6. I'm her only contact", ["Year 6"]),
        ("Ali is in P4 at Craigton Primary", ["P4"]),
        ("she's in the sixth form at Hills Road", ["sixth form"]),
    ],
)
def test_school_stage_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Education Level") == expected


@pytest.mark.parametrize("text", ["We are in Year 2 of the project.", "Please wait in reception.",
                                  "in year 6 of the lease"])
def test_no_school_stage(text: str) -> None:
    assert pattern_texts(text, "Education Level") == []
