"""Eval: run `veil eval piibench --n N --json` as a child process and show its metrics.

A QProcess keeps the UI responsive and makes Cancel a plain kill; progress is
the child's last stderr line. The eval command ships separately, so the page
says clearly when this build does not have it.
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from collections.abc import Callable
from importlib import metadata
from typing import Any

from PySide6.QtCore import QProcess
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

Command = Callable[[int], list[str]]


def eval_argv(n: int) -> list[str]:
    """The eval command line for this install (a frozen app is its own `veil`)."""
    head = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "proxy.cli"]
    return [*head, "eval", "piibench", "--n", str(n), "--json"]


def eval_unavailable() -> str | None:
    """Why `veil eval` cannot run here, or None when it can."""
    entries = [e for e in metadata.entry_points(group="veil.commands") if e.name == "eval"]
    if not entries:
        return "This build of Veil has no `veil eval` command (the eval package is not installed)."
    module = entries[0].value.split(":", 1)[0]
    try:
        found = importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        return f"The `veil eval` command is not available yet: its module {module!r} is missing from this install."
    return None


def _flatten(value: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        out: list[tuple[str, Any]] = []
        for key, item in value.items():
            out += _flatten(item, f"{prefix}.{key}" if prefix else str(key))
        return out
    if isinstance(value, list) and value and all(isinstance(v, (int, float)) for v in value):
        return [(prefix, ", ".join(_fmt(v) for v in value))]
    if isinstance(value, (list, tuple)):
        return [] if any(isinstance(v, (dict, list)) for v in value) else [(prefix, ", ".join(map(str, value)))]
    return [(prefix, value)]


def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else f"{value:.4f}".rstrip("0").rstrip(".")
    return str(value)


HEADLINE = ("strict_f1", "ent_f1", "qr_f1", "mask_f1", "privacy", "kept", "B", "latency_ms")


def splits_of(data: Any) -> list[str]:
    """The splits of `veil eval piibench --json` output ({"systems": {system: {split: {metric: v}}}})."""
    systems = data.get("systems") if isinstance(data, dict) else None
    if not isinstance(systems, dict) or not all(isinstance(v, dict) for v in systems.values()):
        return []
    splits = list(dict.fromkeys(k for v in systems.values() for k, x in v.items() if isinstance(x, dict)))
    return sorted(splits, key=lambda s: (s != "all", splits.index(s)))


def metrics_table(data: Any, split: str | None = None, all_metrics: bool = False) -> tuple[list[str], list[list[str]]]:
    """Headers and rows for eval JSON: systems x metrics for one split, else any list or dict of numbers."""
    if split and split in splits_of(data):
        systems = {name: v.get(split, {}) for name, v in data["systems"].items()}
        found = list(dict.fromkeys(m for v in systems.values() for m in v))
        metrics = found if all_metrics else [m for m in HEADLINE if m in found] or found
        return ["system", *metrics], [[name, *(_fmt(v.get(m, "")) for m in metrics)] for name, v in systems.items()]
    if isinstance(data, dict):
        for key in ("results", "rows", "systems"):
            if isinstance(data.get(key), list) and all(isinstance(r, dict) for r in data[key]):
                return metrics_table(data[key])
    if isinstance(data, list) and data and all(isinstance(r, dict) for r in data):
        flat = [dict(_flatten(r)) for r in data]
        headers = list(dict.fromkeys(k for row in flat for k in row))
        return headers, [[_fmt(row.get(h, "")) for h in headers] for row in flat]
    if isinstance(data, dict):
        groups = {k: v for k, v in data.items() if isinstance(v, dict)}
        nested = [v for v in groups.values() if all(not isinstance(x, dict) for x in v.values())]
        if len(groups) > 1 and len(nested) == len(groups):  # {system: {metric: value}}
            metrics = list(dict.fromkeys(m for v in groups.values() for m in v))
            return ["", *metrics], [[name, *(_fmt(v.get(m, "")) for m in metrics)] for name, v in groups.items()]
    return ["metric", "value"], [[k, _fmt(v)] for k, v in _flatten(data)]


def parse_output(stdout: str) -> Any:
    """The JSON document in the eval's stdout (the whole text, else its last JSON line)."""
    try:
        return json.loads(stdout)
    except json.JSONDecodeError:
        for line in reversed(stdout.strip().splitlines()):
            if line.strip().startswith(("{", "[")):
                return json.loads(line)
        raise


class EvalPage(QWidget):
    """N, Run, Cancel, progress, and the metrics table."""

    def __init__(self, command: Command = eval_argv, unavailable: str | None | bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.command = command
        self.process: QProcess | None = None
        self.stdout = ""
        self.result: Any = None
        self.cancelled = False
        self.n = QSpinBox()
        self.n.setRange(1, 100000)
        self.n.setValue(20)
        self.run_button = QPushButton("Run PII-Bench")
        self.n.setToolTip("samples per split (single, multi, hard, distract)")
        self.run_button.clicked.connect(self.run)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        row = QHBoxLayout()
        row.addWidget(QLabel("Samples"))
        row.addWidget(self.n)
        row.addWidget(self.run_button)
        row.addWidget(self.cancel_button)
        row.addStretch(1)
        self.split = QComboBox()
        self.split.currentIndexChanged.connect(lambda *_: self._render())
        self.all_metrics = QCheckBox("all metrics")
        self.all_metrics.toggled.connect(lambda *_: self._render())
        row.addWidget(QLabel("Split"))
        row.addWidget(self.split)
        row.addWidget(self.all_metrics)
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.progress = QLabel("Measure how well Veil finds and masks PII on the PII-Bench samples, with your current settings.")
        self.progress.setWordWrap(True)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setMaximumHeight(110)
        self.log.setPlaceholderText("eval output")
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels(["metric", "value"])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.notice)
        layout.addLayout(row)
        layout.addWidget(self.progress)
        layout.addWidget(self.log)
        layout.addWidget(self.table, 1)
        legend = QLabel("strict_f1 / ent_f1: PII detection · qr_f1: finding what the query needs · mask_f1 and privacy (P): "
                        "masking · kept: needed PII still present · B = (P + kept) / 2. Compare P with the oracle's.")
        legend.setWordWrap(True)
        layout.addWidget(legend)
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.info.setStyleSheet("color:#555")
        layout.addWidget(self.info)
        reason = eval_unavailable() if unavailable is False else (unavailable or None)
        self.set_unavailable(reason)

    def set_unavailable(self, reason: str | None) -> None:
        self.unavailable = reason
        self.notice.setVisible(bool(reason))
        self.notice.setText(f"<b>Eval not available.</b> {reason}" if reason else "")
        self.notice.setStyleSheet("background:#fff4d6; padding:8px; border:1px solid #e0c070")
        self.run_button.setEnabled(not reason)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.state() != QProcess.ProcessState.NotRunning

    def run(self) -> None:
        if self.running or self.unavailable:
            return
        argv = self.command(self.n.value())
        self.stdout, self.result, self.cancelled = "", None, False
        self.log.clear()
        self.table.setRowCount(0)
        process = QProcess(self)
        process.readyReadStandardOutput.connect(self._read_stdout)
        process.readyReadStandardError.connect(self._read_stderr)
        process.finished.connect(self._finished)
        process.errorOccurred.connect(self._error)
        self.process = process
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setText(f"Running on {self.n.value()} samples…")
        process.start(argv[0], argv[1:])

    def cancel(self) -> None:
        if self.running and self.process is not None:
            self.cancelled = True
            self.process.kill()

    def _read_stdout(self) -> None:
        assert self.process is not None
        self.stdout += bytes(self.process.readAllStandardOutput().data()).decode("utf-8", "replace")

    def _read_stderr(self) -> None:
        assert self.process is not None
        text = bytes(self.process.readAllStandardError().data()).decode("utf-8", "replace")
        lines = [ln.strip() for ln in text.replace("\r", "\n").split("\n") if ln.strip()]
        if lines:
            self.progress.setText(lines[-1][:300])
            self.log.appendPlainText("\n".join(lines))

    def _error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self.progress.setText("Could not start the eval process.")
            self._done()

    def _finished(self, code: int, status: QProcess.ExitStatus) -> None:
        self._read_stdout()
        if self.cancelled:
            self.progress.setText("Cancelled.")
        elif status != QProcess.ExitStatus.NormalExit or code != 0:
            hint = " (this build's `veil eval` does not know that command)" if code == 2 else ""
            self.progress.setText(f"The eval failed with exit code {code}{hint}; see the output above.")
        else:
            try:
                self.show_metrics(parse_output(self.stdout))
                self.progress.setText("Done.")
            except (json.JSONDecodeError, ValueError) as exc:
                self.progress.setText(f"The eval finished but printed no JSON metrics ({exc}).")
                self.log.appendPlainText(self.stdout[-2000:])
        self._done()

    def _done(self) -> None:
        self.run_button.setEnabled(not self.unavailable)
        self.cancel_button.setEnabled(False)

    def show_metrics(self, data: Any) -> None:
        self.result = data
        self.split.blockSignals(True)
        self.split.clear()
        self.split.addItems(splits_of(data))
        self.split.blockSignals(False)
        info = data.get("info") if isinstance(data, dict) else None
        extra = ""
        if isinstance(data, dict) and isinstance(data.get("n"), dict):
            extra = f"{data['n'].get('all', sum(data['n'].values()))} samples in {data.get('seconds', '?')} s. "
        self.info.setText(extra + ("; ".join(f"{k}: {v}" for k, v in info.items()) if isinstance(info, dict) else ""))
        self._render()

    def _render(self) -> None:
        if self.result is None:
            return
        headers, rows = metrics_table(self.result, self.split.currentText() or None, self.all_metrics.isChecked())
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(value))
