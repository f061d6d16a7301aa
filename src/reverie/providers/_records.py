"""The values a provider exchanges: a request, an answer, its tool calls, an error.

A provider turns a :class:`ChatRequest` into an :class:`LLMResponse`; a failed
call comes back as an answer with ``finish_reason="error"`` and an
:class:`LLMError`. All are importable from :mod:`reverie.providers.base`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reverie.messages import Message
from reverie.redact import redact

__all__ = [
    "ChatRequest",
    "GenerationSettings",
    "LLMError",
    "LLMResponse",
    "ToolCallRequest",
    "ToolChoice",
]

ToolChoice = str | Mapping[str, Any]
"""``"auto"``, ``"none"``, ``"required"``, or a vendor's dict naming one tool."""


@dataclass
class ToolCallRequest:
    """A tool call the model asked for.

    ``arguments`` is always a dict: arguments that arrived as broken JSON are
    repaired when possible; when they cannot be, ``arguments`` is empty and
    ``argument_error`` says why (the raw text stays in ``raw_arguments``).
    """

    id: str
    name: str
    arguments: dict[str, Any] = field(default_factory=dict)
    raw_arguments: str | None = None
    argument_error: str | None = None

    def to_openai(self) -> dict[str, Any]:
        """The ``tool_calls`` item to store on an assistant message."""
        return {
            "id": self.id,
            "type": "function",
            "function": {
                "name": self.name,
                "arguments": json.dumps(self.arguments, ensure_ascii=False),
            },
        }


@dataclass(frozen=True)
class ChatRequest:
    """One call to a model: everything :meth:`LLMProvider.send` needs, in one value.

    :meth:`LLMProvider.chat_with_retry` builds it once per call and every try
    sends the same one. By then ``max_tokens`` and ``temperature`` hold the
    values in force (None was replaced by the provider's generation settings);
    ``model`` None means the provider's ``default_model``.

    Attributes:
        messages: The conversation, in OpenAI shape.
        tools: OpenAI function-tool definitions offered to the model (None: none).
        model: The model name (None: the provider's default).
        max_tokens: Completion limit.
        temperature: Sampling temperature.
        tool_choice: How the model must use the tools (None: the vendor's default).
        extra: Other keywords given to ``chat``/``chat_with_retry``
            (``reasoning_effort``, ``extra_body``, …); a provider uses those it
            knows and ignores the rest.
    """

    messages: Sequence[Mapping[str, Any]]
    tools: Sequence[Mapping[str, Any]] | None = None
    model: str | None = None
    max_tokens: int | None = None
    temperature: float | None = None
    tool_choice: ToolChoice | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def keywords(self) -> dict[str, Any]:
        """The request as the keyword arguments of :meth:`LLMProvider.chat`."""
        return {
            **self.extra,
            "messages": self.messages,
            "tools": self.tools,
            "model": self.model,
            "max_tokens": self.max_tokens,
            "temperature": self.temperature,
            "tool_choice": self.tool_choice,
        }


@dataclass(frozen=True)
class LLMError:
    """Why a call failed.

    ``retryable`` is True for rate limits, server errors, timeouts and dropped
    connections; ``retry_after`` is the server's hint in seconds, when it sent one.
    ``message`` is redacted on creation (a 401 body often quotes the key), so the
    error can be shown, logged and stored as it is.
    """

    message: str
    status: int | None = None
    type: str | None = None
    retryable: bool = False
    retry_after: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", redact(str(self.message)))

    def __str__(self) -> str:
        parts = [p for p in (str(self.status) if self.status else None, self.type) if p]
        prefix = f"[{' '.join(parts)}] " if parts else ""
        return f"{prefix}{self.message}"


@dataclass
class LLMResponse:
    """One answer from a model."""

    content: str | None
    tool_calls: list[ToolCallRequest] = field(default_factory=list)
    finish_reason: str = "stop"
    usage: dict[str, int] = field(default_factory=dict)
    reasoning_content: str | None = None
    thinking_blocks: list[dict[str, Any]] | None = None
    error: LLMError | None = None
    attempts: int = 1

    @property
    def has_tool_calls(self) -> bool:
        """Whether the model asked for tools instead of (or besides) answering."""
        return bool(self.tool_calls)

    def to_message(self) -> Message:
        """This answer as the assistant message to append before the next call.

        Besides ``content`` and ``tool_calls`` it keeps what some vendors need
        back within a tool loop: ``reasoning_content`` (DeepSeek) and
        ``thinking_blocks`` (Anthropic extended thinking, which rejects a tool
        result whose call lost its signed thinking). Providers that do not
        know these fields leave them off the wire.
        """
        message: Message = {"role": "assistant", "content": self.content or ""}
        if self.tool_calls:
            message["tool_calls"] = [call.to_openai() for call in self.tool_calls]
        if self.reasoning_content:
            message["reasoning_content"] = self.reasoning_content
        if self.thinking_blocks:
            message["thinking_blocks"] = [dict(block) for block in self.thinking_blocks]
        return message

    @classmethod
    def failure(cls, error: LLMError) -> LLMResponse:
        """A response that carries only an error."""
        return cls(content=None, finish_reason="error", error=error)


@dataclass
class GenerationSettings:
    """Defaults for a call; ``None`` arguments to ``chat`` fall back to these."""

    max_tokens: int = 4096
    temperature: float = 0.7
    reasoning_effort: str | None = None
