"""What a history entry's text becomes before it is appended, and the append itself.

A summary is cleaned of leaked reasoning and capped; a raw archive keeps the
user's words verbatim, one line per message, under a ``[RAW] N messages``
header. Both are appended through :func:`append_entry`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reverie.errors import UserError
from reverie.message_format import check_messages, format_messages
from reverie.store._args import positive_int
from reverie.store.history import HistoryLog
from reverie.store.records import HistorySource
from reverie.store.text import cap_text, strip_leaked_reasoning

__all__ = [
    "HISTORY_ENTRY_MAX_CHARS",
    "RAW_ARCHIVE_MAX_CHARS",
    "append_entry",
    "raw_archive_text",
    "summary_text",
]

HISTORY_ENTRY_MAX_CHARS = 64_000
"""Default cap on one history entry: a runaway summary must not bloat every later prompt."""
RAW_ARCHIVE_MAX_CHARS = 16_000
"""Default cap on the formatted messages of a raw archive (after its first line)."""


def summary_text(entry: object, max_chars: int | None) -> str:
    """``entry`` without leaked reasoning or template markers, capped at ``max_chars``.

    Raises:
        UserError: ``entry`` is not a string, or ``max_chars`` is not a positive integer.
    """
    if not isinstance(entry, str):
        raise UserError(f"history entry must be a string, not {type(entry).__name__}")
    return cap_text(strip_leaked_reasoning(entry), _entry_cap(max_chars))


def raw_archive_text(messages: Sequence[Mapping[str, Any]], max_chars: int | None) -> str | None:
    """The ``[RAW]`` entry for ``messages``; None when every message is empty.

    Raises:
        UserError: naming ``messages[i]`` when an item is not a message dict.
    """
    text = format_messages(check_messages(messages))
    if not text:
        return None
    limit = RAW_ARCHIVE_MAX_CHARS if max_chars is None else positive_int("max_chars", max_chars)
    header = f"[RAW] {len(messages)} messages\n"
    return header + cap_text(text, limit)


def append_entry(
    history: HistoryLog,
    content: str,
    session_key: str | None,
    source: HistorySource | Mapping[str, Any] | None,
    timestamp: str | None,
) -> int:
    """Append ``content`` to ``history``; return its cursor.

    Raises:
        UserError: ``session_key`` is not a string, or ``source`` is malformed.
    """
    if session_key is not None and not isinstance(session_key, str):
        raise UserError(f"session_key must be a string, not {type(session_key).__name__}")
    record = history.append(
        content,
        timestamp=timestamp,
        session_key=session_key,
        source=HistorySource.coerce(source),
    )
    return record.cursor


def _entry_cap(max_chars: int | None) -> int:
    # 64,000 is the default, a safety net for callers that set no cap; a caller's
    # explicit cap is its own decision, larger or smaller.
    if max_chars is None:
        return HISTORY_ENTRY_MAX_CHARS
    return positive_int("max_chars", max_chars)
