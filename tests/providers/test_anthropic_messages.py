"""Converting stored OpenAI-shaped conversations into what Anthropic accepts."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from reverie.providers._anthropic_messages import (
    convert_messages,
    convert_tool_choice,
    convert_tools,
)


def call(call_id: str) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": "read_file", "arguments": '{"path": "a.md"}'},
    }


def test_a_tool_call_without_a_recorded_result_gets_a_stand_in(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # A crash between the call and its result leaves this in the session file.
    messages = [
        {"role": "user", "content": "read a.md"},
        {"role": "assistant", "content": "", "tool_calls": [call("toolu_1")]},
        {"role": "user", "content": "hello again"},
    ]
    with caplog.at_level(logging.WARNING, logger="reverie"):
        _, turns = convert_messages(messages)

    assert turns[2] == {
        "role": "user",
        "content": [
            {
                "type": "tool_result",
                "tool_use_id": "toolu_1",
                "content": "(no result was recorded for this tool call)",
                "is_error": True,
            },
            {"type": "text", "text": "hello again"},
        ],
    }
    assert "no recorded result" in caplog.text


def test_a_trailing_tool_call_is_answered_too() -> None:
    _, turns = convert_messages(
        [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": None, "tool_calls": [call("toolu_7")]},
        ]
    )
    assert turns[-1]["role"] == "user"
    assert turns[-1]["content"][0]["tool_use_id"] == "toolu_7"


def test_an_orphan_tool_result_becomes_text() -> None:
    _, turns = convert_messages(
        [
            {"role": "tool", "tool_call_id": "call_gone", "content": "42 lines"},
            {"role": "user", "content": "and now?"},
        ]
    )
    assert turns == [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "[result of tool call call_gone]: 42 lines"},
                {"type": "text", "text": "and now?"},
            ],
        }
    ]


def test_history_starting_with_the_assistant_gets_a_user_turn_first() -> None:
    system, turns = convert_messages(
        [
            {"role": "system", "content": "rules"},
            {"role": "assistant", "content": "Welcome back.  "},
        ]
    )
    assert system == "rules"
    assert [t["role"] for t in turns] == ["user", "assistant"]
    # A final assistant turn may not end with whitespace.
    assert turns[1]["content"] == "Welcome back."


def test_empty_and_unknown_messages_are_dropped_and_turns_merge() -> None:
    system, turns = convert_messages(
        [
            {"role": "user", "content": "one"},
            {"role": "assistant", "content": "   "},
            {"role": "narrator", "content": "ignored"},
            {"role": "user", "content": "two"},
        ]
    )
    assert system is None
    assert turns == [
        {
            "role": "user",
            "content": [{"type": "text", "text": "one"}, {"type": "text", "text": "two"}],
        }
    ]


def test_images_become_image_blocks() -> None:
    _, turns = convert_messages(
        [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "What is this?"},
                    {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBOR"}},
                    {"type": "image_url", "image_url": {"url": "https://example.com/cat.jpg"}},
                ],
            }
        ]
    )
    assert turns[0]["content"] == [
        {"type": "text", "text": "What is this?"},
        {
            "type": "image",
            "source": {"type": "base64", "media_type": "image/png", "data": "iVBOR"},
        },
        {"type": "image", "source": {"type": "url", "url": "https://example.com/cat.jpg"}},
    ]


def test_broken_stored_arguments_still_make_a_tool_use_block() -> None:
    broken = {
        "id": "toolu_2",
        "type": "function",
        "function": {"name": "write_file", "arguments": '{"path": "USER.md"'},
    }
    _, turns = convert_messages(
        [
            {"role": "user", "content": "save"},
            {"role": "assistant", "content": None, "tool_calls": [broken]},
            {"role": "tool", "tool_call_id": "toolu_2", "content": "ok"},
        ]
    )
    tool_use = turns[1]["content"][0]
    assert tool_use == {
        "type": "tool_use",
        "id": "toolu_2",
        "name": "write_file",
        "input": {"path": "USER.md"},
    }


@pytest.mark.parametrize(
    ("choice", "expected"),
    [
        ("auto", {"type": "auto"}),
        ("required", {"type": "any"}),
        ("none", {"type": "none"}),
        (
            {"type": "function", "function": {"name": "edit_file"}},
            {"type": "tool", "name": "edit_file"},
        ),
        ({"type": "tool", "name": "edit_file"}, {"type": "tool", "name": "edit_file"}),
    ],
)
def test_tool_choice_mapping(choice: Any, expected: dict[str, Any]) -> None:
    assert convert_tool_choice(choice) == expected


def test_tools_without_parameters_get_an_empty_schema() -> None:
    tools = convert_tools(
        [
            {"type": "function", "function": {"name": "now"}},
            {"name": "native", "input_schema": {"type": "object"}},
        ]
    )
    assert tools == [
        {"name": "now", "input_schema": {"type": "object", "properties": {}}},
        {"name": "native", "input_schema": {"type": "object"}},
    ]
