"""Test doubles for your own tests: a provider that plays a script, and one that runs a function.

Both record every request they receive, so a test can assert what reverie sent::

    provider = ScriptedProvider(responses=["[durable] The app uses SQLite."])
    ...  # run the code under test
    assert "<conversation>" in provider.requests[0].messages[-1]["content"]

Neither touches the network or needs a key.
"""

from __future__ import annotations

import copy
import inspect
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from reverie.errors import ProviderError, UserError
from reverie.messages import Message, ToolDefinition, as_message
from reverie.providers.base import (
    ChatRequest,
    GenerationSettings,
    LLMProvider,
    LLMResponse,
    RetryPolicy,
    Sleep,
    ToolChoice,
)

__all__ = [
    "FunctionProvider",
    "RecordedRequest",
    "ScriptExhaustedError",
    "ScriptedProvider",
    "ScriptedReply",
]


@dataclass(frozen=True)
class RecordedRequest:
    """One call a test double received.

    ``messages`` and ``tools`` are deep copies taken at call time, so later
    changes by the caller do not rewrite history. ``max_tokens`` and
    ``temperature`` are the values in force (argument, else the provider's
    generation settings); ``extra`` holds any other keyword arguments.
    """

    messages: list[Message]
    tools: list[ToolDefinition] | None
    model: str
    max_tokens: int
    temperature: float
    tool_choice: ToolChoice | None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def last_user_text(self) -> str:
        """The content of the last user message ("" when there is none or it is not text)."""
        for message in reversed(self.messages):
            if message.get("role") == "user":
                content = message.get("content")
                return content if isinstance(content, str) else ""
        return ""


FunctionReply: TypeAlias = "LLMResponse | str | Awaitable[LLMResponse | str]"
ScriptedReply: TypeAlias = (
    "LLMResponse | str | BaseException | Callable[[RecordedRequest], FunctionReply]"
)
"""One scripted step: a response, a text answer, an exception to raise, or a function."""


class ScriptExhaustedError(ProviderError):
    """A :class:`ScriptedProvider` received more requests than it had responses."""


def _checked(steps: Iterable[ScriptedReply], what: str, start: int) -> list[ScriptedReply]:
    """The steps as a list, once each is known to be playable (a mistake shows at once)."""
    if isinstance(steps, str | LLMResponse):
        # A lone answer would otherwise be iterated (a str, character by character).
        raise UserError(
            f"{what} must be a list of replies, not a single {type(steps).__name__}; "
            f"write ScriptedProvider(responses=[{_short(steps)}])"
        )
    checked = list(steps)
    for offset, step in enumerate(checked):
        if not isinstance(step, LLMResponse | str | BaseException) and not callable(step):
            raise UserError(
                f"scripted reply #{start + offset + 1} must be an LLMResponse, a str, an "
                f"exception or a function of the request, not {type(step).__name__}: "
                f"{_short(step)}"
            )
    return checked


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _snapshot(value: Any) -> Any:
    try:
        return copy.deepcopy(value)
    except Exception:  # an uncopyable object in a message: record it as is
        return copy.copy(value)


async def _resolve(reply: FunctionReply) -> LLMResponse:
    value = await reply if inspect.isawaitable(reply) else reply
    if isinstance(value, LLMResponse):
        return value
    if isinstance(value, str):
        return LLMResponse(content=value)
    raise TypeError(
        f"a scripted reply must be an LLMResponse or str, got {type(value).__name__}: {value!r}"
    )


class _RecordingProvider(LLMProvider):
    """Records every request; subclasses decide the answer."""

    def __init__(
        self,
        *,
        default_model: str,
        generation: GenerationSettings | None,
        retry: RetryPolicy | None,
        sleep: Sleep | None,
    ) -> None:
        super().__init__(
            default_model=default_model, generation=generation, retry=retry, sleep=sleep
        )
        self.requests: list[RecordedRequest] = []

    def _record(self, request: ChatRequest) -> RecordedRequest:
        recorded = RecordedRequest(
            messages=[as_message(_snapshot(dict(m))) for m in request.messages],
            tools=None if request.tools is None else [_snapshot(dict(t)) for t in request.tools],
            model=self.resolve_model(request.model),
            max_tokens=self.resolve_max_tokens(request.max_tokens),
            temperature=self.resolve_temperature(request.temperature),
            tool_choice=_snapshot(request.tool_choice),
            extra=dict(request.extra),
        )
        self.requests.append(recorded)
        return recorded


class ScriptedProvider(_RecordingProvider):
    """A provider that answers from a queue, in order, and records every request.

    Each queued item is one of:

    * an :class:`~reverie.providers.base.LLMResponse`, returned as is (use
      ``LLMResponse.failure(LLMError(..., retryable=True))`` to script a
      transient error that ``chat_with_retry`` retries);
    * a ``str``, shorthand for a plain text answer;
    * an exception instance, raised by ``chat`` (``chat_with_retry`` turns it
      into an error response, except a ``ProviderError``, which it re-raises);
    * a callable taking the :class:`RecordedRequest` and returning an
      ``LLMResponse`` or ``str`` (or an awaitable of one).

    A step of another type is refused when it is scripted (:class:`UserError`
    naming its position). A request arriving after the queue is empty raises
    :class:`ScriptExhaustedError` (a ``ProviderError``, so it fails the test
    loudly rather than becoming an error response) naming the request number.

    Args:
        responses: The script.
        default_model: Reported as the model when a call names none.
        generation: Defaults for ``max_tokens`` / ``temperature``.
        retry: Retry policy for ``chat_with_retry``.
        sleep: Replaces ``asyncio.sleep`` between retries (tests pass a fake).

    Raises:
        UserError: ``responses`` is a single answer rather than a list, or holds
            something that is not a scripted step.

    Example:
        >>> provider = ScriptedProvider(responses=["first", "second"])
        >>> provider.remaining
        2
    """

    name = "scripted"

    def __init__(
        self,
        responses: Iterable[ScriptedReply] = (),
        *,
        default_model: str = "scripted",
        generation: GenerationSettings | None = None,
        retry: RetryPolicy | None = None,
        sleep: Sleep | None = None,
    ) -> None:
        super().__init__(
            default_model=default_model, generation=generation, retry=retry, sleep=sleep
        )
        self._queue: deque[ScriptedReply] = deque(_checked(responses, "responses", 0))
        self._scripted = len(self._queue)

    @property
    def remaining(self) -> int:
        """How many scripted responses have not been used yet."""
        return len(self._queue)

    def add(self, *responses: ScriptedReply) -> None:
        """Append more responses to the script.

        Raises:
            UserError: an item is not a scripted step (the message names it).
        """
        self._queue.extend(_checked(responses, "add() argument", self._scripted))
        self._scripted += len(responses)

    async def send(self, request: ChatRequest) -> LLMResponse:
        """Record the request and play the next scripted step."""
        recorded = self._record(request)
        if not self._queue:
            raise ScriptExhaustedError(
                f"ScriptedProvider: no response left for request #{len(self.requests)} "
                f"({self._scripted} scripted); add more with ScriptedProvider(responses=[...]) "
                "or .add(...)"
            )
        step = self._queue.popleft()
        if isinstance(step, BaseException):
            raise step
        if isinstance(step, LLMResponse | str):
            return await _resolve(step)
        return await _resolve(step(recorded))


class FunctionProvider(_RecordingProvider):
    """A provider whose answers come from your function; every request is recorded.

    Args:
        fn: Called with each :class:`RecordedRequest`; returns an ``LLMResponse``
            or a ``str`` (a plain text answer), directly or as an awaitable (an
            ``async def`` works). An exception it raises propagates out of
            ``chat`` (``chat_with_retry`` turns it into an error response).
        default_model: Reported as the model when a call names none.
        generation: Defaults for ``max_tokens`` / ``temperature``.
        retry: Retry policy for ``chat_with_retry``.
        sleep: Replaces ``asyncio.sleep`` between retries.

    Raises:
        UserError: ``fn`` is not callable.

    Example:
        >>> provider = FunctionProvider(lambda request: request.last_user_text.upper())
    """

    name = "function"

    def __init__(
        self,
        fn: Callable[[RecordedRequest], FunctionReply],
        *,
        default_model: str = "function",
        generation: GenerationSettings | None = None,
        retry: RetryPolicy | None = None,
        sleep: Sleep | None = None,
    ) -> None:
        if not callable(fn):
            raise UserError(
                f"FunctionProvider needs a function of the request, not {type(fn).__name__}: "
                f"{_short(fn)}"
            )
        super().__init__(
            default_model=default_model, generation=generation, retry=retry, sleep=sleep
        )
        self.fn = fn

    async def send(self, request: ChatRequest) -> LLMResponse:
        """Record the request and return what ``fn`` answers."""
        return await _resolve(self.fn(self._record(request)))
