"""Expand a history entry back to the exact messages it was written from.

Entries the Consolidator writes carry ``source = {"session_key", "start",
"end"}``: the range ``[start, end)`` of the session's *absolute* message indexes
(see :mod:`reverie.sessions.session`). Messages that have left the session
file are in the transcript archive (:mod:`reverie.sessions.transcripts`); the rest
are still in ``sessions/<key>.jsonl``. This module reads both, from disk.
"""

from __future__ import annotations

from pathlib import Path

from reverie.errors import StoreError, UserError
from reverie.messages import Message
from reverie.sessions.jsonl_store import read_session_file
from reverie.sessions.keys import session_filename
from reverie.sessions.ranges import read_message_range
from reverie.sessions.session import Session
from reverie.sessions.transcripts import TranscriptArchive
from reverie.store.history import HistoryLog
from reverie.store.records import HistoryEntry, HistorySource

__all__ = ["entry_source", "expand_history_entry", "find_entry"]


def find_entry(history: HistoryLog, cursor: int) -> HistoryEntry:
    """The entry with ``cursor``.

    Raises:
        UserError: when ``cursor`` is not a positive integer or no entry has it.
    """
    if isinstance(cursor, bool) or not isinstance(cursor, int) or cursor < 1:
        raise UserError(f"a history cursor is an integer >= 1, got {cursor!r}")
    found = history.read_since(cursor - 1, limit=1)
    if not found or found[0].cursor != cursor:
        raise UserError(f"{history.path} has no entry with cursor {cursor}")
    return found[0]


def entry_source(entry: HistoryEntry) -> HistorySource:
    """The messages an entry was written from.

    Raises:
        UserError: when the entry records no source (nanobot wrote it, or it
            came from a legacy HISTORY.md): its text is all there is.
    """
    if entry.source is None:
        raise UserError(
            f"history entry {entry.cursor} records no source messages; "
            "its text is all that was kept"
        )
    return entry.source


def expand_history_entry(history: HistoryLog, workspace: Path, cursor: int) -> list[Message]:
    """The messages behind history entry ``cursor``, as stored (``timestamp`` included).

    Raises:
        UserError: no such entry, or it records no source.
        StoreError: some of its messages are in neither the transcript archive
            nor the session file (both are named).
    """
    source = entry_source(find_entry(history, cursor))
    key, start, end = source.session_key, source.start, source.end
    session_path = workspace / "sessions" / session_filename(key)
    transcripts = TranscriptArchive(workspace)
    loaded = read_session_file(session_path, key)
    session = loaded.session if loaded is not None else Session(key)
    if loaded is None or loaded.header_damaged:
        # No file, or its metadata line is lost: the archive knows where the file began.
        session.archived_offset = transcripts.next_index(key)
    try:
        return read_message_range(session, transcripts, start, end)
    except StoreError as exc:
        raise StoreError(f"history entry {cursor}: {exc} ({session_path})") from None
