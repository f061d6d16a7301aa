"""Decide what a history compaction keeps, drops and sets aside (pure).

The log holds at most ``max_entries`` entries after a compaction, except that
an entry Dream has not processed (cursor above the Dream cursor) is never
dropped: the oldest entries go first and the first unprocessed one stops the
drop. Malformed lines are not kept in the rewritten file; they are returned so
the caller can append them to ``history.rejected.jsonl`` first.
"""

from __future__ import annotations

from dataclasses import dataclass

from reverie.store.records import HistoryEntry, Reject, parse_history_line

__all__ = ["CompactionPlan", "plan_compaction"]


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
    parsed = [parse_history_line(line) for line in lines]
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
