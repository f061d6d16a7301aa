"""Bring the index up to date with the workspace files, in one transaction.

The files are the truth; the index remembers, per file, how far it has read
(``sources``): the byte offset of ``history.jsonl`` and of each transcript
(both only grow), and the identity (inode, size, mtime) of each session and
memory file (rewritten whole on every save). A sync reads only what changed
since: new lines of the appended files, and the session or memory files whose
identity moved. A file that shrank or was replaced (history compaction, a
transcript edited by hand) is read again from its start.

Everything a sync changes, positions included, commits at once, so a process
killed mid-sync leaves the previous state and the next sync redoes the work.
Writers from several processes take turns on SQLite's write lock and re-read
the positions once they hold it, so no line is indexed twice.
"""

from __future__ import annotations

import json
import os
import sqlite3
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie._logging import OnceWarner, get_logger
from reverie.recall.text import message_text, normalise_time
from reverie.sessions.jsonl_store import parse_session
from reverie.sessions.keys import decode_key
from reverie.sessions.transcripts import TRANSCRIPTS_DIR
from reverie.store.records import HistoryEntry, parse_history_line

__all__ = ["MEMORY_FILES", "SyncReport", "is_indexed_session", "sync_workspace"]

MEMORY_FILES = ("SOUL.md", "USER.md", "memory/MEMORY.md")
"""Memory files indexed by section (plus every ``skills/<name>/SKILL.md``)."""

_INTERNAL_PREFIXES = ("dream:",)
"""Sessions not indexed: Dream's own runs only repeat history entries and file edits."""

_log = get_logger("recall")


def is_indexed_session(key: str) -> bool:
    """Whether messages of session ``key`` go into the index."""
    return not key.startswith(_INTERNAL_PREFIXES)


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


def _digest(role: str, text: str) -> int:
    return zlib.crc32(f"{role}\0{text}".encode("utf-8", "surrogatepass"))


def _identity(stat: os.stat_result, *, whole: bool) -> str:
    if whole:  # rewritten by rename on every save: any change shows here
        return f"{stat.st_dev}:{stat.st_ino}:{stat.st_size}:{stat.st_mtime_ns}"
    return f"{stat.st_dev}:{stat.st_ino}"


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None


def _read_from(path: Path, offset: int) -> bytes:
    with path.open("rb") as handle:
        handle.seek(offset)
        return handle.read()


class _Writer:
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
        digest = _digest(role, text)
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
            "INSERT INTO messages (session_key, idx, role, ts, origin, digest, text) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (key, index, role, ts, origin, digest, text),
        )
        self.db.execute(
            "INSERT INTO messages_fts (rowid, text) VALUES (?, ?)", (cursor.lastrowid, text)
        )
        self.report.messages += 1

    def _drop_message(self, row_id: int) -> None:
        row = self.db.execute("SELECT text FROM messages WHERE id = ?", (row_id,)).fetchone()
        if row is None:
            return
        self.db.execute(
            "INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', ?, ?)",
            (row_id, row[0]),
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


def _count(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


class _Sources:
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


def sync_workspace(
    connection: sqlite3.Connection, workspace: Path, warner: OnceWarner
) -> SyncReport:
    """Index what changed in ``workspace`` since the last sync, as one transaction.

    Raises:
        sqlite3.Error: when the index cannot be written (the caller decides).
    """
    report = SyncReport()
    connection.execute("BEGIN IMMEDIATE")
    try:
        sources = _Sources(connection)
        writer = _Writer(connection, report)
        _sync_history(workspace / "memory" / "history.jsonl", sources, writer, warner)
        # Transcripts before sessions: a message that moved from a session file to
        # its archive is then already marked as archived when the session shrinks.
        _sync_transcripts(workspace / TRANSCRIPTS_DIR, sources, writer, warner)
        _sync_sessions(workspace / "sessions", sources, writer, warner)
        _sync_memory(workspace, sources, writer, warner)
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    return report


def _complete_lines(data: bytes) -> tuple[list[bytes], int]:
    """The complete lines of ``data`` and how many bytes they span (a torn tail waits)."""
    end = data.rfind(b"\n") + 1
    return data[:end].split(b"\n")[:-1], end


def _sync_history(path: Path, sources: _Sources, writer: _Writer, warner: OnceWarner) -> None:
    stat = _stat(path)
    known = sources.get("history")
    if stat is None:
        if known is not None:
            writer.drop_history()
            sources.drop("history")
        return
    ident = _identity(stat, whole=False)
    position = 0
    if known is not None:
        if known[0] == ident and known[1] <= stat.st_size:
            position = known[1]
        else:
            writer.drop_history()  # compacted (a new file) or truncated: read it all again
    if position == stat.st_size and known is not None:
        return
    try:
        data = _read_from(path, position)
    except OSError as exc:
        warner.warn("read:history", "recall index: cannot read %s: %s", path, exc)
        return
    lines, used = _complete_lines(data)
    for line in lines:
        entry = parse_history_line(line)
        if isinstance(entry, HistoryEntry):
            writer.put_history(entry)
    sources.set("history", ident, position + used)


def _transcript_key(path: Path, lines: list[bytes]) -> str | None:
    key = decode_key(path.stem)
    if key is not None:
        return key
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and isinstance(record.get("session_key"), str):
            return str(record["session_key"])
    return None


def _sync_transcripts(folder: Path, sources: _Sources, writer: _Writer, warner: OnceWarner) -> None:
    seen: set[str] = set()
    for path in _jsonl_files(folder):
        name = f"transcript:{path.name}"
        seen.add(name)
        stat = _stat(path)
        if stat is None:
            continue
        ident = _identity(stat, whole=False)
        known = sources.get(name)
        position = 0
        if known is not None:
            if known[0] == ident and known[1] <= stat.st_size:
                position = known[1]
            elif known[2] is not None:
                writer.drop_messages("session_key = ? AND origin = 'transcript'", (known[2],))
        if known is not None and position == stat.st_size:
            continue
        try:
            data = _read_from(path, position)
        except OSError as exc:
            warner.warn(f"read:{path}", "recall index: cannot read %s: %s", path, exc)
            continue
        lines, used = _complete_lines(data)
        key = known[2] if known is not None and known[2] else _transcript_key(path, lines)
        if key is None or not is_indexed_session(key):
            sources.set(name, ident, position + used, key)
            continue
        records = list(_transcript_records(lines, key))
        low = min((index for index, _ in records), default=0)
        existing = writer.existing(key, low)
        for index, message in records:
            writer.put_message(key, index, message, "transcript", existing.get(index))
            existing[index] = (-1, -1, "transcript")  # later copies of it are retries
        sources.set(name, ident, position + used, key)
    for name in sources.names("transcript:"):
        if name not in seen:
            known = sources.get(name)
            if known is not None and known[2] is not None:
                writer.drop_messages("session_key = ? AND origin = 'transcript'", (known[2],))
            sources.drop(name)


def _transcript_records(lines: list[bytes], key: str) -> Iterable[tuple[int, Mapping[str, Any]]]:
    for line in lines:
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            continue  # a torn line a crash left; the archive's readers skip it too
        if not isinstance(record, dict) or record.get("session_key") != key:
            continue
        index, message = _count(record.get("index")), record.get("message")
        if index is not None and isinstance(message, dict):
            yield index, message


def _jsonl_files(folder: Path) -> list[Path]:
    try:
        with os.scandir(folder) as entries:
            names = sorted(entry.name for entry in entries if entry.name.endswith(".jsonl"))
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [folder / name for name in names]


def _session_key(path: Path, data: bytes) -> str:
    first = data.split(b"\n", 1)[0]
    try:
        header = json.loads(first)
    except ValueError:
        header = None
    if isinstance(header, dict) and header.get("_type") == "metadata":
        key = header.get("key")
        if isinstance(key, str) and key:
            return key
    decoded = decode_key(path.stem)
    return decoded if decoded is not None else path.stem.replace("_", ":", 1)


def _sync_sessions(folder: Path, sources: _Sources, writer: _Writer, warner: OnceWarner) -> None:
    seen: set[str] = set()
    for entry in _jsonl_entries(folder):
        name = f"session:{entry.name}"
        seen.add(name)
        try:
            stat = entry.stat()
        except FileNotFoundError:
            continue
        ident = _identity(stat, whole=True)
        known = sources.get(name)
        if known is not None and known[0] == ident:
            continue
        path = folder / entry.name
        try:
            data = path.read_bytes()
        except OSError as exc:
            warner.warn(f"read:{path}", "recall index: cannot read %s: %s", path, exc)
            continue
        key = _session_key(path, data)
        if known is not None and known[2] not in (None, key):
            writer.drop_messages("session_key = ? AND origin = 'session'", (known[2],))
        if is_indexed_session(key):
            _index_session(data, key, writer)
        sources.set(name, ident, len(data), key)
    for name in sources.names("session:"):
        if name not in seen:
            known = sources.get(name)
            if known is not None and known[2] is not None:
                # Deleted: what it held went to the transcript archive (indexed from
                # there); anything still marked as live is gone from every file.
                writer.drop_messages("session_key = ? AND origin = 'session'", (known[2],))
            sources.drop(name)


def _jsonl_entries(folder: Path) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as entries:
            return sorted(
                (entry for entry in entries if entry.name.endswith(".jsonl")),
                key=lambda entry: entry.name,
            )
    except (FileNotFoundError, NotADirectoryError):
        return []


def _index_session(data: bytes, key: str, writer: _Writer) -> None:
    session = parse_session(data, key).session
    offset = session.archived_offset
    count = len(session.messages)
    existing = writer.existing(key, 0)
    for position, message in enumerate(session.messages):
        index = offset + position
        writer.put_message(key, index, message, "session", existing.get(index))
    # Live rows the file no longer holds: archived ones were re-marked by the
    # transcript pass; what is left was removed from every file.
    stale = [
        row_id
        for index, (row_id, _, origin) in existing.items()
        if origin == "session" and not offset <= index < offset + count
    ]
    for row_id in stale:
        writer.drop_messages("id = ?", (row_id,))


def _split_sections(text: str) -> list[tuple[str, str]]:
    sections: list[tuple[str, list[str]]] = [("", [])]
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("#"):
            sections.append((line.lstrip("#").strip(), [line]))
        else:
            sections[-1][1].append(line)
    return [
        (heading, "\n".join(lines).strip())
        for heading, lines in sections
        if "\n".join(lines).strip()
        and any(line.strip() and not line.startswith("#") for line in lines)
    ]


def _memory_paths(workspace: Path) -> list[str]:
    paths = list(MEMORY_FILES)
    skills = workspace / "skills"
    try:
        for entry in sorted(skills.iterdir()):
            if (entry / "SKILL.md").is_file():
                paths.append(f"skills/{entry.name}/SKILL.md")
    except (FileNotFoundError, NotADirectoryError):
        pass
    return paths


def _sync_memory(workspace: Path, sources: _Sources, writer: _Writer, warner: OnceWarner) -> None:
    seen: set[str] = set()
    for rel in _memory_paths(workspace):
        name = f"memory:{rel}"
        path = workspace / rel
        stat = _stat(path)
        if stat is None:
            continue
        seen.add(name)
        ident = _identity(stat, whole=True)
        known = sources.get(name)
        if known is not None and known[0] == ident:
            continue
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            warner.warn(f"read:{path}", "recall index: cannot read %s: %s", path, exc)
            continue
        ts = normalise_time_from_stat(stat)
        writer.replace_memory(rel, _split_sections(text), ts)
        sources.set(name, ident, stat.st_size)
    for name in sources.names("memory:"):
        if name not in seen:
            writer.replace_memory(name.removeprefix("memory:"), [], None)
            sources.drop(name)


def normalise_time_from_stat(stat: os.stat_result) -> str | None:
    """A file's modification time as ``YYYY-MM-DD HH:MM`` local."""
    return normalise_time(datetime.fromtimestamp(stat.st_mtime))
