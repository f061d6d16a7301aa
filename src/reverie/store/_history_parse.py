"""One history line to a record, keeping an entry that holds a byte that is not UTF-8.

:func:`~reverie.store.records.parse_history_line` rejects a line whose bytes
are not all UTF-8, so one damaged byte would drop a whole summary from Dream,
search and the prompt. Here such a line is decoded with U+FFFD in place of the
bad bytes and kept when the rest is a valid record; the caller is told, so it
can warn and name the line. The bytes on disk are left as they are.
:class:`LineParser` is that parse with the warnings, for one log.
"""

from __future__ import annotations

from pathlib import Path

from reverie._jsonline import decode_lenient
from reverie._logging import OnceWarner, get_logger
from reverie.store.records import HistoryEntry, Reject, parse_history_line

__all__ = ["LineParser", "parse_entry"]

_log = get_logger("store.history")


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


class LineParser:
    """Parse the lines of one history log, warning (once per kind) about bad ones.

    Args:
        path: The log, named in warnings.
        warner: Where warnings go, once per kind.
    """

    def __init__(self, path: Path, warner: OnceWarner) -> None:
        self._path = path
        self._warner = warner

    def __call__(self, line: bytes, terminated: bool, offset: int) -> HistoryEntry | None:
        """The entry on ``line`` (starting at byte ``offset``); None for a line to skip."""
        item, replaced = parse_entry(line)
        if isinstance(item, Reject):
            if terminated:
                self._warner.warn(
                    f"history:{item.name}",
                    "%s line %s: skipping a line with %s (further ones are skipped silently)",
                    self._path,
                    _LineNumber(self._path, offset),
                    item.value,
                )
            else:
                # Either a write in flight (it completes) or a torn one (the next
                # append terminates it and it is reported as malformed then).
                _log.debug("%s: skipping an unterminated last line", self._path)
            return None
        if replaced:
            self._warner.warn(
                "history:not-utf8",
                "%s line %s: bytes that are not UTF-8 read as U+FFFD; the rest of the entry "
                "(cursor %s) is kept (further ones are kept silently)",
                self._path,
                _LineNumber(self._path, offset),
                item.cursor if item is not None else "?",
            )
        return item


class _LineNumber:
    """The 1-based line number of the line starting at ``offset``, counted only when shown.

    Warnings are said once per kind, so the count (a read of the file up to
    ``offset``) is paid only for the line a warning actually names.
    """

    def __init__(self, path: Path, offset: int) -> None:
        self.path = path
        self.offset = offset

    def __str__(self) -> str:
        try:
            with self.path.open("rb") as handle:
                count, left = 0, self.offset
                while left > 0:
                    chunk = handle.read(min(left, 1 << 20))
                    if not chunk:
                        break
                    count += chunk.count(b"\n")
                    left -= len(chunk)
        except OSError:
            return f"at byte {self.offset}"
        return str(count + 1)
