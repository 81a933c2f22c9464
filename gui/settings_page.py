"""Settings: upstream, API key (keyring), port, policy, relevance level, the GLiNER detector, always/never-mask
tags, start at login.

Save writes the TOML file (`save_settings`), the key to the OS keyring, the
login entry, and restarts the in-process proxy so the change takes effect.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.autostart import set_autostart
from gui.controller import ProxyController
from gui.tag_picker import TagPicker
from proxy.config import (
    ConfigError,
    Settings,
    config_path,
    save_settings,
    store_upstream_api_key,
    upstream_api_key,
)
from proxy.policy import PolicyError, PolicyMode
from proxy.relevance.levels import LEVEL_HELP, LEVELS

POLICY_HELP = {
    "query-aware": "mask what the question does not need",
    "all": "mask every PII value found",
    "off": "detect and log, mask nothing",
}
RELEVANCE_LEVEL_NOTE = ("Private masks more, so answers may miss a detail; useful keeps more, so more PII is "
                        "sent in clear. Only the query-aware policy uses it.")


class SettingsPage(QWidget):
    """A form over `Settings`; `saved(Settings)` fires after a successful save."""

    saved = Signal(object)

    def __init__(self, controller: ProxyController, path: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.path = path
        self.upstream = QLineEdit()
        self.upstream.setPlaceholderText("empty: answer from the bundled local model (offline)")
        self.api_key = QLineEdit()
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.clear_key = QCheckBox("Remove the stored key")
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.policy = QComboBox()
        for mode in PolicyMode:
            self.policy.addItem(f"{mode.value}: {POLICY_HELP.get(mode.value, '')}", mode.value)
        self.relevance_level = QComboBox()
        for level in LEVELS:
            self.relevance_level.addItem(f"{level}: {LEVEL_HELP[level]}", level)
        self.relevance_level.setToolTip("Used by the query-aware policy's relevance judge (the bundled LoRA "
                                        "judge); always/never-mask tags still override it.")
        self.relevance_level_note = QLabel(RELEVANCE_LEVEL_NOTE)
        self.relevance_level_note.setWordWrap(True)
        self.relevance_level_note.setStyleSheet("color:#666")
        self.start_at_login = QCheckBox("Start Veil in the tray when I log in")
        self.remember_findings = QCheckBox("Remember recent findings in memory, so a re-sent conversation costs "
                                           "only its new part (never written to disk)")
        self.remember_findings.setToolTip("Off: Veil keeps nothing of a request once it has been answered; "
                                          "every request is detected and judged from scratch.")
        self.gliner = QCheckBox("Also detect names, places, organizations and health data with the on-device "
                                "GLiNER model (recommended; slower per request)")
        self.gliner.setToolTip("Off: only the validated recognizers run (emails, phones, cards, IDs, ...); "
                               "names, addresses, employers and conditions then go out in clear.")

        form = QFormLayout()
        form.addRow("Upstream URL", self.upstream)
        key_row = QHBoxLayout()
        key_row.addWidget(self.api_key, 1)
        key_row.addWidget(self.clear_key)
        form.addRow("Upstream API key", key_row)
        form.addRow("Port", self.port)
        form.addRow("Policy", self.policy)
        level_box = QVBoxLayout()
        level_box.setContentsMargins(0, 0, 0, 0)
        level_box.addWidget(self.relevance_level)
        level_box.addWidget(self.relevance_level_note)
        form.addRow("Relevance level", level_box)
        form.addRow("Detectors", self.gliner)
        form.addRow("", self.remember_findings)
        form.addRow("", self.start_at_login)

        self.always = TagPicker("Always mask")
        self.never = TagPicker("Never mask")
        tags = QGroupBox("Per-tag rules (override the policy)")
        tag_row = QHBoxLayout(tags)
        tag_row.addWidget(self.always)
        tag_row.addWidget(self.never)

        self.save_button = QPushButton("Save and restart proxy")
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        self.revert_button = QPushButton("Revert")
        self.revert_button.clicked.connect(self.load)
        self.message = QLabel()
        self.message.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.message, 1)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.save_button)

        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color:#666")
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(tags, 1)
        layout.addWidget(self.note)
        layout.addLayout(buttons)
        self.load()

    def load(self) -> None:
        """Show the controller's current settings (discarding unsaved edits)."""
        s = self.controller.settings
        self.upstream.setText(s.upstream or "")
        self.api_key.clear()
        self.api_key.setPlaceholderText("stored in the OS keyring (type to replace)" if upstream_api_key() else
                                        "none: the client's own key is forwarded")
        self.clear_key.setChecked(False)
        self.port.setValue(s.port if 0 < s.port < 65536 else 8787)
        self.policy.setCurrentIndex(max(0, self.policy.findData(s.policy)))
        self.relevance_level.setCurrentIndex(max(0, self.relevance_level.findData(s.relevance_level)))
        self.start_at_login.setChecked(s.start_at_login)
        self.remember_findings.setChecked(s.remember_findings)
        self.gliner.setChecked("gliner" in s.detectors)
        self.always.set_checked(s.always_mask)
        self.never.set_checked(s.never_mask)
        overrides = sorted(k for k in os.environ if k.startswith("VEIL_") and k[5:].lower() in Settings.__dataclass_fields__)
        note = f"Saved to {self.path or config_path()}."
        if overrides:
            note += f" Environment variables override the file: {', '.join(overrides)}."
        self.note.setText(note)
        self.message.clear()

    def _detectors(self) -> tuple[str, ...]:
        """The current detectors with "gliner" added or removed as the box says (others are kept)."""
        current = self.controller.settings.detectors
        if self.gliner.isChecked():
            return current if "gliner" in current else (*current, "gliner")
        return tuple(d for d in current if d != "gliner") or ("patterns",)

    def edited(self) -> Settings:
        """The settings as the form shows them, validated (raises ConfigError / PolicyError)."""
        return replace(
            self.controller.settings,
            detectors=self._detectors(),
            upstream=self.upstream.text().strip() or None,
            port=self.port.value(),
            policy=self.policy.currentData(),
            relevance_level=self.relevance_level.currentData(),
            always_mask=self.always.checked(),
            never_mask=self.never.checked(),
            start_at_login=self.start_at_login.isChecked(),
            remember_findings=self.remember_findings.isChecked(),
        ).validated()

    def _say(self, text: str, ok: bool) -> None:
        self.message.setStyleSheet("color:#1e7a46" if ok else "color:#b00020")
        self.message.setText(text)

    def save(self) -> Settings | None:
        try:
            settings = self.edited()
        except (ConfigError, PolicyError) as exc:
            self._say(f"Not saved: {exc}", False)
            return None
        try:
            path = save_settings(settings, self.path)
            if self.clear_key.isChecked():
                store_upstream_api_key(None)
            elif self.api_key.text().strip():
                store_upstream_api_key(self.api_key.text().strip())
        except Exception as exc:  # noqa: BLE001 - a keyring or disk error, shown to the user
            self._say(f"Not saved: {exc}", False)
            return None
        warning = ""
        if settings.start_at_login != self.controller.settings.start_at_login:
            try:
                set_autostart(settings.start_at_login)
            except OSError as exc:
                warning = f" (could not change the login item: {exc})"
        self.controller.restart(settings)
        self.load()
        self._say(f"Saved to {path}; the proxy is restarting.{warning}", not warning)
        self.saved.emit(settings)
        return settings
