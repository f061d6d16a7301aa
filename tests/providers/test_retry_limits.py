"""What bounds the retrying: Retry-After honoured as sent, the total deadline, final errors.

The real providers talk to the loopback server; waits go through a fake clock.
"""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from reverie.providers import (
    AnthropicProvider,
    LLMError,
    LLMProvider,
    LLMResponse,
    OpenAICompatProvider,
    RetryPolicy,
)
from reverie.providers._errors import retry_after

USER = [{"role": "user", "content": "Hi there"}]


@pytest.fixture
def openai(server: Any, fake_time: Any) -> Any:
    def build(retry: RetryPolicy) -> OpenAICompatProvider:
        return OpenAICompatProvider(
            "gpt-test",
            base_url=f"{server.url}/v1",
            api_key="sk-test",
            sleep=fake_time.sleep,
            clock=fake_time.clock,
            retry=retry,
            timeout=60.0,
        )

    return build


@pytest.fixture
def anthropic(server: Any, fake_time: Any) -> AnthropicProvider:
    return AnthropicProvider(
        "claude-test",
        base_url=server.url,
        api_key="sk-ant-test",
        sleep=fake_time.sleep,
        clock=fake_time.clock,
        timeout=60.0,
    )


async def test_retry_after_longer_than_max_delay_is_waited_in_full(
    server: Any, replies: Any, openai: Any, fake_time: Any
) -> None:
    server.script(
        replies.openai_error(429, "Rate limit reached", "requests", retry_after="45"),
        replies.openai("After the pause."),
    )
    provider = openai(RetryPolicy(max_delay=30.0, deadline=120.0))
    response = await provider.chat_with_retry(messages=USER)

    assert response.content == "After the pause."
    # Asking again after 30 s, when the server said 45, would only earn another 429.
    assert fake_time.sleeps == [45.0]


async def test_retry_after_beyond_the_deadline_returns_the_error_without_waiting(
    server: Any, replies: Any, openai: Any, fake_time: Any, caplog: pytest.LogCaptureFixture
) -> None:
    server.script(replies.openai_error(429, "Come back in an hour", "requests", retry_after="3600"))
    provider = openai(RetryPolicy(deadline=120.0))
    with caplog.at_level(logging.WARNING, logger="reverie"):
        response = await provider.chat_with_retry(messages=USER)

    assert response.finish_reason == "error"
    assert response.error is not None
    assert (response.error.status, response.error.message) == (429, "Come back in an hour")
    assert response.attempts == 1
    assert len(server.requests) == 1
    assert fake_time.sleeps == []
    assert "retry deadline" in caplog.text


async def test_backoff_stops_at_the_total_deadline(
    server: Any, replies: Any, openai: Any, fake_time: Any
) -> None:
    server.script(*[replies.openai_error(503, "Overloaded", "server_error")] * 5)
    provider = openai(
        RetryPolicy(max_attempts=10, base_delay=10.0, max_delay=100.0, deadline=25.0, jitter=0.0)
    )
    response = await provider.chat_with_retry(messages=USER)

    # Waits of 10 then 20 s would end 30 s after the first try, past the 25 s deadline.
    assert fake_time.sleeps == [10.0]
    assert len(server.requests) == 2
    assert response.error is not None and response.error.status == 503


@pytest.mark.parametrize("header", ["inf", "nan", "-1", "soon"])
def test_a_nonsensical_retry_after_is_ignored(header: str) -> None:
    assert retry_after({"retry-after": header}) is None
    assert retry_after({"retry-after-ms": header}) is None


async def test_an_unusable_retry_after_falls_back_to_backoff(
    server: Any, replies: Any, openai: Any, fake_time: Any
) -> None:
    server.script(
        replies.openai_error(429, "slow down", "requests", retry_after="inf"),
        replies.openai("ok"),
    )
    response = await openai(RetryPolicy(base_delay=2.0, jitter=0.0)).chat_with_retry(messages=USER)
    assert response.content == "ok"
    assert fake_time.sleeps == [2.0]


def test_jitter_spreads_waits_below_the_exponential_step() -> None:
    policy = RetryPolicy(base_delay=1.0, max_delay=30.0, jitter=0.5)
    rng = random.Random(11)
    for attempt, step in enumerate([1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]):
        waits = {policy.delay(attempt, None, rng) for _ in range(50)}
        assert all(step * 0.5 <= wait <= step for wait in waits)
        # Clients that failed together must not all come back at the same instant.
        assert len(waits) > 40


async def test_a_bad_request_is_final_on_openai(
    server: Any, replies: Any, openai: Any, fake_time: Any
) -> None:
    server.script(
        replies.openai_error(
            400,
            "This model's maximum context length is 8192 tokens",
            "invalid_request_error",
            "context_length_exceeded",
        )
    )
    response = await openai(RetryPolicy()).chat_with_retry(messages=USER)

    error = response.error
    assert error is not None
    assert (error.status, error.type, error.retryable) == (400, "invalid_request_error", False)
    assert "maximum context length" in error.message
    assert len(server.requests) == 1
    assert fake_time.sleeps == []


async def test_a_bad_request_is_final_on_anthropic(
    server: Any, replies: Any, anthropic: AnthropicProvider, fake_time: Any
) -> None:
    server.script(
        replies.anthropic_error(400, "prompt is too long: 210000 tokens", "invalid_request_error")
    )
    response = await anthropic.chat_with_retry(messages=USER)

    error = response.error
    assert error is not None
    assert (error.status, error.type, error.retryable) == (400, "invalid_request_error", False)
    assert error.message == "prompt is too long: 210000 tokens"
    assert len(server.requests) == 1
    assert fake_time.sleeps == []


async def test_anthropic_500_then_success(
    server: Any, replies: Any, anthropic: AnthropicProvider, fake_time: Any
) -> None:
    server.script(
        replies.anthropic_error(500, "Internal server error", "api_error"),
        replies.anthropic({"type": "text", "text": "Recovered."}),
    )
    response = await anthropic.chat_with_retry(messages=USER)

    assert response.content == "Recovered."
    assert response.attempts == 2
    assert len(fake_time.sleeps) == 1 and 0.5 <= fake_time.sleeps[0] <= 1.0


# -- providers written by users ------------------------------------------------------


class _Forgetful(LLMProvider):
    """A provider whose constructor does not call ``super().__init__()``."""

    def __init__(self, replies: list[LLMResponse]) -> None:
        self.replies = replies
        self.seen: list[dict[str, Any]] = []

    async def chat(self, **kwargs: Any) -> LLMResponse:
        self.seen.append(kwargs)
        return self.replies.pop(0)


async def test_a_subclass_without_super_init_still_retries_with_defaults() -> None:
    flaky = LLMResponse.failure(LLMError("busy", status=503, retryable=True, retry_after=0.0))
    provider = _Forgetful([flaky, LLMResponse("fine")])
    response = await provider.chat_with_retry(messages=USER)

    assert response.content == "fine"
    assert response.attempts == 2
    assert provider.seen[0]["max_tokens"] == 4096
    assert provider.resolve_model(None) == "provider"


class _Sloppy(LLMProvider):
    async def chat(self, **kwargs: Any) -> Any:
        return "just a string"


async def test_a_chat_returning_something_else_is_an_error_response_naming_the_class() -> None:
    response = await _Sloppy().chat_with_retry(messages=USER)

    assert response.finish_reason == "error"
    assert response.error is not None
    assert "_Sloppy.chat returned str, not an LLMResponse" in response.error.message


async def test_a_bare_404_says_which_base_url_has_no_api(
    server: Any, replies: Any, openai: Any
) -> None:
    # Ollama's root without /v1 answers plain text; the user must learn what to fix.
    server.script(replies.Reply(404, b"404 page not found"))
    response = await openai(RetryPolicy()).chat_with_retry(messages=USER)

    error = response.error
    assert error is not None and error.status == 404 and not error.retryable
    assert error.message.startswith("404 page not found: no API endpoint under ")
    assert f"{server.url}/v1" in error.message
    assert "is base_url the API root" in error.message
    assert len(server.requests) == 1
