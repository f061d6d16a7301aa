"""GitStore: version the durable memory files in a git repository, without a git binary.

The repository lives at ``workspace/.git``. Only the tracked files are ever
staged: each commit edits HEAD's tree at those paths and nowhere else, so a
workspace that already is a user's repository keeps its other files, its
branch, its index entries and its ``.gitignore`` as they were.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Final

from dulwich.repo import Repo

from reverie._logging import get_logger
from reverie.errors import GitStoreError, UserError
from reverie.privacy import PRIVATE_DIR_MODE, private_mkdir
from reverie.store import _git_history
from reverie.store._git_commit import content_overrides
from reverie.store._git_health import Damage, find_damage, parent_tree_or_lost
from reverie.store._git_history import DEFAULT_AUTHOR, BlameLine, CommitInfo, commit_info
from reverie.store._git_index import index_problem, rebuild_index
from reverie.store._git_locks import STALE_LOCK_SECONDS, stale_lock_files
from reverie.store._git_objects import (
    TreeReader,
    head_commit,
    parse_tracked,
    read_worktree,
    resolve_commit,
)
from reverie.store._git_repo import LOCK_NAME, GitRepository
from reverie.store._git_revert import REVERTED_TRAILER, RevertConflict
from reverie.store._git_setup import ignored_by, outer_work_tree, write_gitignore
from reverie.store._git_text import parse_trailers, render_file_diff
from reverie.store._git_undo import restore_before, revert_one

__all__ = [
    "DEFAULT_AUTHOR",
    "BlameLine",
    "CommitInfo",
    "GitStore",
    "RevertConflict",
    "parse_trailers",
]

_INIT_MESSAGE: Final = "Initialise reverie memory repository"

_log = get_logger("store.git")


class GitStore:
    """A git repository in the workspace that versions only ``tracked_files``.

    Args:
        workspace: The workspace directory; the repository is ``workspace/.git``.
        tracked_files: Workspace-relative POSIX paths to version.
        author: ``Name <email>`` used as author and committer.
        lock_timeout: Seconds to wait for another process's commit to finish.

    Example:
        >>> store = GitStore(path, ["SOUL.md", "memory/MEMORY.md"])  # doctest: +SKIP
        >>> store.init()  # doctest: +SKIP
        True
    """

    def __init__(
        self,
        workspace: Path | str,
        tracked_files: Sequence[str],
        *,
        author: str = DEFAULT_AUTHOR,
        lock_timeout: float = 30.0,
    ) -> None:
        self._repo = GitRepository(
            workspace, tracked_files, author=author, lock_timeout=lock_timeout
        )
        self._warner = self._repo.warner

    @property
    def workspace(self) -> Path:
        """The workspace directory."""
        return self._repo.workspace

    @property
    def tracked_files(self) -> list[str]:
        """The tracked paths, normalised, in the order given."""
        return self._repo.tracked_files

    @property
    def git_dir(self) -> Path:
        """Where the repository lives: ``workspace/.git``."""
        return self._repo.git_dir

    # -- setup -----------------------------------------------------------------

    def is_initialized(self) -> bool:
        """True when ``workspace/.git`` exists (a directory, or a worktree's gitfile)."""
        return self.git_dir.exists()

    def init(self) -> bool:
        """Create the repository unless one exists; return True when it was created.

        A new repository gets a ``.gitignore`` that hides everything but the
        tracked files, and a first commit of the tracked files that exist (none
        when no tracked file exists yet). An existing repository, and its
        ``.gitignore``, are the user's: they are used as they are. A workspace
        inside another repository's work tree still gets its own repository (the
        contract puts it at ``workspace/.git``), with a warning that the outer
        repository now sees the workspace as an embedded one, unless the outer
        repository already ignores the workspace.
        """
        if self.is_initialized():
            return False
        if self.workspace.exists() and not self.workspace.is_dir():
            raise GitStoreError(f"cannot create a git repository in {self.workspace}: not a folder")
        outer = outer_work_tree(self.workspace)
        if outer is not None and not ignored_by(outer, self.workspace):
            self._warner.warn(
                "nested",
                "workspace %s is inside the git work tree %s; creating its own repository, "
                "which the outer one will show as an embedded repository (add the "
                "workspace to the outer .gitignore to hide it)",
                self.workspace,
                outer,
            )
        with self._repo.translate(f"cannot create a git repository at {self.git_dir}"):
            private_mkdir(self.workspace)
            try:
                Repo.init(str(self.workspace)).close()
            except FileExistsError:
                return False  # another process created it a moment ago
            # Objects hold every version of the memory files: only the owner may look.
            os.chmod(self.git_dir, PRIVATE_DIR_MODE)
            write_gitignore(self.workspace, self.tracked_files)
        with self._repo.open(locked=True) as repo:
            self._repo.commit_locked(repo, _INIT_MESSAGE)
        _log.info("created memory repository at %s", self.git_dir)
        return True

    # -- writing ---------------------------------------------------------------

    def auto_commit(self, message: str, *, content: Mapping[str, str] | None = None) -> str | None:
        """Commit the current state of the tracked files; return the new sha.

        Added, modified and deleted tracked files are recorded; nothing else is.

        Args:
            message: The commit message.
            content: Text to commit for some tracked files instead of what is on
                disk (the files are left as they are: writing them is the
                caller's next step). Dream commits its cursor this way, so the
                cursor file moves only once the commit holding it exists.

        Returns:
            The full 40-hex sha, or None when nothing changed (or when there is
            no repository: see :meth:`init`).
        """
        if not isinstance(message, str) or not message.strip():
            raise UserError("commit message is empty: say what changed")
        overrides = content_overrides(self._repo.tracked, content or {}, self.git_dir)
        if not self.is_initialized():
            self._warner.warn(
                "no-repo", "no git repository at %s; memory is not versioned", self.git_dir
            )
            return None
        with self._repo.open(locked=True) as repo:
            return self._repo.commit_locked(repo, message, overrides)

    def restore(self, sha: str) -> str | None:
        """Bring the tracked files back to their state before commit ``sha``.

        Files that did not exist then are deleted. Uncommitted edits are first
        committed, so the restore itself can be undone. The result is recorded
        as a new commit.

        Returns:
            The new commit's sha, or None when the files already were in that state.

        Raises:
            GitStoreError: naming ``sha`` when it is unknown or ambiguous.
        """
        return restore_before(self._repo, sha)

    def revert(self, sha: str, *, files: Sequence[str] | None = None) -> str | None:
        """Undo only commit ``sha``'s change, keeping every later change, as a new commit.

        For each tracked file (or each of ``files``) the commit changed, its
        change is applied backwards onto the file as it is now (a three-way
        merge); lines changed since by later commits or by hand stay as they
        are. Uncommitted edits are first committed. The new commit's message
        ends with a ``Reverted-Commit: <sha>`` trailer.

        Args:
            sha: The commit to undo (a unique prefix works).
            files: Only these tracked files (default: all of them).

        Returns:
            The new commit's sha, or None when there was nothing to undo (the
            change is already gone).

        Raises:
            GitStoreError: naming ``sha`` when it is unknown or ambiguous.
            RevertConflict: a later change touched the same lines; it names the
                file and the lines, and nothing was written.
            UserError: a name in ``files`` is not a tracked file.
        """
        return revert_one(self._repo, sha, files, reverted_since=self._reverted_since)

    @contextlib.contextmanager
    def exclusive(self) -> Iterator[Repo]:
        """The open repository, with no commit, restore or rewrite running meanwhile.

        For work that rewrites the repository itself (``reverie forget``).

        Raises:
            GitStoreError: there is no repository, or the lock stays taken.
        """
        with self._repo.open(locked=True) as repo:
            yield repo

    # -- reading ---------------------------------------------------------------

    def later_commits(self, sha: str, max_entries: int = 500) -> list[CommitInfo]:
        """Commits after ``sha`` that changed tracked files, newest first.

        These are what :meth:`restore` undoes besides ``sha`` itself.

        Raises:
            GitStoreError: naming ``sha`` when it is unknown or ambiguous.
        """
        with self._repo.open() as repo:
            target = resolve_commit(repo, sha).decode()
        later: list[CommitInfo] = []
        for info in self.log(max_entries):
            if info.sha == target:
                break
            later.append(info)
        return later

    def log(self, max_entries: int = 20) -> list[CommitInfo]:
        """Commits that changed tracked files, newest first, at most ``max_entries``."""
        if isinstance(max_entries, bool) or not isinstance(max_entries, int):
            raise UserError(f"max_entries must be an integer, got {max_entries!r}")
        if max_entries <= 0 or not self.is_initialized():
            return []
        with self._repo.open() as repo:
            head = head_commit(repo)
            if head is None:
                return []
            out: list[CommitInfo] = []
            reader = TreeReader(repo)
            missing: list[str] = []
            for commit in _git_history.walk(repo, head, on_missing=missing.append):
                if len(commit.parents) > 1:
                    continue  # a merge's changes are listed with the commits it merges
                files = self._repo.changed_files(reader, commit, missing)
                if files:
                    out.append(commit_info(commit, files))
                    if len(out) >= max_entries:
                        break
            if missing:
                # Older history is damaged: what can be read is still worth showing.
                self._warner.warn(
                    "log-damaged",
                    "%s: the history before commit %s cannot be read (object %s is "
                    "missing); run `reverie doctor` to see what is lost",
                    self.git_dir,
                    out[-1].short_sha if out else head.decode()[:8],
                    missing[0],
                )
            return out

    def show(self, sha: str) -> str:
        """Unified diff of commit ``sha`` against its parent, for the tracked files.

        A root commit is compared with nothing. ``sha`` may be a unique prefix.

        Raises:
            GitStoreError: naming ``sha`` when it is unknown or ambiguous.
        """
        with self._repo.open() as repo:
            reader = TreeReader(repo)
            commit = reader.commit(resolve_commit(repo, sha))
            missing: list[str] = []
            before = parent_tree_or_lost(reader, commit, missing)
            if missing:
                self._warner.warn(
                    f"show-damaged:{sha}",
                    "%s: the parent of %s cannot be read (object %s is missing); its diff "
                    "is shown against nothing; run `reverie doctor` to see what is lost",
                    self.git_dir,
                    sha,
                    missing[0],
                )
            return "".join(
                render_file_diff(
                    path.name,
                    reader.version(before, path.parts),
                    reader.version(commit.tree, path.parts),
                )
                for path in self._repo.tracked
            )

    def diff_working_tree(self) -> str:
        """Unified diff of the tracked files on disk against HEAD; ``""`` when clean."""
        if not self.is_initialized():
            return ""
        with self._repo.open() as repo:
            reader = TreeReader(repo)
            head = head_commit(repo)
            tree = reader.commit(head).tree if head is not None else None
            diffs = []
            for path in self._repo.tracked:
                current = read_worktree(self._repo.path(path))
                diffs.append(
                    render_file_diff(
                        path.name,
                        reader.version(tree, path.parts),
                        current[0] if current else None,
                    )
                )
            return "".join(diffs)

    def file_at(self, sha: str, path: str) -> str | None:
        """The text of ``path`` as commit ``sha`` left it; None when it did not exist.

        Raises:
            GitStoreError: naming ``sha`` when it is unknown or ambiguous.
        """
        wanted = parse_tracked(path, field="path")
        with self._repo.open() as repo:
            reader = TreeReader(repo)
            commit = reader.commit(resolve_commit(repo, sha))
            version = reader.version(commit.tree, wanted.parts)
            return version.text() if version is not None else None

    def blame(self, path: str) -> list[BlameLine]:
        """For each line of the file on disk, the commit that introduced it.

        Lines not committed yet have ``sha=None``. A missing file gives ``[]``.
        """
        wanted = parse_tracked(path, field="path")
        current = read_worktree(self._repo.path(wanted))
        if current is None:
            return []
        if not self.is_initialized():
            return _git_history.blame(None, None, wanted, current[0])
        with self._repo.open() as repo:
            return _git_history.blame(repo, head_commit(repo), wanted, current[0])

    parse_trailers = staticmethod(parse_trailers)

    # -- health ------------------------------------------------------------------

    def index_problem(self) -> str | None:
        """Why ``.git/index`` cannot be read; None when it reads (or there is no repository)."""
        if not self.is_initialized():
            return None
        with self._repo.open() as repo:
            return index_problem(repo)

    def rebuild_index(self) -> int:
        """Write ``.git/index`` afresh from HEAD's tree; return its number of entries.

        The index is derived data: git re-reads each file whose stat it does not
        know, so nothing in the working tree or the history changes.
        """
        with self._repo.open(locked=True) as repo:
            head = head_commit(repo)
            tree = TreeReader(repo).commit(head).tree if head is not None else None
            return rebuild_index(repo, tree)

    def damage(self) -> Damage | None:
        """The first missing or unreadable object on HEAD's history of the tracked files."""
        if not self.is_initialized():
            return None
        with self._repo.open() as repo:
            return find_damage(repo, self._repo.tracked)

    def stale_locks(self, older_than: float = STALE_LOCK_SECONDS) -> list[Path]:
        """Lock files a dead git write left in ``.git`` more than ``older_than`` seconds ago.

        Each blocks every later write of its file (see :mod:`reverie.store._git_locks`).
        """
        return stale_lock_files(self.git_dir, older_than, keep=LOCK_NAME)

    # -- internals -------------------------------------------------------------

    def _reverted_since(self, sha: str) -> bool:
        """True when a later commit says it reverted ``sha`` (its ``Reverted-Commit`` trailer)."""
        return any(
            parse_trailers(info.message).get(REVERTED_TRAILER) == sha
            for info in self.later_commits(sha)
        )
