"""Undo for GitStore: restore the tracked files to before a commit, or revert one commit.

Both first commit uncommitted edits (so the undo itself can be undone) and
record their result as a new commit; see :meth:`GitStore.restore` and
:meth:`GitStore.revert` for the contract.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reverie.store._git_objects import TrackedPath, TreeReader, read_worktree, resolve_commit
from reverie.store._git_repo import GitRepository
from reverie.store._git_revert import RevertConflict, plan_revert, revert_message

__all__ = ["restore_before", "revert_one"]


def restore_before(repository: GitRepository, sha: str) -> str | None:
    """Bring every tracked file back to its state before ``sha``; the new commit's sha."""
    with repository.open(locked=True) as repo:
        target = resolve_commit(repo, sha)
        short = target.decode()[:8]
        reader = TreeReader(repo)
        before = reader.parent_tree(reader.commit(target))
        repository.commit_locked(repo, f"Save memory before restoring to before {short}")
        for path in repository.tracked:
            wanted = reader.version(before, path.parts)
            current = read_worktree(repository.path(path))
            if (current[0] if current else None) != wanted:
                repository.write_worktree(path, wanted)
        return repository.commit_locked(
            repo,
            f"Restore memory to before {short}\n\nRestored-From: {target.decode()}",
        )


def revert_one(
    repository: GitRepository,
    sha: str,
    files: Sequence[str] | None,
    *,
    reverted_since: Callable[[str], bool],
) -> str | None:
    """Undo only ``sha``'s change to ``files`` (default: all tracked); the new commit's sha.

    Args:
        repository: The repository.
        sha: The commit to undo (a unique prefix works).
        files: Only these tracked files, or None for all of them.
        reverted_since: Whether a later commit says it reverted this full sha.
    """
    chosen: Sequence[TrackedPath] = (
        repository.tracked if files is None else [repository.tracked_path(f) for f in files]
    )
    with repository.open(locked=True) as repo:
        target = resolve_commit(repo, sha)
        reader = TreeReader(repo)
        try:
            planned = plan_revert(reader, target, chosen, repository.workspace)
        except RevertConflict:
            if reverted_since(target.decode()):
                return None  # undone already; later edits around it are not a clash
            raise
        if not planned:
            return None
        repository.commit_locked(repo, f"Save memory before reverting {target.decode()[:8]}")
        for path, version in planned:
            repository.write_worktree(path, version)
        return repository.commit_locked(repo, revert_message(reader.commit(target)))
