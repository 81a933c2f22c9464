"""The GLiNER detector: shipped checkpoint, windowing past the encoder's length, fail-closed loading."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from local_models.gliner_runtime import DEFAULT_MODEL_DIR, GlinerLoadError, GlinerRuntime, plan_windows, plausible
from proxy.detectors import build_detector
from proxy.detectors.base import DetectionUnavailable, DetectorPipeline
from proxy.detectors.gliner import GlinerDetector, complete_place, split_listed_places, trim_span, writes_capitals
from proxy.entities import Entity
from proxy.subjects import assign_subjects

SHIPPED = (DEFAULT_MODEL_DIR / "gliner_config.json").is_file()
needs_checkpoint = pytest.mark.skipif(
    not SHIPPED, reason=f"the GLiNER checkpoint is not exported yet ({DEFAULT_MODEL_DIR}); run `make model-detector`"
)


@pytest.fixture(scope="module")
def detector() -> GlinerDetector:
    det = GlinerDetector()
    det.load()
    return det


# ------------------------------------------------------------------ windowing (pure)


def test_plan_windows_respects_budget_and_keeps_every_word_once():
    costs = [1, 2, 1, 3, 1, 1, 2, 1] * 50
    windows = plan_windows(costs, budget=40, overlap=10)
    assert len(windows) > 1
    for w in windows:
        assert sum(costs[w.begin : w.end]) <= 40
        assert w.begin <= w.keep_begin < w.keep_end <= w.end
    # the kept ranges tile the text exactly
    assert windows[0].keep_begin == 0 and windows[-1].keep_end == len(costs)
    for a, b in zip(windows, windows[1:]):
        assert a.keep_end == b.keep_begin
        assert b.begin < a.end  # overlap
        assert a.keep_end - b.begin >= 5 and a.end - a.keep_end >= 5  # context on both sides of the cut


def test_plan_windows_short_text_is_one_window_and_huge_word_still_advances():
    assert plan_windows([1] * 10, budget=100, overlap=8) == [plan_windows([1] * 10, 100, 8)[0]]
    assert plan_windows([], budget=10, overlap=2) == []
    windows = plan_windows([500, 1, 1], budget=10, overlap=2)
    assert windows[0].begin == 0 and windows[-1].keep_end == 3


def test_trim_span_drops_surrounding_punctuation():
    text = 'He said "Maria Lopez," twice (at St. Mary\'s).'
    start = text.index('"')
    s, e = trim_span(text, start, text.index(",") + 1)
    assert text[s:e] == "Maria Lopez"
    s, e = trim_span(text, text.index("St."), text.index(").") + 1)
    assert text[s:e] == "St. Mary's"


def test_implausible_candidates_are_dropped():
    assert plausible("Full Name", "Maria Lopez")
    assert plausible("Healthcare Facility", "St. Mary's Hospital")
    assert not plausible("Nickname", "Tianyu came into the world on 16th August 2020. Tianyu")
    assert not plausible("Full Name", "Maria\nLopez")
    assert plausible("Street Address", "12 Elm Street\nApt 4B")
    assert not plausible("Nickname", "Maria Elena Lopez")
    assert not plausible("Nickname", "❤️") and not plausible("Occupation", "a") and not plausible("Full Name", " - ")
    assert plausible("Gender", "F") and plausible("Nickname", "Jo")
    # weekdays, conjunctions and kinship words are no nicknames; short forms that are given names too still are
    assert not any(plausible("Nickname", w) for w in ("Tue", "And", "Grandpa", "Bay", "week"))
    assert all(plausible("Nickname", w) for w in ("Dec", "Jan", "Jun", "Nan"))
    # a word that names what a value is about is not a value ("Gender-wise, he is a man", "a volunteer at Oxfam")
    assert not plausible("Gender", "gender") and not plausible("Occupation", "Volunteer")
    assert not plausible("Nickname", "faith-wise") and plausible("Occupation", "volunteer coordinator")


# ------------------------------------------------------------------ fail closed


def test_missing_checkpoint_fails_closed(tmp_path: Path):
    pipeline = DetectorPipeline([GlinerDetector(model=str(tmp_path / "nope"))])
    with pytest.raises(DetectionUnavailable) as info:
        pipeline.detect("Maria Lopez lives in Lyon.")
    assert info.value.detector == "gliner"
    assert "not found" in info.value.reason
    status = GlinerDetector(model=str(tmp_path / "nope")).status()
    assert not status.ready and "GlinerLoadError" in status.detail


def test_corrupt_checkpoint_fails_closed(tmp_path: Path):
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "gliner_config.json").write_text("{not json")
    (bad / "model.safetensors").write_bytes(b"\x00garbage")
    status = GlinerDetector(model=str(bad)).status()  # cheap check, no model load
    assert not status.ready and "not valid JSON" in status.detail
    with pytest.raises(DetectionUnavailable):
        DetectorPipeline([GlinerDetector(model=str(bad))]).detect("Maria Lopez lives in Lyon.")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(GlinerLoadError, match="not a GLiNER checkpoint"):
        GlinerRuntime.load(empty)


def test_hub_model_offline_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    with pytest.raises(GlinerLoadError, match="HF_HUB_OFFLINE"):
        GlinerRuntime.load("veil-test/not-a-cached-model")
    with pytest.raises(DetectionUnavailable, match="not in the local Hugging Face cache"):
        DetectorPipeline([GlinerDetector(model="veil-test/not-a-cached-model")]).load()


def test_registered_by_name():
    pipeline = build_detector(["patterns", "gliner"])
    assert [d.name for d in pipeline.detectors] == ["patterns", "gliner"]


# ------------------------------------------------------------------ the shipped model


@needs_checkpoint
def test_shipped_checkpoint_is_small_and_self_describing():
    size = sum(f.stat().st_size for f in DEFAULT_MODEL_DIR.iterdir() if f.is_file())
    assert size <= 60 * 1024 * 1024
    meta = json.loads((DEFAULT_MODEL_DIR / "veil_labels.json").read_text())
    assert meta["labels"]["full name"] == "Full Name"


@needs_checkpoint
def test_shipped_checkpoint_finds_context_pii(detector: GlinerDetector):
    text = "My name is Maria Lopez. I work as a software engineer at Northwind Traders in Lyon, and I have type 2 diabetes."
    found = {(e.text, e.tag) for e in detector.detect(text)}
    assert ("Maria Lopez", "Full Name") in found
    assert any(tag == "City/Region" and t == "Lyon" for t, tag in found)
    for e in detector.detect(text):
        assert text[e.start : e.end] == e.text and e.detector == "gliner" and 0 < e.score <= 1


@needs_checkpoint
def test_a_role_given_to_the_model_is_not_an_occupation(detector: GlinerDetector):
    system = "You are a helpful assistant for personal finance."
    assert not [e for e in detector.detect(system) if e.tag == "Occupation"]
    user = "I work as a nurse at St Mary's Hospital and my brother is a plumber."
    assert {"nurse", "plumber"} <= {e.text for e in detector.detect(user) if e.tag == "Occupation"}


def test_a_listed_city_and_country_are_two_places():
    text = "I moved to Santiago, Chile, then Lyon, French food aside."

    def place(value: str) -> Entity:
        start = text.index(value)
        return Entity(value, start, start + len(value), "City/Region", 0.9, "gliner")

    parts = split_listed_places(place("Santiago, Chile"))
    assert [(e.text, text[e.start : e.end]) for e in parts] == [("Santiago", "Santiago"), ("Chile", "Chile")]
    assert [e.text for e in split_listed_places(place("Lyon, French food"))] == ["Lyon"]
    assert split_listed_places(place("Lyon")) == [place("Lyon")]


def test_writes_capitals_needs_two_sentences_mostly_capitalized():
    assert writes_capitals("We went home. It rained.\nThen it stopped.")
    assert not writes_capitals("we went home. it rained.")
    assert not writes_capitals("Is google hiring?")  # one sentence says little about the writer
    assert not writes_capitals("We went home. it rained. then it stopped.")


@needs_checkpoint
def test_lower_case_institutions_in_capitalized_text_are_common_nouns(detector: GlinerDetector):
    """Without the rule the model reads 'housing office' as a Government Agency, 'pharmacy' as a facility."""
    text = ("I rang the council twice about the bins. Nobody at the housing office picked up. "
            "Then I went to the pharmacy.")
    assert detector.detect(text) == []
    named = "My complaint went to Bristol City Council. They never answered."
    assert ("Bristol City Council", "Government Agency") in {(e.text, e.tag) for e in detector.detect(named)}


@needs_checkpoint
def test_lower_case_given_names_in_capitalized_text_are_common_words(detector: GlinerDetector):
    """Without the rule the model reads 'latte' as a Nickname here; the capitalized full name stays."""
    text = "Hello. My name is Ken Sato. I'm 31. I work at Sony. What's the difference between a latte and a cortado?"
    found = {(e.text, e.tag) for e in detector.detect(text)}
    assert ("Ken Sato", "Full Name") in found and not any(tag == "Nickname" for _, tag in found)


@needs_checkpoint
def test_windowing_finds_an_entity_past_the_encoder_length(detector: GlinerDetector):
    runtime = detector._runtime
    filler = "The weather was mild and the meeting went on for a long time without any news. " * 60
    tail = "My name is Maria Lopez and I live in Lyon."
    text = filler + tail
    words, windows = runtime.windows(text)
    name_word = next(i for i, (_, s, _) in enumerate(words) if s == text.index("Maria"))
    assert len(windows) > 1
    assert name_word >= windows[0].end  # beyond what one encoder pass could see
    spans = runtime.predict(text)
    hits = [s for s in spans if s.text == "Maria Lopez"]
    assert hits and hits[0].start == text.index("Maria Lopez")
    assert len(hits) == 1  # not reported twice by overlapping windows


@needs_checkpoint
def test_pipeline_with_patterns_and_subjects(detector: GlinerDetector):
    from proxy.recognizers import RecognizerDetector

    text = (
        "Maria Lopez lives in Lyon and her email is maria.lopez@example.org. "
        "Her brother Tom Becker works at Northwind Traders; his phone is +1 415-555-0132."
    )
    pipeline = DetectorPipeline([RecognizerDetector(), detector])
    entities = assign_subjects(text, pipeline.detect(text))
    subject = {e.text: e.subject for e in entities}
    assert subject.get("maria.lopez@example.org") == subject.get("Maria Lopez") == "A"
    assert subject.get("+1 415-555-0132") == subject.get("Tom Becker") == "B"


# ------------------------------------------------------------------ backends (onnx / torch)


def test_backend_resolution(monkeypatch: pytest.MonkeyPatch):
    from local_models.gliner_runtime import onnx_available, resolve_backend

    monkeypatch.delenv("VEIL_GLINER_BACKEND", raising=False)
    monkeypatch.delenv("VEIL_GLINER_PRECISION", raising=False)
    assert resolve_backend("torch", "fp32") == ("torch", "fp32")
    assert resolve_backend("auto", "bf16") == ("torch", "bf16")  # only torch runs bf16
    assert resolve_backend(None, None)[0] == ("onnx" if onnx_available() else "torch")
    monkeypatch.setenv("VEIL_GLINER_BACKEND", "torch")
    assert resolve_backend(None, "int8") == ("torch", "int8")
    with pytest.raises(GlinerLoadError, match="unknown GLiNER backend"):
        resolve_backend("tpu", None)
    with pytest.raises(GlinerLoadError, match="unknown GLiNER precision"):
        resolve_backend("torch", "fp8")
    if onnx_available():
        assert resolve_backend("onnx", None) == ("onnx", "int8")
        with pytest.raises(GlinerLoadError, match="bf16 runs on the torch backend"):
            resolve_backend("onnx", "bf16")


def test_fast_span_head_equals_the_original():
    import torch
    from gliner.modeling.span_rep import SpanMarker

    from local_models.gliner_runtime import speed_up_span_head

    torch.manual_seed(0)
    head = SpanMarker(hidden_size=16, max_width=3, dropout=0.0).eval()
    h = torch.randn(2, 5, 16)
    starts = torch.arange(5).repeat_interleave(3)
    idx = torch.stack([starts, (starts + torch.arange(3).repeat(5)).clamp(max=4)], dim=-1)
    span_idx = idx.unsqueeze(0).repeat(2, 1, 1)
    with torch.no_grad():
        expected = head(h, span_idx)
        assert speed_up_span_head(head) == 1
        got = head(h, span_idx)
    assert got.shape == expected.shape == (2, 5, 3, 16)
    assert torch.allclose(got, expected, atol=1e-5)


needs_onnx = pytest.mark.skipif(
    not SHIPPED or importlib.util.find_spec("onnxruntime") is None or importlib.util.find_spec("onnx") is None,
    reason="needs the shipped checkpoint and onnxruntime + onnx",
)


@needs_onnx
def test_onnx_export_matches_torch_and_is_cached(tmp_path: Path):
    """fp32 ONNX gives the torch model's spans and scores; the export is derived once, then reused."""
    cache = tmp_path / "cache"
    onnx_rt = GlinerRuntime.load(backend="onnx", precision="fp32", cache=cache)
    assert onnx_rt.backend == "onnx" and onnx_rt.precision == "fp32"
    exported = list(cache.glob("*.onnx"))
    assert len(exported) == 1 and ".fp32." in exported[0].name
    torch_rt = GlinerRuntime.load(backend="torch", precision="fp32")
    assert torch_rt.backend == "torch" and torch_rt.session is None
    texts = [
        "My name is Maria Lopez, I work as a nurse at St. Mary's Hospital in Leeds and I am a practising Catholic.",
        "Tom Becker (@tbecker) moved from Lyon to Berlin.",
    ]
    # several texts in one batch: windows of different lengths are padded together
    got, want = onnx_rt.predict_many(texts), torch_rt.predict_many(texts)
    assert [[(s.start, s.end, s.label) for s in spans] for spans in got] == [
        [(s.start, s.end, s.label) for s in spans] for spans in want
    ]
    assert any(s.text == "Maria Lopez" for s in got[0])
    for a, b in zip([s for spans in got for s in spans], [s for spans in want for s in spans], strict=True):
        assert a.score == pytest.approx(b.score, abs=1e-3)
    # a second load reuses the file (no new export)
    mtime = exported[0].stat().st_mtime_ns
    again = GlinerRuntime.load(backend="onnx", precision="fp32", cache=cache, labels=["full name", "city or region"])
    assert list(cache.glob("*.onnx")) == exported and exported[0].stat().st_mtime_ns == mtime
    # the graph takes any label set
    spans = again.predict(texts[1])
    assert {s.label for s in spans} <= {"full name", "city or region"} and any(s.text == "Lyon" for s in spans)


@needs_onnx
def test_onnx_failure_fails_closed_or_falls_back(tmp_path: Path, caplog: pytest.LogCaptureFixture):
    blocked = tmp_path / "not-a-dir"
    blocked.write_text("a file where the cache dir should be")
    with pytest.raises(GlinerLoadError, match="ONNX"):
        GlinerRuntime.load(backend="onnx", cache=blocked / "sub")
    with caplog.at_level("WARNING"):
        runtime = GlinerRuntime.load(backend="auto", precision="int8", cache=blocked / "sub")
    assert runtime.backend == "torch" and "ONNX backend unavailable" in caplog.text
    assert any(s.text == "Maria Lopez" for s in runtime.predict("My name is Maria Lopez."))


@needs_onnx
def test_default_detector_runs_int8_onnx(detector: GlinerDetector):
    if detector._runtime.backend != "onnx":
        pytest.skip("VEIL_GLINER_BACKEND/PRECISION select another backend in this environment")
    assert detector._runtime.precision == "int8"
    assert "(onnx, int8)" in detector.status().detail


def test_a_new_export_drops_older_exports_of_the_same_checkpoint(tmp_path: Path):
    from local_models.gliner_runtime import _drop_stale_exports

    prefix = "veil-gliner-minilm.int8.0a1b2c3d."
    current = tmp_path / f"{prefix}{'1' * 16}.onnx"
    older = tmp_path / f"{prefix}{'2' * 16}.onnx"
    other_dir = tmp_path / f"veil-gliner-minilm.int8.ffffffff.{'3' * 16}.onnx"  # same name, another checkpoint dir
    other_precision = tmp_path / f"veil-gliner-minilm.fp32.0a1b2c3d.{'4' * 16}.onnx"
    in_progress = tmp_path / f"{prefix}{'5' * 16}.tmp77-1.onnx"  # another process's export, not finished
    legacy = tmp_path / f"veil-gliner-minilm.int8.{'6' * 16}.onnx"  # named before exports carried the dir hash
    sidecar, older_sidecar = current.with_suffix(".json"), older.with_suffix(".json")  # (torch-free loads)
    for f in (current, older, other_dir, other_precision, in_progress, legacy, sidecar, older_sidecar):
        f.write_bytes(b"x")
    _drop_stale_exports(current, prefix, legacy="veil-gliner-minilm.int8.")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in (current, other_dir, other_precision, in_progress, sidecar))


def test_a_town_name_is_completed() -> None:
    """What the model leaves off a town's name: "am Neckar", "City", "'a"; not a possessive or the next word."""
    def completed(text: str, found: str) -> str:
        start = text.index(found)
        return complete_place(text, Entity(found, start, start + len(found), "City/Region", 0.9, "gliner")).text

    assert completed("born 4 October 1951 in Esslingen am Neckar, a German citizen", "Esslingen") == "Esslingen am Neckar"
    assert completed("house and lot sa Lipa City, Batangas", "Lipa") == "Lipa City"
    assert completed("My brother and I grew up in Baqa'a camp near Amman", "Baqa") == "Baqa'a"
    assert completed("London's parks, and Berlin on Tuesday", "London") == "London"
    assert completed("London's parks, and Berlin on Tuesday", "Berlin") == "Berlin"
