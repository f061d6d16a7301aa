"""Making one commit of the tracked files, and keeping the index in step with it."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from dulwich.errors import (
    ChecksumMismatch,
    FileFormatException,
    MissingCommitError,
    NotGitRepository,
    ObjectMissing,
    RefFormatError,
    WrongObjectException,
)
from dulwich.file import FileLocked
from dulwich.index import TreeExtension, index_entry_from_stat
from dulwich.objects import Blob, Commit, ObjectID, ShaFile, Tree
from dulwich.refs import HEADREF
from dulwich.repo import Repo

from reverie._atomic import fsync_enabled
from reverie.errors import GitStoreError, StoreError
from reverie.store._git_objects import (
    Entry,
    TrackedPath,
    TreeReader,
    edit_tree,
    head_commit,
    read_worktree,
)

__all__ = ["GIT_FAILURES", "commit_worktree"]

GIT_FAILURES: tuple[type[Exception], ...] = (
    OSError,
    KeyError,
    ValueError,
    NotGitRepository,
    FileFormatException,
    ChecksumMismatch,
    WrongObjectException,
    MissingCommitError,
    ObjectMissing,
    RefFormatError,
    FileLocked,
    StoreError,
)
"""What dulwich and the filesystem raise when a repository operation fails."""

# A git process moving HEAD between our read and our compare-and-swap is rare;
# a few fresh attempts are enough, and more would hide a real fault.
_REF_ATTEMPTS = 3

_OnDisk = dict[bytes, tuple[Entry, os.stat_result] | None]


def commit_worktree(
    repo: Repo,
    workspace: Path,
    tracked: Sequence[TrackedPath],
    *,
    identity: bytes,
    message: str,
    on_index_error: Callable[[Exception], None],
) -> str | None:
    """Commit the tracked files as they are on disk; None when nothing changed.

    The caller holds the repository lock. HEAD moves by compare-and-swap, so a
    git process committing at the same moment is never overwritten.

    Raises:
        GitStoreError: when HEAD kept moving under us.
    """
    for _attempt in range(_REF_ATTEMPTS):
        head = head_commit(repo)
        reader = TreeReader(repo)
        base = reader.commit(head).tree if head is not None else None
        changes: dict[tuple[bytes, ...], Entry | None] = {}
        on_disk: _OnDisk = {}
        objects: list[ShaFile] = []
        for path in tracked:
            current = read_worktree(workspace.joinpath(path.name))
            entry: Entry | None = None
            if current is not None:
                blob = Blob.from_string(current[0].data)
                entry = (current[0].mode, blob.id)
                on_disk[path.key] = (entry, current[1])
            else:
                on_disk[path.key] = None
            if entry != reader.lookup(base, path.parts):
                changes[path.parts] = entry
                if current is not None:
                    objects.append(blob)
        if not changes:
            return None
        created: list[Tree] = []
        tree_id = edit_tree(reader, base, changes, created)
        if tree_id is None:
            created.append(Tree())  # every file in the repository is gone
            tree_id = created[-1].id
        commit = _new_commit(tree_id, head, identity, message)
        # Objects first, fsynced, then the ref: a crash never leaves HEAD
        # pointing at something missing.
        repo.object_store.fsync_object_files = fsync_enabled()
        for obj in [*objects, *created, commit]:
            repo.object_store.add_object(obj)
        reflog = b"commit: " + commit.message.split(b"\n", 1)[0]
        if head is None:
            moved = repo.refs.add_if_new(HEADREF, commit.id, committer=identity, message=reflog)
        else:
            moved = repo.refs.set_if_equals(
                HEADREF, head, commit.id, committer=identity, message=reflog
            )
        if moved:
            try:
                _sync_index(repo, on_disk)
            except GIT_FAILURES as exc:
                # The commit is made; a stale index only confuses `git status`.
                on_index_error(exc)
            return commit.id.decode()
    raise GitStoreError(f"HEAD of {repo.controldir()} kept moving during the commit; try again")


def _new_commit(
    tree_id: ObjectID, parent: ObjectID | None, identity: bytes, message: str
) -> Commit:
    commit = Commit()
    commit.tree = tree_id
    commit.parents = [parent] if parent is not None else []
    commit.author = commit.committer = identity
    now = int(time.time())
    offset = time.localtime(now).tm_gmtoff
    commit.author_time = commit.commit_time = now
    commit.author_timezone = commit.commit_timezone = offset
    commit.encoding = b"UTF-8"
    commit.message = message.rstrip("\n").encode("utf-8") + b"\n"
    return commit


def _sync_index(repo: Repo, on_disk: _OnDisk) -> None:
    """Make the index agree with the new commit at the tracked paths, and only there."""
    index = repo.open_index()
    # git trusts its cached subtree ids (the TREE extension); once entries
    # change they are stale and git would commit old trees, so drop them and
    # let git rebuild the cache.
    index._extensions = [ext for ext in index._extensions if not isinstance(ext, TreeExtension)]
    for key, state in on_disk.items():
        if state is None:
            if key in index:
                del index[key]
        else:
            (mode, sha), info = state
            index[key] = index_entry_from_stat(info, sha, mode)
    index.write()
