"""Start Veil's tray app at login: XDG autostart entry, macOS LaunchAgent, or Windows Run key.

Written by the Settings page when "start at login" changes, so the setting
does what it says instead of only being stored.
"""

from __future__ import annotations

import os
import plistlib
import shlex
import shutil
import sys
from pathlib import Path

LABEL = "dev.veil.tray"


def launch_command() -> list[str]:
    """How to start the tray app from a login session (frozen app, installed script, or module)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "tray", "--hidden"]
    script = shutil.which("veil")
    if script:
        return [script, "tray", "--hidden"]
    return [sys.executable, "-m", "proxy.cli", "tray", "--hidden"]


def _xdg_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "autostart" / "veil.desktop"


def _mac_file() -> Path:
    return Path.home() / "Library" / "LaunchAgents" / f"{LABEL}.plist"


def autostart_path() -> Path | None:
    if sys.platform == "darwin":
        return _mac_file()
    if sys.platform.startswith("win"):
        return None
    return _xdg_file()


def set_autostart(enabled: bool, command: list[str] | None = None) -> Path | None:
    """Create or remove the login entry; returns the file written (None on Windows or when removed)."""
    command = command or launch_command()
    if sys.platform.startswith("win"):
        import winreg  # type: ignore[import-not-found]

        key = winreg.OpenKey(winreg.HKEY_CURRENT_USER, r"Software\Microsoft\Windows\CurrentVersion\Run", 0, winreg.KEY_SET_VALUE)
        with key:
            if enabled:
                winreg.SetValueEx(key, "Veil", 0, winreg.REG_SZ, " ".join(f'"{c}"' for c in command))
            else:
                try:
                    winreg.DeleteValue(key, "Veil")
                except FileNotFoundError:
                    pass
        return None
    path = autostart_path()
    assert path is not None
    if not enabled:
        path.unlink(missing_ok=True)
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    if sys.platform == "darwin":
        path.write_bytes(plistlib.dumps({"Label": LABEL, "ProgramArguments": command, "RunAtLoad": True}))
    else:
        path.write_text(
            "[Desktop Entry]\nType=Application\nName=Veil\n"
            "Comment=On-device privacy proxy for LLM services\n"
            f"Exec={shlex.join(command)}\nTerminal=false\nX-GNOME-Autostart-enabled=true\n",
            encoding="utf-8",
        )
    return path
