"""A small thread-safe memory of recent results, bounded by entries and optionally by a total weight.

The detectors and the relevance judge both remember what they computed for
recent requests (`Settings.remember_findings`): chat clients and agents re-send
the same conversation, so only its new part should cost model time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """Least-recently-used mapping: at most `size` entries (0: remembers nothing) and, with `weight`, at most
    `max_weight` in all; an entry heavier than that alone is never kept."""

    def __init__(self, size: int, max_weight: int | None = None, weight: Callable[[K], int] | None = None) -> None:
        self.size = size
        self.max_weight = max_weight
        self._weight = weight
        self._items: OrderedDict[K, V] = OrderedDict()
        self._total = 0
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        weight = self._weight(key) if self._weight is not None else 0
        if self.size <= 0 or (self.max_weight is not None and weight > self.max_weight):
            return
        with self._lock:
            if key not in self._items:
                self._total += weight
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size or (self.max_weight is not None and self._total > self.max_weight):
                old, _ = self._items.popitem(last=False)
                self._total -= self._weight(old) if self._weight is not None else 0

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._total = 0

    def __len__(self) -> int:
        return len(self._items)


__all__ = ["Recent"]
