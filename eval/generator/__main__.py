"""python -m eval.generator --split single --n 20 --family train --seed 1 --out FILE.jsonl"""

from __future__ import annotations

import argparse
import json
import sys

from .api import DEFAULT_SIZES, SPLITS, generate
from .families import FAMILIES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.generator", description="Generate PII-Bench style samples (JSONL).")
    parser.add_argument("--split", choices=SPLITS, required=True)
    parser.add_argument("--n", type=int, default=None, help=f"number of samples (default: paper size {DEFAULT_SIZES})")
    parser.add_argument("--family", choices=FAMILIES, default="test", help="phrasing family (disjoint across train/dev/test)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="-", help="output JSONL file ('-' for stdout)")
    args = parser.parse_args(argv)
    samples = generate(args.split, n=args.n, seed=args.seed, family=args.family)
    lines = "".join(json.dumps(sample, ensure_ascii=False) + "\n" for sample in samples)
    if args.out == "-":
        sys.stdout.write(lines)
    else:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
