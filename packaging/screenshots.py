"""Render the docs screenshots: every page with real data, the tray menu, the state icons.

Run under a display, e.g. with a tray host so the live tray icon is shot too:
  xvfb-run -a -s "-screen 0 1400x900x24" sh -c 'trayer --edge top --align right & sleep 1; .venv/bin/python packaging/screenshots.py'

Everything lives in a temporary directory: a loopback upstream, a fresh config,
data dir, secret store and file keyring, so the user's own Veil is untouched.
Requests go through the real in-process proxy, and the Eval page runs the real
`veil eval piibench`.
"""

from __future__ import annotations

import argparse
import os
import socket
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

REQUESTS = [
    ("chat/completions", {"model": "gpt-4o-mini", "messages": [
        {"role": "system", "content": "You are a helpful assistant for personal finance."},
        {"role": "user", "content": "I'm 34, my monthly income is $4,200 and my credit score is 712. "
                                    "My card 4111 1111 1111 1111 was charged twice on 12 March 2025 at 3:15 PM; "
                                    "draft a complaint I can send from jane.doe@example.com."}]}),
    ("chat/completions", {"model": "gpt-4o-mini", "stream": True, "messages": [
        {"role": "user", "content": "Our server 203.0.113.42 rejects logins from +1 415 555 0132's VPN. Ideas?"}]}),
    ("embeddings", {"model": "text-embedding-3-small", "input": ["Invoice for SSN 536-22-1234, due 2025-04-01"]}),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _isolate(tmp: Path) -> None:
    os.environ["VEIL_CONFIG"] = str(tmp / "config.toml")
    os.environ["XDG_DATA_HOME"] = str(tmp / "data-home")
    os.environ["XDG_CONFIG_HOME"] = str(tmp / "config-home")
    os.environ["VEIL_ALLOW_INSECURE_KEYRING"] = "1"
    import keyring
    from keyrings.alt.file import PlaintextKeyring

    backend = PlaintextKeyring()
    backend.file_path = str(tmp / "keyring.cfg")
    keyring.set_keyring(backend)


def _seed_secrets(path: Path) -> None:
    from proxy.secrets import SecretStore

    with SecretStore(path) as store:
        store.add_person("sam", "Sam Rivera", is_me=True)
        store.add_person("maya", "Maya Lin", ["Mo"])
        store.add_person("jordan", "Jordan Park")
        store.add_person("alex", "Alex Chen", ["AC"])
        store.add_relationship("sam", "maya", "friend")
        store.add_relationship("sam", "jordan", "manager")
        store.add_group("climbers", "Climbing club", ["maya", "alex"])
        store.add_secret("I'm interviewing with another company next week", ["interviewing elsewhere"], ["maya"],
                         id="s-job", shared_at="2025-03-02T18:00:00")
        store.add_secret("My knee surgery is on April 3", ["knee surgery"], ["climbers", "jordan"],
                         id="s-health", shared_at="2025-03-10T09:30:00", cloud_ok=True)
        store.add_offer("My sister Ana is pregnant, please keep it quiet", "keep it quiet", ["Ana is pregnant"])


def _tray_pictures(app, out: Path) -> None:
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QColor, QFont, QGuiApplication, QPainter, QPixmap

    from gui.app import wait_until
    from gui.icons import state_pixmap

    if app.tray.tray is not None:  # a real tray host (e.g. `trayer` under Xvfb): shoot the live icon and menu
        icon = app.tray.tray.geometry()
        app.tray.menu.popup(icon.bottomLeft())
        wait_until(lambda: False, 0.8)
        area = icon.united(app.tray.menu.geometry()).adjusted(-8, -4, 8, 8)
        QGuiApplication.primaryScreen().grabWindow(0).copy(area).save(str(out / "tray-live.png"))
        app.tray.menu.hide()
    app.tray.menu.popup(QPoint(40, 40))
    wait_until(lambda: False, 0.4)
    app.tray.menu.grab().save(str(out / "tray-menu.png"))
    app.tray.menu.hide()
    states = ("protecting", "paused", "error", "stopped")
    strip = QPixmap(4 * 150, 130)
    strip.fill(QColor("white"))
    painter = QPainter(strip)
    painter.setFont(QFont("DejaVu Sans", 11))
    for i, state in enumerate(states):
        painter.drawPixmap(i * 150 + 43, 10, state_pixmap(state, 64))
        painter.drawText(i * 150, 90, 150, 30, Qt.AlignmentFlag.AlignCenter, state)
    painter.end()
    strip.save(str(out / "tray-icons.png"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--eval-n", type=int, default=3, help="samples per split for the Eval page (0: skip)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="veil-shots-"))
    _isolate(tmp)

    import httpx

    from gui.app import VeilApp, capture, wait_until
    from proxy.config import Settings
    from proxy.loopback import LoopbackUpstream

    upstream = LoopbackUpstream()
    upstream.start()
    settings = Settings(port=_free_port(), upstream=upstream.base_url, data_dir=str(tmp / "data"),
                        never_mask=("Time", "Monthly Income", "Age"))
    _seed_secrets(tmp / "secrets.db")
    app = VeilApp(settings, store_path=tmp / "secrets.db")
    app.window.resize(1180, 760)
    app.window.show()
    if not wait_until(lambda: app.controller.state == "protecting", 30):
        raise SystemExit(f"proxy did not start: {app.controller.error}")
    for endpoint, body in REQUESTS:
        httpx.post(f"{app.controller.base_url}/{endpoint}", json=body, timeout=30).raise_for_status()
    activity = app.window.pages["activity"]
    wait_until(lambda: activity.table.rowCount() == len(REQUESTS), 10)
    activity.table.selectRow(len(REQUESTS) - 1)  # the finance chat: the richest one
    secrets = app.window.pages["secrets"]
    secrets.tabs.setCurrentIndex(3)  # the Secrets tab
    secrets.refresh_offers()
    evaluation = app.window.pages["eval"]
    if args.eval_n and not evaluation.unavailable:
        evaluation.n.setValue(args.eval_n)
        evaluation.run()
        wait_until(lambda: not evaluation.running, 120)
    args.out.mkdir(parents=True, exist_ok=True)
    for page in ("activity", "secrets", "settings", "models", "eval"):
        capture(app, args.out / f"{page}.png", page)
        print(args.out / f"{page}.png")
    secrets.select("secrets", "s-health")
    dialog = secrets.edit_secrets()
    wait_until(lambda: False, 0.3)
    dialog.grab().save(str(args.out / "secret-dialog.png"))
    dialog.reject()
    _tray_pictures(app, args.out)
    app.close()
    upstream.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
