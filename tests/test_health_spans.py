"""Injuries and illnesses the model tags as looks or as a disability (proxy/detectors/health_spans.py)."""

import pytest

from proxy.detectors.health_spans import retag_health
from proxy.entities import Entity


def _retag(text: str, tag: str) -> tuple[str, str]:
    entity = retag_health(Entity(text, 5, 5 + len(text), tag, 0.8, "gliner"))
    assert entity.end - entity.start == len(entity.text)
    return entity.text, entity.tag


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("small cut above the left eye", "Physical Features"),
        ("changing pigmented lesion on his upper back", "Physical Features"),
        ("lower back condition", "Disability Status"),
        ("progressive breathlessness", "Disability Status"),
    ],
)
def test_injuries_and_illnesses_are_medical(text: str, tag: str) -> None:
    assert _retag(text, tag) == (text, "Medical Condition")


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("a burn scar on the left hand", "Physical Features"),
        ("a tattoo of a rose on the right wrist", "Physical Features"),
        ("a spinal cord injury", "Disability Status"),
        ("a chronic pain disability", "Disability Status"),
        ("a wheelchair user", "Disability Status"),
    ],
)
def test_marks_and_impairments_keep_their_tag(text: str, tag: str) -> None:
    assert _retag(text, tag) == (text, tag)


def test_a_clause_run_on_into_is_cut():
    assert _retag("type 1 diabetic so the fridge thing is non-negotiable", "Disability Status") == (
        "type 1 diabetic", "Medical Condition")
