"""Settings: embedded defaults <- TOML file <- environment <- command-line flags.

The TOML file lives in the platform config dir (`platformdirs`), or where
`VEIL_CONFIG` points. The upstream API key is never written to the file: it
lives in the OS keyring (or `VEIL_UPSTREAM_API_KEY`).

A packaged app may change the embedded defaults with a `veil-bundle-defaults.toml`
beside its code (PyInstaller: `sys._MEIPASS`; packaging/veil.spec ships one
that keeps Veil's own detectors, since the bundle runs GLiNER from a prebuilt
ONNX export without torch). With GLiNER off, status displays say what that
leaves undetected (`Settings.detection_note`).
"""

from __future__ import annotations

import os
import sys
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs
import tomli_w

from proxy.policy import DEFAULT_ALWAYS_MASK, PolicyConfig

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

APP_NAME = "veil"
KEYRING_SERVICE = "veil"
UPSTREAM_KEY_ENTRY = "upstream-api-key"
DEFAULT_PORT = 8787
DEFAULT_DETECTORS = ("patterns", "gliner")
BUNDLE_DEFAULTS_FILENAME = "veil-bundle-defaults.toml"


class ConfigError(ValueError):
    """A setting with a wrong name, type or value."""


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    upstream: str | None = None  # None: answer from the bundled local model
    policy: str = "query-aware"
    always_mask: tuple[str, ...] = DEFAULT_ALWAYS_MASK
    never_mask: tuple[str, ...] = ()
    # patterns: validated recognizers for structured PII; gliner: the trained model for names, places,
    # organizations, health and other context-dependent PII (int8 ONNX, derived once into the cache)
    detectors: tuple[str, ...] = DEFAULT_DETECTORS
    relevance: str | None = "smollm2-lora"  # None or "": query-aware masks every candidate
    # privacy vs utility of the judge: "private" masks more, "useful" keeps more (proxy.relevance.levels)
    relevance_level: str = "balanced"
    # keep recent findings (detected entities per text, the judge's margins) in this process's memory, never
    # on disk: a re-sent conversation then costs only its new part; false keeps nothing between requests
    remember_findings: bool = True
    max_body_bytes: int = 10 * 1024 * 1024
    access_token: str | None = None
    upstream_timeout_s: float = 120.0
    local_model: str = "smollm2-135m-instruct"
    data_dir: str | None = None
    start_at_login: bool = False

    def policy_config(self) -> PolicyConfig:
        return PolicyConfig.build(self.policy, self.always_mask, self.never_mask)

    @property
    def data_path(self) -> Path:
        path = Path(self.data_dir) if self.data_dir else Path(platformdirs.user_data_dir(APP_NAME))
        path.mkdir(parents=True, exist_ok=True)
        return path

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    def detection_note(self) -> str | None:
        """What the configured detectors leave undetected, for status displays; None with GLiNER on."""
        if "gliner" in self.detectors:
            return None
        why = 'the GLiNER detector is off (turn it on with detectors = ["patterns", "gliner"])'
        return ("Only structured PII (emails, phones, cards, IDs, ...) is detected; names, street addresses, "
                f"organizations and health data go out in clear: {why}.")

    def validated(self) -> Settings:
        self.policy_config()  # raises PolicyError on bad tags or modes
        if not 0 < self.port < 65536:
            raise ConfigError(f"port must be 1-65535, got {self.port}")
        if not self.detectors:
            raise ConfigError("detectors must name at least one detector (policy 'off' forwards text unchanged)")
        if self.max_body_bytes <= 0:
            raise ConfigError("max_body_bytes must be positive")
        if self.upstream is not None and not self.upstream.startswith(("http://", "https://")):
            raise ConfigError(f"upstream must be an http(s) URL, got {self.upstream!r}")
        if self.relevance_level != _FIELDS["relevance_level"].default:
            # imported here (and only off the default): proxy.relevance imports this module
            from proxy.relevance.levels import UnknownLevel, check_level

            try:
                check_level(self.relevance_level)
            except UnknownLevel as exc:
                raise ConfigError(str(exc)) from exc
        return self


_FIELDS = {f.name: f for f in fields(Settings)}
_TUPLE_FIELDS = {"always_mask", "never_mask", "detectors"}
_ENV_PREFIX = "VEIL_"


def config_path() -> Path:
    override = os.environ.get("VEIL_CONFIG")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME)) / "config.toml"


def _coerce(name: str, value: Any) -> Any:
    if name not in _FIELDS:
        raise ConfigError(f"unknown setting {name!r}")
    default = getattr(Settings, name, None)
    if name in _TUPLE_FIELDS:
        if isinstance(value, str):
            value = [item.strip() for item in value.split(",") if item.strip()]
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{name} must be a list of strings")
        return tuple(value)
    if isinstance(default, bool):
        if isinstance(value, str):
            return value.strip().lower() in {"1", "true", "yes", "on"}
        return bool(value)
    if isinstance(default, int) and not isinstance(default, bool):
        try:
            return int(value)
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"{name} must be an integer, got {value!r}") from exc
    if isinstance(default, float):
        try:
            return float(value)
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"{name} must be a number, got {value!r}") from exc
    if value in ("", None):
        return None
    if not isinstance(value, str):
        raise ConfigError(f"{name} must be a string, got {value!r}")
    return value


def bundle_defaults_path() -> Path | None:
    """The embedded defaults of a packaged (frozen) app, if it ships any."""
    base = getattr(sys, "_MEIPASS", None) if getattr(sys, "frozen", False) else None
    path = Path(base) / BUNDLE_DEFAULTS_FILENAME if base else None
    return path if path is not None and path.is_file() else None


def _bundle_values() -> dict[str, Any]:
    path = bundle_defaults_path()
    if path is None:
        return {}
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: {exc}") from exc


def default_settings() -> Settings:
    """The embedded defaults: `Settings()`, as a packaged app's bundle defaults change them."""
    values = _bundle_values()
    return Settings(**{name: _coerce(name, value) for name, value in values.items()}) if values else Settings()


def load_settings(path: Path | None = None, env: dict[str, str] | None = None, **overrides: Any) -> Settings:
    """Defaults (and a bundle's), then the TOML file, then `VEIL_*` environment variables, then `overrides`."""
    values: dict[str, Any] = _bundle_values()
    path = path or config_path()
    if path.exists():
        try:
            values.update(tomllib.loads(path.read_text(encoding="utf-8")))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path}: {exc}") from exc
    env = os.environ if env is None else env
    for name in _FIELDS:
        key = _ENV_PREFIX + name.upper()
        if key in env:
            values[name] = env[key]
    values.update({k: v for k, v in overrides.items() if v is not None})
    return Settings(**{name: _coerce(name, value) for name, value in values.items()}).validated()


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings that differ from the defaults (secrets never go here).

    A setting equal to its default is left out, so it follows the default of a later version.
    """
    path = path or config_path()
    defaults = default_settings()
    data = {
        # None is written as "" (read back as None), so switching a default off survives a save
        name: list(value) if isinstance(value, tuple) else ("" if value is None else value)
        for name, value in asdict(settings).items()
        if value != getattr(defaults, name) and name != "access_token"
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(tomli_w.dumps(data), encoding="utf-8")
    tmp.replace(path)
    return path


def upstream_api_key(env: dict[str, str] | None = None) -> str | None:
    """The upstream key the user gave Veil: `VEIL_UPSTREAM_API_KEY`, else the keyring."""
    env = os.environ if env is None else env
    if env.get("VEIL_UPSTREAM_API_KEY"):
        return env["VEIL_UPSTREAM_API_KEY"]
    try:
        import keyring

        return keyring.get_password(KEYRING_SERVICE, UPSTREAM_KEY_ENTRY)
    except Exception:  # noqa: BLE001 - no usable keyring means no stored key
        return None


def store_upstream_api_key(key: str | None) -> None:
    import keyring

    if key:
        keyring.set_password(KEYRING_SERVICE, UPSTREAM_KEY_ENTRY, key)
    else:
        try:
            keyring.delete_password(KEYRING_SERVICE, UPSTREAM_KEY_ENTRY)
        except keyring.errors.PasswordDeleteError:
            pass


__all__ = [
    "DEFAULT_DETECTORS",
    "ConfigError",
    "Settings",
    "bundle_defaults_path",
    "config_path",
    "default_settings",
    "load_settings",
    "save_settings",
    "store_upstream_api_key",
    "upstream_api_key",
]
