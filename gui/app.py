"""Assemble the app (controller, actions, tray, window) and run it, or render screenshots.

The proxy runs in this process on its own thread; the window is the fallback
for every tray command, so desktops without a tray lose nothing.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from gui.actions import VeilActions
from gui.controller import ProxyController
from gui.icons import state_icon
from gui.tray import Tray
from gui.window import PAGES, MainWindow
from proxy.config import Settings


def qt_app() -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    app.setApplicationName("veil")
    app.setApplicationDisplayName("Veil")
    app.setWindowIcon(state_icon("protecting"))
    return app  # type: ignore[return-value]


class VeilApp:
    """One running Veil desktop app; tests build it directly with their own settings and paths."""

    def __init__(
        self, settings: Settings, *, store_path: Path | None = None, settings_path: Path | None = None,
        start: bool = True,
    ) -> None:
        self.qapp = qt_app()
        self.controller = ProxyController(settings)
        self.actions = VeilActions(self.controller, self.open_window, self.quit)
        self.tray = Tray(self.actions)
        store_path = store_path or settings.data_path / "secrets.db"  # the store the proxy and `veil secrets` use
        self.window = MainWindow(self.actions, store_path=store_path, settings_path=settings_path,
                                 hide_on_close=self.tray.available)
        self.qapp.setQuitOnLastWindowClosed(not self.tray.available)
        self.qapp.aboutToQuit.connect(self.controller.shutdown)
        if start:
            self.controller.start()

    def open_window(self) -> None:
        self.window.show()
        self.window.raise_()
        self.window.activateWindow()

    def quit(self) -> None:
        self.controller.shutdown()
        self.qapp.quit()

    def close(self) -> None:
        """Tear down without quitting the QApplication (tests share one)."""
        self.controller.shutdown()
        if self.tray.tray is not None:
            self.tray.tray.hide()
        self.window.hide_on_close = False
        self.window.close()
        self.window.deleteLater()
        self.tray.menu.deleteLater()
        # Free the widgets now, on this (the GUI) thread: a Qt wrapper left in a reference cycle would
        # otherwise be finalized by whichever thread next runs the garbage collector, and a worker
        # thread destroying Qt objects segfaults (seen once in the test suite).
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()


def wait_until(predicate: Callable[[], bool], timeout_s: float) -> bool:
    """Process Qt events until `predicate()` holds or the time is up."""
    deadline = time.monotonic() + timeout_s
    while not predicate():
        if time.monotonic() > deadline:
            return False
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.01)
    return True


def screenshot_paths(path: Path, page: str | None) -> dict[str, Path]:
    """`--page all` writes one file per page: shot.png -> shot-activity.png, shot-secrets.png, ..."""
    if page == "all":
        return {name: path.with_name(f"{path.stem}-{name}{path.suffix or '.png'}") for name in PAGES}
    return {page or "activity": path}


def capture(app: VeilApp, path: Path, page: str | None, timeout_s: float = 180.0) -> list[Path]:
    """Wait for the proxy and the model check to settle, then render the requested pages to PNG."""
    app.window.show()
    wait_until(lambda: app.controller.state not in ("starting", "stopping"), timeout_s)
    wait_until(lambda: not app.window.pages["models"].loading, timeout_s)
    written = []
    for name, out in screenshot_paths(path, page).items():
        app.window.show_page(name)
        wait_until(lambda: False, 0.2)  # let layouts and paints settle
        out.parent.mkdir(parents=True, exist_ok=True)
        if not app.window.grab().save(str(out)):
            raise OSError(f"could not write {out}")
        written.append(out)
    return written


def _has_display() -> bool:
    if sys.platform != "linux" or os.environ.get("QT_QPA_PLATFORM"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run(settings: Settings, *, screenshot: Path | None = None, page: str | None = None, hidden: bool = False) -> int:
    """`veil tray`: the app's main loop, or a screenshot run that exits when the files are written."""
    if not _has_display():
        if screenshot is None:
            print("veil tray: no display found (DISPLAY/WAYLAND_DISPLAY unset). Use `veil serve` on a headless "
                  "machine, or set QT_QPA_PLATFORM=offscreen.", file=sys.stderr)
            return 2
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    app = VeilApp(settings)
    if screenshot is not None:
        try:
            for out in capture(app, screenshot, page):
                print(out)
            error = app.controller.error
        finally:
            app.close()
        if error:
            print(f"veil tray: the proxy is not protecting: {error}", file=sys.stderr)
        return 0 if error is None else 1
    signal.signal(signal.SIGINT, lambda *_: app.quit())
    pulse = QTimer()
    pulse.timeout.connect(lambda: None)  # lets Python see Ctrl-C while Qt's loop runs
    pulse.start(300)
    if not hidden or not app.tray.available:
        app.open_window()
    return app.qapp.exec()
