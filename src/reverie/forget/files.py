"""The workspace's files, as forgetting sees them: where to look, and how to rewrite safely.

Every regular file of the workspace is searched, except the git repository
(its own pass rewrites it), the derived search index (deleted and rebuilt) and
forgetting's own journal. Symlinks are neither followed nor changed: what they
point at is not the workspace's.

A file is rewritten under the lock its writers take (a session's lock, a
transcript's lock, the history lock), re-read under it, and replaced in one
atomic write. A session open in a ``reverie chat`` is refused: the chat holds
its own copy in memory and would write it back.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from reverie._atomic import fsync_dir, write_bytes_atomic
from reverie.errors import StoreError
from reverie.layout import MEMORY_DIR, SESSIONS_DIR
from reverie.locks import WorkspaceLock
from reverie.sessions.hold import hold_chat_session
from reverie.sessions.jsonl_store import metadata_key
from reverie.sessions.keys import session_filename
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.store.history import HistoryLog

__all__ = [
    "DERIVED_DIRS",
    "JOURNAL_NAME",
    "TRANSCRIPTS_DIR",
    "Rewrite",
    "WorkspaceFiles",
    "is_session_file",
]

JOURNAL_NAME = ".forget.json"
"""Forgetting's journal, in ``memory/``: present only while a forget is unfinished."""
DERIVED_DIRS: tuple[str, ...] = (f"{MEMORY_DIR}/.index",)
"""Folders of derived data (the recall index), deleted by a forget and rebuilt on use."""
TRANSCRIPTS_DIR = f"{MEMORY_DIR}/transcripts"
_HISTORY_FILES = (f"{MEMORY_DIR}/history.jsonl", f"{MEMORY_DIR}/history.rejected.jsonl")

Rewrite = Callable[[bytes], bytes | None]
"""A file's new bytes from its current ones; None deletes the file, the same bytes leave it."""


def is_session_file(relative: str) -> bool:
    """True for a live session file ``sessions/<name>.jsonl`` (not a copy, not a lock)."""
    folder, _, name = relative.rpartition("/")
    return folder == SESSIONS_DIR and name.endswith(".jsonl") and not name.startswith(".")


class WorkspaceFiles:
    """Walks and rewrites the files of one workspace.

    Args:
        workspace: The workspace folder.
        sessions: Its session manager (whose cached copies are dropped after a rewrite).
        history: Its history log (whose lock guards history rewrites).
        dry_run: Work out every change without making it (a plan); a session open
            in a chat is still refused, so the plan fails where the forget would.
    """

    def __init__(
        self,
        workspace: Path,
        sessions: SessionManager,
        history: HistoryLog,
        *,
        dry_run: bool = False,
    ) -> None:
        self.root = workspace
        self.sessions = sessions
        self.history = history
        self.dry_run = dry_run

    def walk(self) -> Iterator[str]:
        """Workspace-relative POSIX paths of every regular file forgetting may edit."""
        skip_dirs = {".git", *DERIVED_DIRS}
        for current, dirs, files in os.walk(self.root):
            folder = Path(current)
            relative = folder.relative_to(self.root).as_posix()
            prefix = "" if relative == "." else f"{relative}/"
            dirs[:] = sorted(d for d in dirs if f"{prefix}{d}" not in skip_dirs)
            for name in sorted(files):
                rel = f"{prefix}{name}"
                if rel == f"{MEMORY_DIR}/{JOURNAL_NAME}":
                    continue
                with contextlib.suppress(OSError):
                    if stat.S_ISREG(os.lstat(folder / name).st_mode):
                        yield rel

    def walk_git_meta(self) -> Iterator[str]:
        """Text files of ``.git`` that are not objects, refs, logs or the index.

        ``config``, ``description``, ``COMMIT_EDITMSG``, ``info/exclude``, hooks …
        may quote anything; the objects, the index and the reflogs have their own
        treatment.
        """
        git = self.root / ".git"
        if not git.is_dir():
            return
        skip_dirs = {"objects", "logs", "refs", "modules", "worktrees"}
        skip_files = {"index", "packed-refs", "shallow"}
        for current, dirs, files in os.walk(git):
            folder = Path(current)
            if folder == git:
                dirs[:] = sorted(d for d in dirs if d not in skip_dirs)
            for name in sorted(files):
                if folder == git and (name in skip_files or name.endswith(".lock")):
                    continue
                with contextlib.suppress(OSError):
                    if stat.S_ISREG(os.lstat(folder / name).st_mode):
                        yield (folder / name).relative_to(self.root).as_posix()

    def names(self) -> Iterator[str]:
        """Workspace-relative paths of every file and folder (for names holding the text)."""
        for current, dirs, files in os.walk(self.root):
            relative = Path(current).relative_to(self.root).as_posix()
            prefix = "" if relative == "." else f"{relative}/"
            dirs[:] = [d for d in dirs if f"{prefix}{d}" != ".git"]
            for name in [*dirs, *files]:
                yield f"{prefix}{name}"

    def read(self, relative: str) -> bytes | None:
        """The file's bytes; None when it is gone."""
        try:
            return (self.root / relative).read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError as exc:
            raise StoreError(f"cannot read {self.root / relative}: {exc.strerror or exc}") from exc

    def rewrite(self, relative: str, change: Rewrite) -> bool:
        """Apply ``change`` to one file under its writers' lock; True when it changed.

        Raises:
            UserError: the file is a session open in a ``reverie chat``.
            StoreError: the file cannot be read, written or deleted (names it).
        """
        with self._locked(relative):
            before = self.read(relative)
            if before is None:
                return False
            after = change(before)
            if after == before:
                return False
            if self.dry_run:
                return True
            path = self.root / relative
            if after is None:
                try:
                    path.unlink()
                except FileNotFoundError:
                    return False
                except OSError as exc:
                    raise StoreError(f"cannot delete {path}: {exc.strerror or exc}") from exc
                fsync_dir(path.parent)
            else:
                write_bytes_atomic(path, after)
            return True

    def edit_session(self, key: str, change: Callable[[Session], bool]) -> bool:
        """Load session ``key`` through its manager, let ``change`` edit it, save it.

        Under the session's chat hold and lock, like any rewrite. The manager's
        own reading and writing keep its index arithmetic (archived and lost
        messages) and its copy of a damaged file. ``change`` returns True when
        it changed something. Returns that, after saving (not in a dry run).

        Raises:
            UserError: the session is open in a ``reverie chat``.
        """
        relative = f"{SESSIONS_DIR}/{session_filename(key)}"
        if not (self.root / relative).exists():
            return False
        with self._locked(relative):
            self.sessions.invalidate(key)
            session = self.sessions.get_or_create(key)
            try:
                if not change(session):
                    return False
                if not self.dry_run:
                    self.sessions.save(session)
                return True
            finally:
                self.sessions.invalidate(key)

    @contextlib.contextmanager
    def _locked(self, relative: str) -> Iterator[None]:
        if is_session_file(relative):
            key = metadata_key(self.root / relative)
            if key is not None:
                hint = "leave that chat first, then forget again"
                with hold_chat_session(self.root, key, hint=hint):
                    if self.dry_run:
                        yield
                        return
                    with self.sessions.lock(key):
                        try:
                            yield
                        finally:
                            self.sessions.invalidate(key)
                return
        if self.dry_run:
            yield
            return
        name = relative.removeprefix(f"{TRANSCRIPTS_DIR}/")
        if name != relative and "/" not in name and name.endswith(".jsonl"):
            stem = name.removesuffix(".jsonl")
            with WorkspaceLock(self.root / TRANSCRIPTS_DIR / f".{stem}.lock", timeout=60):
                yield
            return
        if relative in _HISTORY_FILES:
            with self.history.lock:
                yield
            return
        yield
