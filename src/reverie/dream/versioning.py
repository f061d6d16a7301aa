"""How a Dream run meets the memory repository: before the run, and at its commit.

- :func:`prepare_repository` runs first: it creates the repository when there
  is none, makes the missing commit of a run that died after completing, and
  commits edits made outside Dream, so the next Dream commit holds only what
  Dream changed.
- :func:`commit_run` commits a completed run, then moves the Dream cursor.

The order of a commit is what keeps every history entry dreamed exactly once,
whatever fails (a full disk, a kill) and wherever it fails:

1. the journal records the commit about to be made;
2. the commit is made, holding the edits *and* the new cursor value, while
   ``.dream_cursor`` on disk still holds the old one;
3. ``.dream_cursor`` is written.

The cursor file never moves before the commit holding the edits exists. A
failure at 1 or 2 leaves the cursor where it was: the caller undoes the edits
and the entries are retried. A failure at 3 leaves the commit standing and the
journal holding it: the next run sees HEAD carrying the batch's
``Dream-Cursors`` trailer and only moves the cursor (:func:`head_has_run`).
"""

from __future__ import annotations

from pathlib import Path

from reverie.dream.commit_message import CURSORS_TRAILER, build_commit_message
from reverie.dream.journal import PendingCommit, RunJournal
from reverie.errors import ReverieError, StoreError
from reverie.layout import TRACKED_FILES
from reverie.store.git import parse_trailers
from reverie.store.memory_store import MemoryStore

__all__ = [
    "MANUAL_EDITS_MESSAGE",
    "Changes",
    "CursorNotRecorded",
    "commit_run",
    "head_has_run",
    "prepare_repository",
]

Changes = dict[str, tuple[str | None, str | None]]
"""``{path: (before the run, now)}`` for each file a run changed."""

MANUAL_EDITS_MESSAGE = "Save memory edits made outside Dream"


_CURSOR_FILE = "memory/.dream_cursor"


class CursorNotRecorded(StoreError):
    """The run's edits are committed, but ``.dream_cursor`` could not be written.

    Attributes:
        sha: The commit holding the edits and the new cursor (None without a
            repository: then nothing is committed).
    """

    def __init__(self, sha: str | None, cause: ReverieError) -> None:
        super().__init__(str(cause))
        self.sha = sha


def commit_run(
    store: MemoryStore, pending: PendingCommit, changed: Changes, journal: RunJournal
) -> str | None:
    """Commit a completed run, then move the cursor (see the module docstring for the order).

    Returns:
        The new commit's sha; None without a repository.

    Raises:
        CursorNotRecorded: the commit was made but the cursor file not written.
        ReverieError: the journal or the commit failed; the cursor did not move.
    """
    journal.mark_committing(pending)
    sha = _commit_tree(store, pending, changed)
    try:
        store.set_last_dream_cursor(pending.cursor_to)
    except ReverieError as exc:
        raise CursorNotRecorded(sha, exc) from exc
    return sha


def head_has_run(store: MemoryStore, pending: PendingCommit) -> bool:
    """Whether HEAD is the commit of ``pending`` (its ``Dream-Cursors`` trailer names the batch)."""
    git = store.git
    if not git.is_initialized():
        return False
    head = git.log(1)
    span = f"{pending.cursor_from}-{pending.cursor_to}"
    return bool(head) and parse_trailers(head[0].message).get(CURSORS_TRAILER) == span


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
        if not head_has_run(store, pending):
            _commit_tree(store, pending, journal.changes() if journal is not None else {})
        if store.get_last_dream_cursor() != pending.cursor_to:
            store.set_last_dream_cursor(pending.cursor_to)
        if journal is not None:
            journal.finish()
        finished = True
    if git.is_initialized():
        git.auto_commit(MANUAL_EDITS_MESSAGE)
    return finished


def _commit_tree(store: MemoryStore, pending: PendingCommit, changed: Changes) -> str | None:
    """Commit the files as they are, with the cursor at the batch's end."""
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
    return git.auto_commit(message, content={_CURSOR_FILE: str(pending.cursor_to)})
