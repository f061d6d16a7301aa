"""A MemoryStore's history: appending entries, reading them back, compacting the log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reverie.messages import Message
from reverie.store._args import cursor_arg
from reverie.store._entries import append_entry, raw_archive_text, summary_text
from reverie.store._store_layout import StoreLayout
from reverie.store.expand import expand_history_entry
from reverie.store.history import Compaction
from reverie.store.records import HistorySource
from reverie.store.visibility import visible_in_prompt

__all__ = ["StoreHistory"]


class StoreHistory(StoreLayout):
    """MemoryStore's door to ``memory/history.jsonl``: entries in as text, out as dicts."""

    def append_history(
        self,
        entry: str,
        *,
        max_chars: int | None = None,
        session_key: str | None = None,
        source: HistorySource | Mapping[str, Any] | None = None,
        timestamp: str | None = None,
    ) -> int:
        """Append one entry to the history log and return its cursor.

        Leaked reasoning and template markers are stripped first (an entry that
        was nothing else is stored as ``""``), then the text is capped at
        ``max_chars`` (default 64,000), truncation marker included.
        ``timestamp`` (``YYYY-MM-DD HH:MM``) dates the entry; the default is now,
        and a summary of older messages passes their time.

        Args:
            entry: The text.
            max_chars: Cap on the stored text.
            session_key: The session the entry came from.
            source: The messages it was written from: a :class:`HistorySource`
                or its dict form ``{"session_key", "start", "end"}``.
            timestamp: The entry's time, ``YYYY-MM-DD HH:MM`` (default: now).

        Raises:
            UserError: for a non-string entry, a bad ``max_chars`` or ``source``.
            StoreError: naming the path when the memory folder cannot be written.
        """
        content = summary_text(entry, max_chars)
        return append_entry(self.history, content, session_key, source, timestamp)

    def raw_archive(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        max_chars: int | None = None,
        session_key: str | None = None,
        source: HistorySource | Mapping[str, Any] | None = None,
        timestamp: str | None = None,
    ) -> int | None:
        """Archive messages verbatim when summarising them failed; return the new cursor.

        The entry is ``"[RAW] N messages\\n"`` followed by one
        ``[YYYY-MM-DD HH:MM] ROLE [tools: a, b]: text`` line per message, that
        text capped at ``max_chars`` (default 16,000). The messages are the
        user's words, so nothing is stripped from them. ``timestamp`` dates the
        entry (default: now).

        Returns:
            The cursor, or None when every message was empty (nothing is written).

        Raises:
            UserError: naming ``messages[i]`` when an item is not a message dict.
        """
        content = raw_archive_text(messages, max_chars)
        if content is None:
            return None
        return append_entry(self.history, content, session_key, source, timestamp)

    def read_unprocessed_history(self, since_cursor: int) -> list[dict[str, Any]]:
        """Entries with a cursor greater than ``since_cursor``, oldest first, as dicts."""
        entries = self.history.read_since(cursor_arg("since_cursor", since_cursor))
        return [entry.to_dict() for entry in entries]

    def read_recent_history_for_prompt(
        self,
        since_cursor: int,
        *,
        session_key: str | None = None,
        unified_session: bool = False,
    ) -> list[dict[str, Any]]:
        """Unprocessed entries fit to show in a turn's prompt, oldest first.

        With ``session_key=None`` every entry is shown. Otherwise only that
        session's entries, unless ``unified_session``: then also other sessions'
        entries and entries without a session, but never internal ones (``cron:*``,
        ``dream:*``, ``heartbeat``).
        """
        entries = self.history.read_since(cursor_arg("since_cursor", since_cursor))
        return [
            entry.to_dict()
            for entry in entries
            if visible_in_prompt(entry.session_key, session_key, unified_session)
        ]

    def expand_entry(self, cursor: int) -> list[Message]:
        """The exact messages history entry ``cursor`` was written from, oldest first.

        Follows the entry's ``source`` into the transcript archive and the live
        session file. See :func:`reverie.store.expand.expand_history_entry`.

        Raises:
            UserError: no entry has ``cursor``, or it records no source.
            StoreError: some of its messages can no longer be found.
        """
        return expand_history_entry(self.history, self._workspace, cursor)

    def compact_history(self) -> Compaction:
        """Drop the oldest processed entries beyond ``max_history_entries``.

        Entries Dream has not processed are never dropped; malformed lines are
        moved to ``memory/history.rejected.jsonl``. The rewrite is atomic.
        """
        history = self.history
        with history.lock:  # the Dream cursor must not move while we decide
            return history.compact(self._max_history_entries, self._dream_cursor.read())

    def get_latest_cursor(self) -> int:
        """The cursor of the newest entry in the log; 0 when it is empty."""
        return self.history.latest_cursor()
