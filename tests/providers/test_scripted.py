"""ScriptedProvider and FunctionProvider: the test doubles users write their tests with."""

from __future__ import annotations

import pytest

from reverie.errors import ProviderError, UserError
from reverie.providers.base import (
    GenerationSettings,
    LLMError,
    LLMResponse,
    RetryPolicy,
    ToolCallRequest,
)
from reverie.providers.scripted import (
    FunctionProvider,
    RecordedRequest,
    ScriptedProvider,
    ScriptExhaustedError,
)

HELLO = [{"role": "user", "content": "hello"}]


async def test_responses_are_played_in_order() -> None:
    tool_answer = LLMResponse(
        content=None,
        tool_calls=[ToolCallRequest(id="t1", name="read_file", arguments={"path": "USER.md"})],
        finish_reason="tool_calls",
    )
    provider = ScriptedProvider(responses=["first", tool_answer, "third"])
    assert provider.remaining == 3
    first = await provider.chat_with_retry(messages=HELLO)
    second = await provider.chat_with_retry(messages=HELLO)
    third = await provider.chat(messages=HELLO)
    assert first.content == "first" and first.finish_reason == "stop"
    assert second is tool_answer and second.has_tool_calls
    assert third.content == "third"
    assert provider.remaining == 0


async def test_an_exhausted_script_is_a_clear_error() -> None:
    provider = ScriptedProvider(responses=["only"])
    await provider.chat(messages=HELLO)
    with pytest.raises(ScriptExhaustedError, match=r"request #2 \(1 scripted\)"):
        await provider.chat(messages=HELLO)
    assert isinstance(ScriptExhaustedError("x"), ProviderError)
    # A ProviderError is a setup problem: the retry loop lets it through, loudly.
    with pytest.raises(ScriptExhaustedError, match="no response left"):
        await provider.chat_with_retry(messages=HELLO)


async def test_more_responses_can_be_added() -> None:
    provider = ScriptedProvider()
    provider.add("a", "b")
    assert [(await provider.chat(messages=HELLO)).content for _ in range(2)] == ["a", "b"]


def test_a_script_that_cannot_be_played_is_refused_when_written() -> None:
    # A bare string would be iterated into one reply per character.
    with pytest.raises(UserError, match=r"not a single str; write .*responses=\['hi'\]"):
        ScriptedProvider(responses="hi")
    with pytest.raises(UserError, match=r"reply #2 must be .* not int: 5"):
        ScriptedProvider(responses=["ok", 5])  # type: ignore[list-item]
    provider = ScriptedProvider(responses=["ok"])
    with pytest.raises(UserError, match=r"reply #3 must be .* not NoneType"):
        provider.add("fine", None)  # type: ignore[arg-type]
    assert provider.remaining == 1  # nothing of the refused call was queued
    with pytest.raises(UserError, match=r"FunctionProvider needs a function .* not str"):
        FunctionProvider("hello")  # type: ignore[arg-type]


async def test_a_scripted_exception_is_raised() -> None:
    provider = ScriptedProvider(responses=[RuntimeError("socket closed"), "after"])
    with pytest.raises(RuntimeError, match="socket closed"):
        await provider.chat(messages=HELLO)
    assert (await provider.chat(messages=HELLO)).content == "after"


async def test_an_exception_through_chat_with_retry_becomes_an_error_response() -> None:
    provider = ScriptedProvider(responses=[ValueError("bad payload")])
    response = await provider.chat_with_retry(messages=HELLO)
    assert response.finish_reason == "error"
    assert response.error is not None and "bad payload" in response.error.message


async def test_a_scripted_transient_failure_is_retried() -> None:
    waits: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        waits.append(seconds)

    flaky = LLMResponse.failure(LLMError("rate limited", status=429, retryable=True, retry_after=2))
    provider = ScriptedProvider(
        responses=[flaky, "done"], retry=RetryPolicy(max_attempts=3), sleep=fake_sleep
    )
    response = await provider.chat_with_retry(messages=HELLO)
    assert response.content == "done"
    assert response.attempts == 2
    assert waits == [2]
    assert len(provider.requests) == 2


async def test_callables_see_the_request_and_may_be_async() -> None:
    async def later(request: RecordedRequest) -> LLMResponse:
        return LLMResponse(content=f"async:{request.model}")

    provider = ScriptedProvider(responses=[lambda request: f"echo:{request.last_user_text}", later])
    assert (await provider.chat(messages=HELLO)).content == "echo:hello"
    assert (await provider.chat(messages=HELLO, model="m2")).content == "async:m2"


async def test_a_callable_returning_nonsense_is_named() -> None:
    provider = ScriptedProvider(responses=[lambda request: 42])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="LLMResponse or str, got int"):
        await provider.chat(messages=HELLO)


async def test_every_request_is_recorded_with_effective_settings() -> None:
    provider = ScriptedProvider(
        responses=["ok", "ok"],
        default_model="test-model",
        generation=GenerationSettings(max_tokens=321, temperature=0.2),
    )
    tools = [{"type": "function", "function": {"name": "read_file", "parameters": {}}}]
    messages = [{"role": "system", "content": "sys"}, {"role": "user", "content": "hi"}]
    await provider.chat_with_retry(messages=messages, tools=tools, tool_choice="auto", seed=7)
    await provider.chat_with_retry(messages=messages, model="other", max_tokens=10, temperature=0.9)
    first, second = provider.requests
    assert first == RecordedRequest(
        messages=messages,
        tools=tools,
        model="test-model",
        max_tokens=321,
        temperature=0.2,
        tool_choice="auto",
        extra={"seed": 7},
    )
    assert (second.model, second.max_tokens, second.temperature) == ("other", 10, 0.9)
    assert second.tools is None and second.extra == {}


async def test_recorded_messages_do_not_change_when_the_caller_mutates_them() -> None:
    provider = ScriptedProvider(responses=["ok"])
    messages = [{"role": "user", "content": "original", "meta": {"n": 1}}]
    await provider.chat(messages=messages)
    messages[0]["content"] = "changed"
    messages[0]["meta"]["n"] = 2  # type: ignore[index]
    assert provider.requests[0].messages == [
        {"role": "user", "content": "original", "meta": {"n": 1}}
    ]


async def test_function_provider_sync_and_async() -> None:
    calls: list[str] = []

    def answer(request: RecordedRequest) -> str:
        calls.append(request.last_user_text)
        return request.last_user_text.upper()

    provider = FunctionProvider(answer)
    assert (await provider.chat_with_retry(messages=HELLO)).content == "HELLO"
    assert calls == ["hello"]
    assert provider.requests[0].model == "function"

    async def answer_async(request: RecordedRequest) -> LLMResponse:
        return LLMResponse(content=str(len(request.messages)), finish_reason="length")

    async_provider = FunctionProvider(answer_async, default_model="fn")
    response = await async_provider.chat(messages=HELLO * 3)
    assert (response.content, response.finish_reason) == ("3", "length")
    assert async_provider.requests[0].model == "fn"


async def test_function_provider_errors_become_error_responses() -> None:
    def broken(request: RecordedRequest) -> str:
        raise KeyError("missing")

    provider = FunctionProvider(broken)
    response = await provider.chat_with_retry(messages=HELLO)
    assert response.finish_reason == "error"
    assert len(provider.requests) == 1


def test_last_user_text_is_empty_without_a_user_text() -> None:
    request = RecordedRequest(
        messages=[{"role": "system", "content": "s"}, {"role": "user", "content": [{"t": 1}]}],
        tools=None,
        model="m",
        max_tokens=1,
        temperature=0.0,
        tool_choice=None,
    )
    assert request.last_user_text == ""
