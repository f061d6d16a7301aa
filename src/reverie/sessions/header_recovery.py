"""Rebuild what a damaged metadata line held from the records that outlive it.

A session file's first line holds ``last_consolidated`` and ``archived_offset``.
Read as zeros, a damaged first line would make the whole session look
unsummarised (and be summarised again) and give its messages indexes that
other messages already had. Both facts are also kept elsewhere: the transcript
archive knows the highest index that left the file, and the history log's
entries name the message ranges they summarised (``source``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reverie.sessions.session import Session
from reverie.store.history import HistoryLog
from reverie.store.transcripts import TranscriptArchive

__all__ = ["RecoveredHeader", "recover_header"]


@dataclass(frozen=True)
class RecoveredHeader:
    """What :func:`recover_header` set on the session."""

    archived_offset: int
    last_consolidated: int
    from_cursor: int | None
    """The history entry the consolidation point came from (None: none found)."""


def _summarised_end(workspace: Path, key: str) -> tuple[int, int] | None:
    """``(end, cursor)`` of the furthest range of session ``key`` any history entry summarised."""
    best: tuple[int, int] | None = None
    for entry in HistoryLog(workspace / "memory").read_since(0):
        source = entry.source or {}
        end = source.get("end")
        if source.get("session_key") != key or isinstance(end, bool) or not isinstance(end, int):
            continue
        if best is None or end > best[0]:
            best = (end, entry.cursor)
    return best


def recover_header(
    session: Session, workspace: Path, transcripts: TranscriptArchive
) -> RecoveredHeader:
    """Set ``archived_offset`` and ``last_consolidated`` of a session whose header was lost."""
    offset = transcripts.next_index(session.key)
    session.archived_offset = offset
    found = _summarised_end(workspace, session.key)
    consolidated = 0
    if found is not None:
        consolidated = max(0, min(found[0] - offset, len(session.messages)))
    session.last_consolidated = consolidated
    return RecoveredHeader(offset, consolidated, found[1] if found else None)
