"""The secret store: people, relationships, groups and encrypted secrets in one SQLite file.

Every write runs in an explicit transaction (see `schema.transaction`), so a
crash loses at most the write in progress. The encryption key is fetched from
the keyring lazily, on the first read or write of secret content: resolving
audiences and checking authorization never need it, so they keep working while
the keyring is locked.
"""

from __future__ import annotations

import json
import os
import threading
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from proxy.secrets import audience as phrases
from proxy.secrets.crypto import Cipher, load_key
from proxy.secrets.errors import InvalidRecord, KeyringUnavailable, NotFound
from proxy.secrets.models import (
    Audience,
    Group,
    Membership,
    PendingOffer,
    Person,
    Relationship,
    Secret,
    SecretInfo,
)
from proxy.secrets.periods import to_iso
from proxy.secrets.schema import default_path, open_database, transaction

_KEY_CHECK = "veil secret store key check"


def _strings(value: Iterable[str] | None, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        raise InvalidRecord(f"{what} must be a list of strings, not a single string")
    items = tuple(value)
    if not all(isinstance(v, str) for v in items):
        raise InvalidRecord(f"{what} must be a list of strings")
    return items


class SecretStore:
    """Thread-safe handle on one store file; open it once per process and share it."""

    def __init__(
        self, path: str | os.PathLike[str] | None = None, *, allow_insecure_keyring: bool = False
    ) -> None:
        """Open the store at `path` (default: `default_path()`).

        `allow_insecure_keyring` accepts keyring backends that keyring does not
        recommend (see `proxy.secrets.crypto`); off by default.
        """
        self.path = Path(path).expanduser() if path is not None else default_path()
        self.allow_insecure_keyring = allow_insecure_keyring
        self.db = open_database(self.path)
        self._lock = threading.RLock()
        self._cipher: Cipher | None = None

    # ---------------------------------------------------------------- plumbing

    def close(self) -> None:
        with self._lock:
            self.db.close()

    def __enter__(self) -> SecretStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[SecretStore]:
        """Group several writes so they commit together (nested blocks are savepoints)."""
        with self._lock, transaction(self.db):
            yield self

    def _delete(self, table: str, key: Any, missing: str) -> None:
        """Delete the row `table.id == key` (inside the caller's transaction); NotFound(missing) if there is none."""
        if self.db.execute(f"DELETE FROM {table} WHERE id = ?", [key]).rowcount == 0:
            raise NotFound(missing)

    def _rows(self, sql: str, params: Iterable[Any] = ()) -> list[dict[str, Any]]:
        with self._lock:
            cursor = self.db.execute(sql, list(params))
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def _cipher_for_use(self) -> Cipher:
        """The store's cipher, loading (or on a fresh store creating) the key on first use."""
        with self._lock:
            if self._cipher is not None:
                return self._cipher
            check = self._rows("SELECT value FROM meta WHERE key = 'key_check'")
            has_ciphertext = bool(check) or bool(self._rows("SELECT 1 FROM secrets LIMIT 1"))
            cipher = Cipher(load_key(not has_ciphertext, self.allow_insecure_keyring))
            if check:
                try:
                    cipher.decrypt(check[0]["value"], _KEY_CHECK)
                except Exception as exc:
                    raise KeyringUnavailable(
                        "the OS keyring's 'secret-store-key' is not the key this store was "
                        f"encrypted with ({self.path}); restore the original key"
                    ) from exc
            else:
                with transaction(self.db):
                    self.db.table("meta").upsert(
                        {"key": "key_check", "value": cipher.encrypt(_KEY_CHECK, _KEY_CHECK)},
                        pk="key",
                    )
            self._cipher = cipher
            return cipher

    def get_meta(self, key: str) -> Any:
        """A plaintext store setting (e.g. the imported community's name), or None."""
        rows = self._rows("SELECT value FROM meta WHERE key = ?", [key])
        return rows[0]["value"] if rows else None

    def set_meta(self, key: str, value: str | int | None) -> None:
        if key == "key_check":
            raise InvalidRecord("'key_check' is reserved")
        with self.transaction():
            self.db.table("meta").upsert({"key": key, "value": value}, pk="key")

    def _is_group_id(self, ident: str) -> bool:
        return bool(self._rows("SELECT 1 FROM groups WHERE id = ?", [ident]))

    def _is_person_id(self, ident: str) -> bool:
        return bool(self._rows("SELECT 1 FROM people WHERE id = ?", [ident]))

    # ------------------------------------------------------------------ people

    def add_person(
        self, id: str, name: str, aliases: Iterable[str] = (), *, is_me: bool = False
    ) -> Person:
        """Insert or replace a person; `is_me=True` moves the owner mark onto them."""
        aliases = _strings(aliases, "aliases")
        if not id or not name:
            raise InvalidRecord("a person needs a non-empty id and name")
        with self.transaction():
            if self._is_group_id(id):
                raise InvalidRecord(f"id {id!r} is already a group id")
            if is_me:
                self.db.execute("UPDATE people SET is_me = 0 WHERE is_me = 1 AND id != ?", [id])
            existing = self._rows("SELECT is_me FROM people WHERE id = ?", [id])
            keep_me = bool(existing and existing[0]["is_me"])
            self.db.table("people").upsert(
                {"id": id, "name": name, "aliases": json.dumps(list(aliases)),
                 "is_me": int(is_me or keep_me)},
                pk="id",
            )
        return self.person(id)

    def set_me(self, person_id: str) -> None:
        """Mark `person_id` as the device owner ("me"), unmarking anyone else."""
        with self.transaction():
            if not self._is_person_id(person_id):
                raise NotFound(f"no person with id {person_id!r}")
            self.db.execute("UPDATE people SET is_me = 0 WHERE is_me = 1")
            self.db.execute("UPDATE people SET is_me = 1 WHERE id = ?", [person_id])

    def me(self) -> Person | None:
        rows = self._rows("SELECT * FROM people WHERE is_me = 1")
        return self._person(rows[0]) if rows else None

    def ensure_me(self, name: str = "Me") -> Person:
        """The owner, creating a `me` person when the store has none yet."""
        with self.transaction():
            current = self.me()
            if current is not None:
                return current
            ident = "me" if not self._is_person_id("me") and not self._is_group_id("me") else (
                f"me-{uuid.uuid4().hex[:8]}"
            )
            return self.add_person(ident, name, is_me=True)

    @staticmethod
    def _person(row: dict[str, Any]) -> Person:
        return Person(row["id"], row["name"], tuple(json.loads(row["aliases"])), bool(row["is_me"]))

    def person(self, person_id: str) -> Person:
        rows = self._rows("SELECT * FROM people WHERE id = ?", [person_id])
        if not rows:
            raise NotFound(f"no person with id {person_id!r}")
        return self._person(rows[0])

    def people(self) -> list[Person]:
        return [self._person(r) for r in self._rows("SELECT * FROM people ORDER BY id")]

    def remove_person(self, person_id: str) -> None:
        """Delete a person with their ties and memberships; refused while they own secrets."""
        with self.transaction():
            if self._rows("SELECT 1 FROM secrets WHERE owner = ? LIMIT 1", [person_id]):
                raise InvalidRecord(f"{person_id!r} owns secrets; remove those first")
            if not self._is_person_id(person_id):
                raise NotFound(f"no person with id {person_id!r}")
            self.db.execute("DELETE FROM people WHERE id = ?", [person_id])
            self._drop_confidant(person_id)

    def _drop_confidant(self, ident: str) -> None:
        for row in self._rows("SELECT id, confidants FROM secrets"):
            ids = json.loads(row["confidants"])
            if ident in ids:
                kept = [i for i in ids if i != ident]
                self.db.execute(
                    "UPDATE secrets SET confidants = ? WHERE id = ?", [json.dumps(kept), row["id"]]
                )

    # ----------------------------------------------------------- relationships

    def add_relationship(
        self,
        a: str,
        b: str,
        type: str,
        valid_from: str | datetime | None = None,
        valid_to: str | datetime | None = None,
    ) -> Relationship:
        """Record that `b` is `a`'s `type` over [valid_from, valid_to); duplicates are ignored."""
        kind = phrases.normalize_type(type)
        if not kind:
            raise InvalidRecord("a relationship needs a type")
        start, end = to_iso(valid_from), to_iso(valid_to)
        with self.transaction():
            for ident in (a, b):
                if not self._is_person_id(ident):
                    raise NotFound(f"no person with id {ident!r}")
            self.db.execute(
                "INSERT OR IGNORE INTO relationships (a, b, type, valid_from, valid_to) "
                "VALUES (?, ?, ?, ?, ?)",
                [a, b, kind, start, end],
            )
            row = self._rows(
                "SELECT * FROM relationships WHERE a = ? AND b = ? AND type = ? "
                "AND ifnull(valid_from, '') = ifnull(?, '') AND ifnull(valid_to, '') = ifnull(?, '')",
                [a, b, kind, start, end],
            )[0]
        return self._relationship(row)

    @staticmethod
    def _relationship(row: dict[str, Any]) -> Relationship:
        return Relationship(row["a"], row["b"], row["type"], row["valid_from"], row["valid_to"], row["id"])

    def relationships(self, person_id: str | None = None) -> list[Relationship]:
        """All ties, or those `person_id` is part of."""
        if person_id is None:
            rows = self._rows("SELECT * FROM relationships ORDER BY id")
        else:
            rows = self._rows(
                "SELECT * FROM relationships WHERE a = ? OR b = ? ORDER BY id", [person_id, person_id]
            )
        return [self._relationship(r) for r in rows]

    def end_relationship(self, relationship_id: int, at: str | datetime) -> None:
        """Close a tie at `at` (kept for history: authorization at earlier times still sees it)."""
        with self.transaction():
            cur = self.db.execute(
                "UPDATE relationships SET valid_to = ? WHERE id = ?", [to_iso(at), relationship_id]
            )
            if cur.rowcount == 0:
                raise NotFound(f"no relationship with id {relationship_id}")

    def remove_relationship(self, relationship_id: int) -> None:
        with self.transaction():
            self._delete("relationships", relationship_id, f"no relationship with id {relationship_id}")

    # ------------------------------------------------------------------ groups

    def add_group(
        self,
        id: str,
        name: str,
        members: Iterable[str | Membership] = (),
        valid_from: str | datetime | None = None,
        valid_to: str | datetime | None = None,
        former_members: Iterable[Membership] = (),
    ) -> Group:
        """Insert or replace a group and its whole membership.

        Plain ids in `members` are current members for the group's whole period.
        """
        if not id or not name:
            raise InvalidRecord("a group needs a non-empty id and name")
        rows: list[Membership] = [m if isinstance(m, Membership) else Membership(m) for m in members]
        rows += [Membership(m.person_id, m.valid_from, m.valid_to, True) for m in former_members]
        with self.transaction():
            if self._is_person_id(id):
                raise InvalidRecord(f"id {id!r} is already a person id")
            for m in rows:
                if not self._is_person_id(m.person_id):
                    raise NotFound(f"group {id!r}: no person with id {m.person_id!r}")
            self.db.table("groups").upsert(
                {"id": id, "name": name, "valid_from": to_iso(valid_from), "valid_to": to_iso(valid_to)},
                pk="id",
            )
            self.db.execute("DELETE FROM group_members WHERE group_id = ?", [id])
            for m in rows:
                self._insert_membership(id, m)
        return self.group(id)

    def _insert_membership(self, group_id: str, m: Membership) -> None:
        self.db.execute(
            "INSERT INTO group_members (group_id, person_id, valid_from, valid_to, former) "
            "VALUES (?, ?, ?, ?, ?)",
            [group_id, m.person_id, to_iso(m.valid_from), to_iso(m.valid_to), int(m.former)],
        )

    def add_member(
        self, group_id: str, person_id: str, valid_from: str | datetime | None = None
    ) -> Group:
        """Add a current member (from `valid_from`, or the group's start when None)."""
        with self.transaction():
            self.group(group_id)
            if not self._is_person_id(person_id):
                raise NotFound(f"no person with id {person_id!r}")
            self._insert_membership(group_id, Membership(person_id, to_iso(valid_from)))
        return self.group(group_id)

    def remove_member(self, group_id: str, person_id: str, at: str | datetime) -> Group:
        """Turn a current member into a former member who left at `at`."""
        with self.transaction():
            cur = self.db.execute(
                "UPDATE group_members SET former = 1, valid_to = ? "
                "WHERE group_id = ? AND person_id = ? AND former = 0",
                [to_iso(at), group_id, person_id],
            )
            if cur.rowcount == 0:
                raise NotFound(f"{person_id!r} is not a current member of {group_id!r}")
        return self.group(group_id)

    def group(self, group_id: str) -> Group:
        rows = self._rows("SELECT * FROM groups WHERE id = ?", [group_id])
        if not rows:
            raise NotFound(f"no group with id {group_id!r}")
        return self._group(rows[0])

    def _group(self, row: dict[str, Any]) -> Group:
        members = tuple(
            Membership(m["person_id"], m["valid_from"], m["valid_to"], bool(m["former"]))
            for m in self._rows(
                "SELECT * FROM group_members WHERE group_id = ? ORDER BY rowid", [row["id"]]
            )
        )
        return Group(row["id"], row["name"], members, row["valid_from"], row["valid_to"])

    def groups(self) -> list[Group]:
        return [self._group(r) for r in self._rows("SELECT * FROM groups ORDER BY id")]

    def remove_group(self, group_id: str) -> None:
        """Delete a group; secrets that listed it as confidant lose that entry."""
        with self.transaction():
            self._delete("groups", group_id, f"no group with id {group_id!r}")
            self._drop_confidant(group_id)

    # ----------------------------------------------------------------- secrets

    def add_secret(
        self,
        content: str,
        core_facts: Iterable[str] = (),
        confidants: Iterable[str] = (),
        *,
        owner: str | None = None,
        id: str | None = None,
        shared_at: str | datetime | None = None,
        cloud_ok: bool = False,
    ) -> Secret:
        """Encrypt and insert (or replace, for an existing `id`) a secret.

        `owner` defaults to "me"; `confidants` are person or group ids. The key
        is fetched first, so a keyring failure writes nothing at all.
        """
        facts = _strings(core_facts, "core_facts")
        allowed = tuple(dict.fromkeys(_strings(confidants, "confidants")))
        if not isinstance(content, str) or not content.strip():
            raise InvalidRecord("a secret needs non-empty content")
        ident = id or f"s-{uuid.uuid4().hex[:12]}"
        cipher = self._cipher_for_use()
        with self.transaction():
            if owner is None:
                current = self.me()
                if current is None:
                    raise InvalidRecord("no owner given and no 'me' person in the store")
                owner = current.id
            if not self._is_person_id(owner):
                raise NotFound(f"no person with id {owner!r} (secret owner)")
            for c in allowed:
                if not (self._is_person_id(c) or self._is_group_id(c)):
                    raise NotFound(f"confidant {c!r} is neither a person nor a group id")
            self.db.table("secrets").upsert(
                {
                    "id": ident,
                    "owner": owner,
                    "content": cipher.encrypt(content, f"secret:{ident}:content"),
                    "core_facts": cipher.encrypt(json.dumps(list(facts)), f"secret:{ident}:core_facts"),
                    "confidants": json.dumps(list(allowed)),
                    "shared_at": to_iso(shared_at),
                    "cloud_ok": int(bool(cloud_ok)),
                },
                pk="id",
            )
        return Secret(ident, owner, content, facts, allowed, to_iso(shared_at), bool(cloud_ok))

    def _secret(self, row: dict[str, Any], cipher: Cipher) -> Secret:
        ident = row["id"]
        return Secret(
            id=ident,
            owner=row["owner"],
            content=cipher.decrypt(row["content"], f"secret:{ident}:content"),
            core_facts=tuple(json.loads(cipher.decrypt(row["core_facts"], f"secret:{ident}:core_facts"))),
            confidants=tuple(json.loads(row["confidants"])),
            shared_at=row["shared_at"],
            cloud_ok=bool(row["cloud_ok"]),
        )

    def secret(self, secret_id: str) -> Secret:
        rows = self._rows("SELECT * FROM secrets WHERE id = ?", [secret_id])
        if not rows:
            raise NotFound(f"no secret with id {secret_id!r}")
        return self._secret(rows[0], self._cipher_for_use())

    def secrets(self, owner: str | None = None) -> list[Secret]:
        """All secrets (or one owner's), decrypted; needs the keyring."""
        where, params = ("WHERE owner = ?", [owner]) if owner is not None else ("", [])
        rows = self._rows(f"SELECT * FROM secrets {where} ORDER BY id", params)
        if not rows:
            return []
        cipher = self._cipher_for_use()
        return [self._secret(r, cipher) for r in rows]

    def secret_infos(self) -> list[SecretInfo]:
        """Every secret without its content or facts: no keyring needed, nothing to leak."""
        return [
            SecretInfo(r["id"], r["owner"], tuple(json.loads(r["confidants"])), r["shared_at"],
                       bool(r["cloud_ok"]))
            for r in self._rows(
                "SELECT id, owner, confidants, shared_at, cloud_ok FROM secrets ORDER BY id"
            )
        ]

    def update_secret(self, secret_id: str, **changes: Any) -> Secret:
        """Change some fields of a secret (same keywords as `add_secret`)."""
        unknown = set(changes) - {"content", "core_facts", "confidants", "owner", "shared_at", "cloud_ok"}
        if unknown:
            raise TypeError(f"unknown secret fields: {', '.join(sorted(unknown))}")
        with self.transaction():
            current = self.secret(secret_id)
            merged = {
                "content": current.content, "core_facts": current.core_facts,
                "confidants": current.confidants, "owner": current.owner,
                "shared_at": current.shared_at, "cloud_ok": current.cloud_ok, **changes,
            }
            return self.add_secret(id=secret_id, **merged)

    def remove_secret(self, secret_id: str) -> None:
        with self.transaction():
            self._delete("secrets", secret_id, f"no secret with id {secret_id!r}")

    # ------------------------------------------------------------------ offers

    MAX_OFFERS = 50  # oldest pending offers are dropped beyond this

    def add_offer(
        self,
        text: str,
        cue: str = "",
        core_facts: Iterable[str] = (),
        confidants: Iterable[str] = (),
        *,
        audience: str | None = None,
        created_at: str | datetime | None = None,
    ) -> PendingOffer | None:
        """Queue a capture offer (encrypted); None when the same text is already pending.

        Nothing becomes a secret here: only `accept_offer` does, on the user's word.
        """
        facts = _strings(core_facts, "core_facts")
        people = _strings(confidants, "confidants")
        if not isinstance(text, str) or not text.strip():
            raise InvalidRecord("an offer needs non-empty text")
        cipher = self._cipher_for_use()
        ident = f"o-{uuid.uuid4().hex[:8]}"
        when = to_iso(created_at or datetime.now().replace(microsecond=0))
        body = json.dumps({"text": text, "cue": cue, "core_facts": list(facts), "confidants": list(people)})
        with self.transaction():
            if any(o.text == text for o in self.offers()):
                return None
            self.db.table("offers").insert(
                {"id": ident, "created_at": when, "audience": audience,
                 "body": cipher.encrypt(body, f"offer:{ident}")},
            )
            extra = self._rows("SELECT id FROM offers ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?",
                               [self.MAX_OFFERS])
            for row in extra:
                self.db.execute("DELETE FROM offers WHERE id = ?", [row["id"]])
        return PendingOffer(ident, when or "", text, cue, facts, people, audience)

    def offers(self) -> list[PendingOffer]:
        """Pending capture offers, oldest first, decrypted; needs the keyring."""
        rows = self._rows("SELECT * FROM offers ORDER BY created_at, rowid")
        if not rows:
            return []
        cipher = self._cipher_for_use()
        out = []
        for r in rows:
            body = json.loads(cipher.decrypt(r["body"], f"offer:{r['id']}"))
            out.append(PendingOffer(r["id"], r["created_at"], body["text"], body.get("cue", ""),
                                    tuple(body.get("core_facts", ())), tuple(body.get("confidants", ())),
                                    r["audience"]))
        return out

    def offer(self, offer_id: str) -> PendingOffer:
        for o in self.offers():
            if o.id == offer_id:
                return o
        raise NotFound(f"no pending offer with id {offer_id!r}")

    def offer_count(self) -> int:
        """How many offers are pending (no keyring needed)."""
        return int(self._rows("SELECT count(*) AS n FROM offers")[0]["n"])

    def dismiss_offer(self, offer_id: str) -> None:
        """Forget an offer (its ciphertext is zeroed: the store runs with secure_delete)."""
        with self.transaction():
            self._delete("offers", offer_id, f"no pending offer with id {offer_id!r}")

    def accept_offer(
        self,
        offer_id: str,
        *,
        content: str | None = None,
        core_facts: Iterable[str] | None = None,
        confidants: Iterable[str] | None = None,
        cloud_ok: bool = False,
        owner: str | None = None,
        shared_at: str | datetime | None = None,
    ) -> Secret:
        """Turn a pending offer into a secret (with the user's edits) and drop the offer, atomically."""
        with self.transaction():
            o = self.offer(offer_id)
            if owner is None:
                owner = self.ensure_me().id
            secret = self.add_secret(
                content if content is not None else o.text,
                list(core_facts) if core_facts is not None else list(o.core_facts),
                [c for c in (confidants if confidants is not None else o.confidants)
                 if self._is_person_id(c) or self._is_group_id(c) or confidants is not None],
                owner=owner, shared_at=shared_at or o.created_at or datetime.now().replace(microsecond=0),
                cloud_ok=cloud_ok,
            )
            self.db.execute("DELETE FROM offers WHERE id = ?", [offer_id])
        return secret

    # ----------------------------------------------------------------- queries

    def is_authorized(self, secret_id: str, person_id: str, at: datetime) -> bool:
        """Whether `person_id` may know the secret at `at` (PrivacyBench rules).

        Authorized: the owner; a confidant listed by id who has some tie with
        the owner valid at `at`; a member of a confidant group at `at` (a
        former member only within their own membership period). Unknown people
        are not authorized. Needs no keyring.
        """
        rows = self._rows("SELECT owner, confidants FROM secrets WHERE id = ?", [secret_id])
        if not rows:
            raise NotFound(f"no secret with id {secret_id!r}")
        owner, confidants = rows[0]["owner"], json.loads(rows[0]["confidants"])
        if person_id == owner:
            return True
        if person_id in confidants and any(
            r.valid_at(at) for r in self.relationships(owner) if r.other(owner) == person_id
        ):
            return True
        for ident in confidants:
            if self._is_group_id(ident) and person_id in self.group(ident).members_at(at):
                return True
        return False

    def resolve_audience(self, name: str, at: datetime) -> Audience:
        """Who `name` denotes at `at`: a person (by id, name or alias), a group's
        members, a relationship phrase of the owner ("my manager"), or "me".

        Matching is case-insensitive and exact; several people sharing a name
        all come back (`Audience.ambiguous`), and nothing matched gives
        kind "unknown".
        """
        key = phrases.normalize(name)
        owner = self.me()
        if phrases.is_self(name):
            return Audience(name, "person", (owner,)) if owner else Audience(name, "unknown")
        roles = phrases.relationship_roles(name)
        if roles is not None:
            if owner is None:
                return Audience(name, "unknown")
            found: dict[str, Person] = {}
            for rel in self.relationships(owner.id):
                other = rel.other(owner.id)
                if other is None or other == owner.id or not rel.valid_at(at):
                    continue
                if phrases.role_of_other(rel.type, rel.a == owner.id) in roles:
                    found[other] = self.person(other)
            group_hits = self._groups_named(key.split(" ", 1)[1]) if " " in key else ()
            people = dict(found)
            for g in group_hits:  # "my climbing group", when the user named a group that way
                people.update({p: self.person(p) for p in g.members_at(at)})
            if not people and not group_hits:
                return Audience(name, "unknown")
            kind = "relationship" if not group_hits else ("group" if not found else "mixed")
            return Audience(name, kind, tuple(people.values()), tuple(group_hits))
        people = {
            p.id: p for p in self.people()
            if key in {phrases.normalize(p.id), phrases.normalize(p.name), *map(phrases.normalize, p.aliases)}
        }
        groups = self._groups_named(key)
        members = {p: self.person(p) for g in groups for p in g.members_at(at)}
        if people and groups:
            return Audience(name, "mixed", tuple({**people, **members}.values()), groups)
        if groups:
            return Audience(name, "group", tuple(members.values()), groups)
        if people:
            return Audience(name, "person", tuple(people.values()))
        return Audience(name, "unknown")

    def _groups_named(self, key: str) -> tuple[Group, ...]:
        stripped = key.removeprefix("the ")
        return tuple(
            g for g in self.groups()
            if {phrases.normalize(g.id), phrases.normalize(g.name)} & {key, stripped}
        )
