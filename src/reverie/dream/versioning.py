"""How a Dream run meets the memory repository: before the run, and at its commit.

- :func:`prepare_repository` runs first: it creates the repository when there
  is none, makes the missing commit of a run that died after completing, and
  commits edits made outside Dream, so the next Dream commit holds only what
  Dream changed.
- :func:`commit_run` moves the Dream cursor and commits a completed run. The
  journal hears of the commit before the cursor moves: a process that dies
  after that point left a completed run, which the next run commits.
"""

from __future__ import annotations

from pathlib import Path

from reverie.dream.commit_message import CURSORS_TRAILER, build_commit_message
from reverie.dream.journal import PendingCommit, RunJournal
from reverie.layout import TRACKED_FILES
from reverie.store.git import parse_trailers
from reverie.store.memory_store import MemoryStore

__all__ = ["MANUAL_EDITS_MESSAGE", "Changes", "commit_run", "prepare_repository"]

Changes = dict[str, tuple[str | None, str | None]]
"""``{path: (before the run, now)}`` for each file a run changed."""

MANUAL_EDITS_MESSAGE = "Save memory edits made outside Dream"


def commit_run(
    store: MemoryStore, pending: PendingCommit, changed: Changes, journal: RunJournal
) -> str | None:
    """Advance the cursor to the batch's end and commit; on failure put it back and re-raise.

    Returns:
        The new commit's sha; None without a repository.
    """
    previous = store.get_last_dream_cursor()
    journal.mark_committing(pending)
    store.set_last_dream_cursor(pending.cursor_to)
    try:
        return _commit_tree(store, pending, changed)
    except BaseException:
        store.set_last_dream_cursor(previous)
        raise


def prepare_repository(
    store: MemoryStore, journal_file: Path, pending: PendingCommit | None
) -> bool:
    """Get the repository ready for a run; True when a dead run's commit was finished.

    Args:
        store: The workspace's store.
        journal_file: Where a dead run's journal is (used when ``pending`` is set).
        pending: The commit a run that died after completing still owes.
    """
    git = store.git
    if not git.is_initialized():
        git.init()
    finished = False
    if pending is not None:
        journal = RunJournal.load(store.workspace, journal_file)
        head = git.log(1) if git.is_initialized() else []
        span = f"{pending.cursor_from}-{pending.cursor_to}"
        if not (head and parse_trailers(head[0].message).get(CURSORS_TRAILER) == span):
            _commit_tree(store, pending, journal.changes() if journal is not None else {})
        if journal is not None:
            journal.finish()
        finished = True
    if git.is_initialized():
        git.auto_commit(MANUAL_EDITS_MESSAGE)
    return finished


def _commit_tree(store: MemoryStore, pending: PendingCommit, changed: Changes) -> str | None:
    git = store.git
    if not git.is_initialized():
        return None
    message = build_commit_message(
        git.diff_working_tree(),
        cursor_from=pending.cursor_from,
        cursor_to=pending.cursor_to,
        model=pending.model,
        unversioned={p: c for p, c in changed.items() if p not in TRACKED_FILES},
    )
    return git.auto_commit(message)
