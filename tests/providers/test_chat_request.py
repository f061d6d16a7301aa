"""ChatRequest: one value per model call, and the two ways to write a provider."""

from __future__ import annotations

from typing import Any

import pytest

from reverie.providers import ChatRequest, GenerationSettings, LLMProvider, LLMResponse
from reverie.providers.scripted import ScriptedProvider

HELLO = [{"role": "user", "content": "hello"}]


class Sender(LLMProvider):
    """Written against the request object."""

    def __init__(self) -> None:
        super().__init__(generation=GenerationSettings(max_tokens=321, temperature=0.2))
        self.seen: list[ChatRequest] = []

    async def send(self, request: ChatRequest) -> LLMResponse:
        self.seen.append(request)
        return LLMResponse(content=f"{self.resolve_model(request.model)}:{request.max_tokens}")


class Chatter(LLMProvider):
    """Written against the keyword form, as providers made before ChatRequest were."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[dict[str, Any]] = []

    async def chat(self, **kwargs: Any) -> LLMResponse:
        self.seen.append(kwargs)
        return LLMResponse(content="ok")


async def test_chat_with_retry_hands_send_one_request_with_the_values_in_force() -> None:
    provider = Sender()
    tools = [{"type": "function", "function": {"name": "t", "parameters": {}}}]
    response = await provider.chat_with_retry(
        messages=HELLO, tools=tools, tool_choice="auto", reasoning_effort="high", seed=7
    )
    assert response.content == "provider:321"  # the default model, the generation limit
    [request] = provider.seen
    assert (request.max_tokens, request.temperature) == (321, 0.2)
    assert request.tools == tools and request.tool_choice == "auto"
    assert request.extra == {"reasoning_effort": "high", "seed": 7}
    assert list(request.messages) == HELLO


async def test_a_provider_that_overrides_chat_still_gets_every_keyword() -> None:
    provider = Chatter()
    await provider.chat_with_retry(messages=HELLO, max_tokens=50, extra_body={"x": 1})
    [kwargs] = provider.seen
    assert kwargs["max_tokens"] == 50 and kwargs["temperature"] == 0.7
    assert kwargs["extra_body"] == {"x": 1} and kwargs["tool_choice"] is None


async def test_the_keyword_form_reaches_send_unchanged() -> None:
    provider = Sender()
    await provider.chat(messages=HELLO, model="m2", temperature=0.9, tag="x")
    [request] = provider.seen
    assert request == ChatRequest(HELLO, None, "m2", None, 0.9, None, {"tag": "x"})
    assert request.keywords() == {
        "messages": HELLO,
        "tools": None,
        "model": "m2",
        "max_tokens": None,
        "temperature": 0.9,
        "tool_choice": None,
        "tag": "x",
    }


def test_a_provider_with_neither_method_is_refused_when_built_not_at_its_first_call() -> None:
    class Unfinished(LLMProvider):
        pass

    with pytest.raises(TypeError, match="Unfinished implements neither send"):
        Unfinished()


async def test_a_keyword_form_provider_answers_send_too() -> None:
    provider = Chatter()
    response = await provider.send(ChatRequest(HELLO, None, "m3", None, None, None, {}))
    assert response.content == "ok"
    assert provider.seen[0]["model"] == "m3"


async def test_recorded_requests_keep_their_documented_fields() -> None:
    provider = ScriptedProvider(["hi"], generation=GenerationSettings(max_tokens=99))
    await provider.chat_with_retry(messages=HELLO, tool_choice="none", reasoning_effort="low")
    [recorded] = provider.requests
    assert recorded.messages == HELLO and recorded.last_user_text == "hello"
    assert (recorded.model, recorded.max_tokens, recorded.temperature) == ("scripted", 99, 0.7)
    assert recorded.tool_choice == "none" and recorded.extra == {"reasoning_effort": "low"}
