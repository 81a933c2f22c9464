"""Plain records the store returns; immutable so callers cannot edit a cached row by accident."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from proxy.secrets.periods import valid_at


@dataclass(frozen=True, slots=True)
class Person:
    """A member of the user's social graph; `is_me` marks the device owner."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    is_me: bool = False


@dataclass(frozen=True, slots=True)
class Relationship:
    """`b` is `a`'s `type` (e.g. a=me, b=u2, type=manager: u2 is my manager).

    Symmetric types (friend, coworker, partner, ...) read the same both ways;
    see `proxy.secrets.audience` for the inverse of asymmetric ones.
    """

    a: str
    b: str
    type: str
    valid_from: str | None = None
    valid_to: str | None = None
    id: int | None = None

    def valid_at(self, at: datetime) -> bool:
        return valid_at(self.valid_from, self.valid_to, at)

    def other(self, person_id: str) -> str | None:
        """The other side of the tie, or None when `person_id` is not part of it."""
        if self.a == person_id:
            return self.b
        if self.b == person_id:
            return self.a
        return None


@dataclass(frozen=True, slots=True)
class Membership:
    """One person's membership of a group.

    A former member (`former=True`) only counts inside its own period, and one
    with no `to` never counts: we do not know when they left.
    """

    person_id: str
    valid_from: str | None = None
    valid_to: str | None = None
    former: bool = False

    def valid_at(self, at: datetime) -> bool:
        if self.former and self.valid_to is None:
            return False
        return valid_at(self.valid_from, self.valid_to, at)


@dataclass(frozen=True, slots=True)
class Group:
    """A named group with its own validity period; members are checked against both."""

    id: str
    name: str
    members: tuple[Membership, ...] = ()
    valid_from: str | None = None
    valid_to: str | None = None

    def members_at(self, at: datetime) -> tuple[str, ...]:
        """Ids of the people who are members at `at` (none when the group itself is not valid)."""
        if not valid_at(self.valid_from, self.valid_to, at):
            return ()
        return tuple(dict.fromkeys(m.person_id for m in self.members if m.valid_at(at)))

    @property
    def current_members(self) -> tuple[str, ...]:
        return tuple(m.person_id for m in self.members if not m.former)

    @property
    def former_members(self) -> tuple[Membership, ...]:
        return tuple(m for m in self.members if m.former)


@dataclass(frozen=True, slots=True)
class Secret:
    """A decrypted secret.

    `content` and `core_facts` are left out of `repr` so that logging a Secret
    (or an exception that carries one) never prints them.
    """

    id: str
    owner: str
    content: str = field(repr=False)
    core_facts: tuple[str, ...] = field(default=(), repr=False)
    confidants: tuple[str, ...] = ()
    shared_at: str | None = None
    cloud_ok: bool = False


@dataclass(frozen=True, slots=True)
class PendingOffer:
    """A capture offer waiting for the user: Save (it becomes a secret) or Dismiss (it is deleted).

    Stored encrypted like a secret's content, since it may be one; `text`
    and the suggestions are left out of `repr`.
    """

    id: str
    created_at: str
    text: str = field(repr=False)
    cue: str = field(default="", repr=False)
    core_facts: tuple[str, ...] = field(default=(), repr=False)
    confidants: tuple[str, ...] = ()
    audience: str | None = None


@dataclass(frozen=True, slots=True)
class SecretInfo:
    """What can be said about a secret without decrypting it (for listings)."""

    id: str
    owner: str
    confidants: tuple[str, ...] = ()
    shared_at: str | None = None
    cloud_ok: bool = False


@dataclass(frozen=True, slots=True)
class Audience:
    """Who a name, alias, group or relationship phrase refers to at one time.

    `kind` is "person", "group", "relationship", "mixed" or "unknown". An
    unknown or ambiguous audience is the enforcement's cue to be careful: it
    should not treat "nobody matched" as "nobody will read it".
    """

    query: str
    kind: str
    people: tuple[Person, ...] = ()
    groups: tuple[Group, ...] = ()

    @property
    def person_ids(self) -> frozenset[str]:
        return frozenset(p.id for p in self.people)

    @property
    def found(self) -> bool:
        return self.kind != "unknown"

    @property
    def ambiguous(self) -> bool:
        """A bare name that matched several different people."""
        return self.kind == "person" and len(self.people) > 1
