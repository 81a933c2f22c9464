"""Secret store: encryption at rest, crash safety, PrivacyBench authorization, audiences, I/O.

Everything runs against a real SQLite file and a real keyring backend
(`keyrings.alt` plaintext file backend pointed into tmp_path).
"""

from __future__ import annotations

import copy
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from datetime import datetime, timezone
from pathlib import Path

import keyring
import keyring.backend
import keyring.backends.fail
import keyring.backends.null
import keyring.errors
import pytest
from keyrings.alt.file import PlaintextKeyring

from proxy.secrets import (
    CommunityFormatError,
    KeyringUnavailable,
    Membership,
    NotFound,
    SecretStore,
    export_community,
    import_community,
)
from proxy.secrets.cli import main as cli_main
from proxy.secrets.crypto import ALLOW_INSECURE_ENV

REPO = Path(__file__).resolve().parents[1]
NOW = datetime(2025, 6, 30, 12, 0)

COMMUNITY = {
    "community": "c1",
    "now": "2025-06-30T12:00:00",
    "users": [
        {"id": "u1", "name": "Maya Chen", "aliases": ["Maya", "May"],
         "profile": {"city": [{"value": "Leeds", "from": "2019-05-01", "to": None}]},
         "style": {"emoji": True}},
        {"id": "u2", "name": "Sam Okafor", "aliases": ["Sammy"]},
        {"id": "u3", "name": "Priya Nair", "aliases": []},
        {"id": "u4", "name": "Tom Berg", "aliases": ["Tommy"]},
        {"id": "u5", "name": "Lena Vogt", "aliases": []},
        {"id": "u6", "name": "Olaf Dahl", "aliases": []},
        {"id": "u7", "name": "Zed Stranger", "aliases": []},
        {"id": "u8", "name": "Jo Chen", "aliases": ["Jo"]},
        {"id": "u9", "name": "Nia Loose", "aliases": []},
    ],
    "relationships": [
        {"a": "u1", "b": "u2", "type": "coworker", "from": "2023-02-01", "to": None},
        {"a": "u1", "b": "u3", "type": "manager", "from": "2024-06-01", "to": None},
        {"a": "u1", "b": "u4", "type": "manager", "from": "2020-01-01", "to": "2024-06-01"},
        {"a": "u8", "b": "u1", "type": "partner", "from": "2018-01-01", "to": None},
        {"a": "u1", "b": "u5", "type": "friend", "from": "2024-01-01", "to": None},
    ],
    "groups": [
        {"id": "g1", "name": "Saturday climbers", "members": ["u1", "u5"],
         "from": "2024-01-01", "to": None,
         "former_members": [{"id": "u6", "from": "2024-01-01", "to": "2025-01-01"}]},
        {"id": "g2", "name": "Book club", "members": ["u7"], "from": "2022-01-01", "to": "2023-01-01"},
    ],
    "secrets": [
        {"id": "s1", "owner": "u1",
         "content": "Maya accepted a job at Northwind-Quasar and resigns from Orbit Labs in July.",
         "core_facts": ["job at Northwind-Quasar", "resigns from Orbit Labs"],
         "confidants": ["u2", "u4", "u9"], "shared_at": "2025-05-02T19:10:00"},
        {"id": "s2", "owner": "u1",
         "content": "Maya is training for the Zyxwv-Marathon behind her doctor's back.",
         "core_facts": ["Zyxwv-Marathon training", "doctor unaware"],
         "confidants": ["g1"], "shared_at": "2025-03-01T08:00:00"},
        {"id": "s3", "owner": "u1", "content": "Old book club gossip: Qwertyplex affair.",
         "core_facts": ["Qwertyplex affair"], "confidants": ["g2"], "shared_at": "2022-06-01",
         "veil_cloud_ok": True},
    ],
    "documents": [{"id": "d1", "owner": "u1", "kind": "chat", "participants": ["u1", "u2"],
                   "timestamp": "2025-05-02T19:10:00", "text": "...", "secret_ids": ["s1"]}],
    "probes": [{"id": "p1", "secret_id": "s1", "asker": "u3", "strategy": "direct",
                "authorized": False, "turns": ["Hey"]}],
}
PLAINTEXTS = [s["content"] for s in COMMUNITY["secrets"]] + [
    f for s in COMMUNITY["secrets"] for f in s["core_facts"]
]


@pytest.fixture
def file_keyring(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A real keyring backend whose file lives in tmp_path; restored afterwards.

    It is a plaintext backend, which the store refuses unless opted in; the
    env var also reaches the crash test's child process.
    """
    monkeypatch.setenv(ALLOW_INSECURE_ENV, "1")
    previous = keyring.get_keyring()
    backend = PlaintextKeyring()
    backend.file_path = str(tmp_path / "keyring.cfg")
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture
def store(tmp_path: Path, file_keyring: PlaintextKeyring):
    with SecretStore(tmp_path / "secrets.db") as s:
        yield s


@pytest.fixture
def community(store: SecretStore) -> SecretStore:
    import_community(store, copy.deepcopy(COMMUNITY))
    return store


def _raw_bytes(db_path: Path) -> bytes:
    """The database file plus its WAL and shared-memory files, as they sit on disk."""
    return b"".join(
        p.read_bytes() for p in (db_path, Path(f"{db_path}-wal"), Path(f"{db_path}-shm")) if p.exists()
    )


# ------------------------------------------------------------------ round trip


def test_round_trip_and_crud(tmp_path: Path, file_keyring: PlaintextKeyring) -> None:
    path = tmp_path / "rt.db"
    with SecretStore(path) as s:
        s.add_person("me", "Maya Chen", ["Maya"], is_me=True)
        s.add_person("u2", "Sam", ["Sammy"])
        s.add_relationship("me", "u2", "Friend", "2024-01-01")
        s.add_group("g1", "Climbers", ["me", "u2"], "2024-01-01")
        added = s.add_secret("I am moving to Reykjavik-Vestur.", ["moving", "Reykjavik-Vestur"],
                             ["u2", "g1"], id="s1", shared_at="2025-01-02T03:04:05", cloud_ok=True)
        assert "Reykjavik" not in repr(added)  # content never ends up in logs via repr
    with SecretStore(path) as s:
        [secret] = s.secrets()
        assert secret == added
        assert secret.owner == "me" and secret.cloud_ok and secret.confidants == ("u2", "g1")
        assert s.me().id == "me"
        assert [r.type for r in s.relationships("me")] == ["friend"]
        assert s.group("g1").current_members == ("me", "u2")
        s.add_person("u2", "Sam Okafor", ["Sammy"])  # upsert keeps ties (no delete+insert cascade)
        assert len(s.relationships("u2")) == 1
        updated = s.update_secret("s1", content="Moving to Akureyri-Nord instead.", cloud_ok=False)
        assert s.secret("s1") == updated and updated.core_facts == ("moving", "Reykjavik-Vestur")
        s.remove_group("g1")
        assert s.secret("s1").confidants == ("u2",)
        s.remove_secret("s1")
        assert s.secrets() == []
        with pytest.raises(NotFound):
            s.secret("s1")


# ---------------------------------------------------------- encryption at rest


def test_database_files_hold_no_secret_text(tmp_path: Path, community: SecretStore) -> None:
    community.add_secret("Extra: the Plumbuszeta merger closes Friday.", ["Plumbuszeta merger"],
                         ["u2"], id="s4")
    community.update_secret("s1", core_facts=["job at Northwind-Quasar", "resigns from Orbit Labs"])
    secrets = [*PLAINTEXTS, "Extra: the Plumbuszeta merger closes Friday.", "Plumbuszeta merger"]
    path = community.path
    raw = _raw_bytes(path)  # while open: committed pages are still in the WAL
    assert Path(f"{path}-wal").exists()
    assert b"Maya Chen" in raw  # sanity: plaintext columns are visible, so the check below means something
    for text in secrets:
        for form in (text.encode("utf-8"), text.encode("utf-16-le")):
            assert form not in raw, f"{text!r} found in the database files"
    community.close()
    raw = _raw_bytes(path)
    for text in secrets:
        assert text.encode() not in raw
    with SecretStore(path) as s:
        assert {x.content for x in s.secrets()} >= set(PLAINTEXTS[:3])


# ------------------------------------------------------------------ keyring


class _LockedKeyring(keyring.backend.KeyringBackend):
    """A real backend implementation that behaves like a locked OS keyring."""

    priority = 1

    def get_password(self, service: str, username: str) -> str | None:
        raise keyring.errors.KeyringLocked("the login keyring is locked")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise keyring.errors.KeyringLocked("the login keyring is locked")

    def delete_password(self, service: str, username: str) -> None:
        raise keyring.errors.KeyringLocked("the login keyring is locked")


@pytest.mark.parametrize(
    "backend",
    [keyring.backends.fail.Keyring(), keyring.backends.null.Keyring(), _LockedKeyring()],
    ids=["no-backend", "null-backend", "locked"],
)
def test_unusable_keyring_raises_and_writes_nothing(tmp_path: Path, backend) -> None:
    previous = keyring.get_keyring()
    keyring.set_keyring(backend)
    try:
        path = tmp_path / "nokey.db"
        with SecretStore(path) as s:
            s.add_person("me", "Me", is_me=True)
            with pytest.raises(KeyringUnavailable, match="keyring"):
                s.add_secret("Plaintext-must-never-land: vault code 8812-ZZ", ["8812-ZZ"], id="s1")
            assert s.secret_infos() == []
            # no keyring needed for what the enforcement asks on every request
            assert s.resolve_audience("me", NOW).person_ids == {"me"}
            with pytest.raises(KeyringUnavailable):
                import_community(s, copy.deepcopy(COMMUNITY), replace=True)
            assert [p.id for p in s.people()] == ["me"]  # the failed import rolled back whole
        raw = _raw_bytes(path)
        assert b"8812-ZZ" not in raw and b"Northwind-Quasar" not in raw
        assert sqlite3.connect(path).execute("SELECT count(*) FROM secrets").fetchone()[0] == 0
    finally:
        keyring.set_keyring(previous)


def test_insecure_keyring_backend_needs_opt_in(
    tmp_path: Path, file_keyring: PlaintextKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ALLOW_INSECURE_ENV)
    path = tmp_path / "weak.db"
    with SecretStore(path) as s:
        s.ensure_me()
        with pytest.raises(KeyringUnavailable, match="not a secure OS keyring"):
            s.add_secret("Weak-backend-secret", id="s1")
        assert s.secret_infos() == []
    assert not Path(file_keyring.file_path).exists()  # no key was written to the plaintext file
    with SecretStore(path, allow_insecure_keyring=True) as s:
        s.add_secret("Weak-backend-secret", id="s1")
        assert s.secret("s1").content == "Weak-backend-secret"


def test_lost_or_replaced_key_is_reported_not_regenerated(
    tmp_path: Path, file_keyring: PlaintextKeyring
) -> None:
    path = tmp_path / "k.db"
    with SecretStore(path) as s:
        s.ensure_me()
        s.add_secret("Key-bound secret", id="s1")
    file_keyring.delete_password("veil", "secret-store-key")
    with SecretStore(path) as s:
        with pytest.raises(KeyringUnavailable, match="restore"):
            s.secrets()
        with pytest.raises(KeyringUnavailable):
            s.add_secret("another", id="s2")
        assert s.is_authorized("s1", "me", NOW)  # metadata queries still work
    assert file_keyring.get_password("veil", "secret-store-key") is None  # no silent new key
    with SecretStore(tmp_path / "other.db") as other:  # a new store creates a new key...
        other.ensure_me()
        other.add_secret("fresh", id="s1")
    with SecretStore(path) as s, pytest.raises(KeyringUnavailable, match="not the key"):
        s.secrets()  # ...which the old store recognises as the wrong one


# ------------------------------------------------------------- crash safety

_CHILD = textwrap.dedent(
    """
    import sys, time, keyring
    from keyrings.alt.file import PlaintextKeyring
    backend = PlaintextKeyring()
    backend.file_path = sys.argv[2]
    keyring.set_keyring(backend)
    from proxy.secrets import SecretStore
    store = SecretStore(sys.argv[1])
    store.add_person("me", "Me", is_me=True)
    for i in range(int(sys.argv[3])):
        store.add_secret(f"committed secret {i}", [f"fact {i}"], id=f"c{i:03d}")
    print("COMMITTED", flush=True)
    with store.transaction():
        store.remove_secret("c000")
        for i in range(3000):  # several MB: pages spill into the WAL before any commit
            store.add_secret("uncommitted " + "x" * 1000, id=f"u{i:04d}")
        print("MID-TRANSACTION", flush=True)
        time.sleep(120)
    """
)


def test_process_killed_mid_transaction_loses_nothing_committed(
    tmp_path: Path, file_keyring: PlaintextKeyring
) -> None:
    path, n = tmp_path / "crash.db", 25
    script = tmp_path / "child.py"
    script.write_text(_CHILD)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen(
        [sys.executable, str(script), str(path), file_keyring.file_path, str(n)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO, env=env,
    )
    try:
        lines = []
        for line in child.stdout:  # type: ignore[union-attr]
            lines.append(line.strip())
            if line.strip() == "MID-TRANSACTION":
                break
        assert lines[-2:] == ["COMMITTED", "MID-TRANSACTION"], child.stderr.read()  # type: ignore[union-attr]
        assert Path(f"{path}-wal").stat().st_size > 1_000_000  # the open transaction reached disk
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    with SecretStore(path) as s:
        assert s.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        secrets = s.secrets()
        assert [x.id for x in secrets] == [f"c{i:03d}" for i in range(n)]
        assert all(x.content == f"committed secret {int(x.id[1:])}" for x in secrets)
        assert all(x.core_facts == (f"fact {int(x.id[1:])}",) for x in secrets)
        s.add_secret("after the crash", id="later")  # still writable
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone()[0] == "ok"


# ------------------------------------------------------------ authorization


def test_owner_and_confidants_with_live_ties(community: SecretStore) -> None:
    assert community.is_authorized("s1", "u1", NOW)  # owner
    assert community.is_authorized("s1", "u2", NOW)  # confidant + current coworker tie
    assert not community.is_authorized("s1", "u3", NOW)  # current manager, but not told


def test_confidant_whose_tie_ended_is_not_authorized(community: SecretStore) -> None:
    assert not community.is_authorized("s1", "u4", NOW)  # former manager
    assert community.is_authorized("s1", "u4", datetime(2024, 1, 1))  # while still manager
    assert not community.is_authorized("s1", "u4", datetime(2024, 6, 1))  # `to` is exclusive
    assert not community.is_authorized("s1", "u9", NOW)  # listed, but no tie at all


def test_group_members_and_former_members(community: SecretStore) -> None:
    assert community.is_authorized("s2", "u5", NOW)  # current member of g1
    assert not community.is_authorized("s2", "u6", NOW)  # former member (left 2025-01-01)
    assert community.is_authorized("s2", "u6", datetime(2024, 6, 1))  # member at that time
    assert not community.is_authorized("s2", "u5", datetime(2023, 6, 1))  # before g1 existed
    assert not community.is_authorized("s3", "u7", NOW)  # g2 ended in 2023
    assert community.is_authorized("s3", "u7", datetime(2022, 6, 1))
    community.remove_member("g1", "u5", "2025-06-01")
    assert not community.is_authorized("s2", "u5", NOW)
    assert Membership("u5", None, "2025-06-01", True) in community.group("g1").former_members


def test_unknown_people_and_secrets(community: SecretStore) -> None:
    assert not community.is_authorized("s1", "u7", NOW)
    assert not community.is_authorized("s1", "nobody", NOW)
    with pytest.raises(NotFound):
        community.is_authorized("s404", "u1", NOW)


def test_aware_times_are_accepted(community: SecretStore) -> None:
    aware = datetime(2025, 6, 30, 12, 0, tzinfo=timezone.utc)
    assert community.is_authorized("s1", "u2", aware)
    assert not community.is_authorized("s1", "u4", aware)


# --------------------------------------------------------------- audiences


def test_resolve_person_by_name_and_alias(community: SecretStore) -> None:
    for query in ("Sammy", "sam okafor", "  SAMMY ", "u2"):
        audience = community.resolve_audience(query, NOW)
        assert audience.kind == "person" and audience.person_ids == {"u2"}, query
    assert community.resolve_audience("me", NOW).person_ids == {"u1"}
    unknown = community.resolve_audience("Gandalf", NOW)
    assert unknown.kind == "unknown" and not unknown.found and not unknown.people


def test_resolve_group_to_members_at_that_time(community: SecretStore) -> None:
    audience = community.resolve_audience("saturday climbers", NOW)
    assert audience.kind == "group" and [g.id for g in audience.groups] == ["g1"]
    assert audience.person_ids == {"u1", "u5"}
    assert community.resolve_audience("The Saturday Climbers", datetime(2024, 6, 1)).person_ids == {
        "u1", "u5", "u6"}
    assert community.resolve_audience("Book club", NOW).person_ids == frozenset()


def test_resolve_relationship_phrases(community: SecretStore) -> None:
    assert community.resolve_audience("my manager", NOW).person_ids == {"u3"}
    assert community.resolve_audience("My Boss", NOW).person_ids == {"u3"}
    assert community.resolve_audience("my manager", datetime(2023, 1, 1)).person_ids == {"u4"}
    assert community.resolve_audience("my wife", NOW).person_ids == {"u8"}  # stored as b's partner
    assert community.resolve_audience("my coworkers", NOW).person_ids == {"u2"}
    assert community.resolve_audience("my colleague", NOW).person_ids == {"u2"}
    assert community.resolve_audience("my landlord", NOW).kind == "unknown"
    community.add_person("u10", "Ola Report")
    community.add_relationship("u10", "u1", "manager", "2025-01-01")  # u1 is u10's manager
    assert community.resolve_audience("my report", NOW).person_ids == {"u10"}
    assert "u10" not in community.resolve_audience("my manager", NOW).person_ids


def test_ambiguous_names_return_everyone(community: SecretStore) -> None:
    community.add_person("u11", "Sam Other", ["Sammy"])
    audience = community.resolve_audience("sammy", NOW)
    assert audience.ambiguous and audience.person_ids == {"u2", "u11"}


# ---------------------------------------------------------- community format


def _core(doc: dict) -> dict:
    """The parts of a community document the store keeps."""
    users = [{k: u[k] for k in ("id", "name", "aliases")} for u in doc["users"]]
    secrets = [{k: s.get(k, False) for k in ("id", "owner", "content", "core_facts", "confidants",
                                               "shared_at", "veil_cloud_ok")} for s in doc["secrets"]]
    groups = [{k: g.get(k, []) for k in ("id", "name", "members", "from", "to", "former_members")}
              for g in doc["groups"]]
    key = lambda r: (r["a"], r["b"], r["type"], r["from"] or "")
    return {"users": sorted(users, key=lambda u: u["id"]),
            "relationships": sorted(doc["relationships"], key=key),
            "groups": sorted(groups, key=lambda g: g["id"]),
            "secrets": sorted(secrets, key=lambda s: s["id"])}


def test_import_export_round_trip(tmp_path: Path, file_keyring: PlaintextKeyring) -> None:
    with SecretStore(tmp_path / "a.db") as a:
        report = import_community(a, copy.deepcopy(COMMUNITY))
        assert (report.people, report.relationships, report.groups, report.secrets) == (9, 5, 2, 3)
        assert report.me == "u1"  # the only secret owner
        exported = export_community(a)
        import_community(a, copy.deepcopy(COMMUNITY))  # idempotent
        assert _core(export_community(a)) == _core(exported)
    assert _core(exported) == _core(COMMUNITY)
    assert exported["community"] == "c1" and exported["veil_me"] == "u1"
    assert "documents" not in exported and "profile" not in exported["users"][0]
    json.dumps(exported)  # serialisable as is
    with SecretStore(tmp_path / "b.db") as b:
        import_community(b, exported)
        again = export_community(b)
        assert _core(again) == _core(COMMUNITY)
        assert b.me().id == "u1" and b.secret("s3").cloud_ok
        assert b.is_authorized("s2", "u5", NOW) and not b.is_authorized("s2", "u6", NOW)


def test_import_reports_every_error_and_writes_nothing(store: SecretStore) -> None:
    bad = copy.deepcopy(COMMUNITY)
    bad["secrets"][0]["owner"] = "u99"
    bad["secrets"][1]["confidants"] = ["g9"]
    bad["secrets"][2]["content"] = ""
    bad["relationships"][0]["from"] = "last tuesday"
    bad["groups"][0]["members"].append("ghost")
    bad["users"].append({"id": "u2", "name": "Duplicate"})
    with pytest.raises(CommunityFormatError) as info:
        import_community(store, bad)
    errors = "\n".join(info.value.errors)
    for expected in ("secrets[0].owner: unknown user 'u99'", "secrets[1].confidants", "'g9'",
                     "secrets[2].content", "relationships[0].from", "last tuesday",
                     "groups[0].members: unknown user 'ghost'", "duplicate user id 'u2'"):
        assert expected in errors
    assert store.people() == [] and store.secret_infos() == []


def test_import_rejects_non_object(tmp_path: Path, store: SecretStore) -> None:
    path = tmp_path / "bad.json"
    path.write_text("[1, 2]")
    with pytest.raises(CommunityFormatError, match="object"):
        import_community(store, path)
    path.write_text("{not json")
    with pytest.raises(CommunityFormatError, match="JSON"):
        import_community(store, path)


def test_importer_and_benchmark_report_malformed_records_alike(store: SecretStore) -> None:
    """Both readers of the format share `community_format.FormatChecker`: the same flaw, the same message."""
    from eval.privacybench import spec

    bad = copy.deepcopy(COMMUNITY)
    bad["relationships"][0]["b"] = "u99"
    bad["relationships"][1]["to"] = "2020-01-01"  # before its 'from'
    bad["groups"][0]["former_members"] = ["u6", {"id": "ghost", "from": "2024-01-01", "to": "2025-01-01"}]
    bad["groups"][1]["members"] = "u7"
    bad["users"][2]["name"] = " "
    bad["secrets"][0]["owner"] = "u99"
    bad["secrets"].append("s4")
    shared = [
        "users[2].name: must be a non-empty string",
        "groups[0].former_members[0]: must be an object with id, from, to",
        "groups[0].former_members[1].id: unknown user 'ghost'",
        "relationships[0].b: unknown user 'u99'",
        "relationships[1]: 'to' (2020-01-01) is before 'from' (2024-06-01)",
        "secrets[0].owner: unknown user 'u99'",
        "secrets[3]: must be an object",
    ]
    with pytest.raises(CommunityFormatError) as info:
        import_community(store, bad)
    errors, _ = spec.validate(bad)
    for message in shared:
        assert message in info.value.errors and message in errors, message
    # Where the readers differ on purpose, each keeps its own wording.
    assert "groups[1].members: must be a list of strings" in info.value.errors
    assert "groups[1].members: must be a list of non-empty strings" in errors
    del bad["users"][2]["name"]
    bad["secrets"][1]["shared_at"] = "soon"
    with pytest.raises(CommunityFormatError) as info:
        import_community(store, bad)
    errors, _ = spec.validate(bad)
    assert "users[2].name: must be a non-empty string" in info.value.errors
    assert "users[2].name: must be a non-empty string (missing)" in errors
    assert "secrets[1].shared_at: must be an ISO date or datetime or null, got 'soon'" in info.value.errors
    assert "secrets[1].shared_at: must be an ISO date or datetime, got 'soon'" in errors
    assert store.people() == []


# --------------------------------------------------------------------- CLI


def test_cli_add_list_show_remove_export_import(
    tmp_path: Path, file_keyring: PlaintextKeyring, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "cli.db")
    src = tmp_path / "community.json"
    src.write_text(json.dumps(COMMUNITY))
    assert cli_main(["secrets", "--db", db, "import", str(src)]) == 0
    assert "imported 9 people" in capsys.readouterr().out
    rc = cli_main(["secrets", "add", "--db", db, "--content", "Surprise party for Sam on the 9th",
                   "--fact", "surprise party", "--confidant", "May", "--confidant", "Saturday climbers",
                   "--confidant", "my manager", "--id", "s9"])
    assert rc == 0, capsys.readouterr().err
    capsys.readouterr()
    with SecretStore(db) as s:
        assert s.secret("s9").confidants == ("u1", "g1", "u3")
    assert cli_main(["secrets", "list", "--db", db]) == 0
    listed = capsys.readouterr().out
    assert "s9" in listed and "g1 (group Saturday climbers)" in listed
    assert "Surprise" not in listed and "Northwind" not in listed and "surprise party" not in listed
    assert cli_main(["secrets", "--db", db, "show", "s9"]) == 0
    shown = capsys.readouterr().out
    assert "Surprise party for Sam on the 9th" in shown and "fact:       surprise party" in shown
    assert cli_main(["secrets", "add", "--db", db, "--content", "x", "--confidant", "Gandalf"]) == 1
    assert "Gandalf" in capsys.readouterr().err
    out = tmp_path / "out.json"
    assert cli_main(["secrets", "export", "--db", db, str(out)]) == 0
    assert out.stat().st_mode & 0o077 == 0  # plaintext export is owner-only
    assert {s["id"] for s in json.loads(out.read_text())["secrets"]} == {"s1", "s2", "s3", "s9"}
    assert cli_main(["secrets", "remove", "--db", db, "s9", "s1"]) == 0
    assert cli_main(["secrets", "remove", "--db", db, "s9"]) == 1
    capsys.readouterr()
    assert cli_main(["secrets", "import", "--db", db, str(out), "--replace"]) == 0
    with SecretStore(db) as s:
        assert [i.id for i in s.secret_infos()] == ["s1", "s2", "s3", "s9"]


def test_cli_reports_locked_keyring(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    previous = keyring.get_keyring()
    keyring.set_keyring(_LockedKeyring())
    try:
        db = str(tmp_path / "locked.db")
        assert cli_main(["secrets", "add", "--db", db, "--content", "Hidden-Zeta-42"]) == 1
        err = capsys.readouterr().err
        assert "keyring" in err and "locked" in err and "Hidden-Zeta-42" not in err
        assert cli_main(["secrets", "list", "--db", db]) == 0  # listing needs no key
    finally:
        keyring.set_keyring(previous)
    assert b"Hidden-Zeta-42" not in _raw_bytes(Path(db))


# ------------------------------------------------------------------ capture offers


def test_capture_offers_are_queued_encrypted_and_stored_only_on_accept(tmp_path: Path, community: SecretStore) -> None:
    before = {i.id for i in community.secret_infos()}
    offer = community.add_offer("I am applying to the Zorblatt fellowship in Quito", "between us",
                                ["Zorblatt fellowship", "Quito"], ["u2"], audience="explicit:person:u2")
    assert offer is not None and community.offer_count() == 1
    assert community.add_offer("I am applying to the Zorblatt fellowship in Quito") is None  # no duplicates
    assert b"Zorblatt" not in _raw_bytes(tmp_path / "secrets.db")  # encrypted like a secret
    assert "Zorblatt" not in repr(community.offers())
    assert {i.id for i in community.secret_infos()} == before  # an offer is not a secret
    secret = community.accept_offer(offer.id, core_facts=["Zorblatt fellowship"], cloud_ok=False)
    assert secret.content.startswith("I am applying") and secret.confidants == ("u2",)
    assert secret.core_facts == ("Zorblatt fellowship",) and community.offer_count() == 0
    second = community.add_offer("Nobody knows I sold the boat")
    assert second is not None
    community.dismiss_offer(second.id)
    assert community.offers() == [] and {i.id for i in community.secret_infos()} == before | {secret.id}
    with pytest.raises(NotFound):
        community.dismiss_offer(second.id)


def test_cli_lists_accepts_dismisses_and_reviews_offers(tmp_path: Path, community: SecretStore, capsys,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    db = str(community.path)
    a = community.add_offer("I am applying to the Zorblatt fellowship", "between us", ["Zorblatt"], ["u2"])
    b = community.add_offer("Nobody knows I sold the boat", "nobody knows", ["sold the boat"])
    c = community.add_offer("My sister is moving to Perth in secret", "in confidence", ["Perth"])
    assert cli_main(["secrets", "--db", db, "offers"]) == 0
    out = capsys.readouterr().out
    assert a.id in out and "Zorblatt" in out and "3 pending" in out
    assert cli_main(["secrets", "--db", db, "accept", a.id, "--confidant", "Sammy", "--fact", "Zorblatt"]) == 0
    assert "saved offer" in capsys.readouterr().out
    assert cli_main(["secrets", "--db", db, "dismiss", b.id]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("s\nPerth; moving\nLena Vogt\ny\n"))
    assert cli_main(["secrets", "--db", db, "review"]) == 0
    with SecretStore(db) as store:
        assert store.offer_count() == 0
        saved = {s.content: s for s in store.secrets()}
    assert saved["I am applying to the Zorblatt fellowship"].confidants == ("u2",)
    perth = saved["My sister is moving to Perth in secret"]
    assert perth.core_facts == ("Perth", "moving") and perth.confidants == ("u5",) and perth.cloud_ok
    assert not any("boat" in content for content in saved)
    assert c.id
