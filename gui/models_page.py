"""Models: every detector and local model with whether it is ready (and why not),
plus a box to try the running engine on typed text.

Both the report (which may load detector models) and the masking run off the
UI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gui.controller import ProxyController
from gui.highlight import render_sent
from gui.worker import run_async
from proxy.factory import build_engine
from proxy.models import model_report

COLUMNS = ("Name", "Kind", "Ready", "In use", "Detail")
SAMPLE = ("Hi, I'm Dana Whitfield. Reach me at dana.w@example.org or +1 415 555 0132; "
          "my SSN is 123-45-6789. Can you draft a note to my bank?")


def _findings(protection: Any) -> list[dict[str, Any]]:
    return [{"field": f.field, "text": f.entity.text, "start": f.entity.start, "end": f.entity.end,
             "tag": f.entity.tag, "type": f.entity.type.value, "masked": f.masked,
             "reason": f.reason.value, "replacement": f.replacement} for f in protection.findings]


class ModelsPage(QWidget):
    def __init__(self, controller: ProxyController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.rows: list[dict[str, Any]] = []
        self.last_masked: str | None = None
        self.loading = False
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.status = QLabel("Checking models…")
        self.refresh_button = QPushButton("Check again")
        self.refresh_button.clicked.connect(self.refresh)
        head = QHBoxLayout()
        head.addWidget(self.status, 1)
        head.addWidget(self.refresh_button)

        self.sample = QPlainTextEdit(SAMPLE)
        self.sample.setMaximumHeight(80)
        self.query = QLineEdit()
        self.query.setPlaceholderText("optional: the question sent with it (query-aware policy)")
        self.mask_button = QPushButton("Mask it")
        self.mask_button.clicked.connect(self.test_sample)
        self.result = QTextBrowser()
        self.result_info = QLabel()
        self.result_info.setWordWrap(True)
        box = QGroupBox("Test on sample text (with the current settings; nothing leaves this machine)")
        bl = QVBoxLayout(box)
        bl.addWidget(self.sample)
        row = QHBoxLayout()
        row.addWidget(self.query, 1)
        row.addWidget(self.mask_button)
        bl.addLayout(row)
        bl.addWidget(self.result_info)
        bl.addWidget(self.result)

        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(self.table, 1)
        layout.addWidget(box, 2)
        controller.settingsChanged.connect(lambda *_: self.refresh())

    def refresh(self) -> None:
        if self.loading:
            return
        self.loading = True
        self.refresh_button.setEnabled(False)
        self.status.setText("Checking models…")
        settings = self.controller.settings
        run_async(lambda: model_report(settings), self._show, self._failed, "veil-models")

    def _show(self, rows: list[dict[str, Any]]) -> None:
        self.loading = False
        self.refresh_button.setEnabled(True)
        self.rows = rows
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            values = (row["name"], row["kind"], "ready" if row["ready"] else "NOT READY",
                      "yes" if row.get("in_use") else "", row.get("detail") or "")
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                if c == 2:
                    item.setForeground(QColor("#1e7a46" if row["ready"] else "#b00020"))
                if c == 4 and row.get("path"):
                    item.setToolTip(row["path"])
                self.table.setItem(r, c, item)
        if self.last_masked is None and self.mask_button.isEnabled():
            self.test_sample()  # first load: show what masking does without a click
        broken = [row["name"] for row in rows if row.get("in_use") and not row["ready"]]
        self.status.setText(f"{len(rows)} models and detectors; " +
                            (f"NOT READY in use: {', '.join(broken)}" if broken else "everything in use is ready"))

    def _failed(self, exc: BaseException) -> None:
        self.loading = False
        self.refresh_button.setEnabled(True)
        self.status.setText(f"Could not check the models: {exc}")

    def test_sample(self) -> None:
        text = self.sample.toPlainText()
        query = self.query.text().strip() or None
        engine = self.controller.engine()
        settings = self.controller.settings
        self.mask_button.setEnabled(False)
        self.result_info.setText("Masking…")

        def work() -> tuple[str, Any]:
            used = engine if engine is not None else build_engine(settings)
            return text, used.protect([text], query)
        run_async(work, self._masked, self._mask_failed, "veil-sample")

    def _masked(self, result: tuple[str, Any]) -> None:
        text, protection = result
        self.mask_button.setEnabled(True)
        self.last_masked = protection.texts[0]
        findings = _findings(protection)
        masked = sum(f["masked"] for f in findings)
        self.result_info.setText(f"{len(findings)} found, {masked} masked, {len(findings) - masked} kept. "
                                 "This is what the upstream would receive:")
        self.result.setHtml(render_sent(text, protection.texts[0], findings))

    def _mask_failed(self, exc: BaseException) -> None:
        self.mask_button.setEnabled(True)
        self.result_info.setText(f"Protection failed (requests would be refused): {exc}")
