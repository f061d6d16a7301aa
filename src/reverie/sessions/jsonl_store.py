"""The session file format: a metadata line, then one JSON message per line.

::

    {"_type": "metadata", "key": "cli:alice", "created_at": "2026-04-03T00:02:11.5",
     "updated_at": "...", "metadata": {...}, "last_consolidated": 12}
    {"role": "user", "content": "hi", "timestamp": "2026-04-03T00:02:11.5"}
    ...

This is nanobot's format, so its files load as they are. Parsing is forgiving
and honest: every line that cannot be used (bad UTF-8, bad JSON, not an object,
no string ``role``, a malformed metadata field) is skipped and reported as a
problem, so the caller can keep the damaged original before writing over it.
Nothing here caches or locks; :class:`~reverie.sessions.manager.SessionManager`
does.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie._jsonline import JsonTooDeep, decode_lenient, loads_line
from reverie._readfile import open_regular_file, read_regular_file
from reverie.errors import SessionError, StoreError
from reverie.messages import Message, as_message
from reverie.sessions.keys import decode_key
from reverie.sessions.lost import LOST_MESSAGES_KEY, lost_indexes, place
from reverie.sessions.session import Session

__all__ = [
    "LoadedSession",
    "SessionSummary",
    "file_signature",
    "json_line",
    "metadata_key",
    "parse_session",
    "read_session_file",
    "read_summary",
    "serialize_session",
]

MAX_SESSION_FILE_BYTES = 1 << 30
"""The session file size limit (a session is read whole)."""
_LIMIT_NAME = "the session file size limit"
_METADATA_TYPE = "metadata"
_METADATA_MARK = b'"_type"'
_COUNT_CHUNK = 1 << 20


@dataclass
class LoadedSession:
    """A session read from a file, with the lines that could not be used.

    Attributes:
        session: What the valid lines hold (a damaged message line is
            recorded in ``metadata["_lost_messages"]``).
        problems: One ``"line N: why"`` per damaged line or bad metadata field.
    """

    session: Session
    problems: list[str] = field(default_factory=list)
    header_damaged: bool = False
    """The metadata line was there but unreadable: consolidation and offsets are unknown."""

    @property
    def damaged(self) -> bool:
        """True when something in the file was skipped or replaced by a default."""
        return bool(self.problems)


@dataclass(frozen=True)
class SessionSummary:
    """What ``list_sessions`` reports about a file, read without parsing its messages."""

    key: str
    created_at: str
    updated_at: str
    message_count: int
    path: Path

    def as_dict(self) -> dict[str, Any]:
        """The plain-dict form ``SessionManager.list_sessions`` returns."""
        return {
            "key": self.key,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "message_count": self.message_count,
            "path": str(self.path),
        }


def _parse_time(value: object) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone().replace(tzinfo=None)
    return parsed


def _lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if raw.strip():
            yield number, raw


def parse_session(data: bytes, key: str) -> LoadedSession:
    """Build the session ``key`` from a file's bytes, skipping what is unusable.

    A damaged message line is recorded as a lost message (see
    :mod:`reverie.sessions.lost`): the messages after it keep their absolute
    indexes and ``last_consolidated`` stops counting it.
    """
    problems: list[str] = []
    messages: list[Message] = []
    slots: list[bool] = []  # per message line: read (True) or damaged (False)
    header: dict[str, Any] | None = None
    header_line = 0
    header_damaged = False
    for number, raw in _lines(data):
        text, replaced = decode_lenient(raw)
        why = ""
        record: Any = None
        try:
            record = loads_line(text)
        except JsonTooDeep as exc:
            why = str(exc)
        except ValueError:
            why = "not valid JSON"
        if replaced and not why:
            # Kept with U+FFFD for the bad bytes; the original stays in the .corrupt copy.
            problems.append(f"line {number}: bytes that are not UTF-8 read as U+FFFD")
        if not why and not isinstance(record, dict):
            why = f"a JSON {type(record).__name__}, not an object"
        is_header = not why and record.get("_type") == _METADATA_TYPE
        if not why and not is_header and not isinstance(record.get("role"), str):
            why = "a message without a string 'role'"
        if why:
            problems.append(f"line {number}: {why}")
            if not slots and header is None and _METADATA_MARK in raw:
                header_damaged = True  # the metadata line itself, not a message
            else:
                slots.append(False)
        elif is_header:
            if header is None:
                header, header_line = record, number
            else:
                problems.append(f"line {number}: a second metadata line (first on {header_line})")
        else:
            messages.append(as_message(record))
            slots.append(True)
    session = Session(key=key, messages=messages)
    if header is not None:
        _apply_header(session, header, header_line, problems)
    if not all(slots) or LOST_MESSAGES_KEY in session.metadata:
        lost, session.last_consolidated = place(
            slots,
            offset=session.archived_offset,
            recorded=lost_indexes(session.metadata),
            file_consolidated=session.last_consolidated,
        )
        session.metadata[LOST_MESSAGES_KEY] = lost
        if not lost:
            del session.metadata[LOST_MESSAGES_KEY]
    return LoadedSession(session, problems, header_damaged=header_damaged)


def _apply_header(session: Session, header: dict[str, Any], line: int, problems: list[str]) -> None:
    stored_key = header.get("key")
    if stored_key is not None and stored_key != session.key:
        problems.append(f"line {line}: metadata names key {stored_key!r}")
    for name in ("created_at", "updated_at"):
        value = header.get(name)
        parsed = _parse_time(value)
        if parsed is not None:
            setattr(session, name, parsed)
        elif value is not None:
            problems.append(f"line {line}: metadata {name} {value!r} is not an ISO 8601 time")
    metadata = header.get("metadata", {})
    if isinstance(metadata, dict):
        session.metadata = metadata
    elif metadata is not None:
        problems.append(f"line {line}: metadata 'metadata' is a {type(metadata).__name__}")
    consolidated = header.get("last_consolidated", 0)
    if isinstance(consolidated, int) and not isinstance(consolidated, bool):
        session.last_consolidated = consolidated
    elif consolidated is not None:
        problems.append(f"line {line}: metadata last_consolidated {consolidated!r} is not int")


def read_session_file(path: Path, key: str) -> LoadedSession | None:
    """Parse the session file at ``path``; None when it does not exist.

    Raises:
        StoreError: naming ``path`` when it exists but cannot be read.
    """
    try:
        data = read_regular_file(path, limit=MAX_SESSION_FILE_BYTES, limit_name=_LIMIT_NAME)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError(f"cannot read session file {path}: {exc.strerror or exc}") from exc
    return parse_session(data, key)


def serialize_session(session: Session) -> bytes:
    """The file bytes for ``session``: metadata line, then one line per message.

    Raises:
        SessionError: naming the session and message when a value is not JSON.
    """
    header = {
        "_type": _METADATA_TYPE,
        "key": session.key,
        "created_at": session.created_at.isoformat(),
        "updated_at": session.updated_at.isoformat(),
        "metadata": session.metadata,
        "last_consolidated": session.last_consolidated,
    }
    lines: list[bytes] = []
    try:
        lines.append(json_line(header))
    except (TypeError, ValueError) as exc:
        raise SessionError(f"session {session.key!r}: metadata is not JSON: {exc}") from exc
    for index, message in enumerate(session.messages):
        try:
            lines.append(json_line(message))
        except (TypeError, ValueError) as exc:
            raise SessionError(
                f"session {session.key!r}: message {index} is not JSON: {exc}"
            ) from exc
    lines.append(b"")
    return b"\n".join(lines)


def json_line(value: Any) -> bytes:
    """``value`` as one line of UTF-8 JSON (no newline), readable by any JSON parser.

    Text with a lone surrogate (a half emoji from a broken ``\\ud83d`` escape in
    a model's answer, or terminal input decoded with ``surrogateescape``) has
    no UTF-8 form; that line is written with ASCII ``\\u`` escapes instead,
    which read back to the very same string.

    Raises:
        TypeError, ValueError: when ``value`` is not JSON-serialisable.
    """
    text = json.dumps(value, ensure_ascii=False)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, ensure_ascii=True).encode("ascii")


def _first_line(path: Path) -> tuple[bytes, int, bool]:
    """The first line, the number of lines after it, and whether the file is empty."""
    with open_regular_file(path) as handle:
        first = handle.readline()
        rest = 0
        last = first[-1:]
        while chunk := handle.read(_COUNT_CHUNK):
            rest += chunk.count(b"\n")
            last = chunk[-1:]
        if last and last != b"\n" and handle.tell() > len(first):
            rest += 1  # a final line without its newline still holds a message
        return first, rest, not first


def metadata_key(path: Path) -> str | None:
    """The ``key`` named by the file's metadata line, if it has a readable one."""
    try:
        with open_regular_file(path) as handle:
            record = loads_line(handle.readline().decode("utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(record, dict) and record.get("_type") == _METADATA_TYPE:
        key = record.get("key")
        return key if isinstance(key, str) and key else None
    return None


def read_summary(path: Path) -> SessionSummary | None:
    """Summarise a session file from its first line and a newline count.

    Messages are not parsed, so this stays fast for long sessions. The count is
    of lines after the metadata line (a damaged line counts as a message).
    Returns None when the file vanished or cannot be read.
    """
    try:
        first, rest, empty = _first_line(path)
        mtime = datetime.fromtimestamp(path.stat().st_mtime).isoformat()
    except OSError:
        return None
    header: object = None
    if not empty:
        try:
            header = loads_line(first.decode("utf-8"))
        except ValueError:
            header = None
    if not (isinstance(header, dict) and header.get("_type") == _METADATA_TYPE):
        # No metadata line: the first line is a message too.
        count = rest + (0 if empty else 1)
        return SessionSummary(_key_from_stem(path), mtime, mtime, count, path)
    key = header.get("key")
    if not isinstance(key, str) or not key:
        key = _key_from_stem(path)
    created = _parse_time(header.get("created_at"))
    updated = _parse_time(header.get("updated_at"))
    return SessionSummary(
        key,
        created.isoformat() if created else mtime,
        updated.isoformat() if updated else mtime,
        rest,
        path,
    )


def _key_from_stem(path: Path) -> str:
    decoded = decode_key(path.stem)
    if decoded is not None:
        return decoded
    # nanobot's older lossy names turned the first ':' into '_'.
    return path.stem.replace("_", ":", 1)


def file_signature(path: Path) -> tuple[int, int, int] | None:
    """Identity of the file's current version: inode, size, mtime in ns (None if absent).

    Saves replace the file by rename, so any write by anyone changes the inode.
    """
    try:
        stat = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError(f"cannot stat session file {path}: {exc.strerror or exc}") from exc
    return (stat.st_ino, stat.st_size, stat.st_mtime_ns)
