"""The budget check's rounds, and the one crash-safe archive step every path takes.

:func:`consolidate` is what :meth:`Consolidator.maybe_consolidate_by_tokens`
does under the session lock: finish an interrupted step, archive what a short
replay would lose, then archive the oldest chunks, up to
:data:`MAX_ROUNDS` times, until the prompt estimate is at most the target.
:func:`archive_step` archives one chunk (idle compaction uses it too): the
pending marker first (:mod:`reverie.consolidation.pending`), then the summary
(or the raw messages), then ``last_consolidated``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from reverie._logging import get_logger
from reverie.consolidation.archive_prompt import build_archive_messages
from reverie.consolidation.pending import clear_pending, mark_pending, recover_pending
from reverie.consolidation.planner import largest_fitting_cut, pick_replay_cut, split_chunk
from reverie.consolidation.summary import archive_raw, remember_summary
from reverie.sessions.session import Session
from reverie.tokens import estimate_message_tokens

if TYPE_CHECKING:
    from reverie.consolidation.consolidator import Consolidator

__all__ = ["MAX_ROUNDS", "archive_step", "consolidate", "message_tokens"]

MAX_ROUNDS = 5
"""Archive calls per check at most; a session far over budget finishes on later turns."""

_log = get_logger("consolidation")

Estimate = Callable[[Session], tuple[int, str]]
"""The session's prompt tokens and the counter used."""
Count = Callable[[Sequence[Mapping[str, Any]]], int]
"""Tokens of a tool-less request."""


def message_tokens(message: Mapping[str, Any]) -> int:
    """Tokens of one stored message, as chunk sizes are counted."""
    return estimate_message_tokens(message)


async def consolidate(
    consolidator: Consolidator,
    session: Session,
    replay_max_messages: int | None,
    *,
    estimate: Estimate,
    count: Count,
) -> None:
    """Archive the oldest turns while ``session``'s prompt is over budget (lock held)."""
    if recover_pending(consolidator.store, session):
        consolidator.sessions.save(session)
    if not session.messages:
        return
    if replay_max_messages is not None:
        start = session.consolidated_count()
        cut = pick_replay_cut(session.messages, start, replay_max_messages)
        if cut is not None and cut > start and not await _archive_range(consolidator, session, cut):
            return
    tokens, _ = estimate(session)
    if tokens < consolidator.budget:
        return
    target = consolidator.target
    for _ in range(MAX_ROUNDS):
        if tokens <= target:
            return
        boundary = consolidator.pick_consolidation_boundary(session, tokens - target)
        if boundary is None:
            _log.debug("session %r: %d tokens, no turn left to archive", session.key, tokens)
            return
        end = _fitting_end(session, boundary[0], consolidator.request_limit, count)
        healthy = await _archive_range(consolidator, session, end)
        tokens, _ = estimate(session)
        if not healthy:
            return


async def archive_step(
    consolidator: Consolidator, session: Session, cut: int, *, ask_model: bool = True
) -> str | None:
    """Archive ``messages[last_consolidated:cut]`` as one history entry and save.

    Args:
        consolidator: Supplies the store, the session manager and the archive call.
        session: The session (the caller holds its lock).
        cut: The end of the chunk (an absolute index into ``session.messages``).
        ask_model: False stores the chunk verbatim without asking the model.

    Returns:
        The summary; None when the chunk was stored verbatim.
    """
    sessions = consolidator.sessions
    first = session.consolidated_count()
    source = mark_pending(consolidator.store, session, first, cut)
    sessions.save(session)  # a crash from here on cannot archive the chunk twice
    chunk = session.messages[first:cut]
    if ask_model:
        summary = await consolidator.archive(chunk, session_key=session.key, source=source)
    else:
        archive_raw(consolidator.store, chunk, session_key=session.key, source=source)
        summary = None
    clear_pending(session)
    session.last_consolidated = cut
    remember_summary(session, summary)
    sessions.save(session)
    return summary


def _fitting_end(session: Session, end: int, limit: int | None, count: Count) -> int:
    """``end``, or an earlier user-turn cut when that chunk does not fit one request.

    The chunk the contract picks is kept whenever its archive request fits
    the model's window (less the answer's room). Only a session far over its
    budget (a backlog, a switch to a smaller model) needs a smaller chunk;
    the rest of the backlog goes in the next rounds. A single turn too big
    for a request is left to :meth:`Consolidator.archive`, which shortens its copy.
    """
    if limit is None:
        return end
    start = session.consolidated_count()

    def fits(cut: int) -> bool:
        request = build_archive_messages(session.messages[start:cut])
        return count(request) <= limit

    if fits(end):
        return end
    return largest_fitting_cut(session.messages, start, end, fits)


async def _archive_range(consolidator: Consolidator, session: Session, end: int) -> bool:
    """Archive ``messages[last_consolidated:end]``; False when it fell back to raw.

    The range goes to history in bounded chunks (a day of conversation or
    :data:`~reverie.consolidation.planner.MAX_CHUNK_TOKENS`), one entry each,
    so every entry names a small span of messages. Once the model fails,
    the rest of the range is stored verbatim without asking it again.
    """
    start = session.consolidated_count()
    cuts = split_chunk(session.messages, start, end, message_tokens, day_of=_day_of)
    healthy = True
    for cut in cuts:
        summary = await archive_step(consolidator, session, cut, ask_model=healthy)
        healthy = healthy and summary is not None
    return healthy


def _day_of(message: Mapping[str, Any]) -> str | None:
    stamp = message.get("timestamp")
    return stamp[:10] if isinstance(stamp, str) and len(stamp) >= 10 else None
