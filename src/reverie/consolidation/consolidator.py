"""Consolidator: keeps a session's prompt inside the model's window by archiving old turns.

When the prompt a session would produce reaches the budget
(``context_window_tokens - max_completion_tokens - 1024``), the oldest turns are
summarised by the model into ``memory/history.jsonl`` and marked consolidated
(``last_consolidated``), until the prompt is back under the target
(``budget × consolidation_ratio``). Nothing is lost on the way:

* every entry records ``source = {"session_key", "start", "end"}``: the exact
  messages it covers, in the session's absolute indexes, which
  :meth:`MemoryStore.expand_entry` turns back into those messages;
* when the model fails (an exception, ``finish_reason`` "error" or "length",
  tool calls, an empty answer), the messages are stored verbatim instead
  (``raw_archive``); beyond its 16,000-char cap the entry says where the rest is;
* messages leave a session file (idle compaction) only through the transcript
  archive;
* a process killed between the history append and the session save does not
  summarise the chunk a second time (:mod:`reverie.consolidation.pending`).

The per-turn check costs O(new messages): the replay's tokens are kept as a
running total (:class:`~reverie.consolidation.ledger.HistoryLedger`) and only
the small rest of the prompt is rebuilt (and the ContextBuilder caches that);
see :mod:`reverie.consolidation.probe`. The rounds of one check live in
:mod:`reverie.consolidation.rounds`, one archive call (request, answer check,
raw fallback) in :mod:`reverie.consolidation.summary`, idle compaction in
:mod:`reverie.consolidation.idle`.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

from reverie._logging import OnceWarner, get_logger
from reverie.consolidation.idle import compact_idle
from reverie.consolidation.planner import pick_boundary
from reverie.consolidation.probe import (
    PROBE_MESSAGE,
    BuildMessages,
    PromptProbe,
    ToolDefinitions,
)
from reverie.consolidation.rounds import MAX_ROUNDS, consolidate, message_tokens
from reverie.consolidation.summary import ARCHIVE_SUMMARY_MAX_CHARS, summarise_into_history
from reverie.errors import UserError
from reverie.providers.base import LLMProvider
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.store.memory_store import MemoryStore
from reverie.store.records import HistorySource
from reverie.tokens import count_for_provider
from reverie.tokens.budget import PROMPT_MARGIN_TOKENS

__all__ = [
    "ARCHIVE_SUMMARY_MAX_CHARS",
    "MAX_ROUNDS",
    "PROBE_MESSAGE",
    "Consolidator",
]

_log = get_logger("consolidation")


def _count_arg(name: str, value: object, *, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise UserError(f"Consolidator: {name} must be an integer >= {low}, got {value!r}")
    return value


def _int_arg(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UserError(f"Consolidator: {name} must be an integer, got {value!r}")
    return value


def _ratio(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 1:
        raise UserError(f"Consolidator: consolidation_ratio must be in (0, 1], got {value!r}")
    return float(value)


class Consolidator:
    """Archives the oldest turns of a session when its prompt nears the window.

    Args:
        store: The workspace's memory store (history.jsonl).
        provider: The model that writes summaries.
        model: The model name passed to ``provider`` (also picks the tokenizer).
        sessions: The session manager (refreshes and saves sessions).
        context_window_tokens: The model's window; 0 or less turns this off.
        build_messages: Builds a turn's prompt; called with keyword arguments
            ``history``, ``current_message`` and context (``session_key``,
            ``session``, ``channel``, ``chat_id``, ``unified_session``), e.g.
            :meth:`ContextBuilder.build_messages`.
        get_tool_definitions: The tool definitions sent with a turn.
        max_completion_tokens: Room kept for the answer.
        consolidation_ratio: Fraction of the budget a consolidated prompt shrinks to.
        unified_session: Passed to ``build_messages`` as context.
    """

    def __init__(
        self,
        store: MemoryStore,
        provider: LLMProvider,
        model: str,
        sessions: SessionManager,
        context_window_tokens: int,
        build_messages: BuildMessages,
        get_tool_definitions: ToolDefinitions,
        max_completion_tokens: int = 4096,
        consolidation_ratio: float = 0.5,
        unified_session: bool = False,
    ) -> None:
        self.store = store
        self.provider = provider
        self.model = model
        self.sessions = sessions
        self.context_window_tokens = _int_arg("context_window_tokens", context_window_tokens)
        self.max_completion_tokens = _count_arg(
            "max_completion_tokens", max_completion_tokens, low=0
        )
        self.consolidation_ratio = _ratio(consolidation_ratio)
        self.unified_session = unified_session
        self._probe = PromptProbe(build_messages, get_tool_definitions, model)
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._warner = OnceWarner(_log)

    # -- configuration -----------------------------------------------------------

    def set_provider(self, provider: LLMProvider, model: str, context_window_tokens: int) -> None:
        """Swap the model; completion room becomes the provider's ``generation.max_tokens``."""
        self.provider = provider
        self.model = model
        self.context_window_tokens = _int_arg("context_window_tokens", context_window_tokens)
        generation = getattr(provider, "generation", None)
        max_tokens = getattr(generation, "max_tokens", None)
        if isinstance(max_tokens, int) and not isinstance(max_tokens, bool) and max_tokens > 0:
            self.max_completion_tokens = max_tokens
        self._probe.reset(model)

    @property
    def budget(self) -> int:
        """Prompt tokens at which consolidation starts."""
        return self.context_window_tokens - self.max_completion_tokens - PROMPT_MARGIN_TOKENS

    @property
    def target(self) -> int:
        """Prompt tokens consolidation brings a session down to."""
        return int(self.budget * self.consolidation_ratio)

    @property
    def request_limit(self) -> int | None:
        """Most prompt tokens an archive request may hold (the window less the answer).

        None when the window is unknown (0 or less).
        """
        if self.context_window_tokens <= 0:
            return None
        return self.context_window_tokens - self.max_completion_tokens

    def get_lock(self, session_key: str) -> asyncio.Lock:
        """The session's lock (one per key while anyone holds it; weakly kept)."""
        lock = self._locks.get(session_key)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[session_key] = lock
        return lock

    # -- estimates ---------------------------------------------------------------

    def estimate_session_prompt_tokens(self, session: Session) -> tuple[int, str]:
        """Tokens of the prompt the session's next turn would send, and the counter used.

        The prompt is ``build_messages(history=<the whole replay>,
        current_message="[token-probe]", ...)`` plus the tool definitions; the
        provider's own counter wins over the offline one.
        """
        return self._probe.full_count(
            session, self.provider, self.model, unified_session=self.unified_session
        )

    def _estimate(self, session: Session) -> tuple[int, str]:
        """:meth:`estimate_session_prompt_tokens`, in O(new messages) when possible."""
        return self._probe.estimate(
            session, self.provider, self.model, unified_session=self.unified_session
        )

    def _counter(self, messages: Sequence[Mapping[str, Any]]) -> int:
        """Tokens of a tool-less request to the current provider."""
        return count_for_provider(self.provider, messages, None, self.model).tokens

    def pick_consolidation_boundary(
        self, session: Session, tokens_to_remove: int
    ) -> tuple[int, int] | None:
        """Where the next chunk ends: ``(index, removed_tokens)`` or None.

        Scans from ``last_consolidated``; candidates are the user messages after
        it; the first that removes at least ``tokens_to_remove`` wins, else the
        last one. ``removed_tokens`` sums ``estimate_message_tokens`` over the
        stored messages.
        """
        return pick_boundary(
            session.messages, session.consolidated_count(), tokens_to_remove, message_tokens
        )

    # -- consolidation -----------------------------------------------------------

    def _refresh(self, session: Session) -> Session:
        """The manager's current object for the session, unless the caller's is ahead."""
        fresh = self.sessions.get_or_create(session.key)
        if fresh is session or fresh.total_messages < session.total_messages:
            return session
        return fresh

    async def maybe_consolidate_by_tokens(
        self, session: Session, *, replay_max_messages: int | None = None
    ) -> None:
        """Archive the oldest turns while the session's prompt is over budget.

        Skipped when the window is 0 or less. Under the session's lock the
        session is refreshed from the manager (a stale or empty copy with the
        same key is brought up to date) and skipped when empty; if its
        estimate is below the budget nothing happens; else up to 5 rounds
        archive a chunk (cut before a user message), advance
        ``last_consolidated`` (also after a raw fallback), save, and
        re-estimate, until the estimate is at most the target. A round that
        finds no cut, or whose summary fell back to raw, ends the check.

        Args:
            session: The session (its caller's object is brought up to date).
            replay_max_messages: When given, first archive every unconsolidated
                message older than the newest N, even under budget (a caller
                that replays only N messages loses none of the rest).
        """
        if replay_max_messages is not None:
            _count_arg("replay_max_messages", replay_max_messages, low=0)
        if self.context_window_tokens <= 0:
            return
        async with self.get_lock(session.key):
            # Judged on the manager's copy: the caller's may be stale (even empty).
            current = self._refresh(session)
            try:
                if current.messages:
                    await consolidate(
                        self,
                        current,
                        replay_max_messages,
                        estimate=self._estimate,
                        count=self._counter,
                    )
            finally:
                if current is not session:
                    _mirror(current, session)

    async def archive(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        session_key: str | None = None,
        summary_messages: Sequence[Mapping[str, Any]] | None = None,
        source: HistorySource | Mapping[str, Any] | None = None,
    ) -> str | None:
        """Summarise ``messages`` into one history entry (capped at 8,000 chars).

        Args:
            messages: What is archived (and dumped verbatim if the model fails).
            session_key: Recorded on the entry.
            summary_messages: What the model summarises, when it differs from
                ``messages``.
            source: The range of ``messages`` in their session (a
                :class:`~reverie.store.records.HistorySource` or its dict form),
                recorded on the entry (the Consolidator always passes it).

        Raises:
            UserError: ``source`` is not a valid source (names it).

        Returns:
            The stored summary; ``"(nothing)"`` (stored nowhere) when the model
            found nothing worth keeping; None when it failed and the messages
            went to ``raw_archive`` instead. ``archive([])`` is None without a call.
        """
        return await summarise_into_history(
            self.store,
            self.provider,
            messages,
            model=self.model,
            max_tokens=self.max_completion_tokens,
            limit=self.request_limit,
            count=self._counter,
            warner=self._warner,
            session_key=session_key,
            summary_messages=summary_messages,
            source=HistorySource.coerce(source),
        )

    # -- idle compaction ---------------------------------------------------------

    async def compact_idle_session(self, session_key: str, max_suffix: int = 8) -> str | None:
        """Archive an idle session's tail, keeping its last turns replayable.

        The unconsolidated messages before the kept suffix (the last
        ``max_suffix`` messages, extended back to a user turn) are summarised;
        then every message before the suffix moves to the transcript archive
        and leaves the session file. The summary is kept in
        ``metadata["_last_summary"]`` for the next prompt.

        Returns:
            The summary (``"(nothing)"`` when the model found nothing worth
            keeping); ``""`` when there was nothing to archive; None when the
            model failed and the messages were stored verbatim instead.
        """
        _count_arg("max_suffix", max_suffix, low=0)
        return await compact_idle(self, session_key, max_suffix)


def _mirror(source: Session, target: Session) -> None:
    """Bring the caller's stale copy of a session up to the manager's state."""
    target.messages = list(source.messages)
    target.metadata = dict(source.metadata)
    target.last_consolidated = source.last_consolidated
    target.updated_at = source.updated_at
