"""Opening the SQLite file: pragmas for crash safety and the table layout.

Privacy choice: names, aliases, relationships, groups and confidant ids are
plaintext, because the proxy must resolve "my manager" or "Maya" to people on
every request without unlocking the keyring; only what a secret *says*
(`content`, `core_facts`) is encrypted. The file is still created 0600 in a
0700 directory, as it reveals who the user knows.
"""

from __future__ import annotations

import os
import secrets as _random
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import platformdirs
import sqlite_utils

SCHEMA_VERSION = 1

# Person and group ids share one namespace (a confidant may be either); the
# store checks that on write, SQLite cannot.
DDL = """
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value BLOB
);
CREATE TABLE IF NOT EXISTS people (
    id      TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    aliases TEXT NOT NULL DEFAULT '[]',            -- JSON list of strings
    is_me   INTEGER NOT NULL DEFAULT 0 CHECK (is_me IN (0, 1))
);
CREATE UNIQUE INDEX IF NOT EXISTS people_single_me ON people (is_me) WHERE is_me = 1;
CREATE TABLE IF NOT EXISTS relationships (
    id         INTEGER PRIMARY KEY,
    a          TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    b          TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    type       TEXT NOT NULL,                      -- b is a's <type>
    valid_from TEXT,
    valid_to   TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS relationships_unique
    ON relationships (a, b, type, ifnull(valid_from, ''), ifnull(valid_to, ''));
CREATE TABLE IF NOT EXISTS groups (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    valid_from TEXT,
    valid_to   TEXT
);
CREATE TABLE IF NOT EXISTS group_members (
    group_id   TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    person_id  TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    valid_from TEXT,
    valid_to   TEXT,
    former     INTEGER NOT NULL DEFAULT 0 CHECK (former IN (0, 1))
);
CREATE INDEX IF NOT EXISTS group_members_group ON group_members (group_id);
CREATE TABLE IF NOT EXISTS secrets (
    id         TEXT PRIMARY KEY,
    owner      TEXT NOT NULL REFERENCES people (id),  -- no cascade: never drop secrets silently
    content    BLOB NOT NULL,                         -- AES-GCM ciphertext
    core_facts BLOB NOT NULL,                         -- AES-GCM ciphertext of a JSON list
    confidants TEXT NOT NULL DEFAULT '[]',            -- JSON list of person/group ids
    shared_at  TEXT,
    cloud_ok   INTEGER NOT NULL DEFAULT 0 CHECK (cloud_ok IN (0, 1))
);
CREATE TABLE IF NOT EXISTS offers (                   -- capture offers awaiting the user's decision
    id         TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    audience   TEXT,                                  -- the audience label (ids), as in the activity log
    body       BLOB NOT NULL                          -- AES-GCM ciphertext of a JSON object (text, facts...)
);
"""


def default_path() -> Path:
    """`<user data dir>/veil/secrets.db`, per platformdirs."""
    return Path(platformdirs.user_data_dir("veil")) / "secrets.db"


def open_database(path: str | os.PathLike[str]) -> sqlite_utils.Database:
    """Open (creating if needed) the store file with WAL and full-sync commits.

    The connection runs in autocommit mode (`isolation_level=None`) so that the
    only transactions are the explicit `BEGIN IMMEDIATE ... COMMIT` blocks of
    the store: nothing is left half-committed by an implicit transaction.
    """
    file = Path(path).expanduser()
    file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fresh = not file.exists()
    if fresh:
        file.touch(mode=0o600)  # before SQLite creates it with the umask's looser mode
    conn = sqlite3.connect(file, isolation_level=None, check_same_thread=False, timeout=10.0)
    db = sqlite_utils.Database(conn, execute_plugins=False)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 10000")
    db.enable_wal()
    db.execute("PRAGMA synchronous = FULL")  # a commit survives power loss, not only a crash
    db.execute("PRAGMA secure_delete = ON")  # deleted ciphertext is zeroed, not left in free pages
    with transaction(db):
        for statement in DDL.split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(
            "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)", [SCHEMA_VERSION]
        )
    return db


@contextmanager
def transaction(db: sqlite_utils.Database) -> Iterator[None]:
    """An explicit write transaction: all of the block is committed, or none of it.

    The outermost block takes the write lock up front (`BEGIN IMMEDIATE`), so a
    second process waits on `busy_timeout` rather than failing halfway; nested
    blocks become savepoints. sqlite-utils' own writes nest inside it.
    """
    conn = db.conn
    if conn.in_transaction:
        name = f"veil_{_random.token_hex(8)}"
        conn.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            if conn.in_transaction:
                conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
                conn.execute(f"RELEASE SAVEPOINT {name}")
            raise
        conn.execute(f"RELEASE SAVEPOINT {name}")
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
