"""Read the lines of a file from a byte offset, forwards or backwards, in blocks.

The history log is only ever appended to, and its cursors grow line after
line, so "what is new since cursor C" lives at the end of the file. These
helpers let the log find that spot with a handful of ``pread`` calls instead
of a scan of the whole file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

__all__ = ["lines_backward", "lines_forward", "next_line_start", "pread_all"]

_BLOCK = 8192
_MAX_BLOCK = 1 << 20

if hasattr(os, "pread"):
    _pread = os.pread
else:  # pragma: no cover - Windows has no pread; the caller holds the descriptor alone

    def _pread(fd: int, length: int, offset: int) -> bytes:
        os.lseek(fd, offset, os.SEEK_SET)
        return os.read(fd, length)


def pread_all(fd: int, length: int, offset: int) -> bytes:
    """Read up to ``length`` bytes at ``offset``; short only at end of file."""
    data = _pread(fd, length, offset)
    if len(data) == length or not data:
        return data
    parts = [data]
    got = len(data)
    while got < length:
        more = _pread(fd, length - got, offset + got)
        if not more:
            break
        parts.append(more)
        got += len(more)
    return b"".join(parts)


def lines_backward(fd: int, size: int, block: int = _BLOCK) -> Iterator[tuple[int, bytes]]:
    """Yield ``(start_offset, line)`` from the last line of ``fd[:size]`` to the first.

    Lines come without their newline. The first item is the text after the
    final newline: ``b""`` when the file ends with one, else a torn fragment.
    """
    carry = b""
    pos = size
    while pos > 0:
        step = min(block, pos)
        pos -= step
        chunk = pread_all(fd, step, pos) + carry
        end = len(chunk)
        # Lines are cut lazily: a caller after the last record reads one line, not a block's worth.
        newline = chunk.rfind(b"\n", 0, end)
        while newline >= 0:
            yield pos + newline + 1, chunk[newline + 1 : end]
            end = newline
            newline = chunk.rfind(b"\n", 0, end)
        carry = chunk[:end]
        block = min(block * 2, _MAX_BLOCK)
    yield 0, carry


def lines_forward(
    fd: int, offset: int, size: int, block: int = _BLOCK
) -> Iterator[tuple[int, bytes, bool]]:
    """Yield ``(start_offset, line, terminated)`` for lines starting in ``fd[offset:size]``.

    ``offset`` must be a line start. ``terminated`` is False only for a last
    line with no newline before ``size`` (a torn write, or one in progress).
    """
    carry = b""
    carry_start = offset
    pos = offset
    while pos < size:
        step = min(block, size - pos)
        chunk = pread_all(fd, step, pos)
        if not chunk:
            break
        pos += len(chunk)
        data = carry + chunk if carry else chunk
        parts = data.split(b"\n")
        start = carry_start
        for part in parts[:-1]:
            yield start, part, True
            start += len(part) + 1
        carry = parts[-1]
        carry_start = start
        block = min(block * 2, _MAX_BLOCK)
    if carry:
        yield carry_start, carry, False


def next_line_start(fd: int, offset: int, size: int) -> int:
    """The first line start at or after ``offset`` (``size`` when there is none)."""
    if offset <= 0:
        return 0
    pos = offset - 1  # a newline just before ``offset`` makes ``offset`` itself a start
    block = 512
    while pos < size:
        chunk = pread_all(fd, min(block, size - pos), pos)
        if not chunk:
            break
        index = chunk.find(b"\n")
        if index >= 0:
            return pos + index + 1
        pos += len(chunk)
        block = min(block * 2, _MAX_BLOCK)
    return size
