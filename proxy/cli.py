"""The `veil` command line.

Subcommands of packages that sit above `proxy` (eval, gui) register
themselves through the `veil.commands` entry-point group, so the dependency
direction stays local_models <- proxy <- eval, gui.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from importlib import metadata
from typing import Any

from proxy.config import ConfigError, Settings, load_settings
from proxy.detectors.base import DetectionUnavailable
from proxy.policy import PolicyError, PolicyMode

POLICIES = [mode.value for mode in PolicyMode]


def _version() -> str:
    try:
        return metadata.version("veil-proxy")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def _settings(args: argparse.Namespace, **extra: Any) -> Settings:
    overrides = {key: getattr(args, key, None) for key in ("host", "port", "upstream", "policy")}
    overrides.update(extra)
    return load_settings(**overrides)


def _report_detection(service: Any, names: str) -> None:
    """Say once when the detectors are ready, or why protection cannot run (printed from a helper thread)."""
    readiness = service.wait_for_detection()
    took = f" in {readiness.seconds:.1f} s" if readiness.seconds is not None else ""
    if readiness.ready:
        print(f"PII detection ready ({names}){took}.", flush=True)
    elif readiness.state == "unavailable":
        print(f"PII protection cannot run, so requests are refused (nothing is forwarded): {readiness.detail}\n"
              f"  `veil models` shows what is missing; `veil models prepare` retries the load.", file=sys.stderr, flush=True)


def cmd_serve(args: argparse.Namespace) -> int:
    import threading

    from proxy.service import ProxyService

    settings = _settings(args)
    service = ProxyService(settings)
    state = service.prepare()
    names = ", ".join(settings.detectors)
    print(f"Veil is protecting on {settings.base_url}  (policy: {settings.policy}; upstream: {settings.upstream or 'bundled local model at ' + state.upstream_url})")
    print(f"Point your tools at it:  export OPENAI_BASE_URL={settings.base_url}")
    note = settings.detection_note()
    if note:
        print(f"Note: {note}")
    readiness = service.wait_for_detection(0.5)
    if readiness.state == "loading":
        note = (" The first GLiNER load on this machine prepares its int8 model (up to a minute; "
                "`veil models prepare` does it ahead)." if "gliner" in settings.detectors else "")
        print(f"Loading PII detectors ({names}): requests wait for them, nothing is forwarded unmasked.{note}")
        threading.Thread(target=_report_detection, args=(service, names), name="veil-report", daemon=True).start()
    elif not readiness.ready:
        _report_detection(service, names)
    sys.stdout.flush()
    service.run_foreground()
    return 0


def cmd_mask(args: argparse.Namespace) -> int:
    from proxy.factory import build_engine

    settings = _settings(args)
    text = sys.stdin.read()
    # Without --query the text is its own request, as the proxy reads a one-message chat.
    query = text if args.query is None else args.query
    protection = build_engine(settings).protect([text], query)
    if args.json:
        findings = [
            {**f.entity.to_dict(), "masked": f.masked, "reason": f.reason.value, "replacement": f.replacement}
            for f in protection.findings
        ]
        print(json.dumps({"masked": protection.texts[0], "policy": settings.policy, "entities": findings}, ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(protection.texts[0])
        if not protection.texts[0].endswith("\n"):
            sys.stdout.write("\n")
    return 0


def cmd_models(args: argparse.Namespace) -> int:
    from proxy.models import model_report

    settings = _settings(args)
    rows = model_report(settings)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        mark = "ready" if row["ready"] else "NOT READY"
        print(f"{row['name']:<28} {row['kind']:<12} {mark:<10} {row['detail']}")
    note = settings.detection_note()
    if note:
        print(f"Note: {note}")
    if any(row["kind"] == "detector" and row.get("in_use") and "gliner" in row["name"] for row in rows):
        print("`veil models prepare` loads them now and times each (the first GLiNER load on a machine "
              "derives its int8 ONNX file: up to a minute).")
    return 0 if all(row["ready"] for row in rows if row.get("in_use")) else 1


def cmd_bench(args: argparse.Namespace) -> int:
    from proxy.bench import format_report, run_bench

    result = run_bench(_settings(args), iterations=args.iterations)
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="veil", description="On-device privacy proxy for OpenAI-compatible LLM services.")
    parser.add_argument("--version", action="version", version=f"veil {_version()}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log more")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    serve = sub.add_parser("serve", help="run the proxy")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.add_argument("--upstream", help="upstream base URL, e.g. https://api.openai.com/v1 (default: the bundled local model)")
    serve.add_argument("--policy", choices=POLICIES)
    serve.set_defaults(func=cmd_serve)

    mask = sub.add_parser("mask", help="mask the text on stdin and print it")
    mask.add_argument(
        "--query",
        help="the request the text is sent with (query-aware policy); default: the text itself, as the proxy "
        "reads a one-message chat; --query '' masks every value",
    )
    mask.add_argument("--policy", choices=POLICIES)
    mask.add_argument("--json", action="store_true", help="print the entities and decisions as JSON")
    mask.set_defaults(func=cmd_mask)

    models = sub.add_parser("models", help="list bundled and registered models and whether each is ready")
    models.add_argument("--json", action="store_true")
    models.set_defaults(func=cmd_models)
    from proxy.models_cli import add_models_commands

    add_models_commands(models)  # veil models add | remove | download | prepare

    bench = sub.add_parser("bench", help="measure the latency Veil adds and its memory",
                           description="Measure the latency Veil adds and its memory, with the configured detectors "
                                       "(default: patterns, gliner), policy and relevance judge. Pin detectors with "
                                       "VEIL_DETECTORS=patterns to measure the recognizers alone.")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--policy", choices=POLICIES)
    bench.add_argument("--iterations", type=int, default=50)
    bench.set_defaults(func=cmd_bench)

    from proxy.secrets.cli import add_secrets_commands

    add_secrets_commands(sub)

    for entry in metadata.entry_points(group="veil.commands"):
        try:
            entry.load()(sub)
        except Exception as exc:  # noqa: BLE001 - a broken plug-in must not break the CLI
            logging.getLogger(__name__).warning("could not load command %s: %s", entry.name, exc)
    return parser


def main(argv: list[str] | None = None) -> int:
    # llama.cpp and torch threads spin while idle by default, which starves each other on few cores;
    # this must be set before either library is imported.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    # torch's C++ warnings (dozens while the GLiNER ONNX file is first derived) mean nothing to a user
    os.environ.setdefault("TORCH_CPP_LOG_LEVEL", "ERROR")
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except (ConfigError, PolicyError) as exc:
        print(f"veil: configuration error: {exc}", file=sys.stderr)
        return 2
    except DetectionUnavailable as exc:
        print(f"veil: PII protection cannot run: {exc}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
