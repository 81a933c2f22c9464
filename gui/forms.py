"""Small non-blocking form dialogs: errors show inside the dialog, which stays open.

Dialogs open with `open()` (window-modal, no nested event loop), so the proxy
keeps serving, activity keeps flowing, and tests can fill and submit them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

Submit = Callable[[dict[str, Any]], None]


def slug(text: str) -> str:
    """An id from a display name ("Maya Lin" -> "maya-lin")."""
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "item"


class FormDialog(QDialog):
    """A form with OK/Cancel; OK calls `submit(values())` and closes only if it did not raise."""

    def __init__(self, title: str, submit: Submit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(460)
        self._submit = submit
        self.form = QFormLayout()
        self.error = QLabel()
        self.error.setStyleSheet("color:#b00020")
        self.error.setWordWrap(True)
        self.error.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

    def values(self) -> dict[str, Any]:
        raise NotImplementedError

    def submit(self) -> bool:
        try:
            self._submit(self.values())
        except Exception as exc:  # noqa: BLE001 - shown to the user, who can fix the input
            self.show_error(str(exc))
            return False
        self.accept()
        return True

    def show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()


class CheckList(QListWidget):
    """A list of (id, label) entries with check boxes."""

    def __init__(self, entries: Iterable[tuple[str, str]], checked: Iterable[str] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        chosen = set(checked)
        for ident, label in entries:
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, ident)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if ident in chosen else Qt.CheckState.Unchecked)
            self.addItem(item)
        self.setMaximumHeight(150)

    def checked(self) -> list[str]:
        return [self.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.count())
                if self.item(i).checkState() == Qt.CheckState.Checked]

    def set_checked(self, ident: str, on: bool = True) -> None:
        for i in range(self.count()):
            if self.item(i).data(Qt.ItemDataRole.UserRole) == ident:
                self.item(i).setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
