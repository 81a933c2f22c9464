"""`veil models add | remove | download | prepare`: manage the models Veil uses.

    veil models add NAME PATH [--kind chat-llm|relevance-lora] [--replace]
    veil models remove NAME
    veil models download REPO_ID FILE [--sha256 HEX] [--name NAME] [--kind ...] [--revision REV]
    veil models prepare [--json]

`prepare` loads every configured detector and the relevance judge now, as the
proxy would at start-up, and says how long each took: the first load on a
machine derives files into the cache (the GLiNER detector's int8 ONNX export,
the judge's cut base model; `VEIL_CACHE_DIR` moves the cache), so running it
once after installing makes the first `veil serve` or `veil tray` start fast.

Models are recorded in the registry of `local_models.registry` in Veil's data
directory (`settings.data_path`, the same one `veil models` lists). `download`
fetches one file from the Hugging Face Hub with a progress bar (for users with
internet), checks its SHA-256 when given, and registers it; offline it fails
with an explanation instead of a traceback.

`veil models` with no subcommand keeps listing (proxy/cli.py's `cmd_models`).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from local_models.registry import (
    InvalidModelFileError,
    ModelInfo,
    ModelRegistry,
    RegistryError,
    check_gguf,
    file_sha256,
)

KINDS = ("chat-llm", "relevance-lora")
_TRUE = {"1", "true", "yes", "on"}


class ModelsCliError(RuntimeError):
    """A models command that cannot be done; the message is for the user."""


def _registry(data_dir: str | os.PathLike[str] | None = None) -> ModelRegistry:
    if data_dir is None:
        from proxy.config import load_settings

        data_dir = load_settings().data_path
    return ModelRegistry(data_dir)


def _check_kind(path: Path, kind: str) -> list[str]:
    """Raise when the file cannot be a `kind`; return warnings worth showing."""
    from local_models.relevance_runtime import AdapterInfo, RelevanceModelError, adapter_kind

    if kind not in KINDS:
        raise ModelsCliError(f"unknown kind {kind!r}; choose one of {', '.join(KINDS)}")
    gtype = adapter_kind(path)
    if kind == "relevance-lora":
        if gtype != "adapter":
            raise ModelsCliError(f"{path} is a GGUF {gtype or 'model'}, not a LoRA adapter (general.type must be "
                                 "'adapter'); relevance adapters come from `make model-relevance`")
        try:
            AdapterInfo.load(path)
        except RelevanceModelError as exc:
            raise ModelsCliError(str(exc)) from exc
        if not path.with_suffix(".json").is_file():
            return [f"no {path.with_suffix('.json').name} next to the adapter: its decision threshold defaults to 0.0"]
    elif gtype == "adapter":
        raise ModelsCliError(f"{path} is a LoRA adapter, not a chat model; add it with --kind relevance-lora")
    return []


def add_model(name: str, path: str | os.PathLike[str], kind: str = "chat-llm", *,
              data_dir: str | os.PathLike[str] | None = None, replace: bool = False) -> tuple[ModelInfo, list[str]]:
    """Check and register a local GGUF; returns the registry entry and warnings."""
    try:
        resolved = check_gguf(path)
    except InvalidModelFileError as exc:
        raise ModelsCliError(str(exc)) from exc
    warnings = _check_kind(resolved, kind)
    try:
        info = _registry(data_dir).register(name, resolved, kind, replace=replace)
    except RegistryError as exc:
        raise ModelsCliError(str(exc)) from exc
    return info, warnings


def remove_model(name: str, *, data_dir: str | os.PathLike[str] | None = None) -> None:
    try:
        _registry(data_dir).unregister(name)
    except RegistryError as exc:
        raise ModelsCliError(str(exc)) from exc


def verify_sha256(path: str | os.PathLike[str], expected: str) -> str:
    """The file's SHA-256; raises `ModelsCliError` when it is not `expected`."""
    want = expected.strip().lower()
    if not re.fullmatch(r"[0-9a-f]{64}", want):
        raise ModelsCliError(f"--sha256 must be 64 hex digits, got {expected!r}")
    got = file_sha256(path)
    if got != want:
        raise ModelsCliError(f"checksum mismatch for {path}: expected sha256 {want}, got {got}; the download is "
                             "corrupt or not the file you meant (it was deleted and not registered)")
    return got


def _offline() -> bool:
    return any(os.environ.get(v, "").strip().lower() in _TRUE for v in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"))


def _hub_download(repo_id: str, filename: str, revision: str | None, local_dir: Path) -> str:
    try:
        from huggingface_hub import hf_hub_download
    except ImportError as exc:
        raise ModelsCliError("downloading needs the huggingface_hub package (pip install huggingface_hub); or "
                             "download the file yourself and use `veil models add`") from exc
    from huggingface_hub import errors as hub_errors

    try:
        return hf_hub_download(repo_id, filename, revision=revision, local_dir=local_dir)
    except hub_errors.GatedRepoError as exc:
        raise ModelsCliError(f"{repo_id} is gated: accept its license on huggingface.co and log in "
                             "(`hf auth login`), then retry") from exc
    except hub_errors.RepositoryNotFoundError as exc:
        raise ModelsCliError(f"no repository {repo_id!r} on the Hugging Face Hub (or it is private)") from exc
    except hub_errors.RevisionNotFoundError as exc:
        raise ModelsCliError(f"{repo_id} has no revision {revision!r}") from exc
    except hub_errors.LocalEntryNotFoundError as exc:  # offline / unreachable, nothing cached
        raise ModelsCliError(_offline_message(repo_id, filename, f"the Hub is unreachable ({exc.__class__.__name__})")) from exc
    except hub_errors.EntryNotFoundError as exc:
        raise ModelsCliError(f"{repo_id} has no file {filename!r}") from exc
    except hub_errors.OfflineModeIsEnabled as exc:
        raise ModelsCliError(_offline_message(repo_id, filename, "offline mode is on")) from exc
    except (OSError, hub_errors.HfHubHTTPError) as exc:
        raise ModelsCliError(_offline_message(repo_id, filename, f"network error: {exc}")) from exc


def _offline_message(repo_id: str, filename: str, why: str) -> str:
    return (f"cannot download {repo_id}/{filename}: {why}. Veil works offline with its bundled models; to add "
            f"this one, download https://huggingface.co/{repo_id}/resolve/main/{filename} on a machine with "
            "internet and run `veil models add NAME FILE`")


def default_name(filename: str) -> str:
    stem = Path(filename).name
    for suffix in (".gguf", ".GGUF"):
        stem = stem.removesuffix(suffix)
    name = re.sub(r"[^A-Za-z0-9._:-]+", "-", stem).strip("-._:").lower()
    return name[:128] or "model"


def download_model(repo_id: str, filename: str, *, sha256: str | None = None, name: str | None = None,
                   kind: str = "chat-llm", revision: str | None = None, replace: bool = False,
                   data_dir: str | os.PathLike[str] | None = None,
                   downloader: Callable[[str, str, str | None, Path], str] | None = None) -> tuple[ModelInfo, list[str]]:
    """Download one GGUF from the Hub into `<data_dir>/models/`, verify, register."""
    if kind not in KINDS:
        raise ModelsCliError(f"unknown kind {kind!r}; choose one of {', '.join(KINDS)}")
    if sha256 is not None and not re.fullmatch(r"[0-9a-fA-F]{64}", sha256.strip()):
        raise ModelsCliError(f"--sha256 must be 64 hex digits, got {sha256!r}")
    if not filename.lower().endswith(".gguf"):
        raise ModelsCliError(f"{filename!r} is not a .gguf file; Veil runs GGUF models through llama.cpp")
    registry = _registry(data_dir)
    if downloader is None:
        if _offline():
            raise ModelsCliError(_offline_message(repo_id, filename, "offline mode is on (HF_HUB_OFFLINE=1)"))
        downloader = _hub_download
    local_dir = registry.data_dir / "models" / repo_id.replace("/", "__")
    local_dir.mkdir(parents=True, exist_ok=True)
    path = Path(downloader(repo_id, filename, revision, local_dir))
    if sha256 is not None:
        try:
            verify_sha256(path, sha256)
        except ModelsCliError:
            path.unlink(missing_ok=True)
            raise
    return add_model(name or default_name(filename), path, kind, data_dir=registry.data_dir, replace=replace)


def prepare_models(settings: Any = None, *, progress: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """Load each configured detector, then the relevance judge; one row per model with
    `ready`, `seconds` and `detail` (what loaded, or why it cannot). `progress(name)` is
    called before each load."""
    import time

    from proxy.detectors.registry import build_detector

    if settings is None:
        from proxy.config import load_settings

        settings = load_settings()
    rows: list[dict[str, Any]] = []

    def timed(name: str, kind: str, load: Callable[[], str]) -> None:
        if progress is not None:
            progress(name)
        started = time.perf_counter()
        try:
            ready, detail = True, load()
        except Exception as exc:  # noqa: BLE001 - every failure is reported, not raised
            ready, detail = False, f"{type(exc).__name__}: {exc}"
        rows.append({"name": name, "kind": kind, "ready": ready,
                     "seconds": round(time.perf_counter() - started, 2), "detail": detail})

    def load_detector(name: str) -> str:
        detector = build_detector([name]).detectors[0]
        detector.load()
        return detector.status().detail

    for name in settings.detectors:
        timed(name, "detector", lambda name=name: load_detector(name))
    if settings.relevance:
        def load_judge() -> str:
            from proxy.relevance import build_judge

            judge = build_judge(settings.relevance, data_dir=settings.data_path, policy=settings.policy_config(),
                                level=settings.relevance_level)
            if hasattr(judge, "load"):
                judge.load()
            used = "" if settings.policy == "query-aware" else f" (not used by policy {settings.policy!r})"
            return (judge.status()[1] if hasattr(judge, "status") else "loaded") + used

        timed(settings.relevance, "relevance", load_judge)
    return rows


def _cache_location() -> str:
    try:
        from local_models.gliner_runtime import cache_dir

        return str(cache_dir().parent)
    except Exception:  # noqa: BLE001 - only for the message
        return "the user cache dir"


# --------------------------------------------------------------------------- argparse wiring


def _print_added(info: ModelInfo, warnings: list[str]) -> None:
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    state = "ready" if info.ready else f"NOT READY: {info.detail}"
    print(f"registered {info.name} ({info.kind}) -> {info.path} [{state}]")


def _run(fn: Callable[[], Any]) -> int:
    try:
        fn()
    except ModelsCliError as exc:
        print(f"veil models: {exc}", file=sys.stderr)
        return 1
    return 0


def cmd_add(args: argparse.Namespace) -> int:
    return _run(lambda: _print_added(*add_model(args.name, args.path, args.kind, data_dir=args.data_dir,
                                                replace=args.replace)))


def cmd_remove(args: argparse.Namespace) -> int:
    def go() -> None:
        remove_model(args.name, data_dir=args.data_dir)
        print(f"removed {args.name} from the registry (the file itself is left alone)")

    return _run(go)


def cmd_download(args: argparse.Namespace) -> int:
    return _run(lambda: _print_added(*download_model(
        args.repo_id, args.file, sha256=args.sha256, name=args.name, kind=args.kind, revision=args.revision,
        replace=args.replace, data_dir=args.data_dir)))


def cmd_prepare(args: argparse.Namespace) -> int:
    import json

    from proxy.config import load_settings

    settings = load_settings()
    if not args.json:
        print(f"Preparing the models Veil is configured to use (derived files go to {_cache_location()}; "
              "the first time takes up to a minute per model)", flush=True)

    def progress(name: str) -> None:
        if not args.json:
            print(f"  {name}: loading…", flush=True)

    rows = prepare_models(settings, progress=progress)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            mark = "ready" if row["ready"] else "NOT READY"
            print(f"{row['name']:<16} {row['kind']:<10} {mark:<10} {row['seconds']:>7.1f} s  {row['detail']}")
        broken = [row["name"] for row in rows if not row["ready"]]
        if broken and any(row["kind"] == "detector" for row in rows if not row["ready"]):
            print("PII protection cannot run with these settings: the proxy refuses requests until the detectors "
                  "above load (or choose others: detectors = [...] in config.toml, or VEIL_DETECTORS).", file=sys.stderr)
        elif broken:
            print("The relevance judge cannot load: query-aware masks every detected value.", file=sys.stderr)
    return 0 if all(row["ready"] for row in rows) else 1


def add_models_commands(parser: argparse.ArgumentParser | Any) -> argparse.ArgumentParser:
    """Add `add`, `remove`, `download` under `veil models`.

    Pass the existing `models` parser (preferred), or the top-level subparsers
    action, in which case its `models` parser is found or created. Without a
    subcommand, `veil models` keeps its own `func` (the listing).
    """
    if isinstance(parser, argparse._SubParsersAction):
        models = parser.choices.get("models") or parser.add_parser("models", help="manage local models")
    else:
        models = parser
    sub = models.add_subparsers(dest="models_command", metavar="SUBCOMMAND")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--data-dir", default=None, help="registry directory (default: Veil's data directory)")

    add = sub.add_parser("add", help="register a local GGUF file")
    add.add_argument("name")
    add.add_argument("path")
    add.add_argument("--kind", choices=KINDS, default="chat-llm")
    add.add_argument("--replace", action="store_true", help="replace a model registered under NAME")
    common(add)
    add.set_defaults(func=cmd_add)

    remove = sub.add_parser("remove", help="forget a registered model (keeps the file)")
    remove.add_argument("name")
    common(remove)
    remove.set_defaults(func=cmd_remove)

    dl = sub.add_parser("download", help="download a GGUF from the Hugging Face Hub and register it")
    dl.add_argument("repo_id", help="e.g. Qwen/Qwen2.5-3B-Instruct-GGUF")
    dl.add_argument("file", help="e.g. qwen2.5-3b-instruct-q4_k_m.gguf")
    dl.add_argument("--sha256", help="expected SHA-256 of the file (recommended)")
    dl.add_argument("--name", help="registry name (default: from the file name)")
    dl.add_argument("--kind", choices=KINDS, default="chat-llm")
    dl.add_argument("--revision", help="branch, tag or commit")
    dl.add_argument("--replace", action="store_true")
    common(dl)
    dl.set_defaults(func=cmd_download)

    prep = sub.add_parser("prepare", help="load the configured detectors and relevance judge now (the first load "
                                          "derives cached files), and say how long each took")
    prep.add_argument("--json", action="store_true")
    prep.set_defaults(func=cmd_prepare)
    return models


__all__ = ["KINDS", "ModelsCliError", "add_model", "add_models_commands", "default_name", "download_model",
           "prepare_models", "remove_model", "verify_sha256"]
