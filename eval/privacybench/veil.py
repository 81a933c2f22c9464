"""Veil's access control as the assistant's filter: the real `SecretGuard` on a throwaway store.

The community's people, ties, groups and secrets are imported with
`import_community` (the same code path as `veil secrets import`) into a
SecretStore in a temporary directory. Its encryption key lives in an
in-memory keyring for the duration of the run, so the benchmark neither
needs nor touches the user's OS keyring, and nothing outlives the run: the
community's secrets are synthetic, but an imported outside file may not be.

Per turn the guard sees what the generator would see (the instructions, each
retrieved document, the history, the asker's message) with the asker as the
explicit audience, exactly as a client would name it in `X-Veil-Audience`;
the generator's reply then goes through `redact_reply` for the same audience.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import keyring
from keyring.backend import KeyringBackend

from proxy.guard import GuardResult, Redaction, ResolvedAudience, SecretGuard
from proxy.secrets import SecretStore, import_community


class MemoryKeyring(KeyringBackend):
    """A keyring that keeps entries in this process's memory only (the run's throwaway key)."""

    priority = 1  # type: ignore[assignment]  # "recommended": the key never reaches a disk

    def __init__(self) -> None:
        super().__init__()
        self._entries: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self._entries.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self._entries[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self._entries.pop((service, username), None)


class VeilFilter:
    """A SecretGuard over the community; use as a context manager (it swaps the process keyring)."""

    def __init__(self, community_raw: dict[str, Any], embedder: Any, *, cloud_ok: bool | None = None,
                 strict_cloud: bool = False) -> None:
        """`cloud_ok=None` keeps each secret's `veil_cloud_ok` (default false, Veil's default);
        True/False overrides it for every secret."""
        data = dict(community_raw)
        if cloud_ok is not None:
            data["secrets"] = [{**s, "veil_cloud_ok": cloud_ok} for s in data["secrets"]]
        self._data = data
        self._embedder = embedder
        self._strict_cloud = strict_cloud
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self._previous: KeyringBackend | None = None
        self.store: SecretStore | None = None
        self.guard: SecretGuard | None = None
        self.notes: list[str] = []

    def __enter__(self) -> VeilFilter:  # noqa: PYI034 - Self needs Python 3.11; we support 3.10
        self._tmp = tempfile.TemporaryDirectory(prefix="veil-privacybench-")
        self._previous = keyring.get_keyring()
        keyring.set_keyring(MemoryKeyring())
        try:
            self.store = SecretStore(Path(self._tmp.name) / "secrets.db")
            report = import_community(self.store, self._data, replace=True)
            self.notes = list(report.notes)
            self.guard = SecretGuard(self.store, self._embedder, strict_cloud=self._strict_cloud)
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None
        if self._previous is not None:
            keyring.set_keyring(self._previous)
            self._previous = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def inspect(self, texts: Sequence[str], roles: Sequence[str], query: str, asker: str,
                at: datetime) -> GuardResult:
        """What may reach the generator when `asker` reads the reply."""
        assert self.guard is not None, "use VeilFilter as a context manager"
        return self.guard.inspect(texts, roles, query, asker, at)

    def redact(self, reply: str, audience: ResolvedAudience, at: datetime) -> tuple[str, list[Redaction]]:
        assert self.guard is not None, "use VeilFilter as a context manager"
        return self.guard.redact_reply(reply, audience, at)
