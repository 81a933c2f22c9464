"""python -m eval.generator --split single --n 20 --family train --seed 1 [--implicit-refs 0.5] [--situational 0.2] [--purpose 0.2] --out FILE.jsonl"""

from __future__ import annotations

import argparse
import json
import sys

from .api import DEFAULT_SIZES, SPLITS, generate
from .families import FAMILIES


def _share(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be within [0, 1], got {text}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.generator", description="Generate PII-Bench style samples (JSONL).")
    parser.add_argument("--split", choices=SPLITS, required=True)
    parser.add_argument("--n", type=int, default=None, help=f"number of samples (default: paper size {DEFAULT_SIZES})")
    parser.add_argument("--family", choices=FAMILIES, default="test", help="phrasing family (disjoint across train/dev/test)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="-", help="output JSONL file ('-' for stdout)")
    parser.add_argument("--implicit-refs", type=_share, default=0.0, metavar="P",
                        help="share of queries that refer to the needed facts implicitly (0..1, default 0)")
    parser.add_argument("--situational", type=_share, default=0.0, metavar="P",
                        help="share of queries that need one fact without referring to it (0..1, default 0)")
    parser.add_argument("--purpose", type=_share, default=0.0, metavar="P",
                        help="share of queries that name a task needing every fact of one purpose (0..1, default 0)")
    parser.add_argument("--unrelated", type=_share, default=0.0, metavar="P",
                        help="share of queries that are general requests needing no fact (0..1, default 0)")
    args = parser.parse_args(argv)
    samples = generate(args.split, n=args.n, seed=args.seed, family=args.family, implicit_refs=args.implicit_refs,
                       situational=args.situational, purpose=args.purpose, unrelated=args.unrelated)
    lines = "".join(json.dumps(sample, ensure_ascii=False) + "\n" for sample in samples)
    if args.out == "-":
        sys.stdout.write(lines)
    else:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
