"""Import and export of the PrivacyBench community format (`shared/specs/privacybench-format.md`).

Import checks the whole file first and writes nothing unless it is valid, then
writes everything in one transaction. Fields the store does not keep
(`profile`, `style`, `documents`, `probes`, ...) are ignored. Two optional
fields of our own round-trip Veil state and are ignored by other readers:
top-level `veil_me` (the owner's id) and per-secret `veil_cloud_ok`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from proxy.secrets.community_format import FormatChecker
from proxy.secrets.errors import CommunityFormatError
from proxy.secrets.models import Membership
from proxy.secrets.store import SecretStore


@dataclass
class ImportReport:
    """Counts of what an import wrote, plus non-fatal notes for the user."""

    people: int = 0
    relationships: int = 0
    groups: int = 0
    secrets: int = 0
    me: str | None = None
    notes: list[str] = field(default_factory=list)


def load_community(source: str | os.PathLike[str] | dict[str, Any]) -> dict[str, Any]:
    """Read a community JSON file (or pass a parsed dict through)."""
    if isinstance(source, dict):
        return source
    try:
        data = json.loads(Path(source).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise CommunityFormatError([f"not valid JSON: {exc}"]) from exc
    if not isinstance(data, dict):
        raise CommunityFormatError(["top level must be a JSON object"])
    return data


def _validate(data: dict[str, Any], known_ids: set[str]) -> dict[str, list[Any]]:
    """Check the file and return normalised records, or raise `CommunityFormatError`."""
    check = FormatChecker()
    users: list[dict[str, Any]] = []
    user_ids: set[str] = set()
    for where, u in check.records(data, "users"):
        uid, name = check.text(u, "id", where), check.text(u, "name", where)
        aliases = check.strings(u, "aliases", where)
        if uid and uid in user_ids:
            check.error(f"{where}.id", f"duplicate user id {uid!r}")
        if uid and name:
            user_ids.add(uid)
            users.append({"id": uid, "name": name, "aliases": aliases})
    people_ids = user_ids | known_ids

    groups: list[dict[str, Any]] = []
    group_ids: set[str] = set()
    for where, g in check.records(data, "groups"):
        gid, name = check.text(g, "id", where), check.text(g, "name", where)
        if gid and (gid in group_ids or gid in user_ids):
            check.error(f"{where}.id", f"id {gid!r} is already used by another user or group")
        start, end = check.period(g, where)
        members = check.strings(g, "members", where)
        for m in members:
            check.known(m, people_ids, f"{where}.members")
        former: list[Membership] = []
        for j, f in enumerate(g.get("former_members") or []):
            member = check.former_member(f, f"{where}.former_members[{j}]", people_ids)
            if member is not None:
                former.append(Membership(*member, True))
        if gid and name:
            group_ids.add(gid)
            groups.append({"id": gid, "name": name, "members": members, "valid_from": start,
                           "valid_to": end, "former_members": former})

    relationships: list[dict[str, Any]] = []
    for where, r in check.records(data, "relationships"):
        a, b, kind = check.text(r, "a", where), check.text(r, "b", where), check.text(r, "type", where)
        check.known(a, people_ids, f"{where}.a")
        check.known(b, people_ids, f"{where}.b")
        start, end = check.period(r, where)
        if a and b and kind:
            relationships.append({"a": a, "b": b, "type": kind, "valid_from": start, "valid_to": end})

    secrets: list[dict[str, Any]] = []
    secret_ids: set[str] = set()
    for where, s in check.records(data, "secrets"):
        sid, owner = check.text(s, "id", where), check.text(s, "owner", where)
        content = check.text(s, "content", where)
        facts = check.strings(s, "core_facts", where)
        confidants = check.strings(s, "confidants", where)
        if sid and sid in secret_ids:
            check.error(f"{where}.id", f"duplicate secret id {sid!r}")
        check.known(owner, people_ids, f"{where}.owner")
        for c in confidants:
            if c not in people_ids and c not in group_ids:
                check.error(f"{where}.confidants", f"{c!r} is neither a user nor a group id")
        shared_at = check.time(s, "shared_at", where)
        cloud_ok = s.get("veil_cloud_ok", False)
        if not isinstance(cloud_ok, bool):
            check.error(f"{where}.veil_cloud_ok", "must be true or false")
        if sid and owner and content:
            secret_ids.add(sid)
            secrets.append({"id": sid, "owner": owner, "content": content, "core_facts": facts,
                            "confidants": confidants, "shared_at": shared_at,
                            "cloud_ok": cloud_ok is True})
    check.known(data.get("veil_me"), people_ids, "veil_me")
    if check.errors:
        raise CommunityFormatError(check.errors)
    return {"users": users, "groups": groups, "relationships": relationships, "secrets": secrets}


def import_community(
    store: SecretStore,
    source: str | os.PathLike[str] | dict[str, Any],
    *,
    me: str | None = None,
    replace: bool = False,
) -> ImportReport:
    """Validate a community file, then write it in one transaction.

    Records are upserted by id (relationships deduplicated), so importing the
    same file twice is harmless; `replace=True` first empties the store.
    `me` names the owner; otherwise the file's `veil_me`, else the store's
    current owner, else the single owner of all the file's secrets.
    """
    data = load_community(source)
    if not isinstance(data, dict):
        raise CommunityFormatError(["top level must be a JSON object"])
    known = set() if replace else {p.id for p in store.people()}
    clean = _validate(data, known)
    report = ImportReport()
    owners = {s["owner"] for s in clean["secrets"]}
    chosen = me or data.get("veil_me")
    if chosen is None and (replace or store.me() is None) and len(owners) == 1:
        chosen = next(iter(owners))
        report.notes.append(f"took {chosen!r}, the owner of every secret, as 'me'")
    if chosen is not None and chosen not in {u["id"] for u in clean["users"]} | known:
        raise CommunityFormatError([f"me: unknown user {chosen!r}"])
    with store.transaction():
        if replace:
            for table in ("secrets", "group_members", "groups", "relationships", "people"):
                store.db.execute(f"DELETE FROM {table}")
        for u in clean["users"]:
            store.add_person(u["id"], u["name"], u["aliases"])
            report.people += 1
        if chosen is not None:
            store.set_me(chosen)
        for r in clean["relationships"]:
            store.add_relationship(r["a"], r["b"], r["type"], r["valid_from"], r["valid_to"])
            report.relationships += 1
        for g in clean["groups"]:
            store.add_group(g["id"], g["name"], g["members"], g["valid_from"], g["valid_to"],
                            g["former_members"])
            report.groups += 1
        for s in clean["secrets"]:
            store.add_secret(s["content"], s["core_facts"], s["confidants"], owner=s["owner"],
                             id=s["id"], shared_at=s["shared_at"], cloud_ok=s["cloud_ok"])
            report.secrets += 1
        if isinstance(data.get("community"), str):
            store.set_meta("community", data["community"])
    current = store.me()
    report.me = current.id if current else None
    if report.me is None:
        report.notes.append("no owner ('me') set: pass --me so that 'my manager' etc. resolve")
    return report


def export_community(store: SecretStore, *, now: datetime | None = None) -> dict[str, Any]:
    """The store as a community document (users, relationships, groups, secrets), decrypted.

    Lossy where the format is narrower than the store: a current member's own
    start date is not written (the format gives members the group's period).
    """
    me = store.me()
    doc: dict[str, Any] = {
        "community": store.get_meta("community") or "veil",
        "now": (now or datetime.now()).replace(microsecond=0).isoformat(),
        "users": [{"id": p.id, "name": p.name, "aliases": list(p.aliases)} for p in store.people()],
        "relationships": [
            {"a": r.a, "b": r.b, "type": r.type, "from": r.valid_from, "to": r.valid_to}
            for r in store.relationships()
        ],
        "groups": [],
        "secrets": [
            {"id": s.id, "owner": s.owner, "content": s.content, "core_facts": list(s.core_facts),
             "confidants": list(s.confidants), "shared_at": s.shared_at, "veil_cloud_ok": s.cloud_ok}
            for s in store.secrets()
        ],
    }
    for g in store.groups():
        entry: dict[str, Any] = {"id": g.id, "name": g.name, "members": list(g.current_members),
                                 "from": g.valid_from, "to": g.valid_to}
        if g.former_members:
            entry["former_members"] = [
                {"id": m.person_id, "from": m.valid_from, "to": m.valid_to} for m in g.former_members
            ]
        doc["groups"].append(entry)
    if me is not None:
        doc["veil_me"] = me.id
    return doc


def write_community(doc: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Write an export with owner-only permissions: it holds secrets in plaintext."""
    target = Path(path)
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)  # also when overwriting a file that was more open
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, ensure_ascii=False, indent=2)
        fh.write("\n")
