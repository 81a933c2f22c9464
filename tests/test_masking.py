"""Placeholders: stable per value, restorable whole and across any stream split."""

import pytest

from proxy.entities import Entity, normalize_text
from proxy.masking import PlaceholderMap, StreamRestorer, apply_masks, tag_placeholder


def ent(text: str, tag: str, start: int = 0) -> Entity:
    return Entity(text, start, start + len(text), tag)


def test_placeholders_are_indexed_per_distinct_value_and_stable():
    pmap = PlaceholderMap()
    first = pmap.placeholder_for(ent("+1 415 555 0101", "Phone Number"))
    second = pmap.placeholder_for(ent("+1 415 555 0199", "Phone Number"))
    again = pmap.placeholder_for(ent("+1 415 555 0101", "Phone Number", 40))
    email = pmap.placeholder_for(ent("a@b.org", "Email Address"))
    assert (first, second, again, email) == (
        "<Phone Number 1>", "<Phone Number 2>", "<Phone Number 1>", "<Email Address 1>")


def test_same_value_differing_in_case_shares_a_placeholder():
    pmap = PlaceholderMap()
    assert pmap.placeholder_for(ent("Ann@Mail.org", "Email Address")) == pmap.placeholder_for(ent("ann@mail.org", "Email Address"))


def test_restore_replaces_every_placeholder_and_unindexed_single_tags():
    pmap = PlaceholderMap()
    pmap.placeholder_for(ent("555-0101", "Phone Number"))
    pmap.placeholder_for(ent("555-0199", "Phone Number"))
    pmap.placeholder_for(ent("a@b.org", "Email Address"))
    text = "Call <Phone Number 2> or <Phone Number 1>, mail <Email Address>; <Phone Number> stays."
    assert pmap.restore(text) == "Call 555-0199 or 555-0101, mail a@b.org; <Phone Number> stays."


def test_placeholder_10_is_not_confused_with_1():
    pmap = PlaceholderMap()
    values = [f"user{i}@x.org" for i in range(1, 11)]
    for value in values:
        pmap.placeholder_for(ent(value, "Email Address"))
    assert pmap.restore("<Email Address 10> <Email Address 1>") == "user10@x.org user1@x.org"


def test_apply_masks_replaces_spans_and_rejects_overlaps():
    text = "mail a@b.org now"
    e = Entity("a@b.org", 5, 12, "Email Address")
    assert apply_masks(text, [(e, tag_placeholder(e))]) == "mail <Email Address> now"
    with pytest.raises(ValueError):
        apply_masks(text, [(e, "x"), (Entity("b.org", 7, 12, "Email Address"), "y")])


@pytest.mark.parametrize("cut", range(1, 40))
def test_stream_restorer_handles_a_split_at_every_position(cut):
    pmap = PlaceholderMap()
    pmap.placeholder_for(ent("555-0101", "Phone Number"))
    masked = "Call <Phone Number 1> today, ok <"
    restorer = StreamRestorer(pmap)
    out = restorer.feed(masked[:cut]) + restorer.feed(masked[cut:]) + restorer.flush()
    assert out == "Call 555-0101 today, ok <"


def test_stream_restorer_char_by_char_and_literal_angle_brackets():
    pmap = PlaceholderMap()
    pmap.placeholder_for(ent("Ann Lee", "Full Name"))
    text = "a<b and <Full Name 1> wrote <div>"
    restorer = StreamRestorer(pmap)
    out = "".join(restorer.feed(ch) for ch in text) + restorer.flush()
    assert out == "a<b and Ann Lee wrote <div>"


def test_normalize_text_follows_the_spec():
    assert normalize_text("  \uff21nn Lee, ") == "ann lee"
    assert normalize_text("...") == ""
