"""Read a whole file only when it is a regular file, and only up to a named size limit.

``path.read_bytes()`` on a named pipe blocks until someone writes to it, and on
``/dev/zero`` reads until memory runs out. Every file reverie reads whole (an
import, a memory file, a guide) goes through :func:`read_regular_file`, which
opens without blocking, refuses anything but a regular file, and stops at a
limit that the error names.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

__all__ = [
    "FileTooLarge",
    "NotARegularFile",
    "ensure_regular",
    "open_regular_file",
    "read_regular_file",
    "size_text",
]

_OPEN = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_CHUNK = 1 << 20


class NotARegularFile(OSError):
    """The path is a pipe, a device or a socket, which reverie does not read."""


class FileTooLarge(OSError):
    """The file is larger than the limit of what reads it."""


def size_text(size: int) -> str:
    """``1 GiB``, ``64 MiB``, ``512 KiB``, ``12 bytes``."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            value = size / scale
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{size} bytes"


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def ensure_regular(fd: int, path: Path | str) -> os.stat_result:
    """The stat of open ``fd`` when it is a regular file.

    Open with ``O_NONBLOCK`` (a pipe would block the open itself otherwise).

    Raises:
        IsADirectoryError: a folder.
        NotARegularFile: a pipe, device or socket (``strerror`` says which).
    """
    info = os.fstat(fd)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a directory", str(path))
    if not stat.S_ISREG(info.st_mode):
        raise NotARegularFile(errno.EINVAL, f"{_kind(info.st_mode)}, not a regular file", str(path))
    return info


def _open_checked(path: Path | str) -> tuple[int, os.stat_result]:
    fd = os.open(path, _OPEN)
    try:
        return fd, ensure_regular(fd, path)
    except BaseException:
        os.close(fd)
        raise


def open_regular_file(path: Path | str) -> BinaryIO:
    """``open(path, "rb")`` for a regular file, without blocking on a pipe.

    Raises:
        FileNotFoundError, IsADirectoryError, PermissionError: as ``open`` raises them.
        NotARegularFile: a pipe, device or socket.
    """
    fd, _ = _open_checked(path)
    return os.fdopen(fd, "rb")


def read_regular_file(path: Path | str, *, limit: int, limit_name: str) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes.

    Args:
        path: The file.
        limit: The most bytes read.
        limit_name: What the limit is called in the error ("the ingest file
            size limit").

    Raises:
        FileNotFoundError, IsADirectoryError, PermissionError: as ``open`` raises them.
        NotARegularFile: a pipe, device or socket (``strerror`` says which).
        FileTooLarge: more than ``limit`` bytes (``strerror`` names the limit).
    """
    fd, info = _open_checked(path)
    try:
        too_large = FileTooLarge(
            errno.EFBIG, f"larger than {limit_name} of {size_text(limit)}", str(path)
        )
        if info.st_size > limit:
            raise too_large
        chunks: list[bytes] = []
        got = 0
        while chunk := os.read(fd, min(_CHUNK, limit + 1 - got)):
            chunks.append(chunk)
            got += len(chunk)
            if got > limit:  # it grew while we read
                raise too_large
        return b"".join(chunks)
    finally:
        os.close(fd)
