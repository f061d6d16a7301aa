"""Appends that land whole or not at all, so a full disk never leaves half a record."""

from __future__ import annotations

import contextlib
import os

__all__ = ["append_whole"]


def append_whole(fd: int, data: bytes, size: int) -> None:
    """Write all of ``data`` to ``fd`` (opened ``O_APPEND``), which was ``size`` bytes long.

    The caller holds the file's lock. When a write fails part-way (``ENOSPC``,
    a quota), the file is cut back to ``size``: the next reader never meets the
    torn fragment, and the next append starts where this one did.

    Raises:
        OSError: the write failed (the file is back to ``size`` bytes when it
            could be cut).
    """
    view = memoryview(data)
    try:
        while view:
            view = view[os.write(fd, view) :]
    except OSError:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, size)
        raise
