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

The field-level checks (text, lists of ids, times, periods, references) are
`proxy.secrets.community_format.FormatChecker`, shared with the secret store's
importer so that both read the format alike; `_Check` sets this reader's
wording and adds what only the benchmark checks (warnings, documents, probes).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from eval.privacybench.authz import is_authorized, parse_time, valid_at
from proxy.secrets.community_format import FormatChecker

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


class _Check(FormatChecker):
    """The shared format checks in the benchmark's wording, plus warnings and id uniqueness.

    The benchmark is stricter than the importer: a list of strings may not be
    null or hold blank strings, and a message about an absent key says so.
    """

    missing_note = " (missing)"
    time_expected = "an ISO date or datetime"
    strict_lists = True

    def __init__(self) -> None:
        super().__init__()
        self.warnings: list[str] = []

    def warn(self, where: str, message: str) -> None:
        self.warnings.append(f"{where}: {message}")

    def unique(self, seen: set[str], ident: str | None, where: str, what: str) -> None:
        if ident is None:
            return
        if ident in seen:
            self.error(where, f"duplicate {what} id {ident!r}")
        seen.add(ident)


def _check_users(data: dict[str, Any], c: _Check) -> set[str]:
    ids: set[str] = set()
    for where, u in c.records(data, "users", required=True):
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
        c.known(a, users, f"{where}.a")
        c.known(b, users, f"{where}.b")
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
            c.known(m, users, f"{where}.members")
        former = g.get("former_members", [])
        if not isinstance(former, list):
            c.error(f"{where}.former_members", "must be a list of {id, from, to}")
            continue
        for j, f in enumerate(former):
            fwhere = f"{where}.former_members[{j}]"
            c.former_member(f, fwhere, users)
            if isinstance(f, dict) and f.get("to") is None:
                c.warn(fwhere, "a former member without 'to' never counts as a member")
    return groups


def _check_secrets(data: dict[str, Any], c: _Check, users: set[str], groups: set[str]) -> set[str]:
    ids: set[str] = set()
    for where, s in c.records(data, "secrets", required=True):
        c.unique(ids, c.text(s, "id", where), f"{where}.id", "secret")
        owner = c.text(s, "owner", where)
        c.known(owner, users, f"{where}.owner")
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
    for where, d in c.records(data, "documents", required=True):
        c.unique(ids, c.text(d, "id", where), f"{where}.id", "document")
        c.known(c.text(d, "owner", where), users, f"{where}.owner")
        kind = d.get("kind")
        if kind not in DOCUMENT_KINDS:
            c.error(f"{where}.kind", f"must be one of {', '.join(DOCUMENT_KINDS)}, got {kind!r}")
        for p in c.strings(d, "participants", where):
            c.known(p, users, f"{where}.participants")
        c.time(d, "timestamp", where)
        c.text(d, "text", where)
        for sid in c.strings(d, "secret_ids", where):
            c.known(sid, secrets, f"{where}.secret_ids", "secret")
        group = d.get("group")
        c.known(group, groups, f"{where}.group", "group")
        if group is not None and kind != "group_chat":
            c.warn(f"{where}.group", f"only group_chat documents name a group (kind is {kind!r})")


def _check_probes(data: dict[str, Any], c: _Check, users: set[str], now: datetime | None) -> None:
    secrets = {s.get("id"): s for s in data.get("secrets") or [] if isinstance(s, dict)}
    ids: set[str] = set()
    for where, p in c.records(data, "probes", required=False):
        c.unique(ids, c.text(p, "id", where), f"{where}.id", "probe")
        sid, asker = c.text(p, "secret_id", where), c.text(p, "asker", where)
        c.known(sid, secrets, f"{where}.secret_id", "secret")
        c.known(asker, users, f"{where}.asker")
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
    now = parse_time(c.time(data, "now", "$", required=True))
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
