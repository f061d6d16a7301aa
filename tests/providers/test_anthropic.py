"""AnthropicProvider against a real HTTP server speaking the Messages API."""

from __future__ import annotations

from typing import Any

import pytest

from reverie.errors import MissingAPIKeyError
from reverie.providers import AnthropicProvider, GenerationSettings, RetryPolicy
from reverie.providers.base import ChatRequest


@pytest.fixture
def make(server: Any, fake_time: Any) -> Any:
    def build(**kwargs: Any) -> AnthropicProvider:
        options: dict[str, Any] = {
            "base_url": server.url,
            "api_key": "sk-ant-test",
            "sleep": fake_time.sleep,
            "clock": fake_time.clock,
            "seed": 3,
            "timeout": 60.0,  # a loopback reply; generous for a busy machine
        }
        options.update(kwargs)
        return AnthropicProvider(options.pop("model", "claude-test"), **options)

    return build


READ_TOOL = {
    "type": "function",
    "function": {
        "name": "read_file",
        "description": "Read a workspace file",
        "parameters": {
            "type": "object",
            "properties": {"path": {"type": "string"}},
            "required": ["path"],
        },
    },
}


def tool_call(call_id: str, path: str) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": "read_file", "arguments": f'{{"path": "{path}"}}'},
    }


async def test_conversation_on_the_wire(server: Any, replies: Any, make: Any) -> None:
    server.script(replies.anthropic({"type": "text", "text": "Done."}))
    messages = [
        {"role": "system", "content": "You are Reverie."},
        {"role": "system", "content": "Memory: Alice likes tea."},
        {"role": "user", "content": "Check both files"},
        {
            "role": "assistant",
            "content": "Reading them.",
            "tool_calls": [tool_call("toolu_1", "USER.md"), tool_call("toolu_2", "SOUL.md")],
        },
        {"role": "tool", "tool_call_id": "toolu_1", "name": "read_file", "content": "Alice"},
        {"role": "tool", "tool_call_id": "toolu_2", "name": "read_file", "content": "Kind"},
        {"role": "user", "content": "And?"},
        {"role": "user", "content": "Well?"},
    ]
    response = await make().chat_with_retry(
        messages=messages, tools=[READ_TOOL], tool_choice="required", max_tokens=300
    )
    assert response.content == "Done."

    [request] = server.requests
    assert request.path == "/v1/messages"
    body = request.body
    assert body["model"] == "claude-test"
    assert body["max_tokens"] == 300
    assert body["system"] == "You are Reverie.\n\nMemory: Alice likes tea."
    assert body["tools"] == [
        {
            "name": "read_file",
            "description": "Read a workspace file",
            "input_schema": READ_TOOL["function"]["parameters"],
        }
    ]
    assert body["tool_choice"] == {"type": "any"}
    assert body["messages"] == [
        {"role": "user", "content": "Check both files"},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Reading them."},
                {
                    "type": "tool_use",
                    "id": "toolu_1",
                    "name": "read_file",
                    "input": {"path": "USER.md"},
                },
                {
                    "type": "tool_use",
                    "id": "toolu_2",
                    "name": "read_file",
                    "input": {"path": "SOUL.md"},
                },
            ],
        },
        # Both results and the two user messages share one user turn, results first.
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": "Alice"},
                {"type": "tool_result", "tool_use_id": "toolu_2", "content": "Kind"},
                {"type": "text", "text": "And?"},
                {"type": "text", "text": "Well?"},
            ],
        },
    ]


async def test_named_tool_choice(server: Any, replies: Any, make: Any) -> None:
    server.script(replies.anthropic())
    await make().chat_with_retry(
        messages=[{"role": "user", "content": "go"}],
        tools=[READ_TOOL],
        tool_choice={"type": "function", "function": {"name": "read_file"}},
    )
    assert server.requests[0].body["tool_choice"] == {"type": "tool", "name": "read_file"}


async def test_tool_use_thinking_and_usage_in_the_answer(
    server: Any, replies: Any, make: Any
) -> None:
    thinking = {"type": "thinking", "thinking": "USER.md holds the facts.", "signature": "sig-1"}
    redacted = {"type": "redacted_thinking", "data": "opaque"}
    server.script(
        replies.anthropic(
            thinking,
            redacted,
            {"type": "text", "text": "Let me look."},
            {
                "type": "tool_use",
                "id": "toolu_9",
                "name": "read_file",
                "input": {"path": "USER.md"},
            },
            stop_reason="tool_use",
            usage={
                "input_tokens": 100,
                "output_tokens": 40,
                "cache_read_input_tokens": 900,
                "cache_creation_input_tokens": 0,
            },
        )
    )
    response = await make().chat_with_retry(
        messages=[{"role": "user", "content": "What do you know?"}], tools=[READ_TOOL]
    )

    assert response.content == "Let me look."
    assert response.finish_reason == "tool_calls"
    [call] = response.tool_calls
    assert (call.id, call.name, call.arguments, call.argument_error) == (
        "toolu_9",
        "read_file",
        {"path": "USER.md"},
        None,
    )
    assert response.thinking_blocks == [thinking, redacted]
    assert response.reasoning_content == "USER.md holds the facts."
    assert response.usage == {
        "prompt_tokens": 1000,
        "completion_tokens": 40,
        "total_tokens": 1040,
        "cache_read_input_tokens": 900,
    }


async def test_thinking_blocks_are_replayed_before_text(
    server: Any, replies: Any, make: Any
) -> None:
    server.script(replies.anthropic())
    thinking = [{"type": "thinking", "thinking": "plan", "signature": "sig-2"}]
    messages = [
        {"role": "user", "content": "Look it up"},
        {
            "role": "assistant",
            "content": "Looking.",
            "thinking_blocks": thinking,
            "tool_calls": [tool_call("toolu_3", "MEMORY.md")],
        },
        {"role": "tool", "tool_call_id": "toolu_3", "content": "facts"},
    ]
    await make().chat_with_retry(messages=messages, tools=[READ_TOOL])

    assistant = server.requests[0].body["messages"][1]
    assert [block["type"] for block in assistant["content"]] == ["thinking", "text", "tool_use"]
    assert assistant["content"][0] == thinking[0]


@pytest.mark.parametrize(
    ("stop_reason", "expected"),
    [("end_turn", "stop"), ("max_tokens", "length"), ("stop_sequence", "stop")],
)
async def test_stop_reasons(
    server: Any, replies: Any, make: Any, stop_reason: str, expected: str
) -> None:
    server.script(replies.anthropic({"type": "text", "text": "x"}, stop_reason=stop_reason))
    response = await make().chat_with_retry(messages=[{"role": "user", "content": "hi"}])
    assert response.finish_reason == expected


LEGACY_API = frozenset({"model", "messages", "max_tokens", "system", "temperature", "thinking"})
CURRENT_API = frozenset({"model", "messages", "max_tokens", "system", "thinking", "output_config"})


def test_reasoning_effort_on_the_legacy_api_enables_thinking(make: Any) -> None:
    provider = make(generation=GenerationSettings(max_tokens=1000, reasoning_effort="low"))
    body = provider.build_request(
        ChatRequest(messages=[{"role": "user", "content": "think"}]), api_fields=LEGACY_API
    )
    assert body["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    # The answer keeps its 1000 tokens on top of the thinking budget.
    assert body["max_tokens"] == 3048
    # Extended thinking runs only at the default temperature.
    assert "temperature" not in body


def test_reasoning_effort_on_the_current_api_is_output_effort(make: Any) -> None:
    provider = make(generation=GenerationSettings(max_tokens=1000, reasoning_effort="minimal"))
    body = provider.build_request(
        ChatRequest(messages=[{"role": "user", "content": "think"}]), api_fields=CURRENT_API
    )
    assert body["output_config"] == {"effort": "low"}
    assert body["max_tokens"] == 1000
    assert "thinking" not in body


def test_temperature_only_where_the_api_accepts_it(make: Any) -> None:
    messages = [{"role": "user", "content": "hi"}]
    legacy = make().build_request(
        ChatRequest(messages=messages, temperature=1.5), api_fields=LEGACY_API
    )
    # Anthropic's scale stops at 1.
    assert legacy["temperature"] == 1.0
    current = make().build_request(
        ChatRequest(messages=messages, temperature=0.3), api_fields=CURRENT_API
    )
    assert "temperature" not in current


async def test_wire_follows_the_installed_sdk(server: Any, replies: Any, make: Any) -> None:
    import inspect

    import anthropic

    server.script(replies.anthropic())
    provider = make(generation=GenerationSettings(reasoning_effort="high"))
    await provider.chat_with_retry(messages=[{"role": "user", "content": "hi"}], temperature=0.3)

    sdk_fields = inspect.signature(anthropic.resources.AsyncMessages.create).parameters
    body = server.requests[0].body
    assert ("temperature" in body) == ("temperature" in sdk_fields)
    if "output_config" in sdk_fields:
        assert body["output_config"] == {"effort": "high"}
    else:
        assert body["thinking"]["type"] == "enabled"


async def test_overloaded_529_is_retried(
    server: Any, replies: Any, make: Any, fake_time: Any
) -> None:
    server.script(
        replies.anthropic_error(529, "Overloaded", "overloaded_error"),
        replies.anthropic_error(429, "Rate limited", "rate_limit_error", retry_after="4"),
        replies.anthropic({"type": "text", "text": "Here."}),
    )
    provider = make(retry=RetryPolicy(base_delay=1.0, jitter=0.0))
    response = await provider.chat_with_retry(messages=[{"role": "user", "content": "hi"}])

    assert response.content == "Here."
    assert response.attempts == 3
    assert fake_time.sleeps == [1.0, 4.0]


async def test_authentication_error_is_final(
    server: Any, replies: Any, make: Any, fake_time: Any
) -> None:
    server.script(replies.anthropic_error(401, "invalid x-api-key", "authentication_error"))
    response = await make().chat_with_retry(messages=[{"role": "user", "content": "hi"}])

    error = response.error
    assert error is not None
    assert (error.status, error.type, error.message, error.retryable) == (
        401,
        "authentication_error",
        "invalid x-api-key",
        False,
    )
    assert len(server.requests) == 1
    assert fake_time.sleeps == []


async def test_malformed_json_and_dropped_connection(
    server: Any, replies: Any, make: Any, fake_time: Any
) -> None:
    server.script(replies.Reply(action="drop"), replies.Reply(200, b"<html>gateway</html>"))
    provider = make(retry=RetryPolicy(base_delay=1.0, jitter=0.0))
    response = await provider.chat_with_retry(messages=[{"role": "user", "content": "hi"}])

    assert len(server.requests) == 2
    assert fake_time.sleeps == [1.0]
    assert response.error is not None
    assert response.error.type == "invalid_response"
    assert "<html>gateway</html>" in response.error.message


async def test_slow_answer_times_out(server: Any, replies: Any, make: Any) -> None:
    server.script(replies.Reply(action="stall"))
    provider = make(timeout=0.3, retry=RetryPolicy(max_attempts=1))
    response = await provider.chat_with_retry(messages=[{"role": "user", "content": "hi"}])
    assert response.error is not None
    assert response.error.type == "timeout"


async def test_only_system_text_is_an_error_without_a_call(server: Any, make: Any) -> None:
    response = await make().chat_with_retry(messages=[{"role": "system", "content": "rules"}])
    assert response.error is not None
    assert response.error.type == "invalid_request"
    assert server.requests == []


def test_missing_key_points_to_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(MissingAPIKeyError, match=r"ANTHROPIC_API_KEY is not set.*offline"):
        AnthropicProvider("claude-sonnet-4-5")


async def test_key_from_environment_is_sent(
    server: Any, replies: Any, make: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-env")
    server.script(replies.anthropic())
    await make(api_key=None).chat_with_retry(messages=[{"role": "user", "content": "hi"}])
    headers = server.requests[0].headers
    # SDK 2.x sends the key as a bearer token, older ones as x-api-key.
    sent = headers.get("x-api-key") or headers.get("authorization", "")
    assert sent.endswith("sk-ant-env")
