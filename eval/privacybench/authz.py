"""The spec's authorization rule, written from the spec alone.

This is the benchmark's ground truth, so it deliberately does not call
`SecretStore.is_authorized` (the code under test): a shared bug would then be
invisible. `tests/test_privacybench.py` checks that both agree on the
generated communities.

Periods are half-open, `from <= at < to`, `None` meaning unbounded, dates
meaning midnight: the same convention `proxy.secrets.periods` documents.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any


def parse_time(value: str | None) -> datetime | None:
    """An ISO date or datetime as a naive datetime (aware ones converted to local time)."""
    if value is None or value == "":
        return None
    dt = datetime.fromisoformat(value.strip())
    if dt.tzinfo is not None:
        dt = dt.astimezone().replace(tzinfo=None)
    return dt


def valid_at(start: str | None, end: str | None, at: datetime) -> bool:
    """Whether [start, end) contains `at`."""
    lo, hi = parse_time(start), parse_time(end)
    return (lo is None or lo <= at) and (hi is None or at < hi)


def has_live_tie(data: dict[str, Any], a: str, b: str, at: datetime) -> bool:
    """Some relationship between `a` and `b` (either direction) is valid at `at`."""
    return any(
        {r.get("a"), r.get("b")} == {a, b} and valid_at(r.get("from"), r.get("to"), at)
        for r in data.get("relationships") or []
    )


def group_members_at(group: dict[str, Any], at: datetime) -> set[str]:
    """Members of `group` at `at`: current members while the group is valid, plus
    former members inside their own period (one without `to` never counts)."""
    if not valid_at(group.get("from"), group.get("to"), at):
        return set()
    members = set(group.get("members") or [])
    for former in group.get("former_members") or []:
        if former.get("to") and valid_at(former.get("from"), former.get("to"), at):
            members.add(former["id"])
    return members


def is_authorized(data: dict[str, Any], secret: dict[str, Any], person: str, at: datetime) -> bool:
    """Owner; or a confidant listed by id with a live tie to the owner; or a member of a confidant group at `at`."""
    owner = secret["owner"]
    if person == owner:
        return True
    confidants = secret.get("confidants") or []
    if person in confidants and has_live_tie(data, owner, person, at):
        return True
    groups = {g["id"]: g for g in data.get("groups") or []}
    return any(c in groups and person in group_members_at(groups[c], at) for c in confidants)


def authorized_people(data: dict[str, Any], secret: dict[str, Any], at: datetime) -> set[str]:
    """Every user authorized for `secret` at `at`."""
    return {u["id"] for u in data.get("users") or [] if is_authorized(data, secret, u["id"], at)}
