"""The base class of providers, with the types they exchange and the retry loop they share.

A provider turns a :class:`ChatRequest` (chat messages in OpenAI shape:
``role``, ``content``, ``tool_calls``, ``tool_call_id``; the tools; the model and
its settings) into an :class:`LLMResponse` in :meth:`LLMProvider.send`. It never
raises for a failed call: errors come back as ``finish_reason="error"`` with an
:class:`LLMError` saying whether a retry may help. :meth:`LLMProvider.chat_with_retry`
retries the transient ones with exponential backoff and jitter, honouring a
server's ``Retry-After``, within a bounded number of tries and a total deadline.

The types live in :mod:`reverie.providers._records` and the retry loop in
:mod:`reverie.providers._retry`; both are importable from here.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from reverie.messages import Message, ToolDefinition
from reverie.providers._records import (
    ChatRequest,
    GenerationSettings,
    LLMError,
    LLMResponse,
    ToolCallRequest,
    ToolChoice,
)
from reverie.providers._retry import Clock, RetryPolicy, Sleep, call_with_retry

__all__ = [
    "ChatRequest",
    "Clock",
    "GenerationSettings",
    "LLMError",
    "LLMProvider",
    "LLMResponse",
    "Message",
    "RetryPolicy",
    "Sleep",
    "ToolCallRequest",
    "ToolChoice",
    "ToolDefinition",
]

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
        cls = type(self)
        if cls.send is LLMProvider.send and cls.chat is LLMProvider.chat:
            # Neither method is abstract (a provider implements either one), so the
            # check is here: a provider that can make no call is not built at all.
            raise TypeError(f"{cls.__name__} implements neither send() nor chat()")
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

        A provider written against the keyword form overrides :meth:`chat`
        instead; this then passes the request on to it.
        """
        return await self.chat(**request.keywords())

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
        return await call_with_retry(
            lambda: self.chat(**request.keywords()),
            name=self.name,
            owner=type(self).__name__,
            policy=policy,
            sleep=sleep,
            clock=clock,
            rng=rng,
        )

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
