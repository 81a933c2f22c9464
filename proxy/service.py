"""Running the proxy: assemble its state and serve it, in the foreground or a thread.

With no upstream configured, Veil answers from the bundled local model, which
is served on a loopback port by `local_models`, so a fresh offline machine
works end to end. Detectors are loaded at start-up so a broken model shows in
`/veil/status` and the GUI at once; requests are refused (fail closed) for as
long as protection cannot run.
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
from proxy.detectors.base import DetectionUnavailable
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


def build_state(settings: Settings, *, activity: ActivityLog | None = None, upstream_url: str | None = None) -> ProxyState:
    engine = build_engine(settings)
    try:
        engine.detector.load()
    except DetectionUnavailable as exc:
        log.error("PII protection cannot run, requests will be refused: %s", exc)
    if activity is None:
        activity = ActivityLog(settings.data_path / "activity.db")
    guard = SecretGuard(SecretStore(settings.data_path / "secrets.db"))
    try:
        guard.warm_up()  # loads MiniLM only when the store holds secrets
    except GuardUnavailable as exc:
        log.error("the secret guard cannot run, requests will be refused: %s", exc)
    return ProxyState(
        settings=settings,
        engine=engine,
        upstream_url=upstream_url or settings.upstream or "",
        activity=activity,
        upstream_key=upstream_api_key(),
        guard=guard,
    )


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
