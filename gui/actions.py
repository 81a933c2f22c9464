"""The app's commands as QActions, shared by the tray menu and the window's toolbar.

Desktops without a tray (GNOME by default, offscreen, Xvfb) still get every
command through the window, and both places always show the same state.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QGuiApplication

from gui.controller import ProxyController
from gui.icons import state_icon

STATE_TEXT = {
    "stopped": "Stopped",
    "starting": "Starting…",
    "protecting": "Protecting",
    "paused": "Paused: prompts go out unmasked",
    "stopping": "Stopping…",
    "error": "Error",
}


def status_text(controller: ProxyController) -> str:
    text = STATE_TEXT.get(controller.state, controller.state)
    if controller.state in ("protecting", "paused"):
        text += f" on {controller.base_url}"
    if controller.state == "error" and controller.error:
        text += f": {controller.error}"
    if controller.state == "starting" and controller.progress.startswith("Loading PII detection"):
        text = "Starting: loading PII detection…"
    return text


class VeilActions(QObject):
    """Start/Stop, Pause, Copy export line, Open window, Quit; kept in sync with the controller."""

    def __init__(self, controller: ProxyController, open_window: Callable[[], None], quit_app: Callable[[], None]) -> None:
        super().__init__(controller)
        self.controller = controller
        self.status = QAction("Stopped", self)
        self.status.setEnabled(False)
        self.start_stop = QAction("Start proxy", self)
        self.start_stop.triggered.connect(self._toggle_running)
        self.pause = QAction("Pause protection", self)
        self.pause.setCheckable(True)
        self.pause.toggled.connect(controller.set_paused)
        self.copy_export = QAction("Copy export OPENAI_BASE_URL=… line", self)
        self.copy_export.triggered.connect(self.copy_export_line)
        self.open_window = QAction("Open window", self)
        self.open_window.triggered.connect(open_window)
        self.quit = QAction("Quit Veil", self)
        self.quit.triggered.connect(quit_app)
        controller.stateChanged.connect(self.refresh)
        self.refresh()

    def _toggle_running(self) -> None:
        if self.controller.state == "starting":
            self.controller.cancel_start()
        elif self.controller.running:
            self.controller.stop()
        else:
            self.controller.start()

    def copy_export_line(self) -> str:
        line = self.controller.export_line
        QGuiApplication.clipboard().setText(line)
        return line

    def refresh(self, *_: object) -> None:
        c = self.controller
        self.status.setText(status_text(c))
        self.status.setIcon(state_icon(c.state))
        running = c.running or c.state == "starting"
        self.start_stop.setText({"starting": "Cancel start", "stopping": "Stopping…"}.get(c.state, "Stop proxy" if running else "Start proxy"))
        self.start_stop.setEnabled(c.state != "stopping")
        self.pause.blockSignals(True)
        self.pause.setChecked(c.paused)
        self.pause.blockSignals(False)
        self.pause.setText("Resume protection" if c.paused else "Pause protection")
        self.copy_export.setToolTip(c.export_line)
