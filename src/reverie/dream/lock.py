"""The workspace Dream lock: at most one Dream per workspace, across processes.

The lock is reverie's one cross-process lock
(:class:`~reverie.locks.WorkspaceLock`) on ``memory/.dream.lock``, tried
without waiting: a second Dream does not queue behind the first (the first one
will have processed the same entries by the time the second got the lock), it
reports that another Dream is running and returns.

While held, the file records the holder's pid, host and start time, so a busy
report can name it. The kernel drops an ``flock`` when its process dies, so a
lock left by a crashed run is simply free; its record is still in the file,
which is how the next holder knows it took over from a run that never
finished (and logs it). A clean release empties the record.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from reverie._jsonline import loads_line
from reverie._logging import get_logger
from reverie.errors import StoreError
from reverie.locks import WorkspaceLock
from reverie.privacy import open_private

__all__ = ["DreamLock", "LockHolder"]

_log = get_logger("dream.lock")
_MAX_RECORD_BYTES = 4096


@dataclass(frozen=True)
class LockHolder:
    """Who holds (or last held) the Dream lock, as recorded in the lock file."""

    pid: int | None
    host: str | None
    started: str | None

    def describe(self) -> str:
        """``pid 4242 on host since 2026-04-03T02:00:00Z`` (parts that are known)."""
        parts = []
        if self.pid is not None:
            parts.append(f"pid {self.pid}")
        if self.host:
            parts.append(f"on {self.host}")
        if self.started:
            parts.append(f"since {self.started}")
        return " ".join(parts) or "holder unknown"

    def to_json(self) -> bytes:
        """The record written into the lock file."""
        return json.dumps({"pid": self.pid, "host": self.host, "started": self.started}).encode()

    @classmethod
    def parse(cls, data: bytes) -> LockHolder | None:
        """Read a record; None when the file is empty, a partial write yields an unknown holder."""
        if not data.strip():
            return None
        try:
            record = loads_line(data)
        except ValueError:
            return cls(None, None, None)
        if not isinstance(record, dict):
            return cls(None, None, None)
        pid = record.get("pid")
        host = record.get("host")
        started = record.get("started")
        return cls(
            pid if isinstance(pid, int) and not isinstance(pid, bool) else None,
            host if isinstance(host, str) else None,
            started if isinstance(started, str) else None,
        )


def _me() -> LockHolder:
    stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return LockHolder(os.getpid(), socket.gethostname(), stamp)


class DreamLock:
    """A non-blocking, cross-process lock on one file that records its holder.

    Example:
        >>> lock = DreamLock(workspace / "memory" / ".dream.lock")  # doctest: +SKIP
        >>> if lock.try_acquire():  # doctest: +SKIP
        ...     try:
        ...         ...
        ...     finally:
        ...         lock.release()

    Args:
        path: The lock file (created with its folder; never deleted).
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.busy_holder: LockHolder | None = None
        """After a failed :meth:`try_acquire`: who holds the lock (None when not recorded)."""
        self.taken_over: LockHolder | None = None
        """After :meth:`try_acquire`: the record of an earlier holder that never released."""
        self._lock = WorkspaceLock(_exclusion_file(self.path))
        self._record: int | None = None

    @property
    def held(self) -> bool:
        """True between a successful :meth:`try_acquire` and :meth:`release`."""
        return self._record is not None

    def try_acquire(self) -> bool:
        """Take the lock if it is free; return False at once when another holder has it.

        Raises:
            RuntimeError: this DreamLock already holds it.
            StoreError: naming the lock file when it cannot be created, locked or written.
        """
        if self._record is not None:
            raise RuntimeError(f"{self.path} is already held by this DreamLock")
        self.busy_holder = self.taken_over = None
        if not self._lock.try_acquire():
            self.busy_holder = _read_holder(self.path)
            return False
        try:
            self._record = self._claim()
        except BaseException:
            self._lock.release()
            raise
        return True

    def release(self) -> None:
        """Empty the record and drop the lock (a no-op when not held)."""
        fd, self._record = self._record, None
        if fd is None:
            return
        try:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
        finally:
            os.close(fd)
            self._lock.release()

    def _claim(self) -> int:
        """Open the record, note a holder that never released, and write ours."""
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = open_private(self.path, flags)
        except OSError as exc:
            raise StoreError(f"cannot open Dream lock {self.path}: {exc.strerror or exc}") from exc
        try:
            self.taken_over = LockHolder.parse(_read(fd))
            if self.taken_over is not None:
                _log.warning(
                    "took over the Dream lock %s from a run that never released it (%s)",
                    self.path,
                    self.taken_over.describe(),
                )
            os.ftruncate(fd, 0)
            os.pwrite(fd, _me().to_json(), 0)
        except OSError as exc:
            os.close(fd)
            raise StoreError(f"cannot write Dream lock {self.path}: {exc.strerror or exc}") from exc
        return fd


def _exclusion_file(path: Path) -> Path:
    # Windows locks are mandatory byte ranges that would hide the holder record;
    # a sibling file carries the lock there. POSIX ``flock`` is advisory.
    return path.with_name(path.name + ".guard") if sys.platform == "win32" else path


def _read(fd: int) -> bytes:
    return os.pread(fd, _MAX_RECORD_BYTES, 0) if hasattr(os, "pread") else b""


def _read_holder(path: Path) -> LockHolder | None:
    try:
        with open(path, "rb") as file:
            return LockHolder.parse(file.read(_MAX_RECORD_BYTES))
    except OSError:
        return None
