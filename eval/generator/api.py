"""Public entry point: generate(split, n, seed, family, implicit_refs, situational, purpose, unrelated) -> samples."""

from __future__ import annotations

import random

from .families import FAMILIES, Ctx
from .samples import finish
from .single import build_single
from .unrelated import is_unrelated_ask

SPLITS: tuple[str, ...] = ("single", "multi", "hard", "distract")
DEFAULT_SIZES: dict[str, int] = {"single": 1214, "multi": 1228, "hard": 200, "distract": 200}


def _build(ctx: Ctx, split: str, sample_id: str, mix: dict[str, float]) -> dict:
    """One sample; `mix` holds the query shares (implicit_refs, situational, purpose, unrelated) for finish()."""
    if split == "single":
        return finish(ctx, build_single(ctx), sample_id, split, **mix)
    from .compound import build_distract, build_hard
    from .multi import build_multi
    if split == "multi":
        return finish(ctx, build_multi(ctx), sample_id, split, **mix)
    if split == "hard":
        return finish(ctx, build_hard(ctx), sample_id, split, want=ctx.choice((2, 3, 3)), **mix)
    return finish(ctx, build_distract(ctx), sample_id, split, want=3, owners_needed=3, **mix)


def acceptable(split: str, sample: dict) -> bool:
    """Split-level shape: entity count of single descriptions, subjects of multi/distract, density of hard."""
    ents = sample["entities"]
    subjects = {e["subject"] for e in ents}
    related = {r["subject"] for r in sample["query_related"]}
    if not sample["query"]:
        return False
    if not sample["query_related"]:
        if not is_unrelated_ask(sample["query"]):
            return False
        related = {"A", "B", "C"}  # an unrelated request needs no one: the distract shape test is moot
    if split == "single":
        return 4 <= len(ents) <= 16 and subjects == {"A"}
    if split == "multi":
        return len(subjects) >= 2
    if split == "hard":
        return len(ents) >= 18
    return len(subjects) == 5 and len(related) == 3


def generate_traced(split: str, n: int | None = None, seed: int = 0, family: str = "test",
                    implicit_refs: float = 0.0, situational: float = 0.0,
                    purpose: float = 0.0, unrelated: float = 0.0) -> list[tuple[dict, set[str]]]:
    """Samples with the ids of the phrasing pieces each one used (for family-disjointness checks)."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS}, got {split!r}")
    if family not in FAMILIES:
        raise ValueError(f"family must be one of {FAMILIES}, got {family!r}")
    mix = {"implicit_refs": implicit_refs, "situational": situational, "purpose": purpose, "unrelated": unrelated}
    for name, share in mix.items():
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"{name} must be within [0, 1], got {share!r}")
    count = DEFAULT_SIZES[split] if n is None else n
    out = []
    for i in range(count):
        sample_id = f"{family}-{split}-{i + 1:04d}"
        # each sample has its own stream, so sample i does not depend on n
        for attempt in range(8):
            ctx = Ctx(random.Random(f"veil-piibench:{seed}:{family}:{split}:{i}:{attempt}"), family)
            sample = _build(ctx, split, sample_id, mix)
            if acceptable(split, sample):
                break
        else:
            raise RuntimeError(f"could not generate an acceptable {split} sample {sample_id}")
        out.append((sample, ctx.used))
    return out


def generate(split: str, n: int | None = None, seed: int = 0, family: str = "test", implicit_refs: float = 0.0,
             situational: float = 0.0, purpose: float = 0.0, unrelated: float = 0.0) -> list[dict]:
    """Generate `n` samples (default: the paper's size) of `split` with phrasing family `family`.

    `implicit_refs`: share of samples whose query refers to the needed facts implicitly (see cues.py);
    `situational`: share whose query needs one fact without referring to it (see situations.py);
    `purpose`: share whose query is a task needing every fact of one person's purpose kinds (see purposes.py);
    `unrelated`: share whose query is a general request that needs no fact (see unrelated.py)."""
    return [sample for sample, _ in generate_traced(split, n, seed, family, implicit_refs, situational, purpose,
                                                    unrelated)]
