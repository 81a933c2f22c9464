"""Policy decisions: precedence of off, always-mask, never-mask, all, names and relevance."""

import pytest

from proxy.entities import Entity
from proxy.policy import DEFAULT_ALWAYS_MASK, PolicyConfig, PolicyError, Reason, decide

SSN = Entity("219-09-9999", 0, 11, "Social Security Number")
CITY = Entity("Leeds", 0, 5, "City/Region")
NAME = Entity("Ann Lee", 0, 7, "Full Name")
JOB = Entity("nurse", 0, 5, "Occupation")


def reasons(config, needed=None, entities=(SSN, CITY, NAME, JOB)):
    return [(d.masked, d.reason) for d in decide(list(entities), config, needed)]


def test_off_keeps_everything():
    assert all(not masked for masked, _ in reasons(PolicyConfig.build("off"), {0, 1, 2, 3}))


def test_all_masks_everything_but_never_mask():
    config = PolicyConfig.build("all", never_mask=["city/region"])
    assert reasons(config) == [
        (True, Reason.ALWAYS_MASK), (False, Reason.NEVER_MASK), (True, Reason.MASK_ALL), (True, Reason.MASK_ALL)]


def test_query_aware_follows_relevance_but_always_mask_wins_and_names_are_never_needed():
    config = PolicyConfig.build("query-aware")
    assert reasons(config, needed={0, 1, 2}) == [
        (True, Reason.ALWAYS_MASK), (False, Reason.NEEDED), (True, Reason.PERSON), (True, Reason.NOT_NEEDED)]


def test_query_aware_without_a_relevance_answer_masks_all():
    assert all(masked for masked, _ in reasons(PolicyConfig.build("query-aware"), None))


def test_defaults_and_validation():
    assert PolicyConfig.build().always_mask == frozenset(DEFAULT_ALWAYS_MASK)
    with pytest.raises(PolicyError, match="unknown policy"):
        PolicyConfig.build("some")
    with pytest.raises(PolicyError, match="unknown PII tag"):
        PolicyConfig.build("all", never_mask=["Shoe Size"])
    with pytest.raises(PolicyError, match="both"):
        PolicyConfig.build("all", always_mask=["Tax ID"], never_mask=["tax id"])
