"""Activity: every proxied request of this session, and what was masked or kept and why.

The texts as written live only in this page's memory (the on-disk log holds
counts and decisions), so earlier sessions show their numbers but no text.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gui.controller import ProxyController
from gui.highlight import (
    color_of,
    field_findings,
    legend_html,
    render_original,
    render_sent,
)
from proxy.activity import ActivityEvent, ActivityRecord

COLUMNS = ("Time", "Endpoint", "Model", "Status", "ms", "Found", "Masked", "Decisions")
FINDING_COLUMNS = ("Value", "Tag", "Type", "Outcome", "Sent as", "Reason")
MAX_EVENTS = 1000  # texts are kept in memory: bound it


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "–"


def _record_of(item: ActivityEvent | dict[str, Any]) -> dict[str, Any]:
    return item.record.__dict__ if isinstance(item, ActivityEvent) else item


class ActivityPage(QWidget):
    """Live list of requests; selecting one shows the text as written and as sent, side by side."""

    def __init__(self, controller: ProxyController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.items: list[ActivityEvent | dict[str, Any]] = []
        self._history_shown = False

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(False)
        self.table.itemSelectionChanged.connect(self._show_selected)

        self.summary = QLabel("Requests sent through Veil appear here. Select one to see what left your machine.")
        self.summary.setWordWrap(True)
        self.written = QTextBrowser()
        self.sent = QTextBrowser()
        panes = QHBoxLayout()
        for title, browser in (("As written (kept in memory for this session only)", self.written), ("As sent to the upstream", self.sent)):
            box = QGroupBox(title)
            lay = QVBoxLayout(box)
            lay.setContentsMargins(4, 4, 4, 4)
            lay.addWidget(browser)
            panes.addWidget(box)
        legend = QLabel(legend_html())
        legend.setTextFormat(Qt.TextFormat.RichText)

        self.findings = QTableWidget(0, len(FINDING_COLUMNS))
        self.findings.setHorizontalHeaderLabels(FINDING_COLUMNS)
        self.findings.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.findings.verticalHeader().setVisible(False)
        fh = self.findings.horizontalHeader()
        fh.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        fh.setSectionResizeMode(len(FINDING_COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)

        detail = QWidget()
        dl = QVBoxLayout(detail)
        dl.setContentsMargins(0, 0, 0, 0)
        dl.addWidget(self.summary)
        dl.addLayout(panes, 1)
        dl.addWidget(legend)
        dl.addWidget(self.findings, 1)

        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(detail)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 4)
        splitter.setSizes([150, 600])

        self.clear_button = QPushButton("Forget this session's texts")
        self.clear_button.setToolTip("Drop the texts held in memory; the on-disk log never had them.")
        self.clear_button.clicked.connect(self.forget_texts)
        top = QHBoxLayout()
        self.count_label = QLabel("No requests yet")
        top.addWidget(self.count_label, 1)
        top.addWidget(self.clear_button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)

        controller.activity.connect(self.add_event)
        controller.stateChanged.connect(self._load_history)

    # ------------------------------------------------------------------ rows
    def _load_history(self, *_: object) -> None:
        if self._history_shown or not self.controller.history:
            return
        self._history_shown = True
        for row in reversed(self.controller.history):
            self._insert(dict(row))

    def add_event(self, event: ActivityEvent) -> None:
        self._insert(event)
        self.table.selectRow(0)

    def _insert(self, item: ActivityEvent | dict[str, Any]) -> None:
        record = _record_of(item)
        self.items.insert(0, item)
        if len(self.items) > MAX_EVENTS:
            self.items.pop()
            self.table.removeRow(self.table.rowCount() - 1)
        earlier = not isinstance(item, ActivityEvent)
        when = time.strftime("%H:%M:%S" if not earlier else "%b %d %H:%M", time.localtime(record.get("ts") or 0))
        status = str(record.get("status") or "")
        if record.get("error"):
            status += f" ({record['error']})"
        values = (
            when, record.get("endpoint") or "", record.get("model") or "", status,
            f"{record.get('total_ms') or 0:.0f}", _counts(record.get("entities") or {}),
            _counts(record.get("masked") or {}), _counts(record.get("decisions") or {}),
        )
        self.table.insertRow(0)
        for column, value in enumerate(values):
            cell = QTableWidgetItem(value)
            cell.setToolTip(value)
            if earlier:
                cell.setForeground(Qt.GlobalColor.gray)
                cell.setToolTip("From an earlier session: only counts are stored, never the texts.")
            self.table.setItem(0, column, cell)
        sessions = sum(isinstance(i, ActivityEvent) for i in self.items)
        self.count_label.setText(f"{sessions} request(s) this session" + (f", {len(self.items) - sessions} earlier" if len(self.items) > sessions else ""))

    def forget_texts(self) -> None:
        for item in self.items:
            if isinstance(item, ActivityEvent):
                item.original, item.sent, item.findings = [], [], []
        self._show_selected()

    # ---------------------------------------------------------------- detail
    def selected(self) -> ActivityEvent | dict[str, Any] | None:
        rows = self.table.selectionModel().selectedRows()
        return self.items[rows[0].row()] if rows else None

    def _show_selected(self) -> None:
        item = self.selected()
        self.findings.setRowCount(0)
        if item is None:
            self.written.clear()
            self.sent.clear()
            return
        if not isinstance(item, ActivityEvent):
            self.summary.setText("From an earlier session. Veil never stores the texts on disk, only these counts and decisions: "
                                 f"found {_counts(item.get('entities') or {})}; masked {_counts(item.get('masked') or {})}.")
            self.written.setHtml("<i>not stored</i>")
            self.sent.setHtml("<i>not stored</i>")
            return
        self._show_event(item)

    def _show_event(self, event: ActivityEvent) -> None:
        record: ActivityRecord = event.record
        masked = sum(1 for f in event.findings if f["masked"])
        kept = len(event.findings) - masked
        if record.decisions.get("protection paused"):
            summary = "Protection was paused: this request went upstream unchanged."
        elif record.error and not event.sent:
            summary = f"Not forwarded: {record.error}."
        else:
            summary = f"{masked} masked, {kept} kept · protection took {record.protect_ms:.0f} ms, whole request {record.total_ms:.0f} ms"
            if record.error:
                summary += f" · {record.error}"
        if not event.original:
            summary += " (texts forgotten)"
        self.summary.setText(f"{record.endpoint} · policy {record.policy} · {summary}")
        written, sent = [], []
        several = len(event.original) > 1
        for index, text in enumerate(event.original):
            found = field_findings(event.findings, index)
            head = f"<p style='color:#777'><b>Field {index + 1}</b></p>" if several else ""
            written.append(head + render_original(text, found))
            if index < len(event.sent):
                sent.append(head + render_sent(text, event.sent[index], found))
            elif record.decisions.get("protection paused"):
                sent.append(head + render_original(text, []))
        self.written.setHtml("".join(f"<div>{w}</div>" for w in written))
        self.sent.setHtml("".join(f"<div>{s}</div>" for s in sent) if sent else "<i>nothing was sent</i>")
        self.findings.setRowCount(len(event.findings))
        for row, f in enumerate(event.findings):
            outcome = "masked" if f["masked"] else "kept"
            values = (f["text"], f["tag"], f["type"], outcome, f.get("replacement") or f["text"], f["reason"])
            for column, value in enumerate(values):
                cell = QTableWidgetItem(value)
                if column in (0, 2):
                    cell.setBackground(QColor(color_of(f["type"])))
                self.findings.setItem(row, column, cell)

