"""Organization and place spans cut to the name (proxy/detectors/org_spans.py)."""

import pytest

from proxy.detectors.org_spans import split_towns, trim_site_words
from proxy.entities import Entity


def _trim(text: str, span: str, tag: str) -> str:
    start = text.index(span)
    entity = trim_site_words(Entity(span, start, start + len(span), tag, 0.9, "gliner"))
    assert text[entity.start : entity.end] == entity.text
    return entity.text


@pytest.mark.parametrize(
    ("text", "span", "tag", "name"),
    [
        ("I work in the Panasonic factory as an inspector.", "Panasonic factory", "Company Name", "Panasonic"),
        ("I'm in the Canary Wharf office all week.", "Canary Wharf office", "Landmark", "Canary Wharf"),
        ("She spent 32 years on the wards of Royal Preston Hospital.", "wards of Royal Preston Hospital",
         "Healthcare Facility", "Royal Preston Hospital"),
    ],
)
def test_site_words_and_heads_are_cut(text: str, span: str, tag: str, name: str) -> None:
    assert _trim(text, span, tag) == name


@pytest.mark.parametrize(
    ("span", "tag"),
    [
        ("Bank of Ireland", "Company Name"),  # lower-case words inside a name stay
        ("Pôle emploi", "Government Agency"),
        ("tax office", "Government Agency"),  # nothing capitalized is left: lower-case chat keeps its span
        ("Jane at Acme office", "Full Name"),  # other tags are not touched
    ],
)
def test_names_and_lower_case_spans_stay(span: str, tag: str) -> None:
    assert _trim(f"We wrote to {span} twice.", span, tag) == span


@pytest.mark.parametrize(
    ("span", "tag", "parts"),
    [
        ("Weizmann Institute in Rehovot", "Educational Institution",
         [("Weizmann Institute", "Educational Institution"), ("Rehovot", "City/Region")]),
        ("17 Birchfield Avenue in Nuneaton", "Street Address",
         [("17 Birchfield Avenue", "Street Address"), ("Nuneaton", "City/Region")]),
        ("Nairobi office of Hope Bridge Kenya", "NGO", [("Nairobi", "City/Region"), ("Hope Bridge Kenya", "NGO")]),
        # not a town the gazetteer knows: a name with "in" in it stays whole
        ("Doctors in Distress", "NGO", [("Doctors in Distress", "NGO")]),
        ("Maria in Lyon", "Full Name", [("Maria in Lyon", "Full Name")]),
    ],
)
def test_a_town_carried_in_the_span_is_its_own_entity(span: str, tag: str, parts: list[tuple[str, str]]) -> None:
    text = f"Letters go to {span} each May."
    start = text.index(span)
    got = split_towns(Entity(span, start, start + len(span), tag, 0.9, "gliner"))
    assert all(text[e.start : e.end] == e.text for e in got)
    assert [(e.text, e.tag) for e in got] == parts
