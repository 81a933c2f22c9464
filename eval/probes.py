"""`veil eval probes`: what Veil sends for prompts people really write, checked value by value.

PII-Bench scores detection and relevance on its own annotation; a user cares about two plainer things: did a
secret or a personal value leave the machine, and was an ordinary word or a needed fact mangled. A probe file
holds prompts with those two lists (JSONL, one object per line):

    {"prompt": "...", "must_mask": ["sk-proj-...", "Rohit Kumar Sharma"], "must_keep": ["asyncio.gather"]}

Each prompt goes through the configured engine as the proxy sends a one-message chat (the prompt is its own
request). A `must_mask` value still in the output is *undetected* when no finding covers it and *kept* when
the relevance judge chose to send it; a `must_keep` value that is gone is *damaged* (masked, or cut by a
mask). The bundled files (`eval/data/probe-*.jsonl`) were written by helper sessions that saw only this
format; sessions 29 (tech, life) and 30 (docs, struct, script) developed recognizers on the default five, so they are a
regression check, not a held-out score; `probe-val*.jsonl` were each read once, for validation.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_FILES = ("eval/data/probe-tech.jsonl", "eval/data/probe-life.jsonl", "eval/data/probe-docs.jsonl",
                 "eval/data/probe-struct.jsonl", "eval/data/probe-script.jsonl")


@dataclass
class ProbeResult:
    """Counts over a probe set, and the prompts with a problem."""

    prompts: int = 0
    must_mask: int = 0
    must_keep: int = 0
    undetected: int = 0
    kept: int = 0
    damaged: int = 0
    problems: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in
                ("prompts", "must_mask", "must_keep", "undetected", "kept", "damaged", "problems", "rejected")}


def load_probes(path: str | Path) -> tuple[list[dict[str, Any]], list[str]]:
    """The probes of a JSONL file, and a reason for each line that is not one (its values must be in its prompt)."""
    probes: list[dict[str, Any]] = []
    rejected: list[str] = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            prompt = row["prompt"]
            values = [*row.get("must_mask", []), *row.get("must_keep", [])]
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            rejected.append(f"{path}:{number}: not a probe ({type(exc).__name__}: {exc})")
            continue
        missing = [v for v in values if not isinstance(v, str) or v not in prompt]
        if missing:
            rejected.append(f"{path}:{number}: not in the prompt: {missing!r}")
            continue
        probes.append({"source": f"{path}:{number}", **row})
    return probes, rejected


def check(engine: Any, probes: list[dict[str, Any]]) -> ProbeResult:
    """Mask each probe as the proxy would and count what leaked and what was damaged."""
    result = ProbeResult(prompts=len(probes))
    for probe in probes:
        prompt = probe["prompt"]
        protection = engine.protect([prompt], prompt)
        sent = protection.texts[0]
        spans = [(f.entity.start, f.entity.end) for f in protection.findings]

        def covered(value: str) -> bool:
            start = prompt.find(value)
            return any(s < start + len(value) and start < e for s, e in spans)

        leaked = [v for v in probe.get("must_mask", []) if v in sent]
        undetected = [v for v in leaked if not covered(v)]
        kept = [v for v in leaked if covered(v)]
        damaged = [v for v in probe.get("must_keep", []) if v not in sent]
        result.must_mask += len(probe.get("must_mask", []))
        result.must_keep += len(probe.get("must_keep", []))
        result.undetected += len(undetected)
        result.kept += len(kept)
        result.damaged += len(damaged)
        if undetected or kept or damaged:
            result.problems.append({"source": probe["source"], "undetected": undetected, "kept": kept,
                                    "damaged": damaged, "sent": sent})
    return result


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "probes",
        help="leaks and damage on realistic prompts (must_mask / must_keep lists)",
        description="Mask each probe prompt as the proxy does (the prompt is its own request) and count the "
        "must_mask values that went out (undetected, or kept by the relevance judge) and the must_keep values "
        "that did not.",
    )
    parser.add_argument("--data", nargs="+", metavar="FILE", help=f"probe JSONL files (default: {', '.join(DEFAULT_FILES)})")
    parser.add_argument("--show", action="store_true", help="list every prompt with a problem and what was sent")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(func=cmd_probes)


def cmd_probes(args: argparse.Namespace) -> int:
    from proxy.config import load_settings
    from proxy.factory import build_engine

    probes: list[dict[str, Any]] = []
    rejected: list[str] = []
    for path in args.data or DEFAULT_FILES:
        try:
            good, bad = load_probes(path)
        except OSError as exc:
            print(f"veil eval: cannot read {path}: {exc}", file=sys.stderr)
            return 2
        probes += good
        rejected += bad
    for reason in rejected:
        print(f"skipped {reason}", file=sys.stderr)
    if not probes:
        print("veil eval: no valid probes", file=sys.stderr)
        return 1
    result = check(build_engine(load_settings()), probes)
    result.rejected = rejected
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        return 0
    if args.show:
        for problem in result.problems:
            print(f"{problem['source']}: undetected {problem['undetected']} kept {problem['kept']} "
                  f"damaged {problem['damaged']}\n  sent: {problem['sent'][:600]!r}")
    print(f"{result.prompts} prompts: {result.undetected} of {result.must_mask} must-mask values undetected, "
          f"{result.kept} more kept by the relevance judge; {result.damaged} of {result.must_keep} must-keep "
          "values damaged")
    return 0
