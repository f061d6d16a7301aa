"""Idle compaction: a session nobody talks to is summarised and its file shrinks.

Unlike the budget check, which only marks turns consolidated, this moves the
archived messages out of the session file (into the transcript archive first),
keeping a short replayable suffix and the summary for the next prompt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reverie.consolidation.pending import recover_pending
from reverie.consolidation.rounds import archive_step

if TYPE_CHECKING:
    from reverie.consolidation.consolidator import Consolidator

__all__ = ["compact_idle"]


async def compact_idle(consolidator: Consolidator, session_key: str, max_suffix: int) -> str | None:
    """Archive the session's idle tail; see :meth:`Consolidator.compact_idle_session`.

    Args:
        consolidator: Supplies the session lock, the session manager and the archive call.
        session_key: The session to compact.
        max_suffix: Messages kept replayable (extended back to a user turn).

    Returns:
        The summary; ``""`` when there was nothing to archive; None when the
        model failed and the messages were stored verbatim instead.
    """
    sessions = consolidator.sessions
    async with consolidator.get_lock(session_key):
        session = sessions.get_or_create(session_key)
        if recover_pending(consolidator.store, session):
            sessions.save(session)
        start = session.consolidated_count()
        cut = session.suffix_start(max_suffix)
        if cut <= start:
            if cut > 0:  # already summarised: only the file shrinks
                sessions.archive_and_drop(session, cut, reason="compact")
            return ""
        summary = await archive_step(consolidator, session, cut)
        sessions.archive_and_drop(session, cut, reason="compact")
        return summary
