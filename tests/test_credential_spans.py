"""A bare credential noun ("my diploma") is no education level; a qualified one is."""

from __future__ import annotations

import pytest

from proxy.detectors.credential_spans import is_bare_credential
from proxy.entities import Entity


def ent(text: str, tag: str) -> Entity:
    return Entity(text, 0, len(text), tag, 0.7, "gliner")


@pytest.mark.parametrize("text", ["diploma", "my diploma", "degree", "Certificate", "qualifications"])
def test_a_bare_credential_is_none(text: str) -> None:
    assert is_bare_credential(ent(text, "Education Level"))


@pytest.mark.parametrize("text", ["high school diploma", "Master's degree", "BSc", "diploma in nursing"])
def test_a_qualified_credential_stays(text: str) -> None:
    assert not is_bare_credential(ent(text, "Education Level"))


def test_other_tags_are_left_alone() -> None:
    assert not is_bare_credential(ent("Diploma", "Company Name"))
