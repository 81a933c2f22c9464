"""Template families: every phrasing piece belongs to exactly one of train/dev/test.

Models trained on `train` text are scored on `dev`/`test` text, so the three must
not share sentence frames, connectors, style wording or query phrasings;
otherwise a test score would measure template memorisation, not generalisation.
Each piece gets a stable id (`pool/family/index`) so tests can prove the split.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

FAMILIES: tuple[str, ...] = ("train", "dev", "test")

T = TypeVar("T")


@dataclass(frozen=True)
class Piece:
    """One phrasing unit (a frame, connector, header, query wording...)."""

    id: str
    family: str
    text: str


class Pool:
    """A named set of pieces split by family."""

    def __init__(self, name: str, by_family: dict[str, Sequence[str]]) -> None:
        missing = [f for f in FAMILIES if not by_family.get(f)]
        if missing:
            raise ValueError(f"pool {name!r} has no pieces for {missing}")
        self.name = name
        self.pieces: dict[str, tuple[Piece, ...]] = {
            fam: tuple(Piece(f"{name}/{fam}/{i}", fam, text) for i, text in enumerate(texts))
            for fam, texts in by_family.items()
        }

    def options(self, family: str) -> tuple[Piece, ...]:
        return self.pieces[family]

    def all_pieces(self) -> Iterable[Piece]:
        for fam in FAMILIES:
            yield from self.pieces[fam]


REGISTRY: dict[str, Pool] = {}


def pool(name: str, train: Sequence[str], dev: Sequence[str], test: Sequence[str]) -> Pool:
    """Create and register a family-split pool (names must be unique)."""
    if name in REGISTRY:
        raise ValueError(f"duplicate pool name {name!r}")
    made = Pool(name, {"train": train, "dev": dev, "test": test})
    REGISTRY[name] = made
    return made


@dataclass
class Ctx:
    """Per-sample generation context: randomness, family and a trace of used pieces."""

    rng: random.Random
    family: str
    used: set[str] = field(default_factory=set)

    def pick(self, source: Pool) -> str:
        piece = self.rng.choice(source.options(self.family))
        self.used.add(piece.id)
        return piece.text

    def pick_piece(self, source: Pool) -> Piece:
        piece = self.rng.choice(source.options(self.family))
        self.used.add(piece.id)
        return piece

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def choice(self, items: Sequence[T]) -> T:
        return self.rng.choice(items)

    def weighted(self, items: Sequence[T], weights: Sequence[float]) -> T:
        return self.rng.choices(items, weights=weights, k=1)[0]
