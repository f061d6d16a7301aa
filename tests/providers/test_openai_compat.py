"""OpenAICompatProvider against a real HTTP server speaking chat completions."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from reverie.errors import ConfigError, MissingAPIKeyError
from reverie.providers import OpenAICompatProvider, RetryPolicy
from reverie.providers.base import ChatRequest
from suite_tools import DEADLINE


@pytest.fixture
def make(server: Any, fake_time: Any) -> Any:
    def build(**kwargs: Any) -> OpenAICompatProvider:
        options: dict[str, Any] = {
            "base_url": f"{server.url}/v1",
            "api_key": "sk-test",
            "sleep": fake_time.sleep,
            "clock": fake_time.clock,
            "seed": 7,
            "timeout": 60.0,  # a loopback reply; generous for a busy machine
        }
        options.update(kwargs)
        return OpenAICompatProvider(options.pop("model", "gpt-test"), **options)

    return build


USER = [{"role": "user", "content": "Hi there"}]


async def test_text_answer_with_usage_and_reasoning(server: Any, replies: Any, make: Any) -> None:
    server.script(
        replies.openai(
            "Paris.",
            reasoning_content="The capital of France is Paris.",
            usage={
                "prompt_tokens": 40,
                "completion_tokens": 9,
                "total_tokens": 49,
                "prompt_tokens_details": {"cached_tokens": 32},
                "completion_tokens_details": {"reasoning_tokens": 6},
            },
        )
    )
    response = await make().chat_with_retry(messages=USER)

    assert response.content == "Paris."
    assert response.finish_reason == "stop"
    assert response.reasoning_content == "The capital of France is Paris."
    assert response.usage == {
        "prompt_tokens": 40,
        "completion_tokens": 9,
        "total_tokens": 49,
        "cached_tokens": 32,
        "reasoning_tokens": 6,
    }
    assert response.error is None
    assert response.attempts == 1


async def test_request_on_the_wire(server: Any, replies: Any, make: Any) -> None:
    server.script(replies.openai("ok"))
    tools = [
        {
            "type": "function",
            "function": {
                "name": "read_file",
                "description": "Read a file",
                "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
            },
        }
    ]
    messages = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Read it", "timestamp": "2026-01-01T10:00:00"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "read_file", "arguments": {"path": "USER.md"}},
                }
            ],
            "reasoning_content": "I should read USER.md",
            "thinking_blocks": [{"type": "thinking", "thinking": "x", "signature": "s"}],
        },
        {"role": "tool", "tool_call_id": "call_1", "name": "read_file", "content": "Alice"},
    ]
    provider = make(generation=None)
    await provider.chat_with_retry(
        messages=messages, tools=tools, tool_choice="required", max_tokens=256, temperature=0.2
    )

    [request] = server.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == "Bearer sk-test"
    body = request.body
    assert body["model"] == "gpt-test"
    assert body["max_tokens"] == 256
    assert body["temperature"] == 0.2
    assert body["tools"] == tools
    assert body["tool_choice"] == "required"
    assert body["messages"][0] == {"role": "system", "content": "Be brief."}
    # Stored-only fields (timestamps, thinking blocks) never reach the server.
    assert body["messages"][1] == {"role": "user", "content": "Read it"}
    assistant = body["messages"][2]
    assert "thinking_blocks" not in assistant
    # A non-OpenAI server gets the reasoning back (DeepSeek needs it in tool loops).
    assert assistant["reasoning_content"] == "I should read USER.md"
    assert assistant["tool_calls"][0]["function"] == {
        "name": "read_file",
        "arguments": '{"path": "USER.md"}',
    }
    assert body["messages"][3] == {
        "role": "tool",
        "tool_call_id": "call_1",
        "name": "read_file",
        "content": "Alice",
    }


async def test_generation_defaults_fill_missing_arguments(
    server: Any, replies: Any, make: Any
) -> None:
    from reverie.providers import GenerationSettings

    server.script(replies.openai("ok"))
    provider = make(
        generation=GenerationSettings(max_tokens=777, temperature=0.1, reasoning_effort="low")
    )
    await provider.chat_with_retry(messages=USER, model="other-model", tool_choice="auto")

    body = server.requests[0].body
    assert body["model"] == "other-model"
    assert body["max_tokens"] == 777
    assert body["temperature"] == 0.1
    assert body["reasoning_effort"] == "low"
    # No tools, so no tool_choice: OpenAI rejects one without the other.
    assert "tool_choice" not in body and "tools" not in body


async def test_tool_calls_parsed_repaired_or_flagged(
    server: Any, replies: Any, make: Any, caplog: pytest.LogCaptureFixture
) -> None:
    def call(call_id: str, arguments: str) -> dict[str, Any]:
        return {
            "id": call_id,
            "type": "function",
            "function": {"name": "write_file", "arguments": arguments},
        }

    server.script(
        replies.openai(
            None,
            finish_reason="tool_calls",
            tool_calls=[
                call("call_ok", '{"path": "USER.md", "content": "Alice"}'),
                call("call_broken", '{"path": "SOUL.md", "content": "be kind'),
                call("call_hopeless", "this is not json at all"),
                call("call_list", "[1, 2]"),
            ],
        )
    )
    with caplog.at_level(logging.WARNING, logger="reverie"):
        response = await make().chat_with_retry(messages=USER)

    assert response.finish_reason == "tool_calls"
    assert response.has_tool_calls
    ok, broken, hopeless, as_list = response.tool_calls
    assert (ok.id, ok.name, ok.arguments) == (
        "call_ok",
        "write_file",
        {"path": "USER.md", "content": "Alice"},
    )
    assert ok.argument_error is None
    assert broken.arguments == {"path": "SOUL.md", "content": "be kind"}
    assert broken.argument_error is None
    assert broken.raw_arguments == '{"path": "SOUL.md", "content": "be kind'
    assert hopeless.arguments == {}
    assert hopeless.argument_error is not None and "write_file" in hopeless.argument_error
    assert hopeless.raw_arguments == "this is not json at all"
    assert as_list.arguments == {}
    assert as_list.argument_error is not None and "JSON object" in as_list.argument_error
    assert "could not be repaired" in caplog.text


async def test_429_waits_for_retry_after_then_succeeds(
    server: Any, replies: Any, make: Any, fake_time: Any
) -> None:
    server.script(
        replies.openai_error(429, "Rate limit reached", "requests", retry_after="3"),
        replies.openai_error(429, "Rate limit reached", "tokens", retry_after_ms="250"),
        replies.openai("Finally."),
    )
    response = await make().chat_with_retry(messages=USER)

    assert response.content == "Finally."
    assert response.attempts == 3
    assert len(server.requests) == 3
    # retry-after-ms is more precise than retry-after and wins when present.
    assert fake_time.sleeps == [3.0, 0.25]


async def test_500_is_retried_with_backoff(
    server: Any, replies: Any, make: Any, fake_time: Any
) -> None:
    server.script(
        replies.openai_error(500, "The server had an error", "server_error"),
        replies.openai_error(503, "Overloaded", "server_error"),
        replies.openai("Recovered."),
    )
    provider = make(retry=RetryPolicy(max_attempts=5, base_delay=2.0, jitter=0.0))
    response = await provider.chat_with_retry(messages=USER)

    assert response.content == "Recovered."
    assert len(server.requests) == 3
    assert fake_time.sleeps == [2.0, 4.0]


async def test_retries_stop_at_max_attempts(
    server: Any, replies: Any, make: Any, fake_time: Any
) -> None:
    server.script(*[replies.openai_error(502, "Bad gateway", "server_error")] * 3)
    provider = make(retry=RetryPolicy(max_attempts=3, base_delay=1.0, jitter=0.0))
    response = await provider.chat_with_retry(messages=USER)

    assert response.finish_reason == "error"
    assert response.error is not None and response.error.status == 502
    assert response.attempts == 3
    assert len(server.requests) == 3
    assert fake_time.sleeps == [1.0, 2.0]


async def test_401_is_not_retried_and_keeps_details(
    server: Any, replies: Any, make: Any, fake_time: Any
) -> None:
    server.script(
        replies.openai_error(
            401, "Incorrect API key provided", "invalid_request_error", "invalid_api_key"
        )
    )
    response = await make().chat_with_retry(messages=USER)

    assert response.finish_reason == "error"
    assert response.content is None
    error = response.error
    assert error is not None
    assert (error.status, error.type, error.message) == (
        401,
        "invalid_request_error",
        "Incorrect API key provided",
    )
    assert not error.retryable
    assert len(server.requests) == 1
    assert fake_time.sleeps == []


async def test_exhausted_quota_is_not_retried(
    server: Any, replies: Any, make: Any, fake_time: Any
) -> None:
    server.script(
        replies.openai_error(
            429,
            "You exceeded your current quota",
            "insufficient_quota",
            "insufficient_quota",
            retry_after="1",
        )
    )
    response = await make().chat_with_retry(messages=USER)

    assert response.error is not None
    assert response.error.status == 429
    assert response.error.type == "insufficient_quota"
    assert not response.error.retryable
    assert len(server.requests) == 1
    assert fake_time.sleeps == []


async def test_malformed_json_is_an_error_response(server: Any, replies: Any, make: Any) -> None:
    server.script(replies.Reply(200, b'{"choices": [{"message": '))
    response = await make().chat_with_retry(messages=USER)

    assert response.finish_reason == "error"
    assert response.error is not None
    assert response.error.type == "invalid_response"
    assert "malformed JSON" in response.error.message
    assert '{"choices"' in response.error.message


async def test_error_inside_a_200_body(server: Any, replies: Any, make: Any) -> None:
    server.script(
        replies.Reply(200, {"error": {"message": "Provider returned error", "code": 400}})
    )
    response = await make().chat_with_retry(messages=USER)

    assert response.error is not None
    assert response.error.message == "Provider returned error"
    assert not response.error.retryable


async def test_dropped_connection_is_retried(
    server: Any, replies: Any, make: Any, fake_time: Any
) -> None:
    server.script(replies.Reply(action="drop"), replies.openai("Back."))
    response = await make(retry=RetryPolicy(base_delay=0.5, jitter=0.0)).chat_with_retry(
        messages=USER
    )

    assert response.content == "Back."
    assert len(server.requests) == 2
    assert fake_time.sleeps == [0.5]


async def test_dropped_connection_error_names_the_server(
    server: Any, replies: Any, make: Any
) -> None:
    server.script(replies.Reply(action="drop"))
    response = await make(retry=RetryPolicy(max_attempts=1)).chat_with_retry(messages=USER)

    assert response.error is not None
    assert response.error.type == "connection_error"
    assert response.error.retryable
    assert server.url in response.error.message


async def test_slow_answer_times_out_and_is_retried(
    server: Any, replies: Any, make: Any, fake_time: Any
) -> None:
    server.script(replies.Reply(action="stall"), replies.openai("Quick this time."))
    # The same timeout bounds the retry, which a busy machine must answer within it.
    provider = make(timeout=2.0, retry=RetryPolicy(base_delay=1.0, jitter=0.0))
    response = await provider.chat_with_retry(messages=USER)

    assert response.content == "Quick this time."
    assert response.attempts == 2
    assert fake_time.sleeps == [1.0]


async def test_timeout_error_details(server: Any, replies: Any, make: Any) -> None:
    server.script(replies.Reply(action="stall"))
    provider = make(timeout=0.3, retry=RetryPolicy(max_attempts=1))
    response = await provider.chat_with_retry(messages=USER)

    assert response.error is not None
    assert response.error.type == "timeout"
    assert response.error.retryable


async def test_keyless_local_server(server: Any, replies: Any, make: Any) -> None:
    server.script(replies.openai("local answer"))
    provider = make(api_key=None, api_key_env=None)
    response = await provider.chat_with_retry(messages=USER)

    assert response.content == "local answer"
    assert provider.name == "openai-compatible"


async def test_key_read_from_named_environment_variable(
    server: Any, replies: Any, make: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MY_LLM_KEY", "from-env")
    server.script(replies.openai("ok"))
    await make(api_key=None, api_key_env="MY_LLM_KEY").chat_with_retry(messages=USER)

    assert server.requests[0].headers["authorization"] == "Bearer from-env"


def test_missing_key_for_openai_points_to_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(MissingAPIKeyError) as caught:
        OpenAICompatProvider("gpt-4o-mini")
    message = str(caught.value)
    assert "OPENAI_API_KEY is not set" in message
    assert "--provider offline" in message


@pytest.mark.parametrize("url", ["ftp://example.com", "localhost:8000", "http://"])
def test_bad_base_url_is_a_config_error(url: str) -> None:
    with pytest.raises(ConfigError, match="base_url"):
        OpenAICompatProvider("m", base_url=url)


def test_constructing_does_not_import_the_sdk() -> None:
    import subprocess
    import sys

    code = (
        "import sys, reverie.providers as p\n"
        "p.OpenAICompatProvider('m', base_url='http://127.0.0.1:9/v1')\n"
        "p.AnthropicProvider('m', base_url='http://127.0.0.1:9')\n"
        "print('openai' in sys.modules, 'anthropic' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=DEADLINE
    )
    assert result.stdout.split() == ["False", "False"]


def test_openai_endpoint_request_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    # Only the request is built here; nothing is sent.
    monkeypatch.setattr("reverie.providers.network.ALLOW_NETWORK", True)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
    provider = OpenAICompatProvider("o3-mini")
    assert provider.name == "openai"
    assistant = {"role": "assistant", "content": "x", "reasoning_content": "private"}
    body = provider.build_request(ChatRequest(messages=[assistant], max_tokens=50, temperature=0.3))

    assert body["max_completion_tokens"] == 50
    assert "max_tokens" not in body
    # o-series models reject a non-default temperature; OpenAI rejects reasoning_content.
    assert "temperature" not in body
    assert body["messages"] == [{"role": "assistant", "content": "x"}]
    gpt_4o = provider.build_request(ChatRequest(messages=[], model="gpt-4o", temperature=0.3))
    assert gpt_4o["temperature"] == 0.3


def test_base_url_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1/")
    provider = OpenAICompatProvider("m")
    assert provider.base_url == "http://127.0.0.1:9/v1"


def test_retry_after_forms() -> None:
    from reverie.providers._errors import retry_after

    assert retry_after({"Retry-After": "7"}) == 7.0
    assert retry_after({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    assert retry_after({"retry-after": "Wed, 21 Oct 2026 07:28:05 GMT"}, now=1792567680.0) == 5.0
    assert retry_after({"retry-after": "soon"}) is None
    assert retry_after({"retry-after": "-3"}) is None
    assert retry_after({}) is None


def test_one_provider_serves_several_event_loops(server: Any, replies: Any) -> None:
    # run_sync-style callers start a new loop per turn; a client cached from the
    # first loop would break (or leak sockets) in the second.
    import asyncio

    server.script(replies.openai("first"), replies.openai("second"))
    provider = OpenAICompatProvider("m", base_url=f"{server.url}/v1", api_key="k")
    answers = [
        asyncio.run(provider.chat_with_retry(messages=USER)).content,
        asyncio.run(provider.chat_with_retry(messages=USER)).content,
    ]
    assert answers == ["first", "second"]


async def test_concurrent_calls_on_one_provider(server: Any, replies: Any, make: Any) -> None:
    import asyncio

    server.script(*[replies.openai(f"answer {i}") for i in range(6)])
    provider = make()
    results = await asyncio.gather(*[provider.chat_with_retry(messages=USER) for _ in range(6)])
    assert sorted(r.content for r in results) == [f"answer {i}" for i in range(6)]
    assert len(server.requests) == 6
