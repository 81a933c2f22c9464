"""Run blocking work (model loads, proxy start/stop, detection) off the Qt thread.

The result comes back through a queued signal, so callbacks always run on the
UI thread and the window never freezes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

_alive: set[Task] = set()  # a task must outlive its thread, or Qt drops the queued result


class Task(QObject):
    """One call of `fn` on a daemon thread; `done(result)` or `failed(exception)` on the UI thread."""

    done = Signal(object)
    failed = Signal(object)
    _finished = Signal(object, bool)

    def __init__(self, fn: Callable[[], Any], name: str = "veil-task") -> None:
        super().__init__()
        self._fn = fn
        self._name = name
        self._finished.connect(self._deliver)  # receiver lives on the UI thread: queued

    def start(self) -> Task:
        _alive.add(self)
        threading.Thread(target=self._run, name=self._name, daemon=True).start()
        return self

    def _run(self) -> None:
        try:
            result = self._fn()
        except Exception as exc:  # noqa: BLE001 - handed to the UI, which shows it
            self._finished.emit(exc, False)
        else:
            self._finished.emit(result, True)

    @Slot(object, bool)
    def _deliver(self, value: object, ok: bool) -> None:
        try:
            (self.done if ok else self.failed).emit(value)
        finally:
            _alive.discard(self)


def run_async(
    fn: Callable[[], Any],
    on_done: Callable[[Any], None] | None = None,
    on_error: Callable[[BaseException], None] | None = None,
    name: str = "veil-task",
) -> Task:
    """Start `fn` in the background; the callbacks run on the UI thread."""
    task = Task(fn, name)
    if on_done is not None:
        task.done.connect(on_done)
    if on_error is not None:
        task.failed.connect(on_error)
    return task.start()
