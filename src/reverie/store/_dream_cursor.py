"""``memory/.dream_cursor``: the last history cursor Dream has processed.

The file holds one decimal integer. A missing file means 0; so does a corrupt
one (with a warning): Dream then reprocesses history rather than skip entries
it never saw.
"""

from __future__ import annotations

from pathlib import Path

from reverie._atomic import write_text_atomic
from reverie._logging import OnceWarner
from reverie._readfile import FileTooLarge, read_regular_file
from reverie.errors import StoreError

__all__ = ["DreamCursorFile", "warn_if_ahead"]

_MAX_BYTES = 4096
_LIMIT_NAME = "the cursor file size limit"


class DreamCursorFile:
    """Reads and writes the Dream cursor file.

    Callers that must not race a history compaction hold the history lock.

    Args:
        path: ``memory/.dream_cursor``.
        warner: Reports a corrupt file once.
    """

    def __init__(self, path: Path, warner: OnceWarner) -> None:
        self.path = path
        self._warner = warner

    def read(self) -> int:
        """The cursor; 0 when the file is missing or does not hold one.

        Raises:
            StoreError: naming the path when it exists but cannot be read.
        """
        try:
            raw = read_regular_file(self.path, limit=_MAX_BYTES, limit_name=_LIMIT_NAME)
        except FileNotFoundError:
            return 0
        except FileTooLarge:
            raw = b"(more than a cursor)"
        except OSError as exc:
            raise StoreError(f"cannot read {self.path}: {exc.strerror or exc}") from exc
        text = raw.strip()
        if text.isdigit():
            return int(text)
        self._warner.warn(
            "dream_cursor:corrupt",
            "%s holds %r, not a cursor; treating it as 0 (Dream reprocesses history)",
            self.path,
            raw[:32],
        )
        return 0

    def write(self, cursor: int) -> None:
        """Record ``cursor`` (atomic write)."""
        write_text_atomic(self.path, str(cursor))


def warn_if_ahead(warner: OnceWarner, path: Path, dream_cursor: int, issued: int) -> None:
    """Warn (once) when the Dream cursor is past ``issued``, the last history cursor issued.

    That happens when history.jsonl and .cursor were deleted or replaced by
    hand: the next entries would get cursors Dream believes it has processed,
    and it would skip them.
    """
    if dream_cursor > issued:
        warner.warn(
            "dream_cursor:ahead",
            "%s is %d but the last history cursor issued is %d: entries %d-%d will "
            "count as processed and Dream will skip them; run `reverie doctor --fix` "
            "to put it back",
            path,
            dream_cursor,
            issued,
            issued + 1,
            dream_cursor,
        )
