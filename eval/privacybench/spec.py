"""Loading and validating a community file (`shared/specs/privacybench-format.md`).

Every problem is collected with its JSON path (`documents[3].secret_ids`)
instead of stopping at the first, because outside communities are handed to
us whole and the person fixing one wants the full list. Problems that make a
run meaningless (unknown ids, bad times, a secret without core facts) are
errors; doubtful but scoreable data (a probe whose `authorized` flag
disagrees with the spec's rule) are warnings, and the file's own labels win,
since the spec makes the file the ground truth.

`Community` is a thin read-only view with the lookups the benchmark needs;
the parsed JSON stays available as `raw` (the Veil filter imports it as is).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from eval.privacybench.authz import is_authorized, parse_time, valid_at

DOCUMENT_KINDS = ("chat", "group_chat", "ai_chat", "blog", "purchase")
STRATEGIES = ("direct", "indirect")
MAX_TURNS = 10


class CommunityError(ValueError):
    """A community file that cannot be used; `errors` lists every problem with its path."""

    def __init__(self, errors: list[str], source: str = "community") -> None:
        self.errors = errors
        shown = "\n".join(f"  - {e}" for e in errors[:40])
        more = f"\n  ... and {len(errors) - 40} more" if len(errors) > 40 else ""
        super().__init__(f"{source}: {len(errors)} problem(s):\n{shown}{more}")


class _Check:
    """Collects errors and warnings with JSON paths."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.warnings: list[str] = []

    def error(self, where: str, message: str) -> None:
        self.errors.append(f"{where}: {message}")

    def warn(self, where: str, message: str) -> None:
        self.warnings.append(f"{where}: {message}")

    def text(self, obj: dict[str, Any], key: str, where: str, *, required: bool = True) -> str | None:
        value = obj.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value.strip():
            self.error(f"{where}.{key}", "must be a non-empty string" + ("" if key in obj else " (missing)"))
            return None
        return value

    def strings(self, obj: dict[str, Any], key: str, where: str, *, required: bool = False) -> list[str]:
        if key not in obj and not required:
            return []
        value = obj.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            self.error(f"{where}.{key}", "must be a list of non-empty strings" + ("" if key in obj else " (missing)"))
            return []
        return value

    def time(self, obj: dict[str, Any], key: str, where: str, *, required: bool = False) -> datetime | None:
        value = obj.get(key)
        if value is None:
            if required:
                self.error(f"{where}.{key}", "is required (an ISO date or datetime)")
            return None
        try:
            if not isinstance(value, str):
                raise TypeError
            return parse_time(value)
        except (TypeError, ValueError):
            self.error(f"{where}.{key}", f"must be an ISO date or datetime, got {value!r}")
            return None

    def period(self, obj: dict[str, Any], where: str) -> None:
        start, end = self.time(obj, "from", where), self.time(obj, "to", where)
        if start and end and end < start:
            self.error(where, f"'to' ({obj['to']}) is before 'from' ({obj['from']})")

    def records(self, data: dict[str, Any], key: str, *, required: bool = True) -> list[tuple[str, dict[str, Any]]]:
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

    def unique(self, seen: set[str], ident: str | None, where: str, what: str) -> None:
        if ident is None:
            return
        if ident in seen:
            self.error(where, f"duplicate {what} id {ident!r}")
        seen.add(ident)


def _check_users(data: dict[str, Any], c: _Check) -> set[str]:
    ids: set[str] = set()
    for where, u in c.records(data, "users"):
        c.unique(ids, c.text(u, "id", where), f"{where}.id", "user")
        c.text(u, "name", where)
        c.strings(u, "aliases", where)
        profile = u.get("profile", {})
        if not isinstance(profile, dict):
            c.error(f"{where}.profile", "must be an object of attribute -> list of {value, from, to}")
            continue
        for attr, entries in profile.items():
            if not isinstance(entries, list):
                c.error(f"{where}.profile.{attr}", "must be a list of {value, from, to}")
                continue
            for j, entry in enumerate(entries):
                pwhere = f"{where}.profile.{attr}[{j}]"
                if not isinstance(entry, dict) or "value" not in entry:
                    c.error(pwhere, "must be an object with value, from, to")
                    continue
                c.period(entry, pwhere)
        if "style" in u and not isinstance(u["style"], dict):
            c.error(f"{where}.style", "must be an object")
    return ids


def _check_graph(data: dict[str, Any], c: _Check, users: set[str]) -> set[str]:
    for where, r in c.records(data, "relationships", required=False):
        a, b = c.text(r, "a", where), c.text(r, "b", where)
        c.text(r, "type", where)
        for side, ident in (("a", a), ("b", b)):
            if ident is not None and ident not in users:
                c.error(f"{where}.{side}", f"unknown user {ident!r}")
        if a is not None and a == b:
            c.error(where, "a relationship needs two different users")
        c.period(r, where)
    groups: set[str] = set()
    for where, g in c.records(data, "groups", required=False):
        gid = c.text(g, "id", where)
        if gid in users:
            c.error(f"{where}.id", f"{gid!r} is already a user id (users and groups share one id space)")
        c.unique(groups, gid, f"{where}.id", "group")
        c.text(g, "name", where)
        c.period(g, where)
        for m in c.strings(g, "members", where):
            if m not in users:
                c.error(f"{where}.members", f"unknown user {m!r}")
        former = g.get("former_members", [])
        if not isinstance(former, list):
            c.error(f"{where}.former_members", "must be a list of {id, from, to}")
            continue
        for j, f in enumerate(former):
            fwhere = f"{where}.former_members[{j}]"
            if not isinstance(f, dict):
                c.error(fwhere, "must be an object with id, from, to")
                continue
            fid = c.text(f, "id", fwhere)
            if fid is not None and fid not in users:
                c.error(f"{fwhere}.id", f"unknown user {fid!r}")
            c.period(f, fwhere)
            if f.get("to") is None:
                c.warn(fwhere, "a former member without 'to' never counts as a member")
    return groups


def _check_secrets(data: dict[str, Any], c: _Check, users: set[str], groups: set[str]) -> set[str]:
    ids: set[str] = set()
    for where, s in c.records(data, "secrets"):
        c.unique(ids, c.text(s, "id", where), f"{where}.id", "secret")
        owner = c.text(s, "owner", where)
        if owner is not None and owner not in users:
            c.error(f"{where}.owner", f"unknown user {owner!r}")
        c.text(s, "content", where)
        if not c.strings(s, "core_facts", where, required=True) and isinstance(s.get("core_facts"), list):
            c.error(f"{where}.core_facts", "must name at least one fact (a secret without facts can never leak)")
        for conf in c.strings(s, "confidants", where):
            if conf not in users and conf not in groups:
                c.error(f"{where}.confidants", f"{conf!r} is neither a user nor a group id")
            if conf == owner:
                c.warn(f"{where}.confidants", "lists the owner, who is always authorized")
        c.time(s, "shared_at", where)
    return ids


def _check_documents(data: dict[str, Any], c: _Check, users: set[str], groups: set[str], secrets: set[str]) -> None:
    ids: set[str] = set()
    for where, d in c.records(data, "documents"):
        c.unique(ids, c.text(d, "id", where), f"{where}.id", "document")
        owner = c.text(d, "owner", where)
        if owner is not None and owner not in users:
            c.error(f"{where}.owner", f"unknown user {owner!r}")
        kind = d.get("kind")
        if kind not in DOCUMENT_KINDS:
            c.error(f"{where}.kind", f"must be one of {', '.join(DOCUMENT_KINDS)}, got {kind!r}")
        for p in c.strings(d, "participants", where):
            if p not in users:
                c.error(f"{where}.participants", f"unknown user {p!r}")
        c.time(d, "timestamp", where)
        c.text(d, "text", where)
        for sid in c.strings(d, "secret_ids", where):
            if sid not in secrets:
                c.error(f"{where}.secret_ids", f"unknown secret {sid!r}")
        group = d.get("group")
        if group is not None and group not in groups:
            c.error(f"{where}.group", f"unknown group {group!r}")
        if group is not None and kind != "group_chat":
            c.warn(f"{where}.group", f"only group_chat documents name a group (kind is {kind!r})")


def _check_probes(data: dict[str, Any], c: _Check, users: set[str], now: datetime | None) -> None:
    secrets = {s.get("id"): s for s in data.get("secrets") or [] if isinstance(s, dict)}
    ids: set[str] = set()
    for where, p in c.records(data, "probes", required=False):
        c.unique(ids, c.text(p, "id", where), f"{where}.id", "probe")
        sid, asker = c.text(p, "secret_id", where), c.text(p, "asker", where)
        if sid is not None and sid not in secrets:
            c.error(f"{where}.secret_id", f"unknown secret {sid!r}")
        if asker is not None and asker not in users:
            c.error(f"{where}.asker", f"unknown user {asker!r}")
        if p.get("strategy") not in STRATEGIES:
            c.error(f"{where}.strategy", f"must be 'direct' or 'indirect', got {p.get('strategy')!r}")
        if not isinstance(p.get("authorized"), bool):
            c.error(f"{where}.authorized", "must be true or false")
        turns = c.strings(p, "turns", where, required=True)
        if isinstance(p.get("turns"), list) and not 1 <= len(p["turns"]) <= MAX_TURNS:
            c.error(f"{where}.turns", f"must hold 1 to {MAX_TURNS} turns, got {len(p['turns'])}")
        secret = secrets.get(sid)
        if secret and asker == secret.get("owner"):
            c.warn(f"{where}.asker", "is the secret's owner; the conversation cannot leak")
        if not (c.errors or secret is None or asker not in users or now is None or not turns
                or not isinstance(p.get("authorized"), bool)):
            expected = is_authorized(data, secret, asker, now)
            if expected != p["authorized"]:
                c.warn(f"{where}.authorized", f"is {p['authorized']} but the spec's rule says {expected} at "
                       f"'now' ({data.get('now')}); the file's label is used")


def validate(data: Any) -> tuple[list[str], list[str]]:
    """(errors, warnings) for a parsed community; no errors means it can be run."""
    c = _Check()
    if not isinstance(data, dict):
        return ["top level must be a JSON object"], []
    c.text(data, "community", "$")
    now = c.time(data, "now", "$", required=True)
    users = _check_users(data, c)
    groups = _check_graph(data, c, users)
    secrets = _check_secrets(data, c, users, groups)
    _check_documents(data, c, users, groups, secrets)
    _check_probes(data, c, users, now)
    return c.errors, c.warnings


@dataclass
class Community:
    """A validated community with the lookups the benchmark uses."""

    raw: dict[str, Any]
    warnings: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.id: str = self.raw["community"]
        self.now: datetime = parse_time(self.raw["now"])  # type: ignore[assignment]
        self.users: dict[str, dict[str, Any]] = {u["id"]: u for u in self.raw["users"]}
        self.groups: dict[str, dict[str, Any]] = {g["id"]: g for g in self.raw.get("groups") or []}
        self.secrets: dict[str, dict[str, Any]] = {s["id"]: s for s in self.raw["secrets"]}
        self.documents: list[dict[str, Any]] = list(self.raw["documents"])
        self.probes: list[dict[str, Any]] = list(self.raw.get("probes") or [])

    def name(self, user_id: str) -> str:
        return self.users[user_id]["name"]

    def first_name(self, user_id: str) -> str:
        return self.name(user_id).split()[0]

    def documents_of(self, owner: str) -> list[dict[str, Any]]:
        """The owner's digital footprint: what their personalized assistant retrieves from."""
        return [d for d in self.documents if d["owner"] == owner]

    def relationship(self, owner: str, other: str, at: datetime | None = None) -> str | None:
        """How `other` relates to `owner` at `at` ("manager", "friend", "former manager"...), for prompts."""
        at = at or self.now
        live, ended = [], []
        for r in self.raw.get("relationships") or []:
            if {r["a"], r["b"]} != {owner, other}:
                continue
            kind = r["type"] if r["a"] == owner else _inverse(r["type"])
            (live if valid_at(r.get("from"), r.get("to"), at) else ended).append(kind)
        if live:
            return " and ".join(dict.fromkeys(live))
        if ended:
            return "former " + " and former ".join(dict.fromkeys(ended))
        return None

    def profile_value(self, user_id: str, attr: str, at: datetime | None = None) -> str | None:
        """A profile attribute's value valid at `at` (profiles change over time)."""
        at = at or self.now
        for entry in (self.users[user_id].get("profile") or {}).get(attr, []):
            if valid_at(entry.get("from"), entry.get("to"), at):
                return str(entry["value"])
        return None


_INVERSES = {"manager": "report", "report": "manager", "mentor": "mentee", "mentee": "mentor",
             "parent": "child", "child": "parent"}


def _inverse(kind: str) -> str:
    """`b` is `a`'s <kind>, so `a` is `b`'s <inverse>; symmetric kinds read the same."""
    return _INVERSES.get(kind, kind)


def load(source: str | os.PathLike[str] | dict[str, Any]) -> Community:
    """Read (a path) or take (parsed JSON) a community and validate it; raises `CommunityError` listing every problem."""
    is_path = isinstance(source, (str, os.PathLike))
    name = str(source) if is_path else "community"
    if is_path:
        try:
            data: Any = json.loads(Path(source).read_text(encoding="utf-8"))  # type: ignore[arg-type]
        except OSError as exc:
            raise CommunityError([f"cannot read the file: {exc.strerror or exc}"], name) from exc
        except json.JSONDecodeError as exc:
            raise CommunityError([f"not valid JSON: {exc}"], name) from exc
    else:
        data = source
    errors, warnings = validate(data)
    if errors:
        raise CommunityError(errors, name)
    return Community(data, warnings)
