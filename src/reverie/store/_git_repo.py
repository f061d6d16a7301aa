"""Repository access for GitStore: open, lock, translate failures, commit the tracked files.

:class:`GitRepository` is what every GitStore operation stands on: the
workspace and its tracked paths, the repository opened (optionally under the
commit lock) with dulwich's and the file system's failures turned into
:class:`~reverie.errors.GitStoreError`, and the working-tree writes that
restore and revert make.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from dulwich.errors import NotGitRepository
from dulwich.objects import Commit
from dulwich.repo import Repo

from reverie._logging import OnceWarner, get_logger
from reverie.errors import GitStoreError, StoreError, UserError
from reverie.locks import LockTimeoutError, WorkspaceLock
from reverie.store._git_commit import GIT_FAILURES, commit_worktree
from reverie.store._git_health import describe_failure, parent_tree_or_lost
from reverie.store._git_objects import TrackedPath, TreeReader, parse_tracked, write_version
from reverie.store._git_text import FileVersion

__all__ = ["LOCK_NAME", "GitRepository"]

LOCK_NAME = "reverie.lock"
"""The commit lock's file name inside ``.git``."""
_IDENTITY = re.compile(r"^[^<>\n]+ <[^<>\n]*>$")

_log = get_logger("store.git")


class GitRepository:
    """The repository at ``workspace/.git`` and the tracked paths it versions.

    Args:
        workspace: The workspace directory.
        tracked_files: Workspace-relative POSIX paths to version.
        author: ``Name <email>`` used as author and committer.
        lock_timeout: Seconds to wait for another process's commit to finish.

    Raises:
        UserError: ``tracked_files`` is one string or empty, or ``author`` is
            not ``Name <email>``.
    """

    def __init__(
        self,
        workspace: Path | str,
        tracked_files: Sequence[str],
        *,
        author: str,
        lock_timeout: float,
    ) -> None:
        if isinstance(tracked_files, str):
            raise UserError("tracked_files must be a list of paths, not one string")
        parsed = [parse_tracked(name) for name in tracked_files]
        if not parsed:
            raise UserError("tracked_files is empty: name at least one file to version")
        if not _IDENTITY.match(author):
            raise UserError(f"author {author!r} must look like 'Name <email>'")
        self.workspace = Path(workspace)
        self.tracked: tuple[TrackedPath, ...] = tuple({path.name: path for path in parsed}.values())
        self.lock_timeout = lock_timeout
        self.warner = OnceWarner(_log)
        self._identity = author.encode("utf-8")

    @property
    def tracked_files(self) -> list[str]:
        """The tracked paths, normalised, in the order given."""
        return [path.name for path in self.tracked]

    @property
    def git_dir(self) -> Path:
        """Where the repository lives: ``workspace/.git``."""
        return self.workspace / ".git"

    def is_initialized(self) -> bool:
        """True when ``workspace/.git`` exists (a directory, or a worktree's gitfile)."""
        return self.git_dir.exists()

    def path(self, path: TrackedPath) -> Path:
        """Where tracked ``path`` lives on disk."""
        return self.workspace.joinpath(path.name)

    def tracked_path(self, name: str) -> TrackedPath:
        """The tracked path named ``name`` (a ``files`` argument).

        Raises:
            UserError: ``name`` is not one of the tracked files.
        """
        wanted = parse_tracked(name, field="files")
        for path in self.tracked:
            if path.name == wanted.name:
                return path
        raise UserError(
            f"files: {name!r} is not tracked (tracked: {', '.join(self.tracked_files)})"
        )

    def changed_files(
        self, reader: TreeReader, commit: Commit, missing: list[str] | None = None
    ) -> list[str]:
        """The tracked files ``commit`` changed against its parent."""
        before = parent_tree_or_lost(reader, commit, missing)
        return [
            path.name
            for path in self.tracked
            if reader.lookup(before, path.parts) != reader.lookup(commit.tree, path.parts)
        ]

    def commit_locked(
        self, repo: Repo, message: str, overrides: Mapping[bytes, bytes] | None = None
    ) -> str | None:
        """Commit the tracked files; the caller holds the repository lock."""
        return commit_worktree(
            repo,
            self.workspace,
            self.tracked,
            identity=self._identity,
            message=message,
            on_index_error=self._index_failed,
            overrides=overrides,
        )

    def write_worktree(self, path: TrackedPath, version: FileVersion | None) -> None:
        """Put ``version`` of ``path`` on disk; None deletes the file."""
        target = self.path(path)
        try:
            if version is None:
                with contextlib.suppress(FileNotFoundError):
                    target.unlink()
                return
            write_version(target, version)
        except (OSError, StoreError) as exc:
            raise GitStoreError(f"cannot restore {target}: {exc}") from exc

    @contextlib.contextmanager
    def translate(self, what: str) -> Iterator[None]:
        """Turn git and file-system failures into a GitStoreError that starts with ``what``."""
        try:
            yield
        except GitStoreError:
            raise
        except GIT_FAILURES as exc:
            raise GitStoreError(f"{what}: {describe_failure(exc, self.git_dir)}") from exc

    @contextlib.contextmanager
    def open(self, *, locked: bool = False) -> Iterator[Repo]:
        """Open the repository (optionally holding the commit lock); translate failures."""
        with self.translate(f"git repository {self.git_dir} failed"):
            try:
                repo = Repo(str(self.workspace))
            except NotGitRepository as exc:
                if self.is_initialized():
                    raise GitStoreError(f"{self.git_dir} is not a valid git repository") from exc
                raise GitStoreError(
                    f"no git repository at {self.git_dir}; call init() first"
                ) from exc
            try:
                if not locked:
                    yield repo
                    return
                lock = WorkspaceLock(Path(repo.controldir()) / LOCK_NAME, timeout=self.lock_timeout)
                try:
                    lock.acquire()
                except LockTimeoutError as exc:
                    raise GitStoreError(
                        f"{self.git_dir} is locked by another commit for over "
                        f"{self.lock_timeout:g}s"
                    ) from exc
                try:
                    yield repo
                finally:
                    lock.release()
            finally:
                repo.close()

    def _index_failed(self, exc: Exception) -> None:
        self.warner.warn("index", "could not update the index of %s: %s", self.git_dir, exc)
