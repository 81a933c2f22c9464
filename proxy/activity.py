"""The activity log: one SQLite row per proxied request, never a raw PII value.

Rows hold counts and decisions only. Live listeners (the GUI's Activity page)
additionally get the texts as written and as sent, in memory, for the
session: that detail is never written to disk.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils


@dataclass
class ActivityRecord:
    """What is stored: safe to keep on disk."""

    endpoint: str
    status: int
    policy: str
    ts: float = field(default_factory=time.time)
    model: str | None = None
    entities: dict[str, int] = field(default_factory=dict)  # type -> count detected
    masked: dict[str, int] = field(default_factory=dict)  # type -> count masked
    decisions: dict[str, int] = field(default_factory=dict)  # reason -> count
    protect_ms: float = 0.0
    total_ms: float = 0.0
    error: str | None = None
    stream: bool = False
    audience: str | None = None

    def row(self) -> dict[str, Any]:
        row = dict(self.__dict__)
        for key in ("entities", "masked", "decisions"):
            row[key] = json.dumps(row[key], sort_keys=True)
        return row


@dataclass
class ActivityEvent:
    """A record plus in-memory-only detail for live views."""

    record: ActivityRecord
    original: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)


Listener = Callable[[ActivityEvent], None]


class ActivityLog:
    """Append-only request log in SQLite (WAL), plus live listeners."""

    TABLE = "requests"

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite_utils.Database(sqlite3.connect(str(self.path), check_same_thread=False))
        self._db.enable_wal()
        # WAL + NORMAL survives a crash of Veil; only a power cut may drop the newest rows.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._listeners: list[Listener] = []
        if self.TABLE not in self._db.table_names():
            self._db[self.TABLE].create(
                {
                    "id": int, "ts": float, "endpoint": str, "model": str, "status": int,
                    "policy": str, "entities": str, "masked": str, "decisions": str,
                    "protect_ms": float, "total_ms": float, "error": str, "stream": int,
                    "audience": str,
                },
                pk="id",
            )
            self._db[self.TABLE].create_index(["ts"])

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` for every new event; returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def record(self, event: ActivityEvent) -> None:
        with self._lock:
            self._db[self.TABLE].insert(event.record.row())
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception:  # noqa: BLE001 - a broken view must not break proxying
                pass

    def recent(self, limit: int = 100) -> list[dict[str, Any]]:
        with self._lock:
            rows = list(self._db[self.TABLE].rows_where(order_by="id desc", limit=limit))
        for row in rows:
            for key in ("entities", "masked", "decisions"):
                row[key] = json.loads(row[key] or "{}")
        return rows

    def close(self) -> None:
        self._db.close()
