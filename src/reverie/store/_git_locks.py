"""Lock files git and dulwich leave in ``.git`` when a write dies, and clearing stale ones.

Git writes ``<file>.lock`` next to a ref or the index, then renames it over the
file: it exists for the milliseconds of one write. One that is minutes old was
left by a process that was killed or ran out of disk, and every later write of
that file fails while it is there. reverie's own commit lock (``reverie.lock``,
a lock the operating system releases with its holder) is not one of them.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from dulwich.file import FileLocked

from reverie._logging import get_logger
from reverie.errors import GitStoreError

__all__ = ["STALE_LOCK_SECONDS", "clear_stale_lock", "locked_error", "stale_lock_files"]

STALE_LOCK_SECONDS = 600.0
"""A git lock file older than this was left behind (a live one lasts milliseconds)."""

_log = get_logger("store.git")


def stale_lock_files(git_dir: Path, older_than: float, *, keep: str) -> list[Path]:
    """``*.lock`` files under ``git_dir`` older than ``older_than`` seconds, except ``keep``."""
    if not git_dir.is_dir():
        return []
    cutoff = time.time() - older_than
    found: list[Path] = []
    for path in sorted(git_dir.rglob("*.lock")):
        if path.name == keep or not path.is_file():
            continue
        with contextlib.suppress(OSError):
            if path.stat().st_mtime < cutoff:
                found.append(path)
    return found


def clear_stale_lock(exc: FileLocked) -> bool:
    """Remove the lock file ``exc`` names when it is stale; True when it was removed."""
    lock = Path(os.fsdecode(exc.lockfilename))
    try:
        age = time.time() - lock.stat().st_mtime
    except OSError:
        return True  # gone already: try again
    if age < STALE_LOCK_SECONDS:
        return False
    try:
        lock.unlink()
    except FileNotFoundError:
        return True
    except OSError:
        return False
    _log.warning(
        "removed %s, left behind %.0f minutes ago by a git write that died", lock, age / 60
    )
    return True


def locked_error(exc: FileLocked) -> GitStoreError:
    """The error for a lock held by a live writer (or left behind less than ten minutes ago)."""
    lock = os.fsdecode(exc.lockfilename)
    return GitStoreError(
        f"{lock} exists: another git command is writing {os.fsdecode(exc.filename)}; if none "
        "is running, it was left behind by one that died: remove it, or run "
        "`reverie doctor --fix`"
    )
