"""The index file: where it lives, how it is opened, and its tables.

``memory/.index/recall.sqlite3`` is derived data: every row can be rebuilt
from the workspace files, so a damaged or outdated file is simply deleted and
built again. It is private (the folder 0700, the files 0600: it holds every
word of every conversation) and ignored by git (a ``.gitignore`` of ``*`` in its
folder, for a workspace inside someone's own repository).

SQLite runs in WAL mode with a busy timeout, so readers never wait for a
writer and writers from several processes take turns; every update is one
transaction, so a writer killed mid-way leaves the last committed state.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from reverie._logging import get_logger
from reverie.errors import StoreError
from reverie.privacy import open_private

__all__ = ["INDEX_DIR", "INDEX_NAME", "SCHEMA_VERSION", "connect", "index_path"]

INDEX_DIR = Path("memory") / ".index"
"""The index folder, relative to the workspace."""
INDEX_NAME = "recall.sqlite3"
SCHEMA_VERSION = 2
"""Bumped whenever the tables or what goes into them change: an older file is rebuilt."""

BUSY_TIMEOUT_MS = 30_000
"""How long a writer waits for another process's update before giving up."""

_TOKENIZER = "porter unicode61 remove_diacritics 2"

_log = get_logger("recall")

_TABLES = f"""
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sources (
    name TEXT PRIMARY KEY,      -- 'history', 'session:<file>', 'transcript:<file>', 'memory:<path>'
    ident TEXT NOT NULL,        -- which version of the file the position belongs to
    position INTEGER NOT NULL,  -- bytes consumed (appended files)
    session_key TEXT            -- the conversation a session or transcript file holds
);
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY,
    session_key TEXT NOT NULL,
    idx INTEGER NOT NULL,       -- absolute message index in the session
    role TEXT NOT NULL,
    speaker TEXT NOT NULL,      -- the speaker's name ('' when the message names none)
    ts TEXT,                    -- 'YYYY-MM-DD HH:MM' local, NULL when unknown
    origin TEXT NOT NULL,       -- 'session' (live file) or 'transcript' (archive)
    digest INTEGER NOT NULL,    -- detects a message rewritten in place
    text TEXT NOT NULL,
    UNIQUE (session_key, idx)
);
CREATE INDEX IF NOT EXISTS messages_ts ON messages (ts);
CREATE VIRTUAL TABLE IF NOT EXISTS messages_fts USING fts5(
    text, speaker, content='messages', content_rowid='id', tokenize='{_TOKENIZER}'
);
CREATE TABLE IF NOT EXISTS history (
    cursor INTEGER PRIMARY KEY,
    session_key TEXT,
    start INTEGER,
    end INTEGER,
    ts TEXT,
    text TEXT NOT NULL
);
CREATE VIRTUAL TABLE IF NOT EXISTS history_fts USING fts5(
    text, content='history', content_rowid='cursor', tokenize='{_TOKENIZER}'
);
CREATE TABLE IF NOT EXISTS memory (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL,
    heading TEXT NOT NULL,
    ts TEXT,
    text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS memory_path ON memory (path);
CREATE VIRTUAL TABLE IF NOT EXISTS memory_fts USING fts5(
    text, content='memory', content_rowid='id', tokenize='{_TOKENIZER}'
);
CREATE TABLE IF NOT EXISTS vectors (
    model TEXT NOT NULL,
    message_id INTEGER NOT NULL,
    digest INTEGER NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (model, message_id)
);
"""


_DERIVED_TABLES = (
    "messages_fts",
    "history_fts",
    "memory_fts",
    "messages",
    "history",
    "memory",
    "vectors",
    "sources",
)


def index_path(workspace: Path) -> Path:
    """``<workspace>/memory/.index/recall.sqlite3``."""
    return workspace / INDEX_DIR / INDEX_NAME


def _prepare_folder(folder: Path) -> None:
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(folder, 0o700)
        ignore = folder / ".gitignore"
        if not ignore.exists():
            # Private like every file reverie makes (reverie.privacy).
            fd = open_private(ignore, os.O_WRONLY)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write("# derived data, rebuilt by `reverie index rebuild`\n*\n")
    except OSError as exc:
        raise StoreError(
            f"cannot create the recall index folder {folder}: {exc.strerror or exc}"
        ) from exc


def _create_private(path: Path) -> None:
    # Created before SQLite opens it: SQLite gives its -wal and -shm files the
    # database file's mode, so all three stay private.
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
    except OSError as exc:
        raise StoreError(f"cannot create the recall index {path}: {exc.strerror or exc}") from exc
    os.close(fd)
    with contextlib.suppress(OSError):
        os.chmod(path, 0o600)


def _open(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(
        path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    try:
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        version = _schema_version(connection)
        if version != SCHEMA_VERSION:
            _create_tables(connection, version)
    except BaseException:
        connection.close()
        raise
    return connection


def _schema_version(connection: sqlite3.Connection) -> int | None:
    try:
        row = connection.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    except sqlite3.OperationalError:
        return None  # a new file: no meta table yet
    return int(row[0]) if row and str(row[0]).isdigit() else None


def _create_tables(connection: sqlite3.Connection, found: int | None) -> None:
    connection.execute("BEGIN IMMEDIATE")
    try:
        if _schema_version(connection) == SCHEMA_VERSION:  # another process just did it
            connection.execute("COMMIT")
            return
        if found is not None:
            for name in _DERIVED_TABLES:
                connection.execute(f"DROP TABLE IF EXISTS {name}")
        for statement in _TABLES.split(";"):
            if statement.strip():
                connection.execute(statement)
        connection.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),)
        )
        connection.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            connection.execute("ROLLBACK")
        raise


def connect(workspace: Path) -> sqlite3.Connection:
    """Open (creating or repairing as needed) the index of ``workspace``.

    A file SQLite cannot read, or one from another schema version, is
    replaced by an empty index, which the next sync fills from the files.

    Raises:
        StoreError: naming the path when the folder or file cannot be created.
    """
    path = index_path(workspace)
    _prepare_folder(path.parent)
    _create_private(path)
    try:
        return _open(path)
    except sqlite3.DatabaseError as exc:
        if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
            raise StoreError(
                f"the recall index {path} is locked by another process: {exc}"
            ) from exc
        _log.warning("recall index %s is unreadable (%s); rebuilding it from the files", path, exc)
        remove_index_files(path)
        _create_private(path)
        try:
            return _open(path)
        except sqlite3.Error as again:
            raise StoreError(f"cannot open the recall index {path}: {again}") from again


def remove_index_files(path: Path) -> None:
    """Delete the index file and its WAL companions (they are rebuilt from the files)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{path}{suffix}")
