"""AutoCompact: archive sessions nobody has used for a while.

A session idle for longer than the TTL is handed to
:meth:`Consolidator.compact_idle_session`: its older turns are summarised into
history, move to the transcript archive and leave the session file; its last
few turns stay replayable, and the summary opens the next prompt once.

Call :meth:`AutoCompact.check_expired` from a loop (a timer, or before each
turn). It only *schedules* work, through the callback it is given::

    scheduled = autocompact.check_expired(asyncio.create_task, active_session_keys={"cli:me"})

The callback receives a **coroutine object** and must run it to completion
(``asyncio.create_task``, a task group's ``create_task``, or ``await`` it). A
session stays marked as compacting until that coroutine finishes, so a
dropped coroutine blocks that session's compaction for the life of this object.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Coroutine
from datetime import datetime, timedelta
from typing import Any

from reverie._logging import OnceWarner, get_logger
from reverie.consolidation.consolidator import Consolidator
from reverie.errors import ReverieError, UserError
from reverie.sessions.manager import SessionManager

__all__ = ["AutoCompact", "ScheduleBackground"]

ScheduleBackground = Callable[[Coroutine[Any, Any, None]], Any]
"""Receives the compaction coroutine and runs it (e.g. ``asyncio.create_task``)."""

_log = get_logger("autocompact")
_INTERNAL_PREFIX = "dream:"


class AutoCompact:
    """Compacts sessions idle past ``session_ttl_minutes`` (0 or less: off).

    Args:
        sessions: The session manager (its ``list_sessions`` gives idle times).
        consolidator: Does the compaction; its per-session locks tell which
            sessions are busy.
        session_ttl_minutes: Idle minutes (by ``updated_at``) before a session
            is compacted.
        max_suffix: Messages kept replayable (extended back to a user turn).
        clock: Returns "now" as a naive local time (tests pass a fake).
    """

    def __init__(
        self,
        sessions: SessionManager,
        consolidator: Consolidator,
        session_ttl_minutes: float,
        *,
        max_suffix: int = 8,
        clock: Callable[[], datetime] = datetime.now,
    ) -> None:
        if isinstance(session_ttl_minutes, bool) or not isinstance(
            session_ttl_minutes, int | float
        ):
            raise UserError(
                f"session_ttl_minutes must be a number of minutes, got {session_ttl_minutes!r}"
            )
        if isinstance(max_suffix, bool) or not isinstance(max_suffix, int) or max_suffix < 0:
            raise UserError(f"max_suffix must be an integer >= 0, got {max_suffix!r}")
        self.sessions = sessions
        self.consolidator = consolidator
        self.session_ttl_minutes = session_ttl_minutes
        self.max_suffix = max_suffix
        self._clock = clock
        self._running: set[str] = set()
        # updated_at of the activity each session was last compacted for: an idle
        # session is compacted once per stretch of idleness, not at every check.
        self._done: dict[str, str] = {}
        self._warner = OnceWarner(_log)

    @property
    def enabled(self) -> bool:
        """False when the TTL is 0 or less."""
        return self.session_ttl_minutes > 0

    def is_running(self, session_key: str) -> bool:
        """True while a compaction of ``session_key`` is scheduled or running."""
        return session_key in self._running

    def check_expired(
        self,
        schedule_background: ScheduleBackground,
        active_session_keys: Collection[str] = (),
    ) -> list[str]:
        """Schedule the compaction of every session idle past the TTL.

        Skipped: ``dream:*`` sessions, sessions in ``active_session_keys``,
        sessions whose consolidator lock is held, sessions already being
        compacted, and sessions compacted since their last activity.

        Args:
            schedule_background: Runs the coroutine it is given (see the module
                docstring).
            active_session_keys: Sessions in the middle of a turn.

        Returns:
            The keys scheduled now.
        """
        if not self.enabled:
            return []
        cutoff = self._clock() - timedelta(minutes=self.session_ttl_minutes)
        active = set(active_session_keys)
        scheduled: list[str] = []
        for info in self.sessions.list_sessions():
            key = info.get("key")
            updated = info.get("updated_at")
            if not isinstance(key, str) or not isinstance(updated, str):
                continue
            if key.startswith(_INTERNAL_PREFIX) or key in active or key in self._running:
                continue
            if self._done.get(key) == updated or not info.get("message_count"):
                continue
            if not self._idle_since(key, updated, cutoff):
                continue
            if self.consolidator.get_lock(key).locked():
                continue  # a turn or a consolidation is using it right now
            self._running.add(key)
            try:
                schedule_background(self._compact(key, updated))
            except BaseException:
                self._running.discard(key)
                raise
            scheduled.append(key)
        return scheduled

    def _idle_since(self, key: str, updated: str, cutoff: datetime) -> bool:
        try:
            return _parse(updated) <= cutoff
        except ValueError:
            self._warner.warn(f"time:{key}", "session %r: updated_at %r unreadable", key, updated)
            return False

    async def _compact(self, key: str, updated: str) -> None:
        try:
            if self.sessions.get_or_create(key).updated_at > _parse(updated):
                return  # the session woke up after it was scheduled
            summary = await self.consolidator.compact_idle_session(key, self.max_suffix)
            self._done[key] = updated
            _log.info(
                "auto-compacted idle session %r (%s)",
                key,
                "raw fallback"
                if summary is None
                else "nothing to archive"
                if not summary
                else "ok",
            )
        except ReverieError as exc:
            self._warner.warn(
                f"failed:{type(exc).__name__}", "auto-compact of %r failed: %s", key, exc
            )
        finally:
            self._running.discard(key)


def _parse(value: str) -> datetime:
    """A naive local time from ISO 8601 (aware times are converted)."""
    stamp = datetime.fromisoformat(value)
    if stamp.tzinfo is not None:
        stamp = stamp.astimezone().replace(tzinfo=None)
    return stamp
