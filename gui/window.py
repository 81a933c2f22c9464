"""The main window: a status bar with the tray's commands, a sidebar, and the five pages."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gui.actions import VeilActions, status_text
from gui.activity_page import ActivityPage
from gui.eval_page import EvalPage
from gui.icons import state_icon, state_pixmap
from gui.models_page import ModelsPage
from gui.secrets_page import SecretsPage
from gui.settings_page import SettingsPage

PAGES = ("activity", "secrets", "settings", "models", "eval")
TITLES = {"activity": "Activity", "secrets": "Secrets", "settings": "Settings", "models": "Models", "eval": "Eval"}


class MainWindow(QMainWindow):
    def __init__(
        self, actions: VeilActions, *, store_path: Path | None = None, settings_path: Path | None = None,
        hide_on_close: bool = False,
    ) -> None:
        super().__init__()
        self.actions = actions
        self.controller = actions.controller
        self.hide_on_close = hide_on_close
        self.setWindowTitle("Veil")
        self.setWindowIcon(state_icon("protecting"))
        self.resize(1120, 740)

        self.pages = {
            "activity": ActivityPage(self.controller),
            "secrets": SecretsPage(store_path),
            "settings": SettingsPage(self.controller, settings_path),
            "models": ModelsPage(self.controller),
            "eval": EvalPage(),
        }
        self.controller.offers.connect(self.pages["secrets"].offers_arrived)
        self.stack = QStackedWidget()
        self.sidebar = QListWidget()
        self.sidebar.setFixedWidth(150)
        self.sidebar.setIconSize(QSize(18, 18))
        self.sidebar.setStyleSheet("QListWidget { font-size: 14px; } QListWidget::item { padding: 8px 6px; }")
        for name in PAGES:
            self.stack.addWidget(self.pages[name])
            QListWidgetItem(TITLES[name], self.sidebar)
        self.sidebar.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.sidebar.setCurrentRow(0)

        self.state_icon = QLabel()
        self.state_text = QLabel()
        self.state_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.state_text.setWordWrap(True)
        font = self.state_text.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.state_text.setFont(font)
        self.detail_text = QLabel()
        self.detail_text.setStyleSheet("color:#555")
        self.detail_text.setWordWrap(True)
        self.detail_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        texts = QVBoxLayout()
        texts.setSpacing(0)
        texts.addWidget(self.state_text)
        texts.addWidget(self.detail_text)
        header = QHBoxLayout()
        header.addWidget(self.state_icon)
        header.addLayout(texts, 1)
        self.tool_buttons = []
        for action in (actions.copy_export, actions.pause, actions.start_stop):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            header.addWidget(button)
            self.tool_buttons.append(button)
        bar = QFrame()
        bar.setObjectName("statusbar")
        bar.setLayout(header)
        self.bar = bar

        body = QHBoxLayout()
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.sidebar)
        body.addWidget(self.stack, 1)
        central = QWidget()
        outer = QVBoxLayout(central)
        outer.addWidget(bar)
        outer.addLayout(body, 1)
        self.setCentralWidget(central)

        self.controller.stateChanged.connect(self.refresh)
        self.refresh()
        self.pages["models"].refresh()

    def refresh(self, *_: object) -> None:
        c = self.controller
        colors = {"protecting": "#e7f6ee", "paused": "#fff4d6", "error": "#fde8e8"}
        self.bar.setStyleSheet(f"QFrame#statusbar {{ background:{colors.get(c.state, '#eef0f3')}; border-radius:6px; }}")
        self.state_icon.setPixmap(state_pixmap(c.state, 36))
        self.state_text.setText(status_text(c) if c.state != "error" else f"Error: {c.error or 'unknown'}")
        if c.state == "starting" and c.progress:
            self.detail_text.setText(c.progress[:1].upper() + c.progress[1:])
            self.detail_text.setToolTip(c.export_line)
        elif c.state in ("protecting", "paused", "starting"):
            text = f"Policy {c.settings.policy} · detectors: {', '.join(c.settings.detectors)} · upstream: {c.upstream_label}"
            note = c.settings.detection_note()
            self.detail_text.setText(f"{text}\n{note}" if note else text)
            self.detail_text.setToolTip(c.export_line)
        elif c.state == "error":
            self.detail_text.setText("Fix the settings or the models, then start the proxy again.")
        else:
            self.detail_text.setText(f"Not serving. Start the proxy to protect {c.settings.base_url}.")

    def show_page(self, name: str) -> None:
        self.sidebar.setCurrentRow(PAGES.index(name))

    @property
    def current_page(self) -> str:
        return PAGES[self.stack.currentIndex()]

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.hide_on_close:
            event.ignore()
            self.hide()
        else:
            event.accept()
