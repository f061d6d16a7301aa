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

from reverie._jsonline import decode_lenient, loads_line
from reverie.layout import MEMORY_DIR
from reverie.sessions.session import Session
from reverie.sessions.transcripts import TranscriptArchive

__all__ = ["RecoveredHeader", "recover_header"]

_HISTORY_NAME = "history.jsonl"


@dataclass(frozen=True)
class RecoveredHeader:
    """What :func:`recover_header` set on the session."""

    archived_offset: int
    last_consolidated: int
    from_cursor: int | None
    """The history entry the consolidation point came from (None: none found)."""


def _summarised_end(workspace: Path, key: str) -> tuple[int, int] | None:
    """``(end, cursor)`` of the furthest range of session ``key`` any history entry summarised.

    Read line by line, without the store's history log (a layer above
    sessions): only ``cursor`` and ``source`` matter, and a line that does not
    hold them is passed over.
    """
    best: tuple[int, int] | None = None
    try:
        handle = (workspace / MEMORY_DIR / _HISTORY_NAME).open("rb")
    except OSError:
        return None
    with handle:
        for raw in handle:
            if key.encode("utf-8") not in raw:
                continue  # most lines belong to other sessions: skip them unparsed
            try:
                record = loads_line(decode_lenient(raw)[0])
            except ValueError:
                continue
            source = record.get("source") if isinstance(record, dict) else None
            if not isinstance(source, dict) or source.get("session_key") != key:
                continue
            end, cursor = _count(source.get("end")), _count(record.get("cursor"))
            if end is not None and cursor is not None and (best is None or end > best[0]):
                best = (end, cursor)
    return best


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


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
