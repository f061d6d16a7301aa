"""Crash safety of one archive step: a chunk is recorded in history exactly once.

Archiving a chunk takes two writes to two files: the history entry (appended to
``memory/history.jsonl``), then the session with its advanced
``last_consolidated``. A crash between them (kill -9, power loss) would leave
the chunk unconsolidated on disk, and the next check would summarise it again:
two entries for the same messages.

So before the model is asked, the session is saved with an *intent*:
``metadata["_archiving"] = {"start", "end", "after"}``, the chunk in absolute
message indexes and the newest history cursor at that moment. The step's own
save removes it. If a later check finds it still there, the step was
interrupted: an entry of this session after cursor ``after`` whose ``source``
is exactly that chunk means the archive did land, and the chunk is marked
consolidated without asking the model again; no such entry means it did not,
and the chunk is archived as usual. nanobot keeps unknown metadata keys as they
are, so the marker survives a round trip through it.
"""

from __future__ import annotations

from reverie._logging import get_logger
from reverie.sessions.session import Session
from reverie.store.memory_store import MemoryStore
from reverie.store.records import HistorySource

__all__ = ["PENDING_KEY", "clear_pending", "mark_pending", "recover_pending"]

PENDING_KEY = "_archiving"
"""Session metadata key of an archive step that has not been saved as done."""

_log = get_logger("consolidation")


def mark_pending(store: MemoryStore, session: Session, start: int, end: int) -> HistorySource:
    """Record that ``messages[start:end]`` is about to be archived (the caller saves).

    Returns:
        The chunk's ``source`` (absolute indexes).
    """
    bounds = session.source_range(start, end)
    source = HistorySource(session.key, bounds["start"], bounds["end"])
    session.metadata[PENDING_KEY] = {
        "start": source.start,
        "end": source.end,
        "after": store.get_latest_cursor(),
    }
    return source


def clear_pending(session: Session) -> None:
    """Forget the intent: the step is done (the caller saves)."""
    session.metadata.pop(PENDING_KEY, None)


def _count(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


def recover_pending(store: MemoryStore, session: Session) -> bool:
    """Finish an archive step a crash interrupted, if there is one.

    Returns:
        True when the session changed (the intent was removed, and the chunk
        marked consolidated when its entry is in history); the caller saves.
    """
    marker = session.metadata.pop(PENDING_KEY, None)
    if marker is None:
        return False
    fields = marker if isinstance(marker, dict) else {}
    start, end, after = (_count(fields.get(name)) for name in ("start", "end", "after"))
    if start is None or end is None or after is None or end <= start:
        _log.warning(
            "session %r: metadata.%s is %r, not an archive step; ignored",
            session.key,
            PENDING_KEY,
            marker,
        )
        return True
    chunk = HistorySource(session.key, start, end)
    for entry in store.history.read_since(after):
        if entry.session_key == session.key and entry.source == chunk:
            local_end = session.count_before(end)
            if session.consolidated_count() < local_end <= len(session.messages):
                session.last_consolidated = local_end
                _log.info(
                    "session %r: messages %d-%d were archived as history entry %d before "
                    "an interruption; marked consolidated without summarising them again",
                    session.key,
                    start,
                    end - 1,
                    entry.cursor,
                )
            break
    return True
