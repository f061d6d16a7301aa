"""How many tokens a session's next prompt holds: the probe prompt and its fast path.

The Consolidator decides by the size of the prompt a session's next turn would
send. That prompt is built by the caller's ``build_messages`` with a stand-in
user message (:data:`PROBE_MESSAGE`) and the whole replay, plus the turn's tool
definitions, and counted by the provider's own counter when it has one.

Rebuilding and recounting it on every turn costs O(session), so with reverie's
own counter the prompt is split into a frame (system prompt, probe message,
tools), rebuilt each time and cheap, and the replay, whose tokens a
:class:`~reverie.consolidation.ledger.HistoryLedger` keeps as a running total.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reverie.consolidation.ledger import HistoryLedger
from reverie.providers.base import LLMProvider
from reverie.providers.offline import OfflineProvider
from reverie.sessions.session import Session
from reverie.tokens import TokenCount, count_for_provider, count_prompt_tokens

__all__ = ["PROBE_MESSAGE", "BuildMessages", "PromptProbe", "ToolDefinitions"]

PROBE_MESSAGE = "[token-probe]"
"""Stands in for the next user message when the prompt size is estimated."""

BuildMessages = Callable[..., Sequence[Mapping[str, Any]]]
"""Builds a turn's prompt from keyword arguments (e.g. :meth:`ContextBuilder.build_messages`)."""
ToolDefinitions = Callable[[], Sequence[Mapping[str, Any]] | None]


class PromptProbe:
    """Counts the prompt of a session's next turn, in O(new messages) when it can.

    The provider, model and ``unified_session`` flag are passed to each call:
    they belong to the Consolidator, which may swap them at any time.

    Args:
        build_messages: Builds a turn's prompt from keyword arguments.
        get_tool_definitions: The tool definitions sent with a turn.
        model: The model the running totals are counted for.
    """

    def __init__(
        self, build_messages: BuildMessages, get_tool_definitions: ToolDefinitions, model: str
    ) -> None:
        self._build_messages = build_messages
        self._get_tool_definitions = get_tool_definitions
        self._ledger = HistoryLedger(model)
        self._additive = False

    def reset(self, model: str) -> None:
        """Forget every running total (the model, hence the tokenizer, changed)."""
        self._ledger.reset(model)
        self._additive = False

    def _context(self, session: Session, unified_session: bool) -> dict[str, Any]:
        channel, sep, chat_id = session.key.partition(":")
        return {
            "session_key": session.key,
            "session": session,
            "channel": channel if sep else None,
            "chat_id": chat_id if sep else None,
            "unified_session": unified_session,
        }

    def _tools(self) -> list[Mapping[str, Any]] | None:
        tools = self._get_tool_definitions()
        return list(tools) if tools else None

    def full_count(
        self, session: Session, provider: LLMProvider, model: str, *, unified_session: bool
    ) -> tuple[int, str]:
        """Tokens of the whole probe prompt and the counter used (the provider's wins)."""
        messages = self._build_messages(
            history=session.get_history(max_messages=0),
            current_message=PROBE_MESSAGE,
            **self._context(session, unified_session),
        )
        count = count_for_provider(provider, messages, self._tools(), model)
        return count.tokens, count.source

    def estimate(
        self, session: Session, provider: LLMProvider, model: str, *, unified_session: bool
    ) -> tuple[int, str]:
        """:meth:`full_count`, in O(new messages) when possible.

        The frame is rebuilt each time (the ContextBuilder caches it); the
        replay's tokens come from the ledger. This shortcut is taken only with
        reverie's own counter (a provider's counter may not add up message by
        message) and once frame + replay has matched the full count; that is
        checked again whenever the ledger recounts a session in full.
        """
        history_tokens, rebuilt = self._ledger.history_tokens(session)
        if rebuilt or not self._additive:
            # The frame first: the last prompt built is then the real probe.
            own = _own_counter(provider)
            frame = self._frame_tokens(session, model, unified_session) if own else None
            full = self.full_count(session, provider, model, unified_session=unified_session)
            self._additive = frame is not None and full[0] == frame.tokens + history_tokens
            return full
        frame = self._frame_tokens(session, model, unified_session)
        return frame.tokens + history_tokens, frame.source

    def _frame_tokens(self, session: Session, model: str, unified_session: bool) -> TokenCount:
        frame = self._build_messages(
            history=[], current_message=PROBE_MESSAGE, **self._context(session, unified_session)
        )
        return count_prompt_tokens(frame, self._tools(), model=model)


def _own_counter(provider: LLMProvider) -> bool:
    """True when prompts are counted by reverie's offline counter."""
    method = getattr(provider, "estimate_prompt_tokens", None)
    return method is None or isinstance(provider, OfflineProvider)
