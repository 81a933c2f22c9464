"""The tray icon and its menu; without a system tray the menu still exists (and is tested)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from gui.actions import VeilActions, status_text
from gui.icons import ICON_STATE, state_icon


class Tray(QObject):
    """Icon reflecting the proxy state (protecting / paused / error / stopped) plus the command menu."""

    def __init__(self, actions: VeilActions) -> None:
        super().__init__(actions)
        self.actions = actions
        self.menu = QMenu()
        self.menu.addAction(actions.status)
        self.menu.addSeparator()
        for action in (actions.start_stop, actions.pause, actions.copy_export):
            self.menu.addAction(action)
        self.menu.addSeparator()
        self.menu.addAction(actions.open_window)
        self.menu.addAction(actions.quit)
        self.icon_state = ""
        self.icon: QIcon = QIcon()
        self.tray: QSystemTrayIcon | None = None
        if QSystemTrayIcon.isSystemTrayAvailable():
            self.tray = QSystemTrayIcon(self)
            self.tray.setContextMenu(self.menu)
            self.tray.activated.connect(self._activated)
        actions.controller.stateChanged.connect(self.refresh)
        self.refresh()
        if self.tray is not None:
            self.tray.show()

    @property
    def available(self) -> bool:
        return self.tray is not None

    def refresh(self, *_: object) -> None:
        controller = self.actions.controller
        self.icon_state = ICON_STATE.get(controller.state, controller.state)
        self.icon = state_icon(controller.state)
        if self.tray is not None:
            self.tray.setIcon(self.icon)
            self.tray.setToolTip(f"Veil: {status_text(controller)}")

    def _activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason in (QSystemTrayIcon.ActivationReason.Trigger, QSystemTrayIcon.ActivationReason.DoubleClick):
            self.actions.open_window.trigger()
