"""The offline provider: deterministic answers with no model, no key, no network.

It lets every reverie command run on a fresh machine. A request is offered to
a chain of handlers, each recognising one kind of request reverie makes (the
archive request, and Dream's tool loop) and answering it by rule. Anything no
handler claims — an ordinary chat turn — is answered from memory: what the
memory files and history say about the words asked, with where each line came
from, and, once per conversation, how to configure a model (:mod:`.answer`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reverie.message_format import message_text
from reverie.prompt_markers import (
    ARCHIVE_REQUEST_MARKER,
    CONVERSATION_CLOSE,
    CONVERSATION_OPEN,
    PREVIOUS_SUMMARY_CLOSE,
    PREVIOUS_SUMMARY_OPEN,
)
from reverie.providers.base import ChatRequest, GenerationSettings, LLMProvider, LLMResponse
from reverie.providers.offline.answer import CONFIGURE_HINT, MemorySearch, answer_from_memory
from reverie.providers.offline.dream import answer_dream_request
from reverie.providers.offline.extract import archive_answer
from reverie.providers.offline.transcript import extract_block, parse_transcript
from reverie.tokens import count_prompt_tokens, count_text_tokens

__all__ = [
    "DEFAULT_HANDLERS",
    "NO_MODEL_REPLY",
    "OfflineHandler",
    "OfflineProvider",
    "OfflineRequest",
    "answer_archive_request",
]

NO_MODEL_REPLY = CONFIGURE_HINT
"""How to configure a model: ends the first offline chat answer of a conversation."""


@dataclass(frozen=True)
class OfflineRequest:
    """One call to the offline provider, as handlers see it."""

    messages: Sequence[Mapping[str, Any]]
    tools: Sequence[Mapping[str, Any]] | None
    model: str
    max_tokens: int

    def texts(self, role: str) -> list[str]:
        """The plain text of every message with ``role``, in order."""
        return [message_text(m) for m in self.messages if m.get("role") == role]


OfflineHandler = Callable[[OfflineRequest], "LLMResponse | str | None"]
"""Answers a request it recognises (text or a full response), else returns None."""


def answer_archive_request(request: OfflineRequest) -> str | None:
    """Answer the Consolidator's archive request with facts the user stated.

    Recognised by :data:`ARCHIVE_REQUEST_MARKER` in a system message. The
    conversation is read back from the user message, and the answer is tagged
    fact lines, or ``(nothing)`` when the user said nothing worth keeping.
    """
    if not any(ARCHIVE_REQUEST_MARKER in text for text in request.texts("system")):
        return None
    conversation: list[str] = []
    previous: list[str] = []
    for text in request.texts("user"):
        block = extract_block(text, CONVERSATION_OPEN, CONVERSATION_CLOSE)
        conversation.append(text if block is None else block)
        summary = extract_block(text, PREVIOUS_SUMMARY_OPEN, PREVIOUS_SUMMARY_CLOSE)
        if summary:
            previous.append(summary)
    turns = parse_transcript("\n".join(conversation))
    return archive_answer(turns, previous_summary="\n".join(previous) or None)


DEFAULT_HANDLERS: tuple[OfflineHandler, ...] = (answer_archive_request, answer_dream_request)
"""The handlers an :class:`OfflineProvider` tries, in order."""


class OfflineProvider(LLMProvider):
    """A provider that answers by rule: deterministic, offline, keyless.

    Archive (consolidation) requests get tagged facts extracted from what the
    user said; Dream requests get the tool calls that merge those facts into
    the memory files; any other request (a chat turn) is answered from memory
    (:func:`~reverie.providers.offline.answer.answer_from_memory`). It never
    fails. Its token counts are reverie's offline counts.

    Args:
        generation: Default ``max_tokens`` / ``temperature`` (temperature is
            ignored: answers are deterministic).
        handlers: The request handlers to try in order (default
            :data:`DEFAULT_HANDLERS`); a handler returns None to pass.
        search: Where a chat turn's answer looks things up: ``search(query, k)``
            returning hits with a ``text`` (a recall engine, for instance).
            None reads the memory the request's system prompt carries.

    Example:
        >>> provider = OfflineProvider()
        >>> provider.default_model
        'offline-extractive'
    """

    name = "offline"

    def __init__(
        self,
        *,
        generation: GenerationSettings | None = None,
        handlers: Sequence[OfflineHandler] | None = None,
        search: MemorySearch | None = None,
    ) -> None:
        super().__init__(default_model="offline-extractive", generation=generation)
        self.handlers: tuple[OfflineHandler, ...] = (
            DEFAULT_HANDLERS if handlers is None else tuple(handlers)
        )
        self.search = search

    async def send(self, request: ChatRequest) -> LLMResponse:
        """Answer by rule (see the class docstring); extras are ignored."""
        offline = OfflineRequest(
            messages=request.messages,
            tools=request.tools,
            model=self.resolve_model(request.model),
            max_tokens=self.resolve_max_tokens(request.max_tokens),
        )
        answer: LLMResponse | str | None = None
        for handler in self.handlers:
            answer = handler(offline)
            if answer is not None:
                break
        if isinstance(answer, LLMResponse):
            return answer
        if answer is None:
            answer = answer_from_memory(request.messages, search=self.search)
        return self._text_response(offline, answer)

    def _text_response(self, request: OfflineRequest, text: str) -> LLMResponse:
        prompt = count_prompt_tokens(request.messages, request.tools, model=request.model).tokens
        content, completion, finish = _fit(text, max(request.max_tokens, 0), request.model)
        return LLMResponse(
            content=content,
            finish_reason=finish,
            usage={
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "total_tokens": prompt + completion,
            },
        )

    def estimate_prompt_tokens(
        self,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None = None,
        model: str | None = None,
    ) -> tuple[int, str]:
        """Count a prompt with reverie's offline counter: ``(tokens, source)``."""
        count = count_prompt_tokens(messages, tools, model=self.resolve_model(model))
        return count.tokens, count.source


def _fit(text: str, max_tokens: int, model: str) -> tuple[str, int, str]:
    """``(content, tokens, finish_reason)``: ``text`` cut to ``max_tokens`` like a model would.

    Only whole lines are kept, so no fact is cut in half. The longest fitting
    prefix is found by bisection: counting the prefix after every dropped line
    made a long answer cost seconds.
    """
    tokens = count_text_tokens(text, model=model)
    if tokens <= max_tokens:
        return text, tokens, "stop"
    lines = text.split("\n")
    fits, too_long = 0, len(lines)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if count_text_tokens("\n".join(lines[:middle]), model=model) <= max_tokens:
            fits = middle
        else:
            too_long = middle
    content = "\n".join(lines[:fits])
    return content, count_text_tokens(content, model=model), "length"
