"""The end of a Dream run: commit what it did, or put the files back as they were.

A completed run the guards accept is committed (cursor moved, commit message
from the real diff) and the history compacted; anything else is rolled back
from the run journal. A failed rollback leaves the journal, so the next run
finishes the undo before anything else.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from reverie._logging import get_logger
from reverie.dream.change_guards import ChangeGuards
from reverie.dream.journal import PendingCommit, RunJournal
from reverie.dream.loop import LoopOutcome
from reverie.dream.result import DreamResult
from reverie.dream.versioning import CursorNotRecorded, commit_run
from reverie.errors import ReverieError
from reverie.store.memory_store import MemoryStore

__all__ = ["compact_history", "roll_back", "settle"]

_log = get_logger("dream")


def settle(
    store: MemoryStore,
    guards: ChangeGuards,
    model: str,
    result: DreamResult,
    outcome: LoopOutcome,
    journal: RunJournal,
) -> DreamResult:
    """Commit a completed run, or roll it back; the journal goes either way."""
    if not outcome.completed:
        return replace(result, unrestored=roll_back(journal))
    changed = journal.changes()
    before = {path: old for path, (old, _) in changed.items()}
    after = {path: new for path, (_, new) in changed.items()}
    now = datetime.now(UTC)
    reason = guards.objection(before, after, now)
    if reason is not None:
        _log.warning("Dream %s", reason)
        unrestored = roll_back(journal)
        return replace(result, status="rejected", reason=reason, unrestored=unrestored)
    assert result.cursor_from is not None and result.cursor_to is not None
    pending = PendingCommit(result.cursor_from, result.cursor_to, model)
    try:
        sha = commit_run(store, pending, changed, journal)
    except CursorNotRecorded as exc:
        if exc.sha is None:
            return _commit_failed(result, journal, exc)
        _remember_deletions(guards, before, after, now)
        # The edits are committed; the journal still names the commit, so the
        # next run moves the cursor instead of dreaming the entries again.
        _log.error("Dream committed %s but could not move its cursor: %s", exc.sha[:8], exc)
        return replace(
            result,
            reason=f"could not move the Dream cursor: {exc}",
            commit=exc.sha,
            changed_files=tuple(changed),
        )
    except Exception as exc:
        return _commit_failed(result, journal, exc)
    _remember_deletions(guards, before, after, now)
    try:
        journal.finish()
    except ReverieError as exc:  # the run is committed; the next run removes the journal
        _log.warning("could not remove the Dream journal: %s", exc)
    compact_history(store)
    return replace(
        result,
        status="completed",
        reason=outcome.reason,
        commit=sha,
        changed_files=tuple(changed),
    )


def roll_back(journal: RunJournal) -> tuple[str, ...]:
    """Undo the run's edits; return the files that could not be put back.

    When undoing fails (a full disk), the journal stays so the next run
    finishes the undo before anything else.
    """
    try:
        report = journal.undo()
        journal.finish()
    except ReverieError as exc:
        left = tuple(journal.dream_versions())
        _log.error("Dream could not undo its edits to %s: %s", ", ".join(left), exc)
        return left
    if report.restored:
        _log.info("Dream rolled back %s", ", ".join(report.restored))
    return ()


def compact_history(store: MemoryStore) -> None:
    """Compact the history log after a Dream commit; a failure is only a warning."""
    try:
        store.compact_history()
    except ReverieError as exc:
        _log.warning("history compaction after Dream failed: %s", exc)


def _remember_deletions(
    guards: ChangeGuards,
    before: dict[str, str | None],
    after: dict[str, str | None],
    now: datetime,
) -> None:
    try:
        guards.remember(before, after, now)
    except ReverieError as exc:  # the run is committed; the window only forgets it
        _log.warning("could not record the run in the deletion window: %s", exc)


def _commit_failed(result: DreamResult, journal: RunJournal, exc: Exception) -> DreamResult:
    """The commit did not land and the cursor did not move: undo the edits."""
    # A store error says all there is to say; anything else is a bug worth its traceback.
    unexpected = not isinstance(exc, ReverieError)
    _log.error("Dream could not commit its run (%s); rolling back", exc, exc_info=unexpected)
    reason = f"commit failed: {type(exc).__name__}: {exc}"
    unrestored = roll_back(journal)
    return replace(result, reason=reason, unrestored=unrestored)
