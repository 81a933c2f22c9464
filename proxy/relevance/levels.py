"""The user-facing privacy-vs-utility setting of the relevance judge (`relevance_level`).

A LoRA judge keeps a candidate when its yes/no margin is above a threshold
that was tuned on DEV data and ships with the adapter (`AdapterInfo.threshold`).
A level moves that threshold by an offset. An adapter's sidecar may carry its
own offsets (`level_offsets`, tuned with its threshold on the same DEV set by
the training export): adapters differ in how widely their margins spread, so
one table cannot mean the same for all. Otherwise the table below applies:

* `balanced` (default): the adapter's tuned threshold, unchanged;
* `private`: a higher threshold, so fewer values are judged needed and more are
  masked (the question may then miss a detail it needed);
* `useful`: a lower threshold, so more values the question may need are kept
  (and more that it does not need go out in clear).

The offsets were chosen on the generator's DEV family only (gold candidates;
the rule and the numbers are in docs/eval.md, "Relevance levels"). Judges
without a threshold (prompted `llm:` judges) ignore the level.

No imports from the rest of `proxy`: `proxy.config` validates with this table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DEFAULT_LEVEL = "balanced"

# offset added to the adapter's tuned margin threshold; higher threshold = fewer PII kept
LEVEL_OFFSETS: dict[str, float] = {
    "private": 0.75,
    "balanced": 0.0,
    "useful": -1.5,
}

LEVEL_HELP: dict[str, str] = {
    "private": "mask more: only values the question clearly needs are kept (answers may miss a detail)",
    "balanced": "the judge's tuned trade-off between privacy and useful answers",
    "useful": "keep more: values the question may need are kept (more PII goes out in clear)",
}

LEVELS: tuple[str, ...] = tuple(LEVEL_OFFSETS)


class UnknownLevel(ValueError):
    """A relevance level that is not one of `LEVELS`."""


def check_level(level: str) -> str:
    """`level` if it is one of `LEVELS`; otherwise `UnknownLevel` naming the choices."""
    if level not in LEVEL_OFFSETS:
        raise UnknownLevel(f"relevance_level must be one of {', '.join(LEVELS)}, got {level!r}")
    return level


def level_offset(level: str) -> float:
    """The margin offset of `level` (0 for balanced)."""
    return LEVEL_OFFSETS[check_level(level)]


def level_threshold(tuned: float, level: str, offsets: Mapping[str, float] | None = None) -> float:
    """The threshold a judge whose adapter was tuned at `tuned` uses at `level`; `offsets` (the adapter's own,
    for the levels it names) take the table's place."""
    offset = level_offset(level)  # validates the level
    return tuned + float(offsets[level]) if offsets and level in offsets else tuned + offset


def check_offsets(offsets: Mapping[str, Any]) -> dict[str, float]:
    """An adapter's own level offsets, validated: known levels, numbers, `private` above 0 and `useful` below
    (so the levels stay ordered), `balanced` 0 if given. `UnknownLevel` says what is wrong."""
    out: dict[str, float] = {}
    for level, value in offsets.items():
        check_level(level)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise UnknownLevel(f"level offset for {level!r} must be a number, got {value!r}")
        out[level] = float(value)
    if out.get("balanced", 0.0) != 0.0 or out.get("private", 1.0) <= 0.0 or out.get("useful", -1.0) >= 0.0:
        raise UnknownLevel(f"level offsets must keep private > 0, balanced = 0, useful < 0; got {out}")
    return out


__all__ = ["DEFAULT_LEVEL", "LEVELS", "LEVEL_HELP", "LEVEL_OFFSETS", "UnknownLevel", "check_level", "check_offsets",
           "level_offset", "level_threshold"]
