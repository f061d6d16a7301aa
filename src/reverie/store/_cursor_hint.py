"""``memory/.cursor``: the last history cursor issued, kept as a lower bound.

The hint survives the log being emptied, so cursors never repeat; the log,
written first, always wins over it. It is read and written in place, without
fsync: a stale or damaged hint costs nothing but a warning.
"""

from __future__ import annotations

import os
from pathlib import Path

from reverie._logging import OnceWarner
from reverie.errors import StoreError
from reverie.privacy import open_private

__all__ = ["OPEN_READ", "CursorHint", "store_error"]

# O_NONBLOCK: a named pipe in the file's place must fail, not block (regular files ignore it).
OPEN_READ = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def store_error(action: str, path: Path, exc: OSError) -> StoreError:
    """``StoreError("<action> <path>: <reason>")``."""
    return StoreError(f"{action} {path}: {exc.strerror or exc}")


class CursorHint:
    """The ``.cursor`` file next to the history log at ``log_path``.

    Args:
        path: ``memory/.cursor``.
        log_path: ``memory/history.jsonl``, named when the hint is damaged.
        warner: Where warnings go, once per kind.
    """

    def __init__(self, path: Path, log_path: Path, warner: OnceWarner) -> None:
        self.path = path
        self._log_path = log_path
        # ``os.open`` on a str skips a Path conversion per call on the append path.
        self._path_str = os.fspath(path)
        self._warner = warner

    def read(self) -> int:
        """The cursor the file holds; 0 when it is missing or damaged (with a warning).

        Raises:
            StoreError: naming the file when it exists but cannot be opened.
        """
        try:
            fd = os.open(self._path_str, OPEN_READ)
        except FileNotFoundError:
            return 0
        except OSError as exc:
            raise store_error("cannot read", self.path, exc) from exc
        try:
            raw = os.read(fd, 64)
        except OSError:
            raw = b""  # e.g. a folder in its place: the log still knows the cursor
        finally:
            os.close(fd)
        text = raw.strip()
        if text.isdigit():
            return int(text)
        if text:
            self._warner.warn(
                "cursor:corrupt",
                "%s holds %r, not a cursor; recovering the next cursor from %s",
                self.path,
                raw[:32],
                self._log_path,
            )
        return 0

    def write(self, cursor: int) -> None:
        """Record ``cursor``; a failure is a warning (the log still knows it)."""
        # In place, no fsync: the hint only has to be a lower bound, and the log,
        # written first, is what the next allocation trusts.
        data = str(cursor).encode("ascii")
        try:
            fd = open_private(self._path_str, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
        except OSError as exc:
            self._warner.warn("cursor:write", "cannot update %s: %s", self.path, exc)
            return
        try:
            os.write(fd, data)
            os.ftruncate(fd, len(data))
        except OSError as exc:
            self._warner.warn("cursor:write", "cannot update %s: %s", self.path, exc)
        finally:
            os.close(fd)
