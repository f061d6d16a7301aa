"""Low-level git object work on top of dulwich: tree lookups and edits, sha lookup.

A commit here is built by editing HEAD's tree only at the tracked paths, so a
user's repository keeps every other file exactly as it was.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path, PurePosixPath

from dulwich.objects import Blob, Commit, ObjectID, Tree
from dulwich.refs import HEADREF
from dulwich.repo import Repo

from reverie._atomic import write_bytes_atomic
from reverie._logging import OnceWarner, get_logger
from reverie.errors import GitStoreError, UserError
from reverie.store._git_text import FileVersion

__all__ = [
    "MODE_TREE",
    "Entry",
    "TrackedPath",
    "TreeReader",
    "edit_tree",
    "head_commit",
    "iso_time",
    "parse_tracked",
    "read_worktree",
    "resolve_commit",
    "write_version",
]

MODE_TREE = 0o040000
MODE_FILE = 0o100644
MODE_EXEC = 0o100755
MODE_LINK = 0o120000

_log = get_logger("store.git")
_warner = OnceWarner(_log)
_HEX_PREFIX = re.compile(r"^[0-9a-f]{4,40}$")

Entry = tuple[int, ObjectID]
"""A tree entry: ``(mode, sha)``."""


@dataclass(frozen=True, slots=True)
class TrackedPath:
    """A validated tracked file: its POSIX name and its path components in bytes."""

    name: str
    parts: tuple[bytes, ...]

    @property
    def key(self) -> bytes:
        """The path as the index and trees spell it."""
        return b"/".join(self.parts)


def parse_tracked(name: str, *, field: str = "tracked_files") -> TrackedPath:
    """Validate a workspace path: relative, inside the workspace, not in ``.git``.

    Raises:
        UserError: naming ``field``, the path and the rule it breaks.
    """
    if not isinstance(name, str) or not name.strip():
        raise UserError(f"{field}: {name!r} is not a file path")
    pure = PurePosixPath(name)
    if pure.is_absolute() or Path(name).is_absolute():
        raise UserError(f"{field}: {name!r} must be relative to the workspace")
    parts = pure.parts
    if not parts or ".." in parts:
        raise UserError(f"{field}: {name!r} must stay inside the workspace (no '..')")
    if parts[0] == ".git":
        raise UserError(f"{field}: {name!r} is inside the repository's .git directory")
    return TrackedPath(name="/".join(parts), parts=tuple(os.fsencode(p) for p in parts))


def read_worktree(path: Path) -> tuple[FileVersion, os.stat_result] | None:
    """Read a working-tree file as git would store it; None when there is no file.

    The stat is taken *before* the content is read: if the file changes in
    between, the index records an older stat than the content, and git re-hashes
    the file instead of wrongly trusting it as clean.
    """
    try:
        info = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    if stat.S_ISLNK(info.st_mode):
        return FileVersion(MODE_LINK, os.fsencode(os.readlink(path))), info
    if not stat.S_ISREG(info.st_mode):
        _warner.warn(
            f"not-a-file:{path}", "tracked path %s is not a file; treating it as absent", path
        )
        return None
    mode = MODE_EXEC if info.st_mode & 0o111 else MODE_FILE
    try:
        return FileVersion(mode, path.read_bytes()), info
    except FileNotFoundError:
        return None


class TreeReader:
    """Reads trees and blobs from one repository, caching trees for one operation."""

    def __init__(self, repo: Repo) -> None:
        self._repo = repo
        self._trees: dict[ObjectID, Tree] = {}

    def tree(self, tree_id: ObjectID) -> Tree:
        """The tree object ``tree_id``."""
        cached = self._trees.get(tree_id)
        if cached is None:
            obj = self._repo.object_store[tree_id]
            if not isinstance(obj, Tree):
                raise GitStoreError(f"object {tree_id.decode()} is not a tree")
            cached = self._trees[tree_id] = obj
        return cached

    def commit(self, sha: ObjectID) -> Commit:
        """The commit object ``sha``."""
        obj = self._repo.object_store[sha]
        if not isinstance(obj, Commit):
            raise GitStoreError(f"object {sha.decode()} is not a commit")
        return obj

    def lookup(self, tree_id: ObjectID | None, parts: tuple[bytes, ...]) -> Entry | None:
        """The entry at ``parts`` under ``tree_id``; None when absent or not a file."""
        if tree_id is None:
            return None
        current = tree_id
        for depth, part in enumerate(parts):
            tree = self.tree(current)
            if part not in tree:
                return None
            mode, sha = tree[part]
            if depth == len(parts) - 1:
                return None if stat.S_ISDIR(mode) else (mode, sha)
            if not stat.S_ISDIR(mode):
                return None
            current = sha
        return None

    def version(self, tree_id: ObjectID | None, parts: tuple[bytes, ...]) -> FileVersion | None:
        """The file at ``parts`` under ``tree_id`` with its content; None when absent."""
        entry = self.lookup(tree_id, parts)
        if entry is None:
            return None
        blob = self._repo.object_store[entry[1]]
        if not isinstance(blob, Blob):
            return None  # a submodule (gitlink) is not a file we can read
        return FileVersion(entry[0], blob.data)

    def parent_tree(self, commit: Commit) -> ObjectID | None:
        """The tree of the first parent; None for a root commit."""
        return self.commit(commit.parents[0]).tree if commit.parents else None


def edit_tree(
    reader: TreeReader,
    base: ObjectID | None,
    changes: Mapping[tuple[bytes, ...], Entry | None],
    created: list[Tree],
) -> ObjectID | None:
    """Apply ``changes`` (path → new entry, None = delete) to ``base``; return the new tree id.

    Entries not named in ``changes`` are kept as they are. New trees are appended
    to ``created`` for the caller to store. Returns None when the edited tree is
    empty (a directory git cannot record).
    """
    tree = Tree()
    if base is not None:
        for item in reader.tree(base).iteritems():
            tree.add(item.path, item.mode, item.sha)
    nested: dict[bytes, dict[tuple[bytes, ...], Entry | None]] = {}
    for parts, entry in changes.items():
        if len(parts) == 1:
            if entry is None:
                if parts[0] in tree:
                    del tree[parts[0]]
            else:
                tree.add(parts[0], entry[0], entry[1])
        else:
            nested.setdefault(parts[0], {})[parts[1:]] = entry
    for name, sub_changes in nested.items():
        sub_base: ObjectID | None = None
        if name in tree:
            mode, sha = tree[name]
            # a file where a directory must now be is replaced, as git would
            sub_base = sha if stat.S_ISDIR(mode) else None
        sub_id = edit_tree(reader, sub_base, sub_changes, created)
        if sub_id is None:
            if name in tree:
                del tree[name]
        else:
            tree.add(name, MODE_TREE, sub_id)
    if len(tree) == 0:
        return None
    if tree.id != base:
        created.append(tree)
    return tree.id


def head_commit(repo: Repo) -> ObjectID | None:
    """The commit HEAD points at; None on an unborn branch."""
    try:
        return repo.refs[HEADREF]
    except KeyError:
        return None


def resolve_commit(repo: Repo, spec: str) -> ObjectID:
    """Turn ``HEAD``, a full sha or a unique prefix (≥ 4 hex digits) into a commit id.

    Raises:
        GitStoreError: naming ``spec`` when it is malformed, unknown, ambiguous
            or not a commit.
    """
    text = spec.strip().lower() if isinstance(spec, str) else ""
    if text == "head":
        head = head_commit(repo)
        if head is None:
            raise GitStoreError(f"unknown commit {spec!r}: the repository has no commits yet")
        return head
    if not _HEX_PREFIX.match(text):
        raise GitStoreError(f"unknown commit {spec!r}: expected 4 to 40 hex digits")
    store = repo.object_store
    candidates = (
        [ObjectID(text.encode())]
        if len(text) == 40 and ObjectID(text.encode()) in store
        else list(store.iter_prefix(text.encode()))
    )
    commits = sorted({sha for sha in candidates if isinstance(store[sha], Commit)})
    if not commits:
        raise GitStoreError(f"unknown commit {spec!r} in {repo.controldir()}")
    if len(commits) > 1:
        listed = ", ".join(sha.decode()[:12] for sha in commits[:5])
        raise GitStoreError(f"ambiguous commit {spec!r}: it matches {listed}")
    return commits[0]


def iso_time(seconds: int, offset: int) -> str:
    """ISO 8601 time with the committer's own UTC offset."""
    zone = timezone(timedelta(seconds=offset))
    return datetime.fromtimestamp(seconds, tz=zone).isoformat()


def write_version(target: Path, version: FileVersion) -> None:
    """Put ``version`` at ``target`` atomically, always as a regular file.

    A symlink entry (mode 120000) is written as a file holding the link's
    target path, as git does where symlinks are off: a restored memory file
    must never point outside the workspace, where every prompt would then read
    from (and Dream could write to). The file is kept rather than refused, so
    the rest of a restore still happens and the next commit records a plain file.
    """
    if version.mode == MODE_LINK:
        _warner.warn(
            f"restore-link:{target}",
            "%s was a symlink (to %s) in that commit; restored as a regular file holding "
            "the link's target path, because a memory file may not point elsewhere",
            target,
            os.fsdecode(version.data),
        )
    existed = os.path.lexists(target) and not os.path.islink(target)
    write_bytes_atomic(target, version.data)
    executable = version.mode == MODE_EXEC
    if not existed:
        # write_bytes_atomic made it private (0600); keep the executable bit git recorded
        if executable:
            os.chmod(target, 0o700)
        return
    current = target.stat().st_mode & 0o7777
    if bool(current & 0o111) != executable:
        os.chmod(target, (current | 0o111) if executable else (current & ~0o111))
