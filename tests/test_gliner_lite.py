"""Torch-free loads: once the int8 ONNX export and its sidecar are cached, `GlinerRuntime.load` imports
neither torch nor gliner, and predicts exactly what the runtime loaded the torch way predicts.

The tests share one temporary cache and run in order: the first load takes the torch path (it exports,
or reuses the session cache's export) and writes the sidecar; later loads are torch-free; a corrupt or
mismatching sidecar sends a load back to the torch path, which rewrites it.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from local_models.gliner_runtime import (
    DEFAULT_MODEL_DIR,
    GlinerRuntime,
    SpanPrediction,
    _greedy_nested,
    _Sidecar,
    _Span,
    onnx_path,
)

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = (DEFAULT_MODEL_DIR / "gliner_config.json").is_file()
HAS_ONNX = all(importlib.util.find_spec(m) is not None for m in ("onnxruntime", "onnx"))
pytestmark = pytest.mark.skipif(not (SHIPPED and HAS_ONNX), reason="needs the shipped checkpoint and onnxruntime + onnx")

LONG = (
    "The weather was mild and the meeting went on for a long time without any news. " * 30
    + "My name is Maria Lopez and I live in Lyon. "
    + "Nothing else happened that week, and the minutes were filed as usual by the office. " * 25
    + "Please forward this to Tom Becker (@tbecker) at Acme Corp in Berlin."
)
TEXTS = [
    "My name is Maria Lopez, I work as a nurse at St. Mary's Hospital in Leeds and I am a practising Catholic.",
    "Tom Becker (@tbecker) moved from Lyon to Berlin; ring 0171-555 or write tom_b@example.org.",
    "Dr. José Ñúñez-O'Brien paid €1,234.56 at 221B Baker St., 東京 ﬁle naïve\u200bword e\u0301 \U0001f642 -- ok",
    "Hi",
    "",
    LONG,
]
SUBSET = ["full name", "city or region"]

_SCRIPT = """
import json, sys
from local_models.gliner_runtime import GlinerRuntime

texts = json.loads(sys.stdin.read())
rt = GlinerRuntime.load(backend="onnx", precision="int8", cache=sys.argv[1])
def rows(spans):
    return [[s.start, s.end, s.label, s.score, s.text] for s in spans]
out = {
    "torch_free": rt.torch_free,
    "single": [rows(rt.predict(t)) for t in texts],
    "batch": [rows(spans) for spans in rt.predict_many(texts)],
    "subset": [rows(spans) for spans in rt.predict_many(texts, labels=SUBSET)],
    "windows": len(rt.windows(texts[-1])[1]),
    "modules": sorted(m for m in ("torch", "gliner", "transformers") if m in sys.modules),
}
print(json.dumps(out))
""".replace("SUBSET", repr(SUBSET))


def _rows(spans: list[SpanPrediction]) -> list[list]:
    return [[s.start, s.end, s.label, s.score, s.text] for s in spans]


def _same(got: list[list[list]], want: list[list[list]]) -> None:
    assert [[row[:3] + row[4:] for row in spans] for spans in got] == [[row[:3] + row[4:] for row in spans] for spans in want]
    for a, b in zip([r for spans in got for r in spans], [r for spans in want for r in spans], strict=True):
        assert abs(a[3] - b[3]) <= 1e-6


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cache = tmp_path_factory.mktemp("gliner-lite-cache")
    exported, _, _ = onnx_path(DEFAULT_MODEL_DIR, precision="int8")  # the session cache (tests/conftest.py)
    if exported.is_file():  # an export already derived this session: reuse it (the first load still takes the torch path)
        shutil.copy2(exported, cache / exported.name)
    return cache


@pytest.fixture(scope="module")
def torch_path(cache: Path) -> GlinerRuntime:
    exported, _, _ = onnx_path(DEFAULT_MODEL_DIR, precision="int8", cache=cache)
    assert not _Sidecar.path_for(exported).exists()
    rt = GlinerRuntime.load(backend="onnx", precision="int8", cache=cache)
    assert not rt.torch_free and rt.session is not None and rt.backend == "onnx"
    assert _Sidecar.path_for(exported).is_file(), "the torch path writes the sidecar"
    return rt


def _sidecar_file(cache: Path) -> Path:
    return _Sidecar.path_for(onnx_path(DEFAULT_MODEL_DIR, precision="int8", cache=cache)[0])


def test_a_second_load_in_a_fresh_process_is_torch_free_and_identical(torch_path: GlinerRuntime, cache: Path):
    run = subprocess.run([sys.executable, "-c", _SCRIPT, str(cache)], input=json.dumps(TEXTS), capture_output=True,
                         text=True, cwd=ROOT, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got["torch_free"] is True
    assert got["modules"] == [], f"imported {got['modules']}"
    assert got["windows"] > 2  # the long text needs several windows
    _same(got["single"], [_rows(torch_path.predict(t)) for t in TEXTS])
    _same(got["batch"], [_rows(spans) for spans in torch_path.predict_many(TEXTS)])
    _same(got["subset"], [_rows(spans) for spans in torch_path.predict_many(TEXTS, labels=SUBSET)])
    assert any(row[4] == "Maria Lopez" for row in got["batch"][0])
    assert any(row[4] == "Tom Becker" for row in got["batch"][-1])


def test_a_torch_free_runtime_loads_the_model_only_when_needed(torch_path: GlinerRuntime, cache: Path):
    rt = GlinerRuntime.load(backend="onnx", precision="int8", cache=cache)
    assert rt.torch_free
    assert rt.max_tokens == torch_path.max_tokens and rt.max_width == torch_path.max_width
    assert rt.window_budget(rt.labels) == torch_path.window_budget(torch_path.labels)
    assert rt.predict_many(TEXTS) == torch_path.predict_many(TEXTS)
    assert rt.torch_free
    rt.direct_inputs = False  # gliner's collator: the torch model is loaded now, with the same results
    rt._prompts.clear()
    # same spans, scores equal to float noise (the collator pads the batch its own way)
    _same([_rows(spans) for spans in rt.predict_many(TEXTS[:4])],
          [_rows(spans) for spans in torch_path.predict_many(TEXTS[:4])])
    assert not rt.torch_free


def test_greedy_search_equals_gliners():
    from gliner.decoding.decoder import BaseDecoder, Span

    rng = random.Random(7)
    for _ in range(300):
        spans = []
        for _ in range(rng.randint(0, 25)):
            start = rng.randint(0, 15)
            end = start + rng.randint(0, 4)
            spans.append((start, end, rng.choice("abc"), rng.choice([0.5, 0.6, 0.7, 0.8, rng.random()])))
        want = BaseDecoder.greedy_search(None, [Span(*s) for s in spans], flat_ner=False, multi_label=False)
        got = _greedy_nested([_Span(*s) for s in spans])
        assert [(s.start, s.end, s.entity_type, s.score) for s in got] == [
            (s.start, s.end, s.entity_type, s.score) for s in want
        ]


@pytest.mark.parametrize("damage", ["mismatch", "garbage", "stale", "tokenizer"])
def test_a_bad_sidecar_falls_back_to_the_torch_path(torch_path: GlinerRuntime, cache: Path, damage: str,
                                                    caplog: pytest.LogCaptureFixture):
    path = _sidecar_file(cache)
    good = path.read_text(encoding="utf-8")
    data = json.loads(good)
    if damage == "mismatch":  # well-formed and current, but not what this environment builds
        data["probes"][0]["feed"]["input_ids"][0][1] += 1
        path.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "tokenizer":  # current, but its tokenizer cannot be built
        data["tokenizer"] = "{}"
        path.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "garbage":
        path.write_text("{not json", encoding="utf-8")
    else:  # written for another checkpoint/environment
        data["fingerprint"] = "0" * 64
        path.write_text(json.dumps(data), encoding="utf-8")
    with caplog.at_level(logging.INFO, logger="local_models.gliner_runtime"):
        rt = GlinerRuntime.load(backend="onnx", precision="int8", cache=cache)
    assert not rt.torch_free and rt.session is not None
    assert "sidecar" in caplog.text
    assert rt.predict_many(TEXTS) == torch_path.predict_many(TEXTS)
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(good)  # rewritten
    assert GlinerRuntime.load(backend="onnx", precision="int8", cache=cache).torch_free
