"""The agent's side of the tool loop: fit each request into the window, save each round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reverie.agent._window import RequestWindow
from reverie.messages import Message
from reverie.providers.base import LLMResponse
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.tools.loop import LoopHooks
from reverie.tools.registry import ToolResult

__all__ = ["TurnHooks"]


@dataclass
class TurnHooks(LoopHooks):
    """The agent's side of the tool loop: fit each request, save each tool round.

    Attributes:
        window: Fits a request into the model's window.
        prefix: The system message(s) opening every request.
        history: The replayed history (shrinks when a request needs room).
        session: The session the turn belongs to.
        sessions: Saves it.
    """

    window: RequestWindow
    prefix: list[Message]
    history: list[Message]
    session: Session
    sessions: SessionManager

    def request(self, messages: list[Message], call: int) -> list[Message] | str:
        """``[*prefix, *history, *turn]``, with older turns left out to fit the window."""
        request, self.history = self.window.fit(self.prefix, self.history, messages)
        return request if request is not None else "the message does not fit the model's window"

    def after_round(self, response: LLMResponse, results: Sequence[ToolResult]) -> str | None:
        """Save the round; the session keeps the portable fields of the assistant message."""
        # The in-turn request replays what the vendor needs back (Anthropic's signed
        # thinking, DeepSeek's reasoning); the session file does not need it.
        calls = [call.to_openai() for call in response.tool_calls]
        self.session.add_message("assistant", response.content or "", tool_calls=calls)
        for call, result in zip(response.tool_calls, results, strict=True):
            self.session.add_message("tool", result.content, tool_call_id=call.id, name=call.name)
        self.sessions.save(self.session)
        return None
