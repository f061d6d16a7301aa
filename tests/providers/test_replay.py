"""A tool loop replays the model's answer with ``LLMResponse.to_message()``.

Anthropic rejects a tool result whose call lost its signed thinking block, and
DeepSeek wants its ``reasoning_content`` back; OpenAI must not receive either.
"""

from __future__ import annotations

from typing import Any

from reverie.providers import AnthropicProvider, LLMResponse, OpenAICompatProvider, ToolCallRequest
from reverie.providers.base import ChatRequest

READ_TOOL = {
    "type": "function",
    "function": {
        "name": "read_file",
        "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
    },
}


def test_to_message_shape() -> None:
    plain = LLMResponse("Hello.").to_message()
    assert plain == {"role": "assistant", "content": "Hello."}

    call = ToolCallRequest("call_1", "read_file", {"path": "USER.md"})
    full = LLMResponse(
        None,
        tool_calls=[call],
        reasoning_content="look first",
        thinking_blocks=[{"type": "thinking", "thinking": "look first", "signature": "s"}],
    ).to_message()
    assert full["content"] == ""
    assert full["tool_calls"] == [call.to_openai()]
    assert full["reasoning_content"] == "look first"
    assert full["thinking_blocks"] == [
        {"type": "thinking", "thinking": "look first", "signature": "s"}
    ]


async def test_anthropic_tool_loop_sends_the_signed_thinking_back(
    server: Any, replies: Any
) -> None:
    thinking = {"type": "thinking", "thinking": "Check USER.md.", "signature": "sig-9"}
    server.script(
        replies.anthropic(
            thinking,
            {
                "type": "tool_use",
                "id": "toolu_1",
                "name": "read_file",
                "input": {"path": "USER.md"},
            },
            stop_reason="tool_use",
        ),
        replies.anthropic({"type": "text", "text": "Alice likes tea."}),
    )
    provider = AnthropicProvider("claude-test", base_url=server.url, api_key="k", timeout=60.0)
    messages: list[dict[str, Any]] = [{"role": "user", "content": "What does Alice like?"}]

    first = await provider.chat_with_retry(messages=messages, tools=[READ_TOOL])
    messages.append(first.to_message())
    messages.append({"role": "tool", "tool_call_id": "toolu_1", "content": "Alice likes tea."})
    second = await provider.chat_with_retry(messages=messages, tools=[READ_TOOL])

    assert second.content == "Alice likes tea."
    assistant = server.requests[1].body["messages"][1]
    assert assistant["role"] == "assistant"
    assert assistant["content"][0] == thinking
    assert assistant["content"][1]["type"] == "tool_use"
    assert assistant["content"][1]["input"] == {"path": "USER.md"}


async def test_reasoning_goes_back_to_compatible_servers_but_not_to_openai(
    server: Any, replies: Any
) -> None:
    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "read_file", "arguments": '{"path": "USER.md"}'},
    }
    answer = replies.openai(None, tool_calls=[call], reasoning_content="Read it first.")
    server.script(answer, replies.openai("done"))
    deepseek = OpenAICompatProvider("deepseek-reasoner", base_url=f"{server.url}/v1")
    messages: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
    first = await deepseek.chat_with_retry(messages=messages, tools=[READ_TOOL])
    replayed = first.to_message()
    messages += [replayed, {"role": "tool", "tool_call_id": "call_1", "content": "facts"}]
    await deepseek.chat_with_retry(messages=messages, tools=[READ_TOOL])
    assert server.requests[1].body["messages"][1]["reasoning_content"] == "Read it first."

    official = OpenAICompatProvider("gpt-4o", base_url="https://api.openai.com/v1", api_key="k")
    body = official.build_request(ChatRequest(messages=messages))
    assert "reasoning_content" not in body["messages"][1]
    assert "thinking_blocks" not in body["messages"][1]
