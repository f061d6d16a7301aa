"""Decide what a history compaction keeps, drops and sets aside, and set it aside.

The log holds at most ``max_entries`` entries after a compaction, except that
an entry Dream has not processed (cursor above the Dream cursor) is never
dropped: the oldest entries go first and the first unprocessed one stops the
drop. Malformed lines are not kept in the rewritten file; :func:`plan_compaction`
(pure) returns them so the caller can :func:`append_rejected` them first.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from reverie._append import append_whole
from reverie._atomic import fsync_fd
from reverie.errors import StoreError
from reverie.privacy import open_private
from reverie.store._history_parse import parse_entry
from reverie.store.records import HistoryEntry, Reject

__all__ = ["CompactionPlan", "append_rejected", "plan_compaction", "remove_stale_temp_files"]


@dataclass(frozen=True, slots=True)
class CompactionPlan:
    """The outcome of :func:`plan_compaction` when the file should be rewritten."""

    kept: bytes
    """The new file content: the kept lines, byte for byte, each ending in a newline."""
    dropped: int
    """Processed entries removed."""
    rejected: list[tuple[bytes, Reject]]
    """Malformed lines removed from the log, with the reason."""


def plan_compaction(data: bytes, max_entries: int, dream_cursor: int) -> CompactionPlan | None:
    """Plan the rewrite of a log whose content is ``data``; None when nothing should change."""
    if max_entries <= 0:
        return None
    # Counting newlines is ~100x cheaper than parsing; most calls stop here.
    if data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1) <= max_entries:
        return None
    lines = data.split(b"\n")
    if data.endswith(b"\n"):
        lines.pop()
    parsed = [parse_entry(line)[0] for line in lines]
    excess = sum(isinstance(item, HistoryEntry) for item in parsed) - max_entries
    drop: set[int] = set()
    for index, item in enumerate(parsed):
        if excess <= 0:
            break
        if isinstance(item, HistoryEntry):
            if item.cursor > dream_cursor:
                break  # never drop an entry Dream has not processed
            drop.add(index)
            excess -= 1
    if not drop:
        return None
    rejected = [
        (line, item) for line, item in zip(lines, parsed, strict=True) if isinstance(item, Reject)
    ]
    kept = b"".join(
        line + b"\n"
        for index, (line, item) in enumerate(zip(lines, parsed, strict=True))
        if isinstance(item, HistoryEntry) and index not in drop
    )
    return CompactionPlan(kept=kept, dropped=len(drop), rejected=rejected)


def append_rejected(path: Path, rejected: list[tuple[bytes, Reject]], timestamp: str) -> None:
    """Append malformed lines to ``path`` (``history.rejected.jsonl``) and fsync it.

    Each becomes ``{"rejected_at", "reason", "line"}``; undecodable bytes are
    kept as ``\\xNN`` escapes, so the original line can be rebuilt.

    Raises:
        StoreError: naming ``path`` when it cannot be written.
    """
    payload = "".join(
        json.dumps(
            {
                "rejected_at": timestamp,
                "reason": reason.value,
                "line": line.decode("utf-8", errors="backslashreplace"),
            },
            ensure_ascii=False,
        )
        + "\n"
        for line, reason in rejected
    ).encode("utf-8")
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = open_private(path, flags)
        try:
            append_whole(fd, payload, os.fstat(fd).st_size)
            fsync_fd(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        raise StoreError(f"cannot write {path}: {exc.strerror or exc}") from exc


def remove_stale_temp_files(path: Path) -> int:
    """Delete temp files an interrupted atomic rewrite of ``path`` left behind.

    Call only while holding the lock every rewriter of ``path`` holds, so no
    live rewrite's temp file can be mistaken for a stale one.

    Returns:
        How many were removed.
    """
    removed = 0
    with contextlib.suppress(OSError):
        for stale in path.parent.glob(f".{path.name}.*.tmp"):
            with contextlib.suppress(FileNotFoundError):
                stale.unlink()
                removed += 1
    return removed
