"""The retry loop every provider shares, and when a failed call is worth another try.

:meth:`LLMProvider.chat_with_retry` runs :func:`call_with_retry`: transient
failures (rate limits, server errors, timeouts, dropped connections) are tried
again with exponential backoff and jitter, honouring a server's ``Retry-After``,
within :class:`RetryPolicy`'s number of tries and total deadline.
"""

from __future__ import annotations

import asyncio
import math
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from reverie._logging import get_logger
from reverie.errors import ProviderError
from reverie.providers._records import LLMError, LLMResponse
from reverie.redact import redact

__all__ = ["Clock", "RetryPolicy", "Sleep", "call_with_retry"]

_log = get_logger("providers")


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


async def call_with_retry(
    call: Callable[[], Awaitable[object]],
    *,
    name: str,
    owner: str,
    policy: RetryPolicy,
    sleep: Sleep,
    clock: Clock,
    rng: random.Random,
) -> LLMResponse:
    """Make ``call`` until it answers, fails for good, or ``policy`` says stop.

    Args:
        call: One try (the provider's ``chat`` with the request).
        name: The provider's name, in log lines.
        owner: The provider's class name, in the error of an answer that is
            not an :class:`LLMResponse`.
        policy: How many tries, how long to wait, the deadline.
        sleep: Waits between tries.
        clock: Measures the deadline.
        rng: Draws the jitter.

    Raises:
        ProviderError: the provider cannot make calls at all.
    """
    started = clock()
    attempt = 0
    while True:
        try:
            response = await call()
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
                    f"{owner}.chat returned {type(response).__name__}, not an LLMResponse",
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
            _log.warning("%s: giving up after %d tries: %s", name, attempt + 1, error)
            return response
        wait = policy.delay(attempt, error.retry_after, rng)
        if clock() - started + wait > policy.deadline:
            _log.warning(
                "%s: not retrying: waiting %.1fs more would pass the %gs retry deadline: %s",
                name,
                wait,
                policy.deadline,
                error,
            )
            return response
        _log.info("%s: transient error (%s); retrying in %.2fs", name, error, wait)
        await sleep(wait)
        attempt += 1
