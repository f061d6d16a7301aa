"""Read a history entry the Dream prompt cut short back from ``memory/history.jsonl``.

The Dream prompt shows each history entry's first 1,000 characters. A long
conversation's summary is longer, and the facts after the cut would never
reach the memory files. A model would ``read_file`` the rest; so does the
offline Dream, a page at a time, over a few tool rounds:

1. with the memory files, read line 1 of the history file, whose note
   (``[memory/history.jsonl: lines 1-1 of N; …]``) gives the line count;
2. read a window near the end (unprocessed entries are the newest), earlier
   windows while the wanted cursors lie before it, and onwards while a window
   was cut by the read size cap;
3. stop when every cut entry is found, or after :data:`MAX_HISTORY_READS`
   reads (the cut text is used then).

Everything is recomputed from the tool results in the conversation, so the
provider keeps no state between calls.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "HISTORY_PATH",
    "MAX_HISTORY_READS",
    "HistoryReads",
    "is_cut",
    "next_history_read",
]

HISTORY_PATH = "memory/history.jsonl"
MAX_HISTORY_READS = 6
"""Most reads of the history file one Dream run makes to find cut entries."""
WINDOW_LINES = 100
"""Lines asked for in one read (the read size cap may return fewer)."""

_CUT = re.compile(r"\n… \[truncated\]\s*$")
_NOTE = re.compile(
    r"\n\[[^\]\n]*?: lines (?P<first>\d+)-(?P<last>\d+) of (?P<total>\d+)"
    r"(?:; continue with offset=(?P<next>\d+))?[^\]\n]*\]\s*$"
)


def is_cut(body: str) -> bool:
    """True when an entry shown in the prompt was cut (a summary, not a raw dump)."""
    return _CUT.search(body) is not None and not body.startswith("[RAW]")


@dataclass
class HistoryReads:
    """What the reads of the history file so far returned.

    Attributes:
        entries: Entry text by cursor, for every whole line read.
        windows: ``(first line, last line)`` of each read.
        total: The file's line count, once a read told it.
        reads: How many reads were made.
    """

    entries: dict[int, str]
    windows: list[tuple[int, int]]
    total: int | None
    reads: int

    @classmethod
    def from_results(cls, results: Iterable[tuple[Mapping[str, Any], str]]) -> HistoryReads:
        """Collect ``(read_file arguments, result)`` pairs for the history file."""
        found = cls({}, [], None, 0)
        for args, result in results:
            if args.get("path") != HISTORY_PATH or result.startswith("Error:"):
                continue
            found.reads += 1
            note = _NOTE.search(result)
            body = result[: note.start()] if note else result
            first = int(args.get("offset") or 1)
            last = first + len(body.splitlines()) - 1
            if note is not None:
                found.total = int(note["total"])
                first, last = int(note["first"]), int(note["last"])
            elif found.total is None:
                found.total = last  # the whole rest of the file was shown
            if args.get("limit") == 1 and note is not None:
                continue  # the probe: it only tells the line count
            found.windows.append((first, last))
            for line in body.splitlines():
                cursor, content = _record(line)
                if cursor is not None and content is not None:
                    found.entries[cursor] = content
        return found


def _record(line: str) -> tuple[int | None, str | None]:
    try:
        record = json.loads(line)
    except ValueError:
        return None, None
    if not isinstance(record, dict) or not isinstance(record.get("cursor"), int):
        return None, None
    content = record.get("content")
    return record["cursor"], content if isinstance(content, str) else None


def next_history_read(wanted: Sequence[int], reads: HistoryReads) -> dict[str, Any] | None:
    """The ``read_file`` arguments of the next read, or None when done or out of reads."""
    missing = [cursor for cursor in wanted if cursor not in reads.entries]
    if not missing or reads.reads >= MAX_HISTORY_READS:
        return None
    if reads.total is None:
        return {"path": HISTORY_PATH, "offset": 1, "limit": 1}
    if not reads.windows:
        start = max(1, reads.total - WINDOW_LINES + 1)
        return {"path": HISTORY_PATH, "offset": start, "limit": WINDOW_LINES}
    last_end = reads.windows[-1][1]
    if last_end < reads.total and not any(a <= last_end + 1 <= b for a, b in reads.windows):
        # The last read stopped early (the size cap): go on from where it stopped.
        return {"path": HISTORY_PATH, "offset": last_end + 1, "limit": WINDOW_LINES}
    lowest = min(first for first, _ in reads.windows)
    if reads.entries and min(missing) < min(reads.entries) and lowest > 1:
        # The wanted entries lie before everything read so far: step back a window.
        start = max(1, lowest - WINDOW_LINES)
        return {"path": HISTORY_PATH, "offset": start, "limit": min(WINDOW_LINES, lowest - start)}
    return None
