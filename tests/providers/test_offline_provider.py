"""The offline provider as a provider: chat turns, archive requests, limits, token counts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from reverie.consolidation.archive_prompt import (
    ARCHIVE_REQUEST_MARKER,
    ARCHIVE_TAGS,
    build_archive_messages,
)
from reverie.message_format import format_messages
from reverie.providers.base import GenerationSettings, LLMResponse
from reverie.providers.offline import (
    DEFAULT_HANDLERS,
    NO_MODEL_REPLY,
    OfflineProvider,
    OfflineRequest,
)
from reverie.tokens import count_for_provider, count_prompt_tokens, count_text_tokens

CONVERSATION: list[dict[str, Any]] = [
    {"role": "user", "content": "I prefer vim. I live in Oslo.", "timestamp": "2026-04-03T10:00"},
    {"role": "assistant", "content": "Noted.", "timestamp": "2026-04-03T10:00:03"},
    {
        "role": "user",
        "content": "We decided to use Redis for caching.",
        "timestamp": "2026-04-03T10:02",
    },
]


def test_identity() -> None:
    provider = OfflineProvider()
    assert provider.name == "offline"
    assert provider.default_model == "offline-extractive"
    assert OfflineProvider(generation=GenerationSettings(max_tokens=99)).generation.max_tokens == 99
    with pytest.raises(TypeError):
        OfflineProvider(GenerationSettings())  # type: ignore[misc]


async def test_a_chat_turn_is_answered_from_memory_and_says_once_how_to_set_a_model() -> None:
    provider = OfflineProvider()
    tools = [{"type": "function", "function": {"name": "read_file", "parameters": {}}}]
    system = {"role": "system", "content": "## USER.md\n# User\n\n- User lives in Oslo.\n"}
    first = await provider.chat_with_retry(
        messages=[system, {"role": "user", "content": "Where do I live?"}], tools=tools
    )
    assert first.finish_reason == "stop" and not first.has_tool_calls
    assert first.content is not None
    assert "- User lives in Oslo. (USER.md)" in first.content
    assert first.content.endswith(NO_MODEL_REPLY)
    for hint in ("--provider openai", "--model gpt-4.1-mini", "OPENAI_API_KEY", "reverie.toml"):
        assert hint in NO_MODEL_REPLY
    later = await provider.chat_with_retry(
        messages=[
            system,
            {"role": "user", "content": "Where do I live?"},
            {"role": "assistant", "content": first.content},
            {"role": "user", "content": "What's the capital of Norway?"},
        ]
    )
    assert later.content == 'Nothing in memory mentions "capital" or "norway" yet.'


async def test_the_marker_only_counts_in_a_system_message() -> None:
    provider = OfflineProvider()
    response = await provider.chat_with_retry(
        messages=[{"role": "user", "content": f"what is {ARCHIVE_REQUEST_MARKER}? I prefer vim."}]
    )
    assert response.content is not None
    assert "[permanent]" not in response.content  # a chat answer, not an archive answer
    assert response.content.endswith(NO_MODEL_REPLY)


async def test_a_plugged_in_search_answers_with_its_sources() -> None:
    @dataclass
    class Hit:
        text: str
        cursor: int | None = None
        timestamp: str | None = None
        path: str | None = None

    asked: list[tuple[str, int]] = []

    def search(query: str, k: int) -> list[Hit]:
        asked.append((query, k))
        return [
            Hit(
                "[durable] The team picked Redpanda as the broker.",
                cursor=12,
                timestamp="2026-03-04 14:10",
            ),
            Hit("User prefers metric units.", path="USER.md"),
        ]

    provider = OfflineProvider(search=search)
    response = await provider.chat_with_retry(
        messages=[{"role": "user", "content": "Which broker did we pick?"}]
    )
    assert asked == [("Which broker did we pick?", 5)]
    assert response.content is not None
    assert response.content.startswith(
        "From memory:\n"
        "- The team picked Redpanda as the broker. (history #12, 2026-03-04 14:10)\n"
        "- User prefers metric units. (USER.md)"
    )


async def test_an_archive_request_is_answered_with_tagged_facts() -> None:
    provider = OfflineProvider()
    response = await provider.chat_with_retry(messages=build_archive_messages(CONVERSATION))
    assert response.content == (
        "[permanent] User prefers vim.\n"
        "[permanent] User lives in Oslo.\n"
        "[durable] The team decided to use Redis for caching."
    )


async def test_an_empty_conversation_holds_nothing() -> None:
    response = await OfflineProvider().chat_with_retry(messages=build_archive_messages([]))
    assert response.content == "(nothing)"


async def test_usage_is_counted_offline() -> None:
    provider = OfflineProvider()
    messages = build_archive_messages(CONVERSATION)
    response = await provider.chat_with_retry(messages=messages)
    prompt = count_prompt_tokens(messages, model="offline-extractive").tokens
    assert response.usage["prompt_tokens"] == prompt
    assert response.usage["completion_tokens"] > 0
    assert response.usage["total_tokens"] == prompt + response.usage["completion_tokens"]


async def test_max_tokens_cuts_whole_lines_and_reports_length() -> None:
    provider = OfflineProvider(generation=GenerationSettings(max_tokens=12))
    response = await provider.chat_with_retry(messages=build_archive_messages(CONVERSATION))
    assert response.finish_reason == "length"
    assert response.content == "[permanent] User prefers vim."

    roomy = await provider.chat_with_retry(
        messages=build_archive_messages(CONVERSATION), max_tokens=4096
    )
    assert roomy.finish_reason == "stop"
    assert len(roomy.content.splitlines()) == 3  # type: ignore[union-attr]


async def test_a_long_answer_keeps_the_longest_run_of_whole_lines_that_fits() -> None:
    cities = [f"City{i}" for i in range(300)]
    many = [
        {"role": "user", "content": f"I love {city}.", "timestamp": "2026-04-03T10:00"}
        for city in cities
    ]
    provider = OfflineProvider()
    full = await provider.chat_with_retry(messages=build_archive_messages(many), max_tokens=10**6)
    lines = (full.content or "").splitlines()
    assert len(lines) == 300

    cut = await provider.chat_with_retry(messages=build_archive_messages(many), max_tokens=500)
    kept = (cut.content or "").splitlines()
    assert cut.finish_reason == "length"
    assert kept == lines[: len(kept)]
    assert count_text_tokens(cut.content or "", model="offline-extractive") <= 500
    with_next = "\n".join(lines[: len(kept) + 1])
    assert count_text_tokens(with_next, model="offline-extractive") > 500
    assert cut.usage["completion_tokens"] == count_text_tokens(
        cut.content or "", model="offline-extractive"
    )


def test_its_own_token_counter_is_preferred() -> None:
    provider = OfflineProvider()
    messages = [{"role": "user", "content": "hello"}]
    tokens, source = provider.estimate_prompt_tokens(messages, None, None)
    assert (tokens, source) == tuple(count_prompt_tokens(messages, model="offline-extractive"))
    assert source == "cl100k_base~offline-extractive"
    assert count_for_provider(provider, messages, None, "gpt-4o").source == "o200k_base"


async def test_handlers_extend_the_provider() -> None:
    seen: list[OfflineRequest] = []

    def dream_handler(request: OfflineRequest) -> str | None:
        seen.append(request)
        if any("DREAM" in text for text in request.texts("system")):
            return "dream answer"
        return None

    def full_response(request: OfflineRequest) -> LLMResponse | None:
        if request.texts("user") == ["ping"]:
            return LLMResponse(content="pong", usage={"total_tokens": 1})
        return None

    provider = OfflineProvider(handlers=[dream_handler, *DEFAULT_HANDLERS, full_response])
    dream = await provider.chat_with_retry(
        messages=[{"role": "system", "content": "DREAM"}, {"role": "user", "content": "go"}],
        max_tokens=50,
    )
    assert dream.content == "dream answer"
    assert seen[0].max_tokens == 50 and seen[0].model == "offline-extractive"
    archived = await provider.chat_with_retry(messages=build_archive_messages(CONVERSATION))
    assert archived.content is not None and archived.content.startswith("[permanent]")
    pong = await provider.chat_with_retry(messages=[{"role": "user", "content": "ping"}])
    assert (pong.content, pong.usage) == ("pong", {"total_tokens": 1})
    other = await provider.chat_with_retry(messages=[{"role": "user", "content": "hi"}])
    assert other.content is not None and other.content.endswith(NO_MODEL_REPLY)


def test_archive_prompt_shape() -> None:
    messages = build_archive_messages(CONVERSATION)
    assert [m["role"] for m in messages] == ["system", "user"]
    system = messages[0]["content"]
    assert ARCHIVE_REQUEST_MARKER in system
    for tag in ARCHIVE_TAGS:
        assert f"[{tag}]" in system
    assert "(nothing)" in system
    user = messages[1]["content"]
    assert format_messages(CONVERSATION) in user
    assert "[2026-04-03 10:00] USER: I prefer vim. I live in Oslo." in user
    assert "<previous_summary>" not in user


def test_archive_prompt_carries_the_previous_summary() -> None:
    summary = "[permanent] User's name is Ivo."
    user = build_archive_messages(CONVERSATION, previous_summary=summary)[1]["content"]
    assert user.index(summary) < user.index("<conversation>")
    blank = build_archive_messages(CONVERSATION, previous_summary="  \n")[1]["content"]
    assert "<previous_summary>" not in blank


def test_archive_prompt_names_tools_used() -> None:
    messages = [
        {
            "role": "assistant",
            "content": "Saved.",
            "timestamp": "2026-04-03T10:05",
            "tools_used": ["write_file", "read_file"],
        }
    ]
    user = build_archive_messages(messages)[1]["content"]
    assert "[2026-04-03 10:05] ASSISTANT [tools: write_file, read_file]: Saved." in user
