"""When the words behind a history entry were said, as opposed to when the entry was written.

An entry's ``timestamp`` is the moment it was written: for a live chat that is
just after the conversation, but for an import it is the import, possibly years
later. The messages an entry covers (its ``source``) keep their own
timestamps, so the conversation's time can be read back even for entries
written before entries recorded it. Each session file and transcript is read at
most once per call, whatever the number of entries.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from reverie.errors import ReverieError
from reverie.layout import SESSIONS_DIR
from reverie.sessions.jsonl_store import read_session_file
from reverie.sessions.keys import session_filename
from reverie.sessions.transcripts import TranscriptArchive
from reverie.store.memory_store import MemoryStore
from reverie.store.records import HistoryEntry

__all__ = ["SaidAt", "said_at"]


@dataclass(frozen=True)
class SaidAt:
    """The time span of an entry's messages (naive local times)."""

    first: datetime
    last: datetime

    def as_dict(self) -> dict[str, str]:
        """ISO 8601 times, for JSON."""
        return {"first": self.first.isoformat(), "last": self.last.isoformat()}

    def label(self) -> str:
        """``2026-03-02 09:14``, or ``2026-03-02 09:14 → 03-04`` when it spans days."""
        text = self.first.strftime("%Y-%m-%d %H:%M")
        if self.last.date() != self.first.date():
            same_year = self.last.year == self.first.year
            text += " → " + self.last.strftime("%m-%d" if same_year else "%Y-%m-%d")
        return text


def said_at(store: MemoryStore, entries: Iterable[HistoryEntry]) -> dict[int, SaidAt]:
    """For each entry whose first and last messages carry a timestamp: when they were said.

    Entries naming no messages (nanobot's, legacy ones) and messages that can no
    longer be read are left out: the entry's own timestamp is all there is.

    Returns:
        ``{cursor: SaidAt}``.
    """
    wanted: dict[str, list[tuple[int, int, int]]] = {}
    for entry in entries:
        source = entry.source
        if source is not None and source.end > source.start:
            wanted.setdefault(source.session_key, []).append(
                (entry.cursor, source.start, source.end - 1)
            )
    found: dict[int, SaidAt] = {}
    for key, ranges in wanted.items():
        indexes = {index for _, first, last in ranges for index in (first, last)}
        try:
            stamps = _message_times(store, key, indexes)
        except ReverieError:
            continue  # an unreadable file: the entries keep their own timestamps
        for cursor, first, last in ranges:
            if first in stamps and last in stamps:
                found[cursor] = SaidAt(stamps[first], stamps[last])
    return found


def _message_times(store: MemoryStore, key: str, indexes: set[int]) -> dict[int, datetime]:
    """The timestamps of the messages at absolute ``indexes`` of session ``key``."""
    workspace = store.workspace
    loaded = read_session_file(workspace / SESSIONS_DIR / session_filename(key), key)
    times: dict[int, datetime] = {}
    offset = 0
    if loaded is not None:
        session = loaded.session
        offset = session.archived_offset
        damaged = bool(session.lost_indexes)  # lost lines keep their places
        for position, message in enumerate(session.messages):
            index = session.absolute_index(position) if damaged else offset + position
            if index in indexes:
                _add(times, index, message)
    if any(index < offset or loaded is None for index in indexes):
        for record in TranscriptArchive(workspace).iter(key):
            if record.index in indexes and record.index not in times:
                _add(times, record.index, record.message)
    return times


def _add(times: dict[int, datetime], index: int, message: Mapping[str, Any]) -> None:
    stamp = message.get("timestamp")
    if not isinstance(stamp, str) or not stamp:
        return
    try:
        parsed = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return
    times[index] = parsed.astimezone().replace(tzinfo=None) if parsed.tzinfo else parsed
