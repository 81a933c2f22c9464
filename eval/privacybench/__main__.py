"""`python -m eval.privacybench ...`: the same command as `veil eval privacybench`, usable before it is wired in."""

from __future__ import annotations

import argparse
import sys

from eval.privacybench.cli import add_parser


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.privacybench")
    sub = parser.add_subparsers(dest="benchmark", required=True)
    add_parser(sub)
    args = parser.parse_args(["privacybench", *(sys.argv[1:] if argv is None else argv)])
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
