"""`veil eval piibench`: score veil, the baselines and peers on PII-Bench-format data.

Without `--data` it scores the generator's held-out TEST family, so the
numbers never come from data a detector was tuned on.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from eval.dataset import SPLITS, Problem, Sample, load_samples, samples_from_records
from eval.peers import PEERS

SHOWN = (
    ("strict_f1", "Strict"), ("ent_f1", "Ent"), ("rouge_f1", "RougeL"), ("pooled_f1", "Pooled"),
    ("qr_f1", "QR-F1"), ("qr_rouge_f1", "QR-RL"),
    ("mask_f1", "MaskF1"), ("privacy", "P"), ("kept", "Kept"), ("B", "B"), ("latency_ms", "ms"),
)  # fmt: skip
MAX_PROBLEMS_SHOWN = 50


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "piibench",
        help="PII detection, query relevance and masking (PII-Bench tasks)",
        description="Score veil (configured detectors, query-aware policy, no always-mask tags), the no-masking, "
        "mask-all-detected and oracle baselines, and any --peer on the three PII-Bench tasks.",
    )
    parser.add_argument("--data", nargs="+", metavar="FILE", help="PII-Bench JSONL or JSON-array files (default: generate the TEST family)")
    parser.add_argument("--split", nargs="+", action="extend", choices=SPLITS, help="only these splits (default: all four)")
    parser.add_argument("--n", type=int, metavar="N", help="samples per split (default: the generator's sizes, or all in --data)")
    parser.add_argument("--seed", type=int, default=0, help="generator seed (default 0)")
    parser.add_argument("--predictions", metavar="OUT.jsonl", help="write veil's predictions in the spec's format")
    parser.add_argument("--report", metavar="DIR", help="write DIR/index.html with tables and plots")
    parser.add_argument("--peer", action="append", choices=sorted(PEERS), default=[], help="also score an outside system")
    parser.add_argument("--relevance", action="append", default=[], metavar="JUDGE",
                        help="also score this relevance judge on veil's and on gold candidates (repeatable; "
                        "'all' = the bundled adapter, registered adapters, and registered chat models x strategies)")
    parser.add_argument("--relevance-level", action="append", default=[], metavar="LEVEL",
                        help="also score the LoRA judges at this relevance level (private, balanced, useful; "
                        "repeatable; the same margins, so no extra model calls; the configured level is "
                        "relevance_level / VEIL_RELEVANCE_LEVEL)")
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.set_defaults(func=cmd_piibench)


def load_data(args: argparse.Namespace) -> tuple[list[Sample], list[Problem], str]:
    """Samples from --data files or the generator, filtered by --split and capped by --n."""
    splits = list(dict.fromkeys(args.split or SPLITS))
    samples: list[Sample] = []
    problems: list[Problem] = []
    if args.data:
        for path in args.data:
            good, bad = load_samples(path)
            samples += good
            problems += bad
        source = ", ".join(args.data)
        samples = [s for s in samples if s.split in splits]
        if args.n is not None:
            samples = _first_per_split(samples, args.n)
    else:
        from eval.generator import generate

        for split in splits:
            good, bad = samples_from_records(generate(split, n=args.n, seed=args.seed, family="test"), f"generator:{split}")
            samples += good
            problems += bad
        source = f"generator, TEST family, seed {args.seed}"
    return samples, problems, source


def _first_per_split(samples: list[Sample], n: int) -> list[Sample]:
    taken: dict[str, int] = {}
    kept = []
    for sample in samples:
        taken[sample.split] = taken.get(sample.split, 0) + 1
        if taken[sample.split] <= n:
            kept.append(sample)
    return kept


def cmd_piibench(args: argparse.Namespace) -> int:
    from eval.runner import run, write_predictions
    from eval.systems import builtin_systems, eval_settings
    from proxy.detectors.registry import UnknownDetectorError
    from proxy.relevance import RelevanceUnavailable, judge_names

    try:
        samples, problems, source = load_data(args)
    except OSError as exc:
        print(f"veil eval: cannot read data: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:
        print(f"veil eval: the PII-Bench generator is not available ({exc}); pass --data FILE", file=sys.stderr)
        return 2
    _print_problems(problems)
    if not samples:
        print("veil eval: no valid samples to score", file=sys.stderr)
        return 1
    settings = eval_settings()
    try:
        judges = [name for which in args.relevance for name in judge_names(which, data_dir=settings.data_path)]
        systems = builtin_systems(settings, judges=judges, samples=samples, levels=args.relevance_level)
        systems += [PEERS[name]() for name in dict.fromkeys(args.peer)]
    except (RelevanceUnavailable, UnknownDetectorError) as exc:
        print(f"veil eval: {exc}", file=sys.stderr)
        return 2
    result = run(samples, systems, progress=not args.no_progress)
    if args.predictions:
        write_predictions(args.predictions, result.rows("veil"))
    info = {
        "data": source,
        "veil detectors": ", ".join(settings.detectors),
        "veil relevance": (f"{settings.relevance} ({settings.relevance_level})" if settings.relevance
                           else "none (query-aware masks everything)"),
        "extra relevance levels": ", ".join(dict.fromkeys(args.relevance_level)) or "none",
        "extra judges": ", ".join(judges) or "none",
        "rejected records": str(len(problems)),
    }
    if args.report:
        from eval.report import write_report

        report_dir = Path(args.report)
        write_predictions(report_dir / "predictions-veil.jsonl", result.rows("veil"))
        path = write_report(result, report_dir, info)
        print(f"report: {path}", file=sys.stderr)
    summary = result.summary()
    if args.json:
        payload: dict[str, Any] = {"systems": summary, "n": result.counts(), "seconds": round(result.seconds, 3),
                                   "info": info, "problems": [str(p) for p in problems]}  # fmt: skip
        print(json.dumps(payload, indent=2))
    else:
        print(format_table(summary, result.counts()))
        print(f"\n{sum(result.counts()[s] for s in result.splits)} samples in {result.seconds:.1f} s; data: {source}")
    return 0


def _print_problems(problems: Sequence[Problem]) -> None:
    if not problems:
        return
    print(f"veil eval: {len(problems)} problem(s); the records concerned are skipped:", file=sys.stderr)
    for problem in problems[:MAX_PROBLEMS_SHOWN]:
        print(f"  {problem}", file=sys.stderr)
    if len(problems) > MAX_PROBLEMS_SHOWN:
        print(f"  ... and {len(problems) - MAX_PROBLEMS_SHOWN} more", file=sys.stderr)


def format_table(summary: dict[str, dict[str, dict[str, float | None]]], counts: dict[str, int]) -> str:
    """A plain-text block per split: systems as rows, the headline metrics as columns."""
    width = max(len(name) for name in summary) + 2
    lines = []
    for split, n in counts.items():
        lines.append(f"\n{split} ({n} samples)")
        lines.append(" " * width + "".join(f"{label:>8}" for _, label in SHOWN))
        for system, per_split in summary.items():
            values = per_split[split]
            cells = "".join(f"{_cell(values[key], key):>8}" for key, _ in SHOWN)
            lines.append(f"{system:<{width}}{cells}")
    return "\n".join(lines).lstrip("\n")


def _cell(value: float | None, key: str) -> str:
    if value is None:
        return "—"
    return f"{value:.1f}" if key == "latency_ms" else f"{value:.3f}"
