"""One history line to a record, keeping an entry that holds a byte that is not UTF-8.

:func:`~reverie.store.records.parse_history_line` rejects a line whose bytes
are not all UTF-8, so one damaged byte would drop a whole summary from Dream,
search and the prompt. Here such a line is decoded with U+FFFD in place of the
bad bytes and kept when the rest is a valid record; the caller is told, so it
can warn and name the line. The bytes on disk are left as they are.
"""

from __future__ import annotations

from reverie._jsonline import decode_lenient
from reverie.store.records import HistoryEntry, Reject, parse_history_line

__all__ = ["parse_entry"]


def parse_entry(line: bytes) -> tuple[HistoryEntry | Reject | None, bool]:
    """``(record, replaced)``: the parsed line, and whether undecodable bytes were replaced."""
    item = parse_history_line(line)
    if item is not Reject.MALFORMED_JSON:
        return item, False
    text, replaced = decode_lenient(line)
    if not replaced:
        return item, False
    repaired = parse_history_line(text)
    if isinstance(repaired, HistoryEntry):
        return repaired, True
    return item, False
