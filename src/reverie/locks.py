"""reverie's one cross-process lock: exclusive across the threads of a process and across processes.

Every lock reverie takes goes through :class:`WorkspaceLock`: the history
log's cursor allocation, each session file, the transcript archive, the
memory repository's commits, one ``reverie chat`` or import at a time, and
(through :class:`reverie.dream.lock.DreamLock`, which adds a holder record)
one Dream per workspace.

``flock`` locks belong to open file descriptions, so whether two threads of one
process exclude each other depends on how each opened the file; rather than
rely on that, :class:`WorkspaceLock` pairs a re-entrant thread lock with a
file lock taken once per outermost acquisition.

On POSIX the file lock is a bare ``fcntl.flock`` on a descriptor opened for
that acquisition (about 2 µs; the ``filelock`` package spends ~100 µs per
round trip, more than a whole history append is allowed). It is the same
``flock`` that ``filelock.FileLock`` takes, so the two interoperate on one
lock file (an older reverie committing to the same repository). Elsewhere
``filelock.FileLock`` does the work.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
import weakref
from pathlib import Path
from types import TracebackType

from reverie.errors import StoreError
from reverie.privacy import PRIVATE_FILE_MODE, open_private, private_mkdir

__all__ = ["LockTimeoutError", "WorkspaceLock"]

_POLL_START = 0.001
_POLL_MAX = 0.05


class LockTimeoutError(StoreError):
    """A lock stayed held by someone else for longer than the caller would wait."""


class WorkspaceLock:
    """Exclusive, re-entrant lock on ``path`` for threads and processes alike.

    Use it as a context manager; nested use by the same thread is allowed and
    only the outermost exit releases the file lock::

        lock = WorkspaceLock(workspace / "memory" / ".history.lock")
        with lock:
            ...  # no other thread or process holding this lock file runs here

    To do something else when the lock is busy, ask without waiting::

        if not lock.try_acquire():
            return "busy"
        try:
            ...
        finally:
            lock.release()

    The lock file is created on first use (with its folder) and never deleted,
    because deleting a lock file lets two holders lock two different files.
    A child made by ``fork`` starts with the lock released, whatever the
    parent held, so it cannot mistake the parent's hold for its own. Two
    ``WorkspaceLock`` objects on one file exclude each other like two processes.

    Args:
        path: The lock file.
        timeout: Seconds :meth:`acquire` waits before giving up (``None`` waits forever).
    """

    def __init__(self, path: Path | str, *, timeout: float | None = None) -> None:
        self._path = Path(path)
        self._timeout = timeout
        self._thread_lock = threading.RLock()
        self._depth = 0
        self._owner: int | None = None
        self._held: _HeldFileLock | None = None
        _LIVE_LOCKS.add(self)

    @property
    def path(self) -> Path:
        """The lock file."""
        return self._path

    @property
    def is_held(self) -> bool:
        """True when some thread of this process holds the lock."""
        return self._depth > 0

    def acquire(self, timeout: float | None = None) -> None:
        """Take the lock, waiting up to ``timeout`` seconds (default: the constructor's).

        Raises:
            LockTimeoutError: the wait timed out (names the lock file).
            StoreError: the lock file cannot be created or locked (names it).
        """
        wait = self._timeout if timeout is None else timeout
        if not self._take(None if wait is None else time.monotonic() + wait):
            raise LockTimeoutError(f"timed out after {wait:g}s waiting for lock {self._path}")

    def try_acquire(self) -> bool:
        """Take the lock if it is free right now.

        Returns:
            True when taken (also when this thread already held it: re-entrant);
            False when another thread or process holds it.

        Raises:
            StoreError: the lock file cannot be created or locked (names it); a
                busy lock is never an error.
        """
        return self._take(time.monotonic())

    def _take(self, deadline: float | None) -> bool:
        wait = -1.0 if deadline is None else max(0.0, deadline - time.monotonic())
        if not self._thread_lock.acquire(timeout=wait):
            return False
        if self._depth == 0:
            try:
                held = _lock_file(self._path, deadline)
            except BaseException:
                self._thread_lock.release()
                raise
            if held is None:
                self._thread_lock.release()
                return False
            self._held = held
            self._owner = threading.get_ident()
        self._depth += 1
        return True

    def release(self) -> None:
        """Give the lock back; the file lock goes at the outermost release.

        Raises:
            RuntimeError: when the calling thread does not hold the lock.
        """
        if self._depth == 0 or self._owner != threading.get_ident():
            raise RuntimeError(f"release of lock {self._path} not held by this thread")
        self._depth -= 1
        held = None
        if self._depth == 0:
            self._owner = None
            held, self._held = self._held, None
        try:
            if held is not None:
                held.release()
        finally:
            self._thread_lock.release()

    def __enter__(self) -> WorkspaceLock:
        self.acquire()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"WorkspaceLock({str(self._path)!r}, held={self.is_held})"

    def _after_fork_in_child(self) -> None:
        # The child inherits copies of the parent's locks; a thread that held them
        # does not exist here. Forget them without unlocking: ``flock`` locks live
        # in the open file description the parent still shares.
        self._thread_lock = threading.RLock()
        self._depth = 0
        self._owner = None
        if self._held is not None:
            held, self._held = self._held, None
            held.forget()


_LIVE_LOCKS: weakref.WeakSet[WorkspaceLock] = weakref.WeakSet()


def _reset_locks_in_child() -> None:
    for lock in list(_LIVE_LOCKS):
        lock._after_fork_in_child()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_reset_locks_in_child)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    from filelock import FileLock, Timeout

    class _HeldFileLock:
        def __init__(self, lock: FileLock) -> None:
            self._lock = lock

        def release(self) -> None:
            self._lock.release()

        def forget(self) -> None:
            pass  # Windows has no fork

    def _lock_file(path: Path, deadline: float | None) -> _HeldFileLock | None:
        lock = FileLock(path, thread_local=False, mode=PRIVATE_FILE_MODE)
        wait = -1.0 if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            lock.acquire(timeout=wait)
        except Timeout:
            return None
        except OSError as exc:
            raise StoreError(f"cannot lock {path}: {exc.strerror or exc}") from exc
        return _HeldFileLock(lock)

else:
    import fcntl

    class _HeldFileLock:
        def __init__(self, fd: int) -> None:
            self._fd = fd

        def release(self) -> None:
            # Closing the only descriptor of this open file drops the flock.
            os.close(self._fd)

        def forget(self) -> None:
            # In a forked child: the parent shares this open file description
            # and still holds the flock through it, so only our copy goes.
            with contextlib.suppress(OSError):
                os.close(self._fd)

    def _lock_file(path: Path, deadline: float | None) -> _HeldFileLock | None:
        """The file lock, or None when ``deadline`` passed first (None: wait for ever)."""
        while True:
            fd = _open(path)
            try:
                if not _flock(fd, deadline, path):
                    os.close(fd)
                    return None
                # A lock file replaced while we waited is not the one others lock next.
                if os.fstat(fd).st_ino == os.stat(path).st_ino:
                    return _HeldFileLock(fd)
            except FileNotFoundError:
                pass
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)

    def _open(path: Path) -> int:
        flags = os.O_RDWR | os.O_CREAT | os.O_CLOEXEC
        try:
            try:
                return open_private(path, flags)
            except FileNotFoundError:
                private_mkdir(path.parent)
                return open_private(path, flags)
        except OSError as exc:
            raise StoreError(f"cannot open lock file {path}: {exc.strerror or exc}") from exc

    def _flock(fd: int, deadline: float | None, path: Path) -> bool:
        try:
            if deadline is None:
                fcntl.flock(fd, fcntl.LOCK_EX)
                return True
            delay = _POLL_START
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    return True
                except BlockingIOError:
                    pass
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                time.sleep(min(delay, left))
                delay = min(delay * 2, _POLL_MAX)
        except OSError as exc:
            raise StoreError(f"cannot lock {path}: {exc.strerror or exc}") from exc
