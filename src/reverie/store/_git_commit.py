"""Making one commit of the tracked files, and keeping the index in step with it."""

from __future__ import annotations

import os
import struct
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
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
from dulwich.object_store import DiskObjectStore
from dulwich.objects import Blob, Commit, ObjectID, ShaFile, Tree
from dulwich.refs import HEADREF
from dulwich.repo import Repo

from reverie._atomic import fsync_enabled, write_bytes_atomic
from reverie._logging import get_logger
from reverie.errors import GitStoreError, StoreError, UserError
from reverie.store._git_index import index_problem, rebuild_index
from reverie.store._git_locks import clear_stale_lock, locked_error
from reverie.store._git_objects import (
    MODE_FILE,
    MODE_LINK,
    Entry,
    TrackedPath,
    TreeReader,
    edit_tree,
    head_commit,
    parse_tracked,
    read_worktree,
)
from reverie.store._git_text import FileVersion

__all__ = ["GIT_FAILURES", "add_object", "commit_worktree", "content_overrides"]

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
    # A damaged object or index file: dulwich checks headers with assert and
    # unpacks with struct, and a garbage loose object fails to inflate.
    AssertionError,
    struct.error,
    zlib.error,
)
"""What dulwich and the filesystem raise when a repository operation fails."""

_log = get_logger("store.git")
_OBJECT_MODE = 0o444  # git's loose objects are read-only

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
    overrides: Mapping[bytes, bytes] | None = None,
) -> str | None:
    """Commit the tracked files as they are on disk; None when nothing changed.

    The caller holds the repository lock. HEAD moves by compare-and-swap, so a
    git process committing at the same moment is never overwritten.

    Args:
        overrides: Content to commit for some tracked paths (by index key)
            instead of what is on disk; the file itself is the caller's to write.

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
            if overrides is not None and path.key in overrides:
                current = _override(current, overrides[path.key])
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
            add_object(repo, obj)
        reflog = b"commit: " + commit.message.split(b"\n", 1)[0]
        try:
            if head is None:
                moved = repo.refs.add_if_new(HEADREF, commit.id, committer=identity, message=reflog)
            else:
                moved = repo.refs.set_if_equals(
                    HEADREF, head, commit.id, committer=identity, message=reflog
                )
        except FileLocked as exc:
            if not clear_stale_lock(exc):
                raise locked_error(exc) from exc
            continue  # a dead writer's lock, now gone: try again
        if moved:
            try:
                try:
                    _sync_index(repo, on_disk, tree_id)
                except FileLocked as exc:
                    if not clear_stale_lock(exc):
                        raise
                    _sync_index(repo, on_disk, tree_id)
            except Exception as exc:
                # The commit is made: whatever the index does, it must not look failed
                # (it would be undone and redone, a pair of phantom commits).
                on_index_error(exc)
            return commit.id.decode()
    raise GitStoreError(f"HEAD of {repo.controldir()} kept moving during the commit; try again")


def add_object(repo: Repo, obj: ShaFile) -> None:
    """Store ``obj`` as a loose object: written to a temp file, fsynced, renamed.

    dulwich's own writer leaves ``<object>.lock`` behind when the disk fills
    mid-write, and every later commit of the same content then fails; a temp
    file of ours is removed on any failure.
    """
    store = repo.object_store
    if not isinstance(store, DiskObjectStore):
        store.add_object(obj)
        return
    hexsha = obj.id.decode("ascii")
    target = Path(os.fspath(store.path)) / hexsha[:2] / hexsha[2:]
    try:
        # Refreshing the mtime keeps a concurrent `git gc` from pruning it.
        os.utime(target)
        return
    except FileNotFoundError:
        pass
    write_bytes_atomic(target, obj.as_legacy_object())
    os.chmod(target, _OBJECT_MODE)


def content_overrides(
    tracked: Sequence[TrackedPath], content: Mapping[str, str], git_dir: Path
) -> dict[bytes, bytes]:
    """``content`` (text by tracked path) keyed and encoded as :func:`commit_worktree` takes it.

    Raises:
        UserError: a path that is not one of the tracked files.
    """
    known = {path.name: path for path in tracked}
    out: dict[bytes, bytes] = {}
    for name, text in content.items():
        path = known.get(parse_tracked(name, field="content").name)
        if path is None:
            raise UserError(f"content: {name!r} is not a tracked file of {git_dir}")
        out[path.key] = text.encode("utf-8")
    return out


def _override(
    current: tuple[FileVersion, os.stat_result] | None, data: bytes
) -> tuple[FileVersion, os.stat_result]:
    """The given content with a stat no file matches, so git re-reads the file on disk."""
    mode = current[0].mode if current is not None and current[0].mode != MODE_LINK else MODE_FILE
    return FileVersion(mode, data), os.stat_result((mode, 0, 0, 0, 0, 0, 0, 0, 0, 0))


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


def _sync_index(repo: Repo, on_disk: _OnDisk, tree_id: ObjectID) -> None:
    """Make the index agree with the new commit at the tracked paths, and only there.

    An index that cannot be read (empty, garbage, an unknown version) is
    rebuilt from the new commit's tree: it is derived data.
    """
    problem = index_problem(repo)
    if problem is not None:
        stats = {key: state[1] for key, state in on_disk.items() if state is not None}
        rebuild_index(repo, tree_id, stats)
        _log.warning("%s was unreadable (%s); rebuilt it from HEAD", repo.index_path(), problem)
        return
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
