"""Running token totals of each session's replayable history.

A budget check runs before and after every turn, on sessions that may hold tens
of thousands of messages. Counting the whole replay each time (even from a
cache) is O(session); :class:`HistoryLedger` keeps, per session, the tokens of
``session.get_history(max_messages=0)`` and, when messages were only appended
since the last check, adds the new ones: O(new messages).

Why the total can be updated by appending: ``get_history`` turns the
unconsolidated window into a legal replay group by group, where a group is one
non-tool message plus the tool results right after it. A group that is followed
by another non-tool message is finished, so its tokens never change; only the
last group is recounted when messages arrive (its calls may get their results).

What invalidates the running total (then it is recounted once, in full): a
different session object or message list, a change of ``last_consolidated`` or
``archived_offset``, fewer messages than before, or a different object at the
last position counted. Editing an older message in place is not noticed.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reverie.messages import Message
from reverie.sessions.session import Session, legal_messages
from reverie.tokens import estimate_message_tokens

__all__ = ["HistoryLedger"]

_MAX_SESSIONS = 4096


@dataclass
class _Entry:
    session: weakref.ReferenceType[Session]
    messages_id: int
    consolidated: int
    offset: int
    window_start: int | None
    """Index where the replay begins (its first user message); None: no user message yet."""
    stable_end: int
    """Start of the last group: everything before it is final."""
    stable_tokens: int
    tail_tokens: int
    counted: int
    """``len(messages)`` when last counted."""
    last: Any
    """The message object at ``counted - 1`` (identity check)."""


class HistoryLedger:
    """Tokens of each session's replay, updated in O(new messages).

    Args:
        model: The model the counts are for (picks the encoding).
    """

    def __init__(self, model: str | None) -> None:
        self.model = model
        self._entries: dict[str, _Entry] = {}
        self._lock = threading.Lock()

    def reset(self, model: str | None = None) -> None:
        """Forget every total (after a provider or model change)."""
        with self._lock:
            self.model = model
            self._entries.clear()

    def forget(self, session_key: str) -> None:
        """Forget one session's total."""
        with self._lock:
            self._entries.pop(session_key, None)

    def history_tokens(self, session: Session) -> tuple[int, bool]:
        """Tokens of ``session.get_history(max_messages=0)``.

        Returns:
            The total, and True when it was recounted in full (the session
            changed shape since the last call, or was never seen).
        """
        with self._lock:
            entry = self._entries.get(session.key)
        messages = session.messages
        consolidated = session.consolidated_count()
        size = len(messages)
        if entry is not None and self._still_valid(entry, session, consolidated, size):
            if size > entry.counted:
                self._extend(entry, messages, size)
            return entry.stable_tokens + entry.tail_tokens, False
        entry = self._rebuild(session, consolidated)
        with self._lock:
            if len(self._entries) >= _MAX_SESSIONS and session.key not in self._entries:
                self._entries.pop(next(iter(self._entries)))
            self._entries[session.key] = entry
        return entry.stable_tokens + entry.tail_tokens, True

    def _still_valid(self, entry: _Entry, session: Session, consolidated: int, size: int) -> bool:
        messages = session.messages
        return (
            entry.window_start is not None
            and entry.session() is session
            and entry.messages_id == id(messages)
            and entry.consolidated == consolidated
            and entry.offset == session.archived_offset
            and size >= entry.counted
            and (entry.counted == 0 or messages[entry.counted - 1] is entry.last)
        )

    def _count(self, messages: Sequence[Message]) -> int:
        return sum(
            estimate_message_tokens(message, model=self.model)
            for message in legal_messages(messages)
        )

    def _extend(self, entry: _Entry, messages: list[Message], size: int) -> None:
        new_stable = _last_group_start(messages, entry.stable_end, size)
        if new_stable > entry.stable_end:
            entry.stable_tokens += self._count(messages[entry.stable_end : new_stable])
            entry.stable_end = new_stable
        entry.tail_tokens = self._count(messages[entry.stable_end : size])
        entry.counted = size
        entry.last = messages[size - 1]

    def _rebuild(self, session: Session, consolidated: int) -> _Entry:
        messages = session.messages
        size = len(messages)
        window_start = next(
            (i for i in range(consolidated, size) if messages[i].get("role") == "user"), None
        )
        if window_start is None:
            stable_end, stable, tail = size, 0, self._count(messages[consolidated:])
        else:
            stable_end = _last_group_start(messages, window_start, size)
            stable = self._count(messages[window_start:stable_end])
            tail = self._count(messages[stable_end:size])
        return _Entry(
            session=weakref.ref(session),
            messages_id=id(messages),
            consolidated=consolidated,
            offset=session.archived_offset,
            window_start=window_start,
            stable_end=stable_end,
            stable_tokens=stable,
            tail_tokens=tail,
            counted=size,
            last=messages[size - 1] if size else None,
        )


def _last_group_start(messages: Sequence[Message], low: int, size: int) -> int:
    """The index of the last non-tool message in ``[low, size)`` (``low`` when none)."""
    for index in range(size - 1, low - 1, -1):
        if messages[index].get("role") != "tool":
            return index
    return low
