"""Find history entries by cursor without reading the whole log.

Cursors grow line after line, so the entries after cursor C sit at the end of
the file. :func:`tail_since` walks back from the end when only a few entries
can follow C; :func:`bisect_start` otherwise bisects on byte offsets, probing
the first valid line after each midpoint and stepping over damaged ones.
Damaged lines never stop a search; they are reported through the ``parse``
callback the caller passes (it decides how loudly).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from reverie.store._history_parse import parse_entry
from reverie.store._lines import lines_backward, lines_forward, next_line_start
from reverie.store.records import HistoryEntry

__all__ = ["Parse", "bisect_start", "collect", "tail_since", "tail_state"]

Parse = Callable[[bytes, bool, int], HistoryEntry | None]
"""``parse(line, terminated, offset)``: the entry, or None for a skipped line.

``offset`` is where the line starts in the file, so a warning can name the line."""

# Walk back from the end only when at most this many entries can follow the
# cursor asked for (cursors strictly increase, so the last cursor minus the
# one asked bounds that count); further back, bisection finds the spot.
TAIL_WALK_ENTRIES = 64
# Below this many bytes a bisection range is scanned line by line instead.
BISECT_MIN_RANGE = 4 * 1024


class _Probe(NamedTuple):
    start: int
    end: int
    cursor: int


def tail_state(fd: int, size: int, parse: Parse) -> tuple[int, bool]:
    """(the last valid cursor or 0, whether the file ends inside a line)."""
    torn = False
    first = True
    for start, line in lines_backward(fd, size):
        if first:
            first = False
            torn = bool(line)
            if torn:
                # A complete record missing only its newline still counts; a
                # fragment is skipped quietly (it may be a write in flight).
                entry = parse_entry(line)[0]
                if isinstance(entry, HistoryEntry):
                    return entry.cursor, True
                continue
        entry = parse(line, True, start)
        if entry is not None:
            return entry.cursor, torn
    return 0, torn


def tail_since(
    fd: int, size: int, cursor: int, parse: Parse
) -> tuple[list[HistoryEntry] | None, int]:
    """Walk back from the end to the last entry at or below ``cursor``.

    Returns:
        The entries after it, oldest first, and the start of the oldest line
        read; or ``(None, that start)`` when more than a few entries follow
        ``cursor``, for :func:`bisect_start` to find the spot instead.
    """
    found: list[HistoryEntry] = []
    oldest = size
    first = True
    for start, line in lines_backward(fd, size):
        terminated = not first
        first = False
        if line:
            entry = parse(line, terminated, start)
            if entry is not None:
                if entry.cursor <= cursor:
                    break
                if len(found) >= TAIL_WALK_ENTRIES or (
                    not found and entry.cursor - cursor > TAIL_WALK_ENTRIES
                ):
                    return None, oldest
                found.append(entry)
        oldest = start
    found.reverse()
    return found, oldest


def bisect_start(fd: int, size: int, hi: int, cursor: int) -> int:
    """A line start before which no valid entry has a cursor above ``cursor``.

    ``hi`` bounds the search: every valid line at or after it is known to be
    above ``cursor``. The result is where :func:`collect` should begin.
    """
    # Invariant: no valid entry starting before ``lo`` is above ``cursor``; the
    # first that is starts before ``hi`` or among invalid lines a probe stepped
    # over, so a scan from ``lo`` to the end of the file finds it either way.
    lo = 0
    while hi - lo > BISECT_MIN_RANGE:
        mid = (lo + hi) // 2
        probe = _probe(fd, mid, hi, size)
        if probe is None or probe.cursor > cursor:
            hi = mid
        else:
            lo = probe.end
    return lo


def collect(
    fd: int, start: int, size: int, cursor: int, limit: int | None, parse: Parse
) -> list[HistoryEntry]:
    """Valid entries above ``cursor`` from ``start`` to ``size``, at most ``limit``."""
    found: list[HistoryEntry] = []
    for line_start, line, terminated in lines_forward(fd, start, size, block=65536):
        if not line:
            continue
        entry = parse(line, terminated, line_start)
        if entry is not None and entry.cursor > cursor:
            found.append(entry)
            if limit is not None and len(found) >= limit:
                break
    return found


def _probe(fd: int, offset: int, hi: int, size: int) -> _Probe | None:
    """The first valid entry on a line starting in ``[offset, hi)``."""
    start = next_line_start(fd, offset, hi)
    if start >= hi:
        return None
    for line_start, line, terminated in lines_forward(fd, start, size, block=2048):
        if line_start >= hi:
            return None
        entry = parse_entry(line)[0]
        if isinstance(entry, HistoryEntry):
            return _Probe(line_start, line_start + len(line) + int(terminated), entry.cursor)
    return None
