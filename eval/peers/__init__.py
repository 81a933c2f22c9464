"""Outside PII systems scored beside veil, by name (`veil eval piibench --peer NAME`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from eval.systems import System


def _presidio() -> System:
    from eval.peers.presidio import PresidioSystem

    return PresidioSystem()


PEERS: dict[str, Callable[[], System]] = {"presidio": _presidio}
