"""A fixed draw of generator TRAIN samples, replayed beside new texts so a continued model keeps the generator.

    python -m local_models.training.replay --seed 16 --out build/hw-train \
        build/gliner-data/train-single.jsonl:300 build/gliner-data/train-multi.jsonl:200 ...

writes `replay-<split>.jsonl` per input (`train-single.jsonl` -> `replay-single.jsonl`): the given number
of its lines, drawn with one `random.Random(seed)` over the inputs in the order given, so the same
arguments give the same files on any machine.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path


def replay(inputs: list[tuple[Path, int]], out: Path, seed: int) -> list[Path]:
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path, n in inputs:
        lines = path.read_text(encoding="utf-8").splitlines()
        target = out / f"replay-{path.stem.removeprefix('train-')}.jsonl"
        target.write_text("\n".join(rng.sample(lines, n)) + "\n", encoding="utf-8")
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("inputs", nargs="+", help="FILE:N, a TRAIN JSONL file and how many of its samples to draw")
    p.add_argument("--out", required=True, type=Path)
    p.add_argument("--seed", type=int, default=16)
    args = p.parse_args(argv)
    inputs = []
    for item in args.inputs:
        name, _, count = item.rpartition(":")
        if not name or not count.isdigit():
            p.error(f"expected FILE:N, got {item!r}")
        inputs.append((Path(name), int(count)))
    for path in replay(inputs, args.out, args.seed):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
