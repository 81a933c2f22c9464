"""The scored systems on the real engine and detectors: veil, its baselines, and a plugged-in relevance stage."""

import pytest

from eval.dataset import parse_record
from eval.metrics import score_sample
from eval.systems import MaskAllDetected, ReusedDetection, VeilSystem, builtin_systems, eval_settings
from proxy.detectors import build_detector
from proxy.engine import PrivacyEngine
from proxy.policy import PolicyConfig

DESCRIPTION = "Reach me at ann.lee@example.org or on +44 20 7946 0958. I live in Leeds."
QUERY = "Draft an email signature with my email address."


def span(text, tag, pii_type, subject="A"):
    start = DESCRIPTION.index(text)
    return {"text": text, "type": pii_type, "tag": tag, "start": start, "end": start + len(text), "subject": subject}


SAMPLE = parse_record({
    "id": "single-0001", "split": "single", "description": DESCRIPTION, "query": QUERY,
    "entities": [span("ann.lee@example.org", "Email Address", "CODE"),
                 span("+44 20 7946 0958", "Phone Number", "CODE"),
                 span("Leeds", "City/Region", "LOC")],
    "query_related": [{"text": "ann.lee@example.org", "subject": "A"}],
})  # fmt: skip


@pytest.fixture(autouse=True)
def no_user_config(tmp_path, monkeypatch):
    monkeypatch.setenv("VEIL_CONFIG", str(tmp_path / "absent.toml"))


class NeedsTag:
    """A relevance stage that needs every candidate with one tag (stands in for a future backend)."""

    name = "needs-tag"

    def __init__(self, tag):
        self.tag = tag

    def needed(self, query, candidates):
        return {i for i, entity in enumerate(candidates) if entity.tag == self.tag}


def test_eval_policy_has_no_always_mask_tags():
    settings = eval_settings()
    assert settings.always_mask == () and settings.never_mask == () and settings.policy == "query-aware"


def test_veil_without_relevance_masks_every_detection():
    veil, _, mask_all, _ = builtin_systems()
    prediction = veil.predict(SAMPLE)
    assert prediction.query_related == []
    assert "<Email Address>" in prediction.masked and "<Phone Number>" in prediction.masked
    assert {e.subject for e in prediction.entities} == {"A"}  # no detector subjects: all under A
    assert prediction.latency_s > 0
    # mask-all-detected sees the same detections and masks the same, but claims no relevance judgement
    baseline = mask_all.predict(SAMPLE)
    assert baseline.masked == prediction.masked and baseline.query_related is None


def test_relevance_plugs_in_through_the_engine():
    engine = PrivacyEngine(build_detector(("patterns",)), PolicyConfig.build("query-aware", (), ()), relevance=NeedsTag("Email Address"))
    prediction = VeilSystem(engine).predict(SAMPLE)
    assert prediction.query_related == ["ann.lee@example.org"]
    assert "ann.lee@example.org" in prediction.masked and "<Phone Number>" in prediction.masked
    scores = score_sample(SAMPLE, prediction)
    assert scores["qr_f1"] == 1.0 and scores["kept"] == 1.0


def test_reused_detection_runs_the_detector_once_per_text():
    calls = []
    detector = ReusedDetection(build_detector(("patterns",)))
    original = detector.inner.detect
    detector.inner.detect = lambda text: calls.append(text) or original(text)
    veil = VeilSystem(PrivacyEngine(detector, PolicyConfig.build("query-aware", (), ())))
    veil.predict(SAMPLE)
    MaskAllDetected(detector).predict(SAMPLE)
    assert calls == [DESCRIPTION]
