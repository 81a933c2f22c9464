"""Checking primitives for the PrivacyBench community format (`shared/specs/privacybench-format.md`).

Two readers check that format: `proxy.secrets.community` before importing a
community into the secret store, and `eval.privacybench.spec` before running
the benchmark. They share these primitives so that both read a field the same
way; what only one reader needs (the store's normalised records, the
benchmark's warnings, documents and probes) stays with that reader. This lives
in `proxy` because `eval` may import `proxy`, never the reverse, and it
imports nothing heavier than `periods`, so the benchmark does not pull in the
store (sqlite, cryptography) just to validate a file.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any, ClassVar

from proxy.secrets.periods import to_datetime


class FormatChecker:
    """Collects every problem with its JSON path (`groups[0].from`) instead of stopping at the first.

    The person fixing a file wants the full list in one go. The two readers word
    a few messages differently and the benchmark is stricter about lists of
    strings; the class variables hold those differences, so that a reader's
    subclass sets them instead of copying a method. The defaults are the importer's.
    """

    missing_note: ClassVar[str] = ""
    """Appended to a message about a key that is absent altogether (the benchmark: " (missing)")."""
    time_expected: ClassVar[str] = "an ISO date or datetime or null"
    """What `time` says it accepts when a value does not parse."""
    strict_lists: ClassVar[bool] = False
    """False: a null list of strings reads as empty and items may be blank; True: both are errors."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def error(self, where: str, message: str) -> None:
        self.errors.append(f"{where}: {message}")

    def _missing(self, obj: dict[str, Any], key: str) -> str:
        return "" if key in obj else self.missing_note

    def text(self, obj: dict[str, Any], key: str, where: str, *, required: bool = True) -> str | None:
        """A non-empty string, or None (reported unless optional and absent)."""
        value = obj.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value.strip():
            self.error(f"{where}.{key}", "must be a non-empty string" + self._missing(obj, key))
            return None
        return value

    def strings(self, obj: dict[str, Any], key: str, where: str, *, required: bool = False) -> list[str]:
        """A list of strings (ids, aliases, facts); [] when absent or wrong, so callers can loop over it."""
        value = obj.get(key)
        if value is None and not required and (key not in obj or not self.strict_lists):
            return []
        if not isinstance(value, list) or not all(
            isinstance(v, str) and (v.strip() or not self.strict_lists) for v in value
        ):
            kind = "non-empty strings" if self.strict_lists else "strings"
            self.error(f"{where}.{key}", f"must be a list of {kind}" + self._missing(obj, key))
            return []
        return value

    def time(self, obj: dict[str, Any], key: str, where: str, *, required: bool = False) -> str | None:
        """The value as written (what the store keeps) if it is an ISO date or datetime, else None."""
        value = obj.get(key)
        if value is None:
            if required:
                self.error(f"{where}.{key}", "is required (an ISO date or datetime)")
            return None
        try:
            if not isinstance(value, str):
                raise TypeError
            to_datetime(value)
        except (TypeError, ValueError):
            self.error(f"{where}.{key}", f"must be {self.time_expected}, got {value!r}")
            return None
        return value

    def period(self, obj: dict[str, Any], where: str) -> tuple[str | None, str | None]:
        """The validity period `from`/`to` as written; an end before the start is an error."""
        start, end = self.time(obj, "from", where), self.time(obj, "to", where)
        if start and end and to_datetime(end) < to_datetime(start):  # type: ignore[operator]
            self.error(where, f"'to' ({end}) is before 'from' ({start})")
        return start, end

    def records(self, data: dict[str, Any], key: str, *, required: bool = False) -> list[tuple[str, dict[str, Any]]]:
        """The objects of a top-level list with their paths (`users[3]`); other items are reported."""
        value = data.get(key)
        if value is None:
            if required:
                self.error(key, "is required (a list)")
            return []
        if not isinstance(value, list):
            self.error(key, "must be a list")
            return []
        out = []
        for i, item in enumerate(value):
            if isinstance(item, dict):
                out.append((f"{key}[{i}]", item))
            else:
                self.error(f"{key}[{i}]", "must be an object")
        return out

    def known(self, ident: Any, ids: Container[Any], where: str, what: str = "user") -> None:
        """Report a reference to an id that `ids` lacks; None (absent, or already reported) passes."""
        if ident is not None and ident not in ids:
            self.error(where, f"unknown {what} {ident!r}")

    def former_member(
        self, entry: Any, where: str, people: Container[str]
    ) -> tuple[str, str | None, str | None] | None:
        """Check one `groups[].former_members` entry; (id, from, to) when it names someone."""
        if not isinstance(entry, dict):
            self.error(where, "must be an object with id, from, to")
            return None
        ident = self.text(entry, "id", where)
        self.known(ident, people, f"{where}.id")
        start, end = self.period(entry, where)
        return None if ident is None else (ident, start, end)
