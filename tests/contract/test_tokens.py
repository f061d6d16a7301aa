"""Contract: estimate_message_tokens and estimate_prompt_tokens, exact and offline."""

from __future__ import annotations

import inspect

from reverie import estimate_message_tokens, estimate_prompt_tokens

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "read_file",
            "description": "Read a file of the workspace.",
            "parameters": {
                "type": "object",
                "properties": {"path": {"type": "string"}},
                "required": ["path"],
            },
        },
    }
]


def test_signatures() -> None:
    parameters = inspect.signature(estimate_prompt_tokens).parameters
    assert list(parameters)[:2] == ["messages", "tools"]
    assert parameters["tools"].default is None
    assert next(iter(inspect.signature(estimate_message_tokens).parameters)) == "message"


def test_message_count_is_a_positive_int_and_deterministic() -> None:
    message = {"role": "user", "content": "Hello there, how are you today?"}
    count = estimate_message_tokens(message)
    assert isinstance(count, int) and not isinstance(count, bool)
    assert count > 0
    assert estimate_message_tokens(dict(message)) == count


def test_counts_match_openai_chat_format_exactly() -> None:
    # cl100k_base / o200k_base: "hello" is one token, "user" one; each message
    # costs 3 framing tokens and the reply is primed with 3 more.
    message = {"role": "user", "content": "hello"}
    assert estimate_message_tokens(message) == 5
    assert estimate_prompt_tokens([message]) == 8


def test_prompt_count_sums_its_messages() -> None:
    messages = [
        {"role": "system", "content": "You are terse."},
        {"role": "user", "content": "What is the capital of France?"},
        {"role": "assistant", "content": "Paris."},
    ]
    total = estimate_prompt_tokens(messages)
    assert isinstance(total, int)
    assert total >= sum(estimate_message_tokens(m) for m in messages)
    assert total - sum(estimate_message_tokens(m) for m in messages) <= 10


def test_tools_add_tokens_positionally_and_by_keyword() -> None:
    messages = [{"role": "user", "content": "read USER.md"}]
    bare = estimate_prompt_tokens(messages)
    assert estimate_prompt_tokens(messages, None) == bare
    with_tools = estimate_prompt_tokens(messages, TOOLS)
    assert with_tools > bare
    assert estimate_prompt_tokens(messages, tools=TOOLS) == with_tools


def test_more_text_means_more_tokens() -> None:
    short = {"role": "user", "content": "a short note"}
    long = {"role": "user", "content": "a short note " * 200}
    assert estimate_message_tokens(long) > estimate_message_tokens(short) * 50


def test_bookkeeping_fields_are_free_and_tool_calls_count() -> None:
    plain = {"role": "user", "content": "hi"}
    stamped = {**plain, "timestamp": "2026-04-03T00:02:00"}
    assert estimate_message_tokens(stamped) == estimate_message_tokens(plain)
    call = {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": "read_file", "arguments": '{"path": "USER.md"}'},
            }
        ],
    }
    assert estimate_message_tokens(call) > estimate_message_tokens(
        {"role": "assistant", "content": ""}
    )


def test_empty_and_odd_content_do_not_crash() -> None:
    assert estimate_prompt_tokens([]) == 0
    assert estimate_message_tokens({"role": "assistant", "content": None}) > 0
    parts = {"role": "user", "content": [{"type": "text", "text": "look at this"}]}
    assert estimate_message_tokens(parts) > 0
    assert estimate_message_tokens({"role": "user", "content": "日本語のテキスト"}) > 0


def test_a_message_edited_in_place_is_recounted() -> None:
    messages = [{"role": "user", "content": "one"}, {"role": "assistant", "content": "two"}]
    before = estimate_prompt_tokens(messages)
    messages[1]["content"] = "two " * 100
    assert estimate_prompt_tokens(messages) > before
