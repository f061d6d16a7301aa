"""The types every provider exchanges, and the retry loop they share.

A provider turns a :class:`ChatRequest` (chat messages in OpenAI shape:
``role``, ``content``, ``tool_calls``, ``tool_call_id``; the tools; the model and
its settings) into an :class:`LLMResponse` in :meth:`LLMProvider.send`. It never
raises for a failed call: errors come back as ``finish_reason="error"`` with an
:class:`LLMError` saying whether a retry may help. :meth:`LLMProvider.chat_with_retry`
retries the transient ones with exponential backoff and jitter, honouring a
server's ``Retry-After``, within a bounded number of tries and a total deadline.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import re
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reverie._logging import get_logger
from reverie.errors import ProviderError
from reverie.messages import Message, ToolDefinition
from reverie.redact import redact

__all__ = [
    "ChatRequest",
    "GenerationSettings",
    "LLMError",
    "LLMProvider",
    "LLMResponse",
    "Message",
    "RetryPolicy",
    "ToolCallRequest",
    "ToolChoice",
    "ToolDefinition",
]

ToolChoice = str | Mapping[str, Any]
"""``"auto"``, ``"none"``, ``"required"``, or a vendor's dict naming one tool."""


_log = get_logger("providers")


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


@dataclass(frozen=True)
class RetryPolicy:
    """How :meth:`LLMProvider.chat_with_retry` waits between tries.

    The n-th wait is ``min(max_delay, base_delay * 2**n)`` scaled by a random
    factor in ``[1 - jitter, 1]``. A server's ``Retry-After`` replaces it and is
    honoured as sent, even beyond ``max_delay``: asking again sooner would only
    earn another refusal. ``deadline`` bounds the retrying: no wait may end, and
    so no new try may start, later than ``deadline`` seconds after the first try
    began; when the next wait would cross it, the last error is returned at once.
    (A single try is bounded by the provider's own timeout, not by the deadline.)
    """

    max_attempts: int = 4
    base_delay: float = 1.0
    max_delay: float = 30.0
    deadline: float = 120.0
    jitter: float = 0.5

    def delay(self, attempt: int, retry_after: float | None, rng: random.Random) -> float:
        """Seconds to wait after failed try number ``attempt`` (0-based)."""
        if retry_after is not None and 0 <= retry_after < math.inf:
            return retry_after
        raw = min(self.max_delay, self.base_delay * float(2**attempt))
        return raw * (1.0 - self.jitter * rng.random())


# An error response built by hand (a custom provider, a test double) carries only
# text; these phrases mark the failures a retry can cure.
_TRANSIENT_TEXT = re.compile(
    r"\b(?:408|409|425|429|5\d\d)\b|rate[ _-]?limit|too many requests|overloaded"
    r"|timed? ?out|timeout|temporarily unavailable|service unavailable|server error"
    r"|bad gateway|connection (?:error|reset|refused|aborted|closed)",
    re.IGNORECASE,
)


def _error_from_text(content: str | None) -> LLMError:
    """The :class:`LLMError` of an error response that came without one."""
    text = content or "unknown error"
    return LLMError(text, type="error_text", retryable=bool(_TRANSIENT_TEXT.search(text)))


Sleep = Callable[[float], Awaitable[None]]
Clock = Callable[[], float]

_DEFAULT_RETRY = RetryPolicy()
_DEFAULT_GENERATION = GenerationSettings()
_SHARED_RNG = random.Random()


class LLMProvider:
    """Base class of providers.

    Subclasses implement :meth:`send`, which takes one :class:`ChatRequest`; the
    retry loop, generation defaults and the injectable clock live here.
    ``sleep`` and ``clock`` exist so tests can assert waits without waiting.

    A provider written against the keyword form may override :meth:`chat`
    instead (``async def chat(self, **kwargs)``); :meth:`chat_with_retry` calls
    ``chat`` either way, so both kinds work everywhere.
    """

    name: str = "provider"

    def __init__(
        self,
        *,
        default_model: str | None = None,
        generation: GenerationSettings | None = None,
        retry: RetryPolicy | None = None,
        sleep: Sleep | None = None,
        clock: Clock | None = None,
        seed: int | None = None,
    ) -> None:
        # A subclass may name its model as a class attribute instead.
        inherited = getattr(type(self), "default_model", None)
        self.default_model: str = default_model or (
            inherited if isinstance(inherited, str) and inherited else self.name
        )
        self.generation = generation or GenerationSettings()
        self.retry = retry or RetryPolicy()
        self._sleep: Sleep = sleep or asyncio.sleep
        self._clock: Clock = clock or time.monotonic
        self._rng = random.Random(seed)

    async def send(self, request: ChatRequest) -> LLMResponse:
        """Make one call; never raise for a failed call (return an error response).

        Raises:
            NotImplementedError: the subclass implements neither ``send`` nor ``chat``.
        """
        # Neither method is abstract, so a provider may implement either one.
        raise NotImplementedError(f"{type(self).__name__} implements neither send() nor chat()")

    async def chat(
        self,
        *,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None = None,
        model: str | None = None,
        max_tokens: int | None = None,
        temperature: float | None = None,
        tool_choice: ToolChoice | None = None,
        **extra: Any,
    ) -> LLMResponse:
        """Make one call from keyword arguments (see :class:`ChatRequest`); no retries.

        Never raises for a failed call: it comes back as an error response.
        """
        return await self.send(
            ChatRequest(messages, tools, model, max_tokens, temperature, tool_choice, extra)
        )

    async def chat_with_retry(
        self,
        *,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None = None,
        model: str | None = None,
        max_tokens: int | None = None,
        temperature: float | None = None,
        tool_choice: ToolChoice | None = None,
        **extra: Any,
    ) -> LLMResponse:
        """Call :meth:`chat`, retrying transient failures per :attr:`retry`.

        ``max_tokens`` and ``temperature`` left as None take the values of
        :attr:`generation`. Unknown keyword arguments are accepted and ignored
        by providers that do not use them. A non-transient error (401, 400,
        quota) returns at once; an error response that carries only text is
        judged transient by its wording (429, 5xx, "timed out", "overloaded").

        Raises:
            ProviderError: the provider cannot make calls at all (for example the
                network is switched off); this is not a failed call.
        """
        # ``chat`` sees the values in force, so a hand-written provider need
        # not know that None means "the generation settings".
        request = ChatRequest(
            messages,
            tools,
            model,
            self.resolve_max_tokens(max_tokens),
            self.resolve_temperature(temperature),
            tool_choice,
            extra,
        )
        # A subclass that forgot ``super().__init__()`` still gets the defaults.
        policy = getattr(self, "retry", None)
        if not isinstance(policy, RetryPolicy):
            policy = _DEFAULT_RETRY
        sleep: Sleep = getattr(self, "_sleep", None) or asyncio.sleep
        clock: Clock = getattr(self, "_clock", None) or time.monotonic
        rng: random.Random = getattr(self, "_rng", None) or _SHARED_RNG
        started = clock()
        attempt = 0
        while True:
            try:
                response = await self.chat(**request.keywords())
            except (asyncio.CancelledError, ProviderError, NotImplementedError):
                # A ProviderError is a setup problem (network switched off, bad
                # configuration), a NotImplementedError an unfinished provider class:
                # retrying cannot help and hiding either in an error response would
                # let callers quietly fall back.
                raise
            except Exception as exc:  # a provider bug must not kill the caller's turn
                response = LLMResponse.failure(
                    LLMError(
                        f"{type(exc).__name__}: {exc}",
                        type="exception",
                        retryable=isinstance(exc, TimeoutError | ConnectionError),
                    )
                )
            if not isinstance(response, LLMResponse):
                response = LLMResponse.failure(
                    LLMError(
                        f"{type(self).__name__}.chat returned {type(response).__name__}, "
                        "not an LLMResponse",
                        type="invalid_response",
                    )
                )
            response.attempts = attempt + 1
            if response.finish_reason != "error":
                return response
            if response.content:
                # An error response built by hand may carry the server's text, key and all.
                response.content = redact(response.content)
            error = response.error or _error_from_text(response.content)
            if not error.retryable:
                return response
            if attempt + 1 >= policy.max_attempts:
                _log.warning("%s: giving up after %d tries: %s", self.name, attempt + 1, error)
                return response
            wait = policy.delay(attempt, error.retry_after, rng)
            if clock() - started + wait > policy.deadline:
                _log.warning(
                    "%s: not retrying: waiting %.1fs more would pass the %gs retry deadline: %s",
                    self.name,
                    wait,
                    policy.deadline,
                    error,
                )
                return response
            _log.info("%s: transient error (%s); retrying in %.2fs", self.name, error, wait)
            await sleep(wait)
            attempt += 1

    def resolve_model(self, model: str | None) -> str:
        """The model to use for a call: the argument, else :attr:`default_model`."""
        if model:
            return model
        default = getattr(self, "default_model", None)
        return default if isinstance(default, str) and default else self.name

    def resolve_max_tokens(self, max_tokens: int | None) -> int:
        """``max_tokens`` or the generation default."""
        return self._settings().max_tokens if max_tokens is None else max_tokens

    def resolve_temperature(self, temperature: float | None) -> float:
        """``temperature`` or the generation default."""
        return self._settings().temperature if temperature is None else temperature

    def _settings(self) -> GenerationSettings:
        settings = getattr(self, "generation", None)
        return settings if isinstance(settings, GenerationSettings) else _DEFAULT_GENERATION
