"""Running the proxy: assemble its state and serve it, in the foreground or a thread.

With no upstream configured, Veil answers from the bundled local model, which
is served on a loopback port by `local_models`, so a fresh offline machine
works end to end. Detectors start loading as the proxy starts, on a
background thread, so the port answers at once and `/veil/status` says
"loading" while a model loads (the first GLiNER load derives its int8 ONNX file
into the cache: up to a minute; `veil models prepare` does it ahead).
Requests that arrive meanwhile wait for the load; nothing is forwarded
unmasked. A model that cannot load shows in `/veil/status` and the GUI with
the reason, and requests are refused (fail closed) for as long as protection
cannot run. The relevance judge is loaded next, on the same thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import uvicorn

from proxy.activity import ActivityLog
from proxy.config import Settings, upstream_api_key
from proxy.detectors.base import DetectionUnavailable, Readiness
from proxy.factory import build_engine
from proxy.guard import GuardUnavailable, SecretGuard
from proxy.secrets import SecretStore
from proxy.server import ProxyState, create_app

log = logging.getLogger(__name__)


@dataclass
class LocalUpstream:
    base_url: str
    stop: Callable[[], None]


def start_local_upstream(settings: Settings) -> LocalUpstream:
    """Serve the bundled local model on a loopback port (the offline default upstream)."""
    from local_models.llama_runtime import LlamaChat
    from local_models.openai_server import create_local_app, serve_in_thread
    from local_models.registry import resolve_path

    runtime = LlamaChat(resolve_path(settings.local_model, data_dir=settings.data_path), name=settings.local_model)
    base_url, stop = serve_in_thread(create_local_app(runtime))
    return LocalUpstream(base_url, stop)


def _load_judge(state: ProxyState) -> None:
    """Load the relevance judge (when the policy uses one), so the first request does not pay for it."""
    judge = state.engine.relevance
    if judge is None or state.settings.policy != "query-aware" or not hasattr(judge, "load"):
        return
    state.relevance = Readiness("loading", f"loading {getattr(judge, 'name', 'the judge')}")
    started = time.perf_counter()
    try:
        judge.load()
    except Exception as exc:  # noqa: BLE001 - a judge that cannot load means: mask every candidate
        log.warning("the relevance judge cannot load; query-aware masks every detected value: %s", exc)
        state.relevance = Readiness("unavailable", f"{exc}; every detected value is masked", time.perf_counter() - started)
    else:
        state.relevance = Readiness("ready", f"{getattr(judge, 'name', 'judge')} loaded", time.perf_counter() - started)


def build_state(settings: Settings, *, activity: ActivityLog | None = None, upstream_url: str | None = None,
                background: bool = True) -> ProxyState:
    """The proxy's state; its detectors (then its relevance judge) load on a background thread,
    or before this returns with `background=False`."""
    engine = build_engine(settings)
    if activity is None:
        activity = ActivityLog(settings.data_path / "activity.db")
    guard = SecretGuard(SecretStore(settings.data_path / "secrets.db"))
    try:
        guard.warm_up()  # loads MiniLM only when the store holds secrets
    except GuardUnavailable as exc:
        log.error("the secret guard cannot run, requests will be refused: %s", exc)
    state = ProxyState(
        settings=settings,
        engine=engine,
        upstream_url=upstream_url or settings.upstream or "",
        activity=activity,
        upstream_key=upstream_api_key(),
        guard=guard,
    )
    detector = engine.detector
    if background and hasattr(detector, "load_in_background"):
        detector.load_in_background(then=lambda: _load_judge(state))
    else:
        try:
            detector.load()
        except DetectionUnavailable as exc:
            log.error("PII protection cannot run, requests will be refused: %s", exc)
        _load_judge(state)
    return state


@dataclass
class ProxyService:
    """A proxy serving on its own thread; the GUI and the tests start and stop it."""

    settings: Settings
    state: ProxyState | None = None
    local: LocalUpstream | None = None
    _server: uvicorn.Server | None = None
    _thread: threading.Thread | None = None
    on_stop: list[Callable[[], None]] = field(default_factory=list)

    def prepare(self) -> ProxyState:
        upstream_url = self.settings.upstream
        if upstream_url is None:
            self.local = start_local_upstream(self.settings)
            upstream_url = self.local.base_url
        self.state = build_state(self.settings, upstream_url=upstream_url)
        return self.state

    def _server_for(self, state: ProxyState) -> uvicorn.Server:
        config = uvicorn.Config(
            create_app(state), host=self.settings.host, port=self.settings.port,
            log_level="warning", access_log=False, lifespan="on",
        )
        return uvicorn.Server(config)

    def run_foreground(self) -> None:
        state = self.state or self.prepare()
        self._server = self._server_for(state)
        try:
            self._server.run()
        finally:
            self._cleanup()

    def start(self, timeout_s: float = 30.0) -> str:
        """Serve in a daemon thread; returns the base URL once it accepts connections."""
        state = self.state or self.prepare()
        self._server = self._server_for(state)
        self._thread = threading.Thread(target=self._server.run, name="veil-proxy", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout_s
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the proxy could not start on {self.settings.host}:{self.settings.port}")
            time.sleep(0.02)
        return self.base_url

    def wait_for_detection(self, timeout_s: float | None = None) -> Readiness:
        """Wait (at most `timeout_s`) for the detectors to finish loading; then whether they are ready and why not."""
        assert self.state is not None, "start or prepare the service first"
        detector = self.state.engine.detector
        if hasattr(detector, "wait_loaded"):
            return detector.wait_loaded(timeout_s)
        return Readiness("ready", "loaded")

    @property
    def base_url(self) -> str:
        if self._server is not None and self._server.servers:
            port = self._server.servers[0].sockets[0].getsockname()[1]
            return f"http://{self.settings.host}:{port}/v1"
        return self.settings.base_url

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._cleanup()

    def _cleanup(self) -> None:
        if self.local is not None:
            self.local.stop()
            self.local = None
        if self.state is not None and self.state.activity is not None:
            self.state.activity.close()
        if self.state is not None and self.state.guard is not None:
            self.state.guard.store.close()
        self.state = None
        self._server = None
        self._thread = None
        for callback in self.on_stop:
            callback()
