"""The index's rows: messages, history entries and memory sections, with their FTS tables.

:class:`RowWriter` keeps each FTS5 table in step with its content table (an
external-content FTS table needs the old text to delete a row), and
:class:`SourceTable` how far each workspace file has been read. Both work
inside the caller's transaction; :mod:`reverie.recall.sync` decides what to write.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from reverie.recall.text import message_speaker, message_text, normalise_time
from reverie.store.records import HistoryEntry

__all__ = ["RowWriter", "SourceTable", "SyncReport", "count_or_none"]


@dataclass
class SyncReport:
    """What one sync added or removed (rows, not files)."""

    messages: int = 0
    history: int = 0
    memory: int = 0
    removed: int = 0

    @property
    def changed(self) -> bool:
        """True when the index changed."""
        return bool(self.messages or self.history or self.memory or self.removed)


def _digest(role: str, speaker: str, text: str) -> int:
    return zlib.crc32(f"{role}\0{speaker}\0{text}".encode("utf-8", "surrogatepass"))


class RowWriter:
    """Row-level edits that keep each FTS table in step with its content table."""

    def __init__(self, connection: sqlite3.Connection, report: SyncReport) -> None:
        self.db = connection
        self.report = report

    def put_message(
        self,
        key: str,
        index: int,
        message: Mapping[str, Any],
        origin: str,
        existing: tuple[int, int, str] | None,
    ) -> None:
        role = message.get("role")
        role = role if isinstance(role, str) else "unknown"
        text = message_text(message)
        speaker = message_speaker(message)
        digest = _digest(role, speaker, text)
        ts = normalise_time(message.get("timestamp"))
        if existing is not None:
            row_id, old_digest, old_origin = existing
            if old_digest == digest:
                if origin == "transcript" and old_origin != "transcript":
                    self.db.execute("UPDATE messages SET origin = ? WHERE id = ?", (origin, row_id))
                return
            if old_origin == "transcript" and origin == "transcript":
                return  # a retried archive batch: the first copy of an index wins
            self._drop_message(row_id)
        cursor = self.db.execute(
            "INSERT INTO messages (session_key, idx, role, speaker, ts, origin, digest, text) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (key, index, role, speaker, ts, origin, digest, text),
        )
        self.db.execute(
            "INSERT INTO messages_fts (rowid, text, speaker) VALUES (?, ?, ?)",
            (cursor.lastrowid, text, speaker),
        )
        self.report.messages += 1

    def _drop_message(self, row_id: int) -> None:
        row = self.db.execute(
            "SELECT text, speaker FROM messages WHERE id = ?", (row_id,)
        ).fetchone()
        if row is None:
            return
        self.db.execute(
            "INSERT INTO messages_fts (messages_fts, rowid, text, speaker) "
            "VALUES ('delete', ?, ?, ?)",
            (row_id, row[0], row[1]),
        )
        self.db.execute("DELETE FROM messages WHERE id = ?", (row_id,))
        self.db.execute("DELETE FROM vectors WHERE message_id = ?", (row_id,))
        self.report.removed += 1

    def drop_messages(self, where: str, params: Iterable[object]) -> None:
        rows = self.db.execute(f"SELECT id FROM messages WHERE {where}", tuple(params)).fetchall()
        for (row_id,) in rows:
            self._drop_message(row_id)

    def existing(self, key: str, low: int) -> dict[int, tuple[int, int, str]]:
        rows = self.db.execute(
            "SELECT idx, id, digest, origin FROM messages WHERE session_key = ? AND idx >= ?",
            (key, low),
        )
        return {idx: (row_id, digest, origin) for idx, row_id, digest, origin in rows}

    def put_history(self, entry: HistoryEntry) -> None:
        source = entry.source
        key = source.session_key if source is not None else None
        start = source.start if source is not None else None
        end = source.end if source is not None else None
        self.drop_history(entry.cursor)
        self.db.execute(
            "INSERT INTO history (cursor, session_key, start, end, ts, text) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                entry.cursor,
                key or entry.session_key,
                start,
                end,
                normalise_time(entry.timestamp),
                entry.content,
            ),
        )
        self.db.execute(
            "INSERT INTO history_fts (rowid, text) VALUES (?, ?)", (entry.cursor, entry.content)
        )
        self.report.history += 1

    def drop_history(self, cursor: int | None = None) -> None:
        if cursor is None:
            self.db.execute("INSERT INTO history_fts (history_fts) VALUES ('delete-all')")
            self.report.removed += self.db.execute("DELETE FROM history").rowcount
            return
        row = self.db.execute("SELECT text FROM history WHERE cursor = ?", (cursor,)).fetchone()
        if row is not None:
            self.db.execute(
                "INSERT INTO history_fts (history_fts, rowid, text) VALUES ('delete', ?, ?)",
                (cursor, row[0]),
            )
            self.db.execute("DELETE FROM history WHERE cursor = ?", (cursor,))

    def replace_memory(self, path: str, sections: list[tuple[str, str]], ts: str | None) -> None:
        for row_id, text in self.db.execute(
            "SELECT id, text FROM memory WHERE path = ?", (path,)
        ).fetchall():
            self.db.execute(
                "INSERT INTO memory_fts (memory_fts, rowid, text) VALUES ('delete', ?, ?)",
                (row_id, text),
            )
        self.db.execute("DELETE FROM memory WHERE path = ?", (path,))
        for heading, text in sections:
            cursor = self.db.execute(
                "INSERT INTO memory (path, heading, ts, text) VALUES (?, ?, ?, ?)",
                (path, heading, ts, text),
            )
            self.db.execute(
                "INSERT INTO memory_fts (rowid, text) VALUES (?, ?)", (cursor.lastrowid, text)
            )
            self.report.memory += 1


def count_or_none(value: object) -> int | None:
    """``value`` when it is an integer >= 0 (not a bool), else None."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


class SourceTable:
    """The ``sources`` table: how far each file has been read."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.db = connection
        self.rows: dict[str, tuple[str, int, str | None]] = {
            name: (ident, position, key)
            for name, ident, position, key in connection.execute(
                "SELECT name, ident, position, session_key FROM sources"
            )
        }

    def get(self, name: str) -> tuple[str, int, str | None] | None:
        return self.rows.get(name)

    def set(self, name: str, ident: str, position: int, key: str | None = None) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO sources (name, ident, position, session_key) "
            "VALUES (?, ?, ?, ?)",
            (name, ident, position, key),
        )
        self.rows[name] = (ident, position, key)

    def drop(self, name: str) -> None:
        self.db.execute("DELETE FROM sources WHERE name = ?", (name,))
        self.rows.pop(name, None)

    def names(self, prefix: str) -> list[str]:
        return [name for name in self.rows if name.startswith(prefix)]
