"""Shared fixtures: a loopback stand-in for the cloud LLM, and real Veil proxies in front of it.

Nothing here is mocked: `LoopbackUpstream` is a real HTTP server that records
what it receives, and `make_veil` starts real `ProxyService`s (uvicorn on a
free port). They run the "patterns" detector only: these tests are about the
proxy's plumbing and rely on what patterns find; `make_veil(detectors=DEFAULT_DETECTORS)`
runs the real default (patterns + GLiNER, see tests/test_e2e_default_detectors.py).

Derived model files (GLiNER's int8 ONNX export, the relevance judge's cut base
model) go to one persistent cache for the whole session, `build/test-cache`
(gitignored; `VEIL_CACHE_DIR` set outside the tests wins), so they are derived
once per machine, not once per test or per temporary directory.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

TEST_CACHE_DIR = Path(__file__).resolve().parent.parent / "build" / "test-cache"
os.environ.setdefault("VEIL_CACHE_DIR", str(TEST_CACHE_DIR))  # before any model loads; subprocesses inherit it

from proxy.config import Settings
from proxy.loopback import LoopbackUpstream, Recorded
from proxy.server import ProxyState
from proxy.service import ProxyService

# Structured PII the "patterns" detector finds; none of it may ever reach the upstream.
PII = {
    "Email Address": "jane.doe@example.com",
    "Phone Number": "+1 415-555-0132",
    "Credit Card": "4111 1111 1111 1111",
    "Social Security Number": "536-22-1234",
    "Bank Account": "DE89 3704 0044 0532 0130 00",
    "IP Address": "203.0.113.42",
}
PII_TEXT = (
    f"I'm at {PII['Email Address']} or {PII['Phone Number']}. Card {PII['Credit Card']}, "
    f"SSN {PII['Social Security Number']}, IBAN {PII['Bank Account']}, server {PII['IP Address']}."
)


@dataclass
class Veil:
    """A running proxy and the loopback upstream behind it."""

    service: ProxyService
    upstream: LoopbackUpstream
    url: str  # ends in /v1

    @property
    def state(self) -> ProxyState:
        assert self.service.state is not None
        return self.service.state

    @property
    def data_dir(self) -> Path:
        return Path(self.service.settings.data_dir or "")

    @property
    def received(self) -> list[Recorded]:
        return self.upstream.requests

    def client(self, **options: Any):
        import openai

        return openai.OpenAI(base_url=self.url, api_key=options.pop("api_key", "sk-client"), max_retries=0, **options)

    def async_client(self, **options: Any):
        import openai

        return openai.AsyncOpenAI(base_url=self.url, api_key=options.pop("api_key", "sk-client"), max_retries=0, **options)


def _settings(loopback: LoopbackUpstream, data_dir: Path, **overrides: Any) -> Settings:
    # policy "all": these tests are about the proxy, not about which values a query may keep;
    # detectors "patterns": they rely on what the validated recognizers find (and stay fast)
    base = Settings(port=0, upstream=loopback.base_url, data_dir=str(data_dir), policy="all", detectors=("patterns",))
    return replace(base, **overrides)


def _start(upstream: LoopbackUpstream, settings: Settings) -> Veil:
    with pytest.MonkeyPatch.context() as patch:  # no real keyring lookups from tests
        patch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
        service = ProxyService(settings)
        url = service.start()
    service.wait_for_detection(300)  # detectors load in the background; tests start from a settled state
    return Veil(service, upstream, url)


@pytest.fixture(scope="session")
def loopback() -> Iterator[LoopbackUpstream]:
    upstream = LoopbackUpstream(slow_s=2.0)
    upstream.start()
    yield upstream
    upstream.stop()


@pytest.fixture(scope="session")
def _shared_veil(loopback: LoopbackUpstream, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Veil]:
    veil = _start(loopback, _settings(loopback, tmp_path_factory.mktemp("veil-shared")))
    yield veil
    veil.service.stop()


@pytest.fixture
def veil(_shared_veil: Veil) -> Veil:
    """The default proxy (shared by tests that do not change its settings); upstream log cleared."""
    _shared_veil.upstream.requests.clear()
    return _shared_veil


@pytest.fixture
def make_veil(loopback: LoopbackUpstream, tmp_path: Path):
    """Start a proxy with its own settings (and data dir): `make_veil(max_body_bytes=1000)`."""
    started: list[Veil] = []
    loopback.requests.clear()

    def make(**overrides: Any) -> Veil:
        veil = _start(loopback, _settings(loopback, tmp_path / f"veil{len(started)}", **overrides))
        started.append(veil)
        return veil

    yield make
    for veil in started:
        veil.service.stop()


_PATTERNS: Any = None


def pattern_texts(text: str, tag: str) -> list[str]:
    """What the `patterns` detector finds in `text` with `tag`, in order; every span must be the text's own."""
    global _PATTERNS
    if _PATTERNS is None:
        from proxy.recognizers import RecognizerDetector

        _PATTERNS = RecognizerDetector()
    entities = [e for e in _PATTERNS.detect(text) if e.tag == tag]
    for e in entities:
        assert text[e.start : e.end] == e.text
    return [e.text for e in entities]
