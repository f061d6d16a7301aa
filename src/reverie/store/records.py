"""History records: one JSON object per line of ``memory/history.jsonl``.

A line is parsed once, here, into a frozen :class:`HistoryEntry` (its
``source``, when reverie wrote one, into a :class:`HistorySource`); everything
past this edge works with typed records. A line that is not a valid record is
classified by :class:`Reject` so the store can warn once per kind of damage
instead of once per line.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from reverie._jsonline import JsonTooDeep, loads_line
from reverie.errors import UserError

__all__ = ["HistoryEntry", "HistorySource", "Reject", "entry_from_dict", "parse_history_line"]


def _index(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


@dataclass(frozen=True, slots=True)
class HistorySource:
    """The messages a history entry was written from: ``messages[start:end]`` of a session.

    ``start`` and ``end`` are the session's absolute message indexes (they do
    not move when old messages leave the session file for the transcript
    archive), ``end`` exclusive. Stored as ``{"session_key", "start", "end"}``.
    """

    session_key: str
    """The session the messages belong to."""
    start: int
    """Absolute index of the first message."""
    end: int
    """Absolute index one past the last message."""

    def __post_init__(self) -> None:
        if not isinstance(self.session_key, str) or not self.session_key:
            raise UserError(f"history source session_key must be a non-empty string: {self!r}")
        if _index(self.start) is None or _index(self.end) is None or self.end < self.start:
            raise UserError(
                f"history source start and end must be indexes >= 0 with start <= end: {self!r}"
            )

    def to_dict(self) -> dict[str, Any]:
        """The source as stored in a history line."""
        return {"session_key": self.session_key, "start": self.start, "end": self.end}

    @classmethod
    def parse(cls, value: object) -> HistorySource | None:
        """The source a stored value describes; None for any other shape.

        A shape reverie did not write (missing fields, text for numbers, an
        end before the start) reads as no source: the entry's text is kept and
        only the link back to its messages is unknown.
        """
        if not isinstance(value, dict):
            return None
        key = value.get("session_key")
        start, end = _index(value.get("start")), _index(value.get("end"))
        if not isinstance(key, str) or not key or start is None or end is None or end < start:
            return None
        return cls(key, start, end)

    @classmethod
    def coerce(cls, value: HistorySource | Mapping[str, Any] | None) -> HistorySource | None:
        """``value`` as a source, for callers that pass the stored dict form.

        Raises:
            UserError: ``value`` is not ``{"session_key", "start", "end"}`` with
                a non-empty key and indexes ``0 <= start <= end`` (names it).
        """
        if value is None or isinstance(value, HistorySource):
            return value
        parsed = cls.parse(dict(value)) if isinstance(value, Mapping) else None
        if parsed is None:
            raise UserError(
                'a history source is {"session_key": str, "start": int, "end": int} '
                f"with 0 <= start <= end, got {value!r}"
            )
        return parsed


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One archived summary (or raw dump) in the history log.

    The line format is nanobot's, so workspaces written by either tool read alike::

        {"cursor": 42, "timestamp": "2026-04-03 00:02", "content": "...", "session_key": "cli:a"}
    """

    cursor: int
    """Position in the log: a positive integer, strictly increasing line after line."""
    timestamp: str
    """When the entry was written, ``YYYY-MM-DD HH:MM`` local time."""
    content: str
    """The archived text."""
    session_key: str | None = None
    """The session the entry came from (``channel:chat_id``); None when unknown."""
    source: HistorySource | None = None
    """The messages the text was written from; nanobot neither writes nor reads it."""

    def to_dict(self) -> dict[str, Any]:
        """The record as stored: optional keys appear only when set."""
        record: dict[str, Any] = {
            "cursor": self.cursor,
            "timestamp": self.timestamp,
            "content": self.content,
        }
        if self.session_key is not None:
            record["session_key"] = self.session_key
        if self.source is not None:
            record["source"] = self.source.to_dict()
        return record

    def to_json_line(self) -> str:
        """The record as one line of JSON, newline included (JSON escapes inner newlines)."""
        return json.dumps(self.to_dict(), ensure_ascii=False) + "\n"


class Reject(enum.Enum):
    """Why a history line is not a valid record; the value is the warning text."""

    MALFORMED_JSON = "malformed JSON"
    TOO_DEEP = "JSON nested too deeply"
    NOT_AN_OBJECT = "a JSON value that is not an object"
    MISSING_CURSOR = "no cursor"
    BOOL_CURSOR = "a boolean cursor"
    NON_POSITIVE_CURSOR = "a cursor below 1"
    NON_INTEGER_CURSOR = "a non-integer cursor"
    BAD_TIMESTAMP = "a missing or non-string timestamp"
    BAD_CONTENT = "a missing or non-string content"
    BAD_SESSION_KEY = "a non-string session_key"


def parse_history_line(line: bytes | str) -> HistoryEntry | Reject | None:
    """Parse one line (with or without its newline).

    Returns:
        The record; a :class:`Reject` naming what is wrong with it; or None for a
        blank line, which holds nothing to lose and is not worth a warning.
    """
    if not line.strip():
        return None
    try:
        data = loads_line(line)
    except JsonTooDeep:
        return Reject.TOO_DEEP
    except ValueError:  # JSONDecodeError and UnicodeDecodeError alike
        return Reject.MALFORMED_JSON
    if not isinstance(data, dict):
        return Reject.NOT_AN_OBJECT
    return entry_from_dict(data)


def entry_from_dict(data: dict[str, Any]) -> HistoryEntry | Reject:
    """Validate a decoded record; see :func:`parse_history_line`."""
    if "cursor" not in data:
        return Reject.MISSING_CURSOR
    cursor = data["cursor"]
    if isinstance(cursor, bool):
        return Reject.BOOL_CURSOR
    if not isinstance(cursor, int):
        return Reject.NON_INTEGER_CURSOR
    if cursor < 1:
        return Reject.NON_POSITIVE_CURSOR
    timestamp = data.get("timestamp")
    if not isinstance(timestamp, str):
        return Reject.BAD_TIMESTAMP
    content = data.get("content")
    if not isinstance(content, str):
        return Reject.BAD_CONTENT
    session_key = data.get("session_key")
    if session_key is not None and not isinstance(session_key, str):
        return Reject.BAD_SESSION_KEY
    # ``source`` is reverie's own annotation: a foreign shape is dropped, the entry kept.
    return HistoryEntry(
        cursor=cursor,
        timestamp=timestamp,
        content=content,
        session_key=session_key,
        source=HistorySource.parse(data.get("source")),
    )
