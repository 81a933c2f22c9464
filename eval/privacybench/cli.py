"""`veil eval privacybench`: leakage, over-secrecy and retrieval with and without Veil.

Plugs into `veil eval` like every benchmark: `eval.cli.BENCHMARKS` lists
modules with `add_parser(subparsers)`; `add_privacybench_command` is the same
function under a descriptive name for callers that wire it by hand.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from eval.privacybench.runner import CONDITIONS

CHOICES = (*CONDITIONS, "all")


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "privacybench",
        help="contextual privacy of a personalized RAG assistant (PrivacyBench): leakage with and without Veil",
        description="Probe a personalized RAG assistant (local MiniLM retrieval, bundled llama.cpp model or "
        "--upstream) about its owner's secrets in multi-turn conversations, under the paper's baseline and "
        "privacy-aware prompts, with and without Veil's secret guard, and score LR, OSR, IRR (before/after "
        "the filter) and PC. Without --data, a generated default community (fixed seed).",
    )
    data = parser.add_argument_group("community")
    data.add_argument("--data", metavar="FILE", help="a community JSON file in the PrivacyBench format")
    data.add_argument("--generate", action="store_true", help="generate a community with the options below")
    data.add_argument("--seed", type=int, default=None, help="generator seed (default: the default community's)")
    data.add_argument("--users", type=int, default=8, help="generated users (default 8)")
    data.add_argument("--owners", type=int, default=1, help="users whose footprint and secrets are generated (default 1)")
    data.add_argument("--secrets", type=int, default=12, help="secrets per owner (default 12)")
    data.add_argument("--noise-ratio", type=float, default=0.3, help="share of documents without secrets (default 0.3)")
    data.add_argument("--turns", type=int, default=2, help="turns per scripted probe, 1-10 (default 2)")
    data.add_argument("--write-community", metavar="FILE", help="save the community that was run")
    run = parser.add_argument_group("run")
    run.add_argument("--condition", action="append", choices=CHOICES,
                     help="baseline, privacy-prompt, veil, veil+privacy-prompt or all (default all; repeatable)")
    run.add_argument("--strategy", action="append", choices=("direct", "indirect"), help="only these probe strategies")
    run.add_argument("--limit", type=int, metavar="N", help="only the first N probes")
    run.add_argument("--top-k", type=int, default=3, help="documents retrieved per turn (default 3)")
    run.add_argument("--max-tokens", type=int, default=64, help="reply length cap (default 64)")
    run.add_argument("--max-turns", type=int, default=10, help="turns per conversation cap (default 10)")
    run.add_argument("--model", help="local model from `veil models` (default: the bundled SmolLM2-135M-Instruct)")
    run.add_argument("--threads", type=int, help="llama.cpp threads (default: available CPUs)")
    run.add_argument("--upstream", metavar="URL[#MODEL]", help="generate with an OpenAI-compatible endpoint instead")
    run.add_argument("--audience-header", action="store_true",
                     help="send the asker as X-Veil-Audience (when --upstream is a Veil proxy holding the community)")
    run.add_argument("--cloud-ok", choices=("auto", "file", "true", "false"), default="auto",
                     help="the guard's cloud_ok per secret. auto (default): true with the local model (no cloud "
                     "reads the request, so the asker is the only reader), as in the file with --upstream; "
                     "file: the file's veil_cloud_ok (absent = false, Veil's default); true/false: forced")
    run.add_argument("--llm-prober", metavar="URL[#MODEL]", help="an LLM plays the askers instead of the scripted turns")
    run.add_argument("--prober-rounds", type=int, default=5, help="LLM prober turns per conversation, 1-10 (default 5)")
    run.add_argument("--judge", action="append", metavar="URL[#MODEL]", default=[],
                     help="an LLM judge (repeat for a panel; majority vote); enables PC")
    out = parser.add_argument_group("output")
    out.add_argument("--report", metavar="DIR", help="write DIR/index.html")
    out.add_argument("--json", action="store_true", help="print the metrics as JSON")
    out.add_argument("--no-progress", action="store_true", help="no per-conversation progress on stderr")
    parser.set_defaults(func=cmd_privacybench)


add_privacybench_command = add_parser


def load_community(args: argparse.Namespace) -> tuple[Any, str]:
    """The community to run and a description of where it came from."""
    from eval.privacybench import spec
    from eval.privacybench.generator import DEFAULT_SEED, GeneratorConfig, generate

    if args.data:
        if args.generate:
            raise ValueError("pass either --data or --generate, not both")
        return spec.load(args.data), args.data
    seed = DEFAULT_SEED if args.seed is None else args.seed
    cfg = GeneratorConfig(seed=seed, users=args.users, owners=args.owners, secrets_per_owner=args.secrets,
                          noise_ratio=args.noise_ratio, turns=args.turns)
    kind = "generated" if args.generate else "default community"
    return spec.load(generate(cfg)), f"{kind} (seed {seed})"


def _conditions(args: argparse.Namespace) -> list[str]:
    chosen = args.condition or ["all"]
    names = list(CONDITIONS) if "all" in chosen else chosen
    return list(dict.fromkeys(names))


def cmd_privacybench(args: argparse.Namespace) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    started = time.perf_counter()
    try:
        community, source = load_community(args)
    except ValueError as exc:  # CommunityError included
        print(f"veil eval privacybench: {exc}", file=sys.stderr)
        return 2
    for warning in community.warnings:
        print(f"veil eval privacybench: warning: {warning}", file=sys.stderr)
    if args.write_community:
        Path(args.write_community).write_text(json.dumps(community.raw, ensure_ascii=False, indent=2) + "\n",
                                              encoding="utf-8")
    try:
        result = execute(args, community)
    except ValueError as exc:
        print(f"veil eval privacybench: {exc}", file=sys.stderr)
        return 2
    summary, targets, conversations, info = result
    info = {"data": source, **info, "seconds": round(time.perf_counter() - started, 1)}
    if args.report:
        from eval.privacybench.report import write_report

        path = write_report(args.report, summary=summary, targets=targets, conversations=conversations,
                            community=community, info=info)
        print(f"report: {path}", file=sys.stderr)
    if args.json:
        print(json.dumps({"conditions": summary, "targets": targets, "info": info}, indent=2))
    else:
        print(format_table(summary))
        print(f"\n{info['conversations']} conversations in {info['seconds']} s; data: {source}")
    return 0


def execute(args: argparse.Namespace, community: Any) -> tuple[dict[str, Any], dict[str, Any], list[Any], dict[str, Any]]:
    """Build the assistant, filter, probers and judges from `args`; run; summarize."""
    from contextlib import ExitStack

    from eval.privacybench.assistant import LocalGenerator, UpstreamGenerator
    from eval.privacybench.judge import LLMJudgePanel
    from eval.privacybench.metrics import check_targets, summarize
    from eval.privacybench.openai_client import Endpoint
    from eval.privacybench.probes import LLMProber, scripted_probes
    from eval.privacybench.runner import Bench, RunSettings, stderr_progress
    from eval.privacybench.veil import VeilFilter
    from proxy.guard import Embedder

    conditions = _conditions(args)
    probes = scripted_probes(community, turns=args.turns)
    if args.strategy:
        probes = [p for p in probes if p["strategy"] in args.strategy]
    if args.limit is not None:
        probes = probes[: args.limit]
    if not probes:
        raise ValueError("no probes to run")
    if not 1 <= args.max_turns <= 10:
        raise ValueError("--max-turns must be between 1 and 10")
    embedder = Embedder()
    if args.upstream:
        generator: Any = UpstreamGenerator(Endpoint.parse(args.upstream), audience_header=args.audience_header)
    else:
        generator = LocalGenerator(args.model, threads=args.threads)
    panel = LLMJudgePanel([Endpoint.parse(j) for j in args.judge]) if args.judge else None
    prober = LLMProber(Endpoint.parse(args.llm_prober), rounds=args.prober_rounds) if args.llm_prober else None
    settings = RunSettings(top_k=args.top_k, max_tokens=args.max_tokens, max_turns=args.max_turns)
    cloud_ok = cloud_ok_setting(args.cloud_ok, upstream=bool(args.upstream))
    with ExitStack() as stack:
        veil = None
        if any(CONDITIONS[c].guard for c in conditions):
            veil = stack.enter_context(VeilFilter(community.raw, embedder, cloud_ok=cloud_ok))
        stack.callback(generator.close)
        bench = Bench(community, generator, embedder, settings=settings, veil=veil, panel=panel, prober=prober,
                      progress=None if args.no_progress else stderr_progress)
        conversations = bench.run(conditions, probes)
    summary = summarize(conversations)
    info = {
        "community": community.id, "users": len(community.users), "secrets": len(community.secrets),
        "documents": len(community.documents), "probes": len(probes), "conversations": len(conversations),
        "generator": generator.name, "generator calls": generator.calls,
        "generation seconds": round(generator.seconds, 1), "top_k": args.top_k, "max_tokens": args.max_tokens,
        "prober": "llm" if prober else "scripted", "judge": f"LLM panel of {len(panel.endpoints)}" if panel else "deterministic",
        "cloud_ok": args.cloud_ok,
    }
    if panel and panel.errors:
        info["judge errors"] = len(panel.errors)
    return summary, check_targets(summary), conversations, info


def cloud_ok_setting(choice: str, *, upstream: bool) -> bool | None:
    """The guard's cloud_ok override (None: keep the file's).

    Veil's guard also treats the upstream provider as a reader and, by
    default, keeps a secret from it unless the question is about that secret
    (`proxy.guard.guard`). With the bundled local model nothing leaves the
    device, so that minimization has no reader to protect from and would only
    count as over-secrecy towards confidants: `auto` turns it off locally and
    keeps the file's setting for a real upstream.
    """
    if choice == "auto":
        return None if upstream else True
    return {"file": None, "true": True, "false": False}[choice]


def format_table(summary: dict[str, dict[str, Any]]) -> str:
    """Conditions as rows; overall then per-strategy LR/OSR/IRR."""
    cols = (("lr", "LR"), ("osr", "OSR"), ("irr_pre", "IRRpre"), ("irr_post", "IRRpost"), ("pc", "PC"),
            ("osr_filter", "OSRflt"))
    width = max(len(n) for n in summary) + 12
    lines = [" " * width + "".join(f"{label:>9}" for _, label in cols)]
    for name, entry in summary.items():
        scopes = {"": entry, **{f" {s}": v for s, v in entry.get("by_strategy", {}).items()}}
        for scope, values in scopes.items():
            cells = "".join(f"{_cell(values.get(k), k):>9}" for k, _ in cols)
            lines.append(f"{(name + scope):<{width}}{cells}")
    return "\n".join(lines)


def _cell(value: Any, key: str) -> str:
    if value is None:
        return "—"
    return f"{value:.2f}" if key == "pc" else f"{100 * value:.1f}%"
