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
    if loaded is not None:
        offset = loaded.session.archived_offset
        live = loaded.session.messages
    else:
        offset, live = transcripts.next_index(key), []
    archived = transcripts.read(key, start, min(end, offset)) if start < offset else []
    current = live[max(start, offset) - offset : max(end, offset) - offset]
    messages = archived + [message.copy() for message in current]
    if len(messages) != end - start:
        raise StoreError(
            f"history entry {cursor} covers messages {start}-{end - 1} of session {key!r}, "
            f"but only {len(messages)} of those {end - start} are in "
            f"{transcripts.path_for(key)} and {session_path}"
        )
    return messages
