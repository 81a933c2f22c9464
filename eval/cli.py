"""`veil eval BENCHMARK`: registered into the `veil` CLI via the `veil.commands` entry point.

Each benchmark is a module with `add_parser(subparsers)`; adding one (e.g.
privacybench) means adding its module name to `BENCHMARKS`.
"""

from __future__ import annotations

import argparse
import importlib

BENCHMARKS: tuple[str, ...] = ("eval.piibench", "eval.privacybench.cli", "eval.probes")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add `eval` and its benchmark subcommands to the `veil` parser."""
    parser = subparsers.add_parser("eval", help="score veil and peers on privacy benchmarks")
    benchmarks = parser.add_subparsers(dest="benchmark", metavar="BENCHMARK")
    for module in BENCHMARKS:
        importlib.import_module(module).add_parser(benchmarks)

    def _help(_: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(func=_help)
