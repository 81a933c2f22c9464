"""The in-process proxy as the UI sees it: one state, start/stop/pause, live events.

`ProxyService` serves on its own thread; starting it (which may load models)
and stopping it also run off the UI thread. Activity listeners are called on
the proxy's thread, so events are re-emitted through a queued signal and every
slot connected to `activity` runs on the UI thread.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from gui.worker import run_async
from proxy.activity import ActivityEvent
from proxy.config import Settings
from proxy.detectors.base import Readiness
from proxy.service import ProxyService

log = logging.getLogger(__name__)

STATES = ("stopped", "starting", "protecting", "paused", "stopping", "error")


def detection_progress(readiness: Readiness, settings: Settings) -> str:
    """What the window says while the detectors load."""
    text = f"Loading PII detection: {readiness.detail.removeprefix('loading ')}"
    if readiness.seconds:
        text += f" ({readiness.seconds:.0f} s)"
    if "gliner" in settings.detectors:
        text += (". The first start on this machine prepares the GLiNER model (up to a minute; "
                 "`veil models prepare` does it ahead). Requests wait; nothing goes out unmasked.")
    return text


def _start_service(
    settings: Settings, progress: Callable[[str], None] = lambda _: None, cancelled: Callable[[], bool] = lambda: False,
) -> tuple[ProxyService, str | None]:
    """Start a proxy and wait for its detectors to load (reporting `progress`); also say whether
    protection can run (a detector that cannot load means every request is refused)."""
    service = ProxyService(settings)
    progress("starting the bundled local model" if settings.upstream is None else "starting the proxy")
    service.start()
    assert service.state is not None
    readiness = service.wait_for_detection(0.3)
    while readiness.state == "loading" and not cancelled():
        progress(detection_progress(readiness, settings))
        readiness = service.wait_for_detection(0.5)
    broken = [f"{s.name}: {s.detail}" for s in service.state.engine.detector.statuses() if not s.ready]
    problem = f"PII protection cannot run, so requests are refused ({'; '.join(broken)})" if broken else None
    return service, problem


class ProxyController(QObject):
    """Owns the running `ProxyService`; the tray, window and pages only talk to this."""

    stateChanged = Signal(str)
    activity = Signal(object)  # ActivityEvent, on the UI thread
    settingsChanged = Signal(object)  # Settings
    offers = Signal(object)  # list[PendingOffer] the guard just queued, on the UI thread
    _event_from_proxy = Signal(object)
    _offers_from_proxy = Signal(object)
    _progress_from_start = Signal(str)

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._state = "stopped"
        self._paused = False
        self._cancel_start = False
        self._restart_pending = False  # new settings arrived while a start was in progress
        self._after_stop: Callable[[], None] | None = None
        self.service: ProxyService | None = None
        self.error: str | None = None
        self.progress = ""  # while starting: what is loading (the detectors can take a minute the first time)
        self.history: list[dict[str, Any]] = []  # earlier sessions' rows (counts only), read at first start
        self._history_loaded = False
        self._event_from_proxy.connect(self._relay)
        self._offers_from_proxy.connect(self.offers.emit)
        self._progress_from_start.connect(self._on_progress)

    # ---------------------------------------------------------------- reading
    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def state(self) -> str:
        return self._state

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def running(self) -> bool:
        return self.service is not None and self.service.running

    @property
    def base_url(self) -> str:
        return self.service.base_url if self.running and self.service else self._settings.base_url

    @property
    def export_line(self) -> str:
        return f"export OPENAI_BASE_URL={self.base_url}"

    @property
    def upstream_label(self) -> str:
        if self.service is not None and self.service.state is not None:
            if self._settings.upstream is None:
                return f"bundled local model ({self._settings.local_model})"
            return self.service.state.upstream_url
        return self._settings.upstream or f"bundled local model ({self._settings.local_model})"

    def engine(self) -> Any:
        """The running proxy's privacy engine, or None while stopped."""
        if self.service is not None and self.service.state is not None:
            return self.service.state.engine
        return None

    # ---------------------------------------------------------------- changing
    def _set_state(self, state: str, error: str | None = None) -> None:
        self.error = error
        if state != "starting":
            self.progress = ""
        if state != self._state or error:
            self._state = state
            self.stateChanged.emit(state)

    def start(self) -> None:
        """Start serving in the background; `stateChanged` says how it went."""
        if self._state in ("starting", "protecting", "paused", "stopping"):
            return
        self._cancel_start = False
        self._set_state("starting")
        settings = self._settings
        run_async(lambda: _start_service(settings, self._progress_from_start.emit, lambda: self._cancel_start),
                  self._started, self._start_failed, "veil-proxy-start")

    @Slot(str)
    def _on_progress(self, text: str) -> None:
        if self._state == "starting" and not self._cancel_start and text != self.progress:
            self.progress = text
            self.stateChanged.emit(self._state)  # the window and the tray show it

    def cancel_start(self) -> None:
        """Give up on a start in progress (e.g. a slow model load); it is stopped once it returns."""
        if self._state == "starting":
            self._cancel_start = True
            self._set_state("stopped")

    @Slot(object)
    def _started(self, result: tuple[ProxyService, str | None]) -> None:
        service, problem = result
        if self._cancel_start:
            run_async(service.stop, name="veil-proxy-stop")
            return
        self.service = service
        state = service.state
        assert state is not None
        state.paused = self._paused
        if state.activity is not None:
            state.activity.subscribe(self._event_from_proxy.emit)
            if not self._history_loaded:
                self._history_loaded = True
                try:
                    self.history = state.activity.recent(200)
                except Exception:
                    log.exception("could not read the activity history")
        if state.guard is not None and hasattr(state.guard, "offers"):
            state.guard.offers.subscribe(self._offers_from_proxy.emit)  # proxy thread -> queued signal
        if problem:
            self._set_state("error", problem)
        else:
            self._set_state("paused" if self._paused else "protecting")
        if self._restart_pending:  # it started with the settings of before: apply the newer ones
            self._restart_pending = False
            self.stop(then=self.start)

    @Slot(object)
    def _start_failed(self, exc: BaseException) -> None:
        if self._cancel_start:
            return
        self.service = None
        self._set_state("error", f"{exc}")
        if self._restart_pending:
            self._restart_pending = False
            self.start()

    def stop(self, then: Callable[[], None] | None = None) -> None:
        """Stop serving in the background; `then` runs on the UI thread afterwards."""
        service = self.service
        if service is None:
            if self._state != "starting":
                self._set_state("stopped")
            if then:
                then()
            return
        self.service = None
        self._after_stop = then
        self._set_state("stopping")
        run_async(service.stop, self._stopped, self._stopped, "veil-proxy-stop")

    @Slot(object)
    def _stopped(self, _: object) -> None:
        self._set_state("stopped")
        then, self._after_stop = self._after_stop, None
        if then:
            then()

    def restart(self, settings: Settings | None = None) -> None:
        """Apply new settings: stop the proxy if it runs, then start it again."""
        if settings is not None:
            self._settings = settings
            self.settingsChanged.emit(settings)
        if self._state == "starting" and not self._cancel_start:
            # the start in progress read the old settings and holds the port: restart once it is up
            self._restart_pending = True
            return
        self.stop(then=self.start)

    def set_paused(self, paused: bool) -> None:
        """Pause protection: requests are forwarded unchanged (and logged as such)."""
        self._paused = paused
        if self.service is not None and self.service.state is not None:
            self.service.state.paused = paused
            if self._state in ("protecting", "paused"):
                self._set_state("paused" if paused else "protecting")
        else:
            self.stateChanged.emit(self._state)  # let menus refresh their check marks

    def shutdown(self) -> None:
        """Stop synchronously, for quitting: nothing else is waiting on the UI any more."""
        service, self.service = self.service, None
        if service is not None:
            service.stop()
        self._state = "stopped"

    @Slot(object)
    def _relay(self, event: ActivityEvent) -> None:
        self.activity.emit(event)
