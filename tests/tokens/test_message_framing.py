"""Message and prompt counts follow OpenAI's chat framing; the encoding follows the model."""

from __future__ import annotations

import json
from typing import Any

import pytest
import tiktoken

from reverie.errors import UserError
from reverie.tokens import (
    TokenCount,
    choose_encoding,
    count_prompt_tokens,
    estimate_message_tokens,
    estimate_prompt_tokens,
)

CONVERSATION: list[dict[str, Any]] = [
    {"role": "system", "content": "You are a helpful assistant with long-term memory."},
    {"role": "user", "content": "我叫李华，我喜欢绿茶 🍵", "timestamp": "2026-04-03T10:00:00"},
    {"role": "assistant", "content": "Nice to meet you, 李华!", "name": "helper"},
    {"role": "user", "content": "What's in MEMORY.md?", "name": "li_hua"},
]


def cookbook_count(encoding: tiktoken.Encoding, messages: list[dict[str, Any]]) -> int:
    """OpenAI's published formula: 3 per message, 1 per name, 3 to prime the reply."""
    total = 0
    for message in messages:
        total += 3
        for key, value in message.items():
            if key == "timestamp":
                continue  # bookkeeping, never sent
            total += len(encoding.encode_ordinary(value))
            if key == "name":
                total += 1
    return total + 3


def test_prompt_count_matches_the_cookbook_formula(
    cl100k: tiktoken.Encoding, o200k: tiktoken.Encoding
) -> None:
    assert estimate_prompt_tokens(CONVERSATION, model="gpt-4") == cookbook_count(
        cl100k, CONVERSATION
    )
    assert estimate_prompt_tokens(CONVERSATION, model="gpt-4o-mini") == cookbook_count(
        o200k, CONVERSATION
    )


def test_message_counts_sum_to_the_prompt_count_plus_reply_priming() -> None:
    per_message = sum(estimate_message_tokens(m, model="gpt-4.1") for m in CONVERSATION)
    assert estimate_prompt_tokens(CONVERSATION, model="gpt-4.1") == per_message + 3


def test_single_message_count(o200k: tiktoken.Encoding) -> None:
    message = {"role": "user", "content": "I prefer dark mode", "name": "ana"}
    expected = 3 + 1 + sum(len(o200k.encode_ordinary(v)) for v in message.values())
    assert estimate_message_tokens(message, model="gpt-4o") == expected


def test_bookkeeping_fields_cost_nothing() -> None:
    bare = {"role": "user", "content": "hello there"}
    stamped = {**bare, "timestamp": "2026-04-03T10:00:00", "tools_used": ["read_file"]}
    assert estimate_message_tokens(stamped) == estimate_message_tokens(bare)


def test_tool_calls_are_counted_from_their_json(cl100k: tiktoken.Encoding) -> None:
    calls = [
        {
            "id": "call_1",
            "type": "function",
            "function": {"name": "read_file", "arguments": '{"path": "USER.md"}'},
        }
    ]
    message = {"role": "assistant", "content": None, "tool_calls": calls}
    calls_json = json.dumps(calls, separators=(",", ":"), ensure_ascii=False)
    expected = (
        3 + len(cl100k.encode_ordinary("assistant")) + len(cl100k.encode_ordinary(calls_json))
    )
    assert estimate_message_tokens(message, model="gpt-4") == expected

    result = {"role": "tool", "tool_call_id": "call_1", "content": "# User\nLikes tea."}
    expected_result = 3 + sum(len(cl100k.encode_ordinary(v)) for v in result.values())
    assert estimate_message_tokens(result, model="gpt-4") == expected_result


def test_tool_definitions_are_counted_from_their_json(o200k: tiktoken.Encoding) -> None:
    tools = [
        {
            "type": "function",
            "function": {
                "name": "edit_file",
                "description": "Replace exactly one occurrence of old_text with new_text.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string"},
                        "old_text": {"type": "string"},
                        "new_text": {"type": "string"},
                    },
                    "required": ["path", "old_text", "new_text"],
                },
            },
        }
    ]
    without = estimate_prompt_tokens(CONVERSATION, model="gpt-4o")
    with_tools = estimate_prompt_tokens(CONVERSATION, tools, model="gpt-4o")
    tools_json = json.dumps(tools, separators=(",", ":"), ensure_ascii=False)
    assert with_tools - without == len(o200k.encode_ordinary(tools_json))


def test_multipart_content_counts_text_and_images(cl100k: tiktoken.Encoding) -> None:
    message = {
        "role": "user",
        "content": [
            {"type": "text", "text": "What is in this picture?"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
            {"type": "image_url", "image_url": {"url": "https://x/y.png", "detail": "low"}},
        ],
    }
    text_tokens = len(cl100k.encode_ordinary("What is in this picture?"))
    role_tokens = len(cl100k.encode_ordinary("user"))
    # The base64 payload is never tokenised as text: images have a fixed cost.
    assert (
        estimate_message_tokens(message, model="gpt-4") == 3 + role_tokens + text_tokens + 765 + 85
    )


def test_empty_prompt_counts_zero() -> None:
    assert count_prompt_tokens([]) == TokenCount(0, "cl100k_base")


@pytest.mark.parametrize(
    ("model", "encoding", "source"),
    [
        ("gpt-4o", "o200k_base", "o200k_base"),
        ("gpt-4o-mini-2024-07-18", "o200k_base", "o200k_base"),
        ("chatgpt-4o-latest", "o200k_base", "o200k_base"),
        ("gpt-4.1-mini", "o200k_base", "o200k_base"),
        ("gpt-5", "o200k_base", "o200k_base"),
        ("o1-preview", "o200k_base", "o200k_base"),
        ("o3-mini", "o200k_base", "o200k_base"),
        ("o4-mini", "o200k_base", "o200k_base"),
        ("openai/gpt-4.1", "o200k_base", "o200k_base"),
        ("openai:gpt-4o", "o200k_base", "o200k_base"),
        ("ft:gpt-4o-mini-2024-07-18:acme::9xQ2", "o200k_base", "o200k_base"),
        ("ft:gpt-3.5-turbo-0125:acme:support:7a", "cl100k_base", "cl100k_base"),
        ("gpt-4", "cl100k_base", "cl100k_base"),
        ("gpt-4-turbo", "cl100k_base", "cl100k_base"),
        ("gpt-3.5-turbo", "cl100k_base", "cl100k_base"),
        (None, "cl100k_base", "cl100k_base"),
        ("claude-sonnet-4-5", "cl100k_base", "cl100k_base~claude-sonnet-4-5"),
        ("llama3.1:8b", "cl100k_base", "cl100k_base~llama3.1:8b"),
        ("openchat", "cl100k_base", "cl100k_base~openchat"),
        ("o100-custom", "cl100k_base", "cl100k_base~o100-custom"),
    ],
)
def test_encoding_follows_the_model(model: str | None, encoding: str, source: str) -> None:
    choice = choose_encoding(model)
    assert (choice.encoding, choice.label) == (encoding, source)
    assert choice.exact == ("~" not in source)
    assert count_prompt_tokens(CONVERSATION, model=model).source == source


def test_the_encoding_changes_the_count_for_cjk_text() -> None:
    messages = [{"role": "user", "content": "我喜欢在周末去爬山，也喜欢喝绿茶。" * 5}]
    assert estimate_prompt_tokens(messages, model="gpt-4o") < estimate_prompt_tokens(
        messages, model="gpt-4"
    )


def test_a_count_unpacks_as_tokens_and_source() -> None:
    tokens, source = count_prompt_tokens(CONVERSATION, model="gpt-4o")
    assert tokens == estimate_prompt_tokens(CONVERSATION, model="gpt-4o")
    assert source == "o200k_base"


NOT_A_MESSAGE: Any = "hello"
ONE_BAD: Any = [{"role": "user", "content": "a"}, None]


def test_bad_input_is_a_user_error_naming_the_field() -> None:
    # A string would otherwise be counted one character per "message", silently.
    with pytest.raises(UserError, match=r"^message must be a message dict .* not str"):
        estimate_message_tokens(NOT_A_MESSAGE)
    with pytest.raises(UserError, match=r"^messages must be a list of dicts, not str"):
        estimate_prompt_tokens(NOT_A_MESSAGE)
    with pytest.raises(UserError, match=r"^messages\[1\] must be a message dict .* NoneType"):
        estimate_prompt_tokens(ONE_BAD)
    with pytest.raises(UserError, match=r"^tools must be a list of dicts, not str"):
        estimate_prompt_tokens([], NOT_A_MESSAGE)
