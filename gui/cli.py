"""`veil tray`: registered on the `veil` CLI through the `veil.commands` entry-point group.

Qt is imported only when the command runs, so `veil --help` and `veil serve`
stay light and work without a display.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

PAGE_CHOICES = ("activity", "secrets", "settings", "models", "eval", "all")


def cmd_tray(args: argparse.Namespace) -> int:
    from proxy.config import load_settings

    try:
        from gui.app import run
    except ImportError as exc:
        print(f"veil tray: the desktop app needs Qt ({exc}); install it with: pip install PySide6-Essentials",
              file=sys.stderr)
        return 2

    settings = load_settings(port=args.port)
    screenshot = Path(args.screenshot) if args.screenshot else None
    return run(settings, screenshot=screenshot, page=args.page, hidden=args.hidden)


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "tray", help="run Veil's tray icon and window (the proxy runs inside)",
        description="Start the desktop app: the proxy, a tray icon and the Activity/Secrets/Settings/Models/Eval window.",
    )
    parser.add_argument("--screenshot", metavar="PATH", help="render the window to PATH (PNG) and exit; works without a display")
    parser.add_argument("--page", choices=PAGE_CHOICES, help="page to render with --screenshot; 'all' writes PATH-<page>.png for each")
    parser.add_argument("--hidden", action="store_true", help="start in the tray only (used at login)")
    parser.add_argument("--port", type=int, help="serve on this port instead of the configured one")
    parser.set_defaults(func=cmd_tray)
    return parser
