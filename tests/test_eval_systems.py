"""The scored systems on the real engine and detectors: veil, its baselines, and a plugged-in relevance stage."""

from dataclasses import replace

import pytest

from eval.dataset import parse_record
from eval.metrics import score_sample
from eval.systems import (
    GoldCandidates,
    MaskAllDetected,
    VeilSystem,
    builtin_systems,
    eval_settings,
    relevance_systems,
)
from local_models.registry import ModelRegistry, bundled_model_path
from proxy.detectors import build_detector
from proxy.engine import PrivacyEngine
from proxy.policy import PolicyConfig
from proxy.relevance import judge_names
from proxy.relevance.lora import SMOKE_ADAPTER

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
    veil, _, mask_all, _ = builtin_systems(replace(eval_settings(), relevance=None))
    prediction = veil.predict(SAMPLE)
    assert prediction.query_related is None  # no judge: no relevance answer to score
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


def test_systems_on_one_pipeline_detect_each_sample_once():
    calls = []
    detector = build_detector(("patterns",))
    detector.load()  # the patterns detector warms up on a text of its own
    inner = detector.detectors[0]
    original = inner.detect
    inner.detect = lambda text: calls.append(text) or original(text)
    veil = VeilSystem(PrivacyEngine(detector, PolicyConfig.build("query-aware", (), ())))
    veil.predict(SAMPLE)
    MaskAllDetected(detector).predict(SAMPLE)
    assert calls == [DESCRIPTION]


def test_gold_candidates_isolate_the_judge_from_detection():
    engine = PrivacyEngine(GoldCandidates([SAMPLE]), PolicyConfig.build("query-aware", (), ()), relevance=NeedsTag("City/Region"))
    prediction = VeilSystem(engine, "gold+needs-tag").predict(SAMPLE)
    assert prediction.query_related == ["Leeds"]  # a tag the patterns detector never finds
    assert "<Email Address>" in prediction.masked and "<Phone Number>" in prediction.masked
    assert prediction.masked.endswith("I live in Leeds.")
    assert GoldCandidates([SAMPLE]).detect("some other text") == []


def test_judge_names_all_lists_registered_backends(tmp_path):
    registry = ModelRegistry(tmp_path)
    assert judge_names("lora:x", data_dir=tmp_path) == ["lora:x"]
    names = judge_names("all", data_dir=tmp_path)
    assert all(not n.startswith(("lora:", "llm:")) for n in names)  # nothing registered yet
    if SMOKE_ADAPTER.exists():
        registry.register("rel", SMOKE_ADAPTER, "relevance-lora")
        assert "lora:rel" in judge_names("all", data_dir=tmp_path)
    base = bundled_model_path()
    if base is not None:
        registry.register("mychat", base, "chat-llm")
        strategies = [n for n in judge_names("all", data_dir=tmp_path) if n.startswith("llm:mychat:")]
        assert strategies == [f"llm:mychat:{s}" for s in ("naive", "choice", "self-cot", "auto-cot", "self-consistency", "ps-cot")]
        assert not any(n.startswith("llm:smollm2") for n in judge_names("all", data_dir=tmp_path))  # bundled 135M left out


@pytest.mark.skipif(not SMOKE_ADAPTER.exists() or bundled_model_path() is None, reason="smoke adapter or base missing")
def test_relevance_systems_score_a_judge_on_veil_and_gold_candidates(tmp_path, monkeypatch):
    monkeypatch.setenv("VEIL_DATA_DIR", str(tmp_path))
    ModelRegistry(tmp_path).register("rel", SMOKE_ADAPTER, "relevance-lora")
    settings = eval_settings()
    detector = build_detector(("patterns",))
    systems = relevance_systems(["lora:rel", "lora:rel"], detector, [SAMPLE], settings)
    assert [s.name for s in systems] == ["veil+lora:rel", "gold+lora:rel"]
    for system in systems:
        prediction = system.predict(SAMPLE)
        assert prediction.query_related is not None
        assert set(prediction.query_related) <= {"ann.lee@example.org", "+44 20 7946 0958", "Leeds"}
        assert score_sample(SAMPLE, prediction)["qr_f1"] is not None
