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

import os
import sqlite3
from collections.abc import Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie._jsonline import loads_line
from reverie._logging import OnceWarner, get_logger
from reverie._readfile import open_regular_file, read_regular_file
from reverie.errors import ToolError
from reverie.recall.rows import RowWriter, SourceTable, SyncReport, count_or_none
from reverie.recall.text import normalise_time
from reverie.sessions.jsonl_store import MAX_SESSION_FILE_BYTES, parse_session
from reverie.sessions.keys import decode_key
from reverie.sessions.transcripts import TRANSCRIPTS_DIR
from reverie.store._history_parse import parse_entry
from reverie.store._text_files import MAX_MEMORY_FILE_BYTES
from reverie.store.records import HistoryEntry
from reverie.tools.paths import PathPolicy

__all__ = ["MEMORY_FILES", "SyncReport", "is_indexed_session", "sync_workspace"]

MEMORY_FILES = ("SOUL.md", "USER.md", "memory/MEMORY.md")
"""Memory files indexed by section (plus every ``skills/<name>/SKILL.md``)."""

_INTERNAL_PREFIXES = ("dream:",)
"""Sessions not indexed: Dream's own runs only repeat history entries and file edits."""

_log = get_logger("recall")

_SESSION_LIMIT = "the session file size limit"
_MEMORY_LIMIT = "the memory file size limit"


def is_indexed_session(key: str) -> bool:
    """Whether messages of session ``key`` go into the index."""
    return not key.startswith(_INTERNAL_PREFIXES)


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
    with open_regular_file(path) as handle:  # a pipe in its place fails, never blocks
        handle.seek(offset)
        return handle.read()


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
        sources = SourceTable(connection)
        writer = RowWriter(connection, report)
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


def _sync_history(path: Path, sources: SourceTable, writer: RowWriter, warner: OnceWarner) -> None:
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
        entry = parse_entry(line)[0]  # an entry with a bad byte is kept, as the log keeps it
        if isinstance(entry, HistoryEntry):
            writer.put_history(entry)
    sources.set("history", ident, position + used)


def _transcript_key(path: Path, lines: list[bytes]) -> str | None:
    key = decode_key(path.stem)
    if key is not None:
        return key
    for line in lines:
        try:
            record = loads_line(line)
        except ValueError:
            continue
        if isinstance(record, dict) and isinstance(record.get("session_key"), str):
            return str(record["session_key"])
    return None


def _sync_transcripts(
    folder: Path, sources: SourceTable, writer: RowWriter, warner: OnceWarner
) -> None:
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
            record = loads_line(line)
        except ValueError:
            continue  # a torn line a crash left; the archive's readers skip it too
        if not isinstance(record, dict) or record.get("session_key") != key:
            continue
        index, message = count_or_none(record.get("index")), record.get("message")
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
        header = loads_line(first)
    except ValueError:
        header = None
    if isinstance(header, dict) and header.get("_type") == "metadata":
        key = header.get("key")
        if isinstance(key, str) and key:
            return key
    decoded = decode_key(path.stem)
    return decoded if decoded is not None else path.stem.replace("_", ":", 1)


def _sync_sessions(
    folder: Path, sources: SourceTable, writer: RowWriter, warner: OnceWarner
) -> None:
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
            data = read_regular_file(path, limit=MAX_SESSION_FILE_BYTES, limit_name=_SESSION_LIMIT)
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


def _index_session(data: bytes, key: str, writer: RowWriter) -> None:
    session = parse_session(data, key).session
    existing = writer.existing(key, 0)
    live: set[int] = set()
    for position, message in enumerate(session.messages):
        index = session.absolute_index(position)  # skips indexes lost to damaged lines
        live.add(index)
        writer.put_message(key, index, message, "session", existing.get(index))
    # Live rows the file no longer holds: archived ones were re-marked by the
    # transcript pass; what is left was removed from every file.
    stale = [
        row_id
        for index, (row_id, _, origin) in existing.items()
        if origin == "session" and index not in live
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


def _sync_memory(
    workspace: Path, sources: SourceTable, writer: RowWriter, warner: OnceWarner
) -> None:
    seen: set[str] = set()
    policy = PathPolicy(workspace)
    for rel in _memory_paths(workspace):
        name = f"memory:{rel}"
        path = workspace / rel
        stat = _stat(path)
        if stat is None:
            continue
        try:
            policy.check_read(rel)  # the prompt's rule: a link to elsewhere is not read
        except ToolError:
            warner.warn(
                f"outside:{path}",
                "recall index: %s resolves outside the workspace; not indexed",
                path,
            )
            continue
        seen.add(name)
        ident = _identity(stat, whole=True)
        known = sources.get(name)
        if known is not None and known[0] == ident:
            continue
        try:
            raw = read_regular_file(path, limit=MAX_MEMORY_FILE_BYTES, limit_name=_MEMORY_LIMIT)
            text = raw.decode("utf-8", errors="replace")
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
