"""Read the history log the way people ask about it: the latest entries, a search.

Entries come back as :class:`~reverie.store.records.HistoryEntry` records; the
front end decides how to show them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reverie.errors import StoreError, UserError
from reverie.messages import Message
from reverie.store.memory_store import MemoryStore
from reverie.store.records import HistoryEntry

__all__ = [
    "Expansion",
    "expand_entry",
    "expand_history_entry",
    "find_entry",
    "search_history",
    "tail_history",
]


def tail_history(store: MemoryStore, count: int = 10) -> list[HistoryEntry]:
    """The newest ``count`` entries, oldest first.

    Reads only the end of the log: cursors grow, so the newest ``count`` entries
    have cursors above ``latest - count`` unless some were skipped as malformed,
    in which case the window widens.
    """
    if count < 1:
        raise UserError(f"the number of entries must be at least 1, got {count}")
    history = store.history
    latest = history.latest_cursor()
    if latest == 0:
        return []
    window = count
    while True:
        since = max(0, latest - window)
        entries = history.read_since(since)
        if len(entries) >= count or since == 0:
            return entries[-count:]
        window *= 4


def search_history(
    store: MemoryStore,
    text: str,
    *,
    session_key: str | None = None,
    limit: int | None = None,
) -> list[HistoryEntry]:
    """Entries whose content holds ``text`` (case-insensitive), oldest first.

    Args:
        store: The memory store.
        text: The text to look for; must not be blank.
        session_key: Only entries from this session.
        limit: Return only the newest ``limit`` matches.
    """
    needle = text.casefold()
    if not needle.strip():
        raise UserError("search text is empty; give the words to look for")
    if limit is not None and limit < 1:
        raise UserError(f"--limit must be at least 1, got {limit}")
    found = [
        entry
        for entry in store.history.read_since(0)
        if (session_key is None or entry.session_key == session_key)
        and needle in entry.content.casefold()
    ]
    return found if limit is None else found[-limit:]


def find_entry(store: MemoryStore, cursor: int) -> HistoryEntry:
    """The entry with ``cursor``.

    Raises:
        UserError: naming the cursor when there is no such entry (never written,
            or dropped by compaction after Dream processed it).
    """
    if cursor < 1:
        raise UserError(f"history cursors start at 1, got {cursor}")
    for entry in store.history.read_since(cursor - 1, limit=1):
        if entry.cursor == cursor:
            return entry
    latest = store.get_latest_cursor()
    if cursor > latest:
        raise UserError(f"no history entry {cursor}: the newest cursor is {latest}")
    raise UserError(
        f"no history entry {cursor} in {store.history_file} "
        "(it was dropped by compaction after Dream processed it, or its line is damaged)"
    )


@dataclass
class Expansion:
    """A history entry and the original messages behind it."""

    entry: HistoryEntry
    session_key: str | None
    """The session the messages came from (the entry's ``source``, else its ``session_key``)."""
    start: int | None
    """Absolute index of the first message covered; None when the entry names no range."""
    end: int | None
    """One past the last message covered."""
    messages: list[Message] = field(default_factory=list)
    problem: str | None = None
    """Why the messages could not be read back (set only by :func:`expand_entry` with
    ``tolerant=True``)."""

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly view."""
        return {
            "entry": self.entry.to_dict(),
            "session_key": self.session_key,
            "start": self.start,
            "end": self.end,
            "messages": self.messages,
            "problem": self.problem,
        }


def _source_range(entry: HistoryEntry) -> tuple[str | None, int | None, int | None]:
    source = entry.source
    if source is None:
        return entry.session_key, None, None
    return source.session_key, source.start, source.end


def expand_entry(store: MemoryStore, entry: HistoryEntry, *, tolerant: bool = False) -> Expansion:
    """The original messages behind ``entry`` (:meth:`MemoryStore.expand_entry`).

    Entries written by nanobot (or by hand) name no message range; their
    expansion holds no messages and is not an error.

    Args:
        store: The memory store.
        entry: The history entry.
        tolerant: Record a failure to read the messages in ``problem`` instead
            of raising (for reports that cover many entries).

    Raises:
        StoreError: some messages of the range are in neither the session file
            nor the transcript archive (unless ``tolerant``).
    """
    key, start, end = _source_range(entry)
    expansion = Expansion(entry=entry, session_key=key, start=start, end=end)
    if start is None:
        return expansion
    try:
        expansion.messages = store.expand_entry(entry.cursor)
    except StoreError as exc:
        if not tolerant:
            raise
        expansion.problem = str(exc)
    return expansion


def expand_history_entry(store: MemoryStore, cursor: int) -> Expansion:
    """:func:`expand_entry` for the entry with ``cursor`` (see :func:`find_entry`)."""
    return expand_entry(store, find_entry(store, cursor))
