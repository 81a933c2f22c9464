"""Prebuilt ONNX exports (`VEIL_GLINER_PREBUILT`, what the desktop bundle ships): `write_prebuilt` makes one
from the cached export and sidecar, `GlinerRuntime.load` uses it before the cache (writing nothing there),
without the checkpoint's weights, torch or gliner; a damaged or missing one is passed over for the normal
path, and where torch is missing too the load fails with the reason (the proxy then fails closed).

The export comes from the session cache (tests/conftest.py), so this is fast once test_gliner_lite.py or
any GLiNER test has derived it on this machine.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_gliner_lite import HAS_ONNX, ROOT, SHIPPED, TEXTS

from local_models.gliner_runtime import (
    DEFAULT_MODEL_DIR,
    PREBUILT_ENV,
    GlinerLoadError,
    GlinerRuntime,
    _Sidecar,
    prebuilt_path,
    write_prebuilt,
)

pytestmark = pytest.mark.skipif(not (SHIPPED and HAS_ONNX), reason="needs the shipped checkpoint and onnxruntime + onnx")

# A bundle in miniature: no torch, gliner, transformers or onnx to import, and a checkpoint dir without weights.
_BUNDLE_SCRIPT = """
import importlib.abc, importlib.util, json, sys
HIDDEN = ("torch", "gliner", "transformers", "onnx")
class Hide(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in HIDDEN:
            raise ModuleNotFoundError(name)
sys.meta_path.insert(0, Hide())
find_spec = importlib.util.find_spec
importlib.util.find_spec = lambda name, *a: None if name.split(".")[0] in HIDDEN else find_spec(name, *a)
from local_models.gliner_runtime import GlinerLoadError, GlinerRuntime
out = {"check": GlinerRuntime.check(sys.argv[1])}
try:
    rt = GlinerRuntime.load(sys.argv[1], cache=sys.argv[2])
    out.update(torch_free=rt.torch_free, backend=rt.backend, found=[s.text for s in rt.predict(sys.argv[3])])
except GlinerLoadError as exc:
    out["error"] = str(exc)
out["modules"] = sorted(m for m in HIDDEN if m in sys.modules)
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def prebuilt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("gliner-prebuilt")
    exported = write_prebuilt(folder)
    assert exported == prebuilt_path(DEFAULT_MODEL_DIR, "int8", folder)
    assert _Sidecar.path_for(exported).is_file()
    return folder


def _copy(prebuilt: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "prebuilt"
    shutil.copytree(prebuilt, folder)
    return folder


def _damage(folder: Path, damage: str) -> None:
    exported = prebuilt_path(DEFAULT_MODEL_DIR, "int8", folder)
    sidecar = _Sidecar.path_for(exported)
    data = json.loads(sidecar.read_text(encoding="utf-8"))
    if damage == "probe":  # current and well-formed, but this tokenizer would encode differently
        data["probes"][0]["feed"]["input_ids"][0][1] += 1
    elif damage == "weights":  # made from other weights than the checkpoint dir holds
        data["weights"] = "1|" + "0" * 64
    elif damage == "export":  # the export is not the file the sidecar was written for
        with exported.open("ab") as fh:
            fh.write(b"\0")
    elif damage == "no-sidecar":
        sidecar.unlink()
        return
    sidecar.write_text(json.dumps(data), encoding="utf-8")


def test_a_prebuilt_export_is_used_before_the_cache_and_nothing_is_written(
        prebuilt: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture):
    monkeypatch.setenv(PREBUILT_ENV, str(prebuilt))
    before = {p: p.stat().st_mtime_ns for p in prebuilt.iterdir()}
    cache = tmp_path / "cache"
    with caplog.at_level(logging.INFO, logger="local_models.gliner_runtime"):
        rt = GlinerRuntime.load(backend="onnx", precision="int8", cache=cache)
    assert rt.torch_free and rt.backend == "onnx"
    assert "using the prebuilt ONNX export" in caplog.text
    assert not cache.exists()  # the cache was not even created
    assert {p: p.stat().st_mtime_ns for p in prebuilt.iterdir()} == before  # read-only
    cached = GlinerRuntime.load(backend="onnx", precision="int8")  # the session cache's export and sidecar
    assert rt.predict_many(TEXTS[:4]) == cached.predict_many(TEXTS[:4])  # (the long text: test_gliner_lite.py)
    assert any(s.text == "Maria Lopez" for s in rt.predict(TEXTS[0]))


@pytest.mark.parametrize("damage", ["probe", "weights", "export", "no-sidecar"])
def test_a_damaged_prebuilt_export_falls_back_to_the_normal_path(
        prebuilt: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, damage: str):
    folder = _copy(prebuilt, tmp_path)
    _damage(folder, damage)
    monkeypatch.setenv(PREBUILT_ENV, str(folder))
    with caplog.at_level(logging.INFO, logger="local_models.gliner_runtime"):
        rt = GlinerRuntime.load(backend="onnx", precision="int8")  # the session cache: torch-free there, or torch
    assert rt.session is not None
    assert "using the prebuilt ONNX export" not in caplog.text
    assert any(s.text == "Maria Lopez" for s in rt.predict(TEXTS[0]))


def test_a_missing_prebuilt_dir_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(PREBUILT_ENV, str(tmp_path / "nowhere"))
    assert prebuilt_path(DEFAULT_MODEL_DIR) is None
    assert GlinerRuntime.load(backend="onnx", precision="int8").session is not None


def _bundle(prebuilt: Path, tmp_path: Path) -> dict:
    """Load in a fresh process without torch & co, from a copy of the checkpoint dir without its weights."""
    model_dir = tmp_path / DEFAULT_MODEL_DIR.name
    shutil.copytree(DEFAULT_MODEL_DIR, model_dir, ignore=shutil.ignore_patterns("*.safetensors", "*.bin"))
    env = {**os.environ, PREBUILT_ENV: str(prebuilt)}
    run = subprocess.run([sys.executable, "-c", _BUNDLE_SCRIPT, str(model_dir), str(tmp_path / "cache"), TEXTS[0]],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got["modules"] == [], f"imported {got['modules']}"
    assert not (tmp_path / "cache").exists()
    return got


def test_without_torch_or_weights_the_prebuilt_export_runs(prebuilt: Path, tmp_path: Path):
    got = _bundle(prebuilt, tmp_path)
    assert "prebuilt ONNX export" in got["check"]
    assert got.get("error") is None and got["torch_free"] and got["backend"] == "onnx"
    assert "Maria Lopez" in got["found"]


def test_without_torch_a_damaged_prebuilt_export_fails_with_the_reason(prebuilt: Path, tmp_path: Path):
    folder = _copy(prebuilt, tmp_path)
    _damage(folder, "probe")
    got = _bundle(folder, tmp_path)
    assert "torch and gliner not installed" in got["error"] and "does not match this environment" in got["error"]


def test_write_prebuilt_needs_a_sidecar(tmp_path: Path):
    with pytest.raises(GlinerLoadError):
        write_prebuilt(tmp_path / "out", tmp_path / "not-a-checkpoint")
