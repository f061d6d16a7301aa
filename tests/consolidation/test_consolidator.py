"""Consolidator: each contract method, as a caller sees it through the files."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from reverie.consolidation.consolidator import (
    ARCHIVE_SUMMARY_MAX_CHARS,
    PROBE_MESSAGE,
    Consolidator,
)
from reverie.errors import UserError
from reverie.providers.base import (
    GenerationSettings,
    LLMError,
    LLMResponse,
    ToolCallRequest,
)
from reverie.providers.scripted import FunctionProvider, RecordedRequest, ScriptedProvider
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.store.memory_store import MemoryStore
from reverie.store.text import TRUNCATION_MARKER
from reverie.tokens import count_prompt_tokens, estimate_message_tokens

from .conftest import add_turns, history_records, is_archive_request, plain_build, words


def summarizer(request: RecordedRequest) -> str:
    assert is_archive_request(request.messages), "only archive requests are expected here"
    return f"[durable] summary number {len(request.messages[-1]['content'])}"


def test_budget_and_target(make_consolidator: Any) -> None:
    consolidator = make_consolidator(
        ScriptedProvider(), window=10_000, max_completion_tokens=2_000, ratio=0.3
    )
    assert consolidator.budget == 10_000 - 2_000 - 1_024
    assert consolidator.target == int(consolidator.budget * 0.3)
    assert consolidator.request_limit == 10_000 - 2_000


@pytest.mark.parametrize(
    ("field", "value"),
    [("context_window_tokens", "8k"), ("max_completion_tokens", -1), ("consolidation_ratio", 0)],
)
def test_bad_settings_name_the_field(
    store: MemoryStore, sessions: SessionManager, field: str, value: object
) -> None:
    args: dict[str, Any] = {
        "context_window_tokens": 8_000,
        "max_completion_tokens": 100,
        "consolidation_ratio": 0.5,
        field: value,
    }
    with pytest.raises(UserError, match=field):
        Consolidator(
            store,
            ScriptedProvider(),
            "m",
            sessions,
            args["context_window_tokens"],
            plain_build,
            list,
            max_completion_tokens=args["max_completion_tokens"],
            consolidation_ratio=args["consolidation_ratio"],
        )


async def test_under_budget_nothing_happens(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore
) -> None:
    provider = ScriptedProvider()
    consolidator = make_consolidator(provider, window=100_000)
    session = sessions.get_or_create("cli:a")
    add_turns(session, 5)
    await consolidator.maybe_consolidate_by_tokens(session)
    assert provider.requests == [] and session.last_consolidated == 0
    assert history_records(store) == []


async def test_window_off_or_empty_session_is_skipped(
    make_consolidator: Any, sessions: SessionManager
) -> None:
    provider = ScriptedProvider()
    session = sessions.get_or_create("cli:a")
    add_turns(session, 30)
    await make_consolidator(provider, window=0).maybe_consolidate_by_tokens(session)
    await make_consolidator(provider, window=-5).maybe_consolidate_by_tokens(session)
    await make_consolidator(provider, window=500).maybe_consolidate_by_tokens(
        sessions.get_or_create("cli:empty")
    )
    assert provider.requests == [] and session.last_consolidated == 0


async def test_over_budget_archives_whole_turns_until_under_target(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore, workspace: Path
) -> None:
    provider = FunctionProvider(summarizer)
    consolidator = make_consolidator(provider, build=plain_build)
    session = sessions.get_or_create("cli:a")
    add_turns(session, 12)
    before, _ = consolidator.estimate_session_prompt_tokens(session)
    assert before >= consolidator.budget

    await consolidator.maybe_consolidate_by_tokens(session)

    after, _ = consolidator.estimate_session_prompt_tokens(session)
    assert after <= consolidator.target
    assert 1 <= len(provider.requests) <= 5
    assert all(is_archive_request(r.messages) for r in provider.requests)
    assert session.messages[session.last_consolidated]["role"] == "user"
    records = history_records(store)
    assert len(records) == len(provider.requests)
    # Consecutive chunks, each recorded with its exact source range and session.
    assert [r["source"]["start"] for r in records] == [0] + [
        r["source"]["end"] for r in records[:-1]
    ]
    assert records[-1]["source"]["end"] == session.last_consolidated
    assert all(r["session_key"] == "cli:a" for r in records)
    assert all(r["source"]["session_key"] == "cli:a" for r in records)
    # The chunk's text is what the model was shown.
    first_chunk = session.messages[: records[0]["source"]["end"]]
    shown = provider.requests[0].messages[-1]["content"]
    assert all(m["content"] in shown for m in first_chunk)
    # Saved to disk, with the last summary.
    reloaded = SessionManager(workspace).get_or_create("cli:a")
    assert reloaded.last_consolidated == session.last_consolidated
    summary = reloaded.metadata["_last_summary"]
    assert summary["text"] == records[-1]["content"]
    assert datetime.fromisoformat(summary["last_active"]) == session.updated_at


async def test_at_most_five_rounds(make_consolidator: Any, sessions: SessionManager) -> None:
    # A backlog far over budget: each request holds only a couple of turns.
    provider = FunctionProvider(summarizer)
    consolidator = make_consolidator(provider, window=6_000, build=plain_build)
    session = sessions.get_or_create("cli:a")
    add_turns(session, 20, size=180)
    await consolidator.maybe_consolidate_by_tokens(session)
    assert len(provider.requests) == 5
    for request in provider.requests:
        # Each request leaves the answer its room in the window.
        assert count_prompt_tokens(request.messages, model="test-model").tokens <= (
            consolidator.context_window_tokens - consolidator.max_completion_tokens
        )
    assert consolidator.estimate_session_prompt_tokens(session)[0] > consolidator.target
    assert 0 < session.last_consolidated < len(session.messages)


async def test_no_boundary_means_no_call(make_consolidator: Any, sessions: SessionManager) -> None:
    provider = ScriptedProvider()
    consolidator = make_consolidator(provider, build=plain_build)
    session = sessions.get_or_create("cli:a")
    session.add_message("user", "paste: " + words(1, 2_000))
    session.add_message("assistant", "ok")
    await consolidator.maybe_consolidate_by_tokens(session)
    assert provider.requests == [] and session.last_consolidated == 0


@pytest.mark.parametrize(
    "failure",
    [
        RuntimeError("connection reset"),
        LLMResponse.failure(LLMError("bad request", status=400)),
        LLMResponse(content="[durable] half a fact and then", finish_reason="length"),
        LLMResponse(
            content="let me look", tool_calls=[ToolCallRequest("c1", "read_file", {"path": "x"})]
        ),
        LLMResponse(content=None),
        LLMResponse(content="   \n"),
        LLMResponse(content="<think>nothing to keep, really</think>"),
    ],
    ids=["exception", "error", "length", "tool-calls", "none", "blank", "only-reasoning"],
)
async def test_a_failed_summary_falls_back_to_raw_and_still_advances(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore, failure: Any
) -> None:
    provider = ScriptedProvider([failure])
    consolidator = make_consolidator(provider, build=plain_build)
    session = sessions.get_or_create("cli:a")
    add_turns(session, 12)
    await consolidator.maybe_consolidate_by_tokens(session)
    # Degraded: one round only, and the cursor moved on anyway.
    assert len(provider.requests) == 1
    records = history_records(store)
    assert len(records) == 1
    end = records[0]["source"]["end"]
    assert session.last_consolidated == end > 0
    assert records[0]["content"].startswith(f"[RAW] {end} messages\n")
    assert all(m["content"] in records[0]["content"] for m in session.messages[:end])
    assert "_last_summary" not in session.metadata


async def test_archive_return_values(
    make_consolidator: Any, store: MemoryStore, sessions: SessionManager
) -> None:
    messages = [
        {"role": "user", "content": "I moved to Lisbon", "timestamp": "2026-04-03T10:00:00"},
        {"role": "assistant", "content": "Noted", "timestamp": "2026-04-03T10:00:05"},
    ]
    provider = ScriptedProvider(
        ["  [permanent] User lives in Lisbon.  ", "(nothing)", "x" * 10_000, "`(nothing)`"]
    )
    consolidator = make_consolidator(provider)
    assert await consolidator.archive([]) is None
    assert provider.requests == []

    assert await consolidator.archive(messages, session_key="cli:a") == (
        "[permanent] User lives in Lisbon."
    )
    assert await consolidator.archive(messages) == "(nothing)"
    long = await consolidator.archive(messages)
    assert await consolidator.archive(messages) == "(nothing)"

    records = history_records(store)
    assert [r["content"] for r in records] == ["[permanent] User lives in Lisbon.", long]
    assert records[0]["session_key"] == "cli:a" and "session_key" not in records[1]
    assert long is not None and len(long) == ARCHIVE_SUMMARY_MAX_CHARS
    assert long.endswith(TRUNCATION_MARKER)
    request = provider.requests[0]
    assert request.tools is None and request.max_tokens == consolidator.max_completion_tokens
    assert "[2026-04-03 10:00] USER: I moved to Lisbon" in request.messages[-1]["content"]


async def test_summary_messages_are_summarised_but_messages_are_archived(
    make_consolidator: Any, store: MemoryStore
) -> None:
    stored = [{"role": "user", "content": "the full original text, every word"}]
    shown = [{"role": "user", "content": "a condensed view"}]
    provider = ScriptedProvider(["[durable] ok", RuntimeError("down")])
    consolidator = make_consolidator(provider)
    assert await consolidator.archive(stored, summary_messages=shown) == "[durable] ok"
    assert "a condensed view" in provider.requests[0].messages[-1]["content"]
    assert "every word" not in provider.requests[0].messages[-1]["content"]
    assert await consolidator.archive(stored, summary_messages=shown) is None
    raw = history_records(store)[-1]["content"]
    assert "every word" in raw and "condensed" not in raw


async def test_replay_max_messages_archives_older_ones_even_under_budget(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore
) -> None:
    provider = FunctionProvider(summarizer)
    consolidator = make_consolidator(provider, window=1_000_000)
    session = sessions.get_or_create("cli:a")
    add_turns(session, 10, size=3)
    await consolidator.maybe_consolidate_by_tokens(session, replay_max_messages=5)
    # The newest five are messages 15..19; the first user turn among them is 16.
    assert session.last_consolidated == 16
    assert history_records(store)[0]["source"] == {"session_key": "cli:a", "start": 0, "end": 16}
    await consolidator.maybe_consolidate_by_tokens(session, replay_max_messages=5)
    assert len(provider.requests) == 1  # nothing more to do
    with pytest.raises(UserError, match="replay_max_messages"):
        await consolidator.maybe_consolidate_by_tokens(session, replay_max_messages=-1)


def test_set_provider_takes_the_new_max_tokens(make_consolidator: Any) -> None:
    consolidator = make_consolidator(ScriptedProvider(), window=8_000, max_completion_tokens=500)
    new = ScriptedProvider(generation=GenerationSettings(max_tokens=1_234))
    consolidator.set_provider(new, "other-model", 32_000)
    assert consolidator.provider is new and consolidator.model == "other-model"
    assert consolidator.context_window_tokens == 32_000
    assert consolidator.max_completion_tokens == 1_234
    assert consolidator.budget == 32_000 - 1_234 - 1_024


def test_locks_are_per_session_and_weakly_held(make_consolidator: Any) -> None:
    consolidator = make_consolidator(ScriptedProvider())
    lock = consolidator.get_lock("cli:a")
    assert isinstance(lock, asyncio.Lock)
    assert consolidator.get_lock("cli:a") is lock
    assert consolidator.get_lock("cli:b") is not lock
    dead = weakref.ref(lock)
    del lock
    gc.collect()
    assert dead() is None  # nobody held it, so the consolidator did not keep it alive


def test_estimate_uses_the_builder_tools_and_the_provider_counter(
    make_consolidator: Any, sessions: SessionManager
) -> None:
    calls: list[dict[str, Any]] = []

    def build(history: Sequence[Mapping[str, Any]], current_message: str, **context: Any) -> Any:
        calls.append({"history": list(history), "current": current_message, **context})
        return [*history, {"role": "user", "content": current_message}]

    tools = [{"type": "function", "function": {"name": "now", "parameters": {"type": "object"}}}]
    consolidator = make_consolidator(ScriptedProvider(), build=build, tools=lambda: tools)
    session = sessions.get_or_create("telegram:42")
    add_turns(session, 2, size=5)
    tokens, source = consolidator.estimate_session_prompt_tokens(session)
    assert calls[-1]["current"] == PROBE_MESSAGE
    assert calls[-1]["session_key"] == "telegram:42"
    assert (calls[-1]["channel"], calls[-1]["chat_id"]) == ("telegram", "42")
    assert [m["content"] for m in calls[-1]["history"]] == [m["content"] for m in session.messages]
    expected = count_prompt_tokens(
        [*session.get_history(max_messages=0), {"role": "user", "content": PROBE_MESSAGE}],
        tools,
        model="test-model",
    )
    assert (tokens, source) == (expected.tokens, expected.source)

    class CountingProvider(ScriptedProvider):
        def estimate_prompt_tokens(self, messages: Any, tools: Any, model: Any) -> tuple[int, str]:
            return 4_321, "vendor-counter"

    consolidator.set_provider(CountingProvider(), "m", 8_000)
    assert consolidator.estimate_session_prompt_tokens(session) == (4_321, "vendor-counter")


def test_pick_consolidation_boundary_scans_from_last_consolidated(
    make_consolidator: Any, sessions: SessionManager
) -> None:
    consolidator = make_consolidator(ScriptedProvider())
    session = sessions.get_or_create("cli:a")
    add_turns(session, 4, size=5)
    session.last_consolidated = 2
    index, removed = consolidator.pick_consolidation_boundary(session, 1) or (0, 0)
    assert index == 4
    assert removed == sum(estimate_message_tokens(m) for m in session.messages[2:4])
    assert consolidator.pick_consolidation_boundary(session, 10**9) == (
        6,
        sum(estimate_message_tokens(m) for m in session.messages[2:6]),
    )
    session.last_consolidated = 6
    assert consolidator.pick_consolidation_boundary(session, 1) is None


async def test_a_stale_caller_copy_is_refreshed_from_the_manager(
    make_consolidator: Any, sessions: SessionManager, workspace: Path
) -> None:
    provider = FunctionProvider(summarizer)
    consolidator = make_consolidator(provider, build=plain_build)
    live = sessions.get_or_create("cli:a")
    add_turns(live, 12)
    sessions.save(live)
    stale = SessionManager(workspace).get_or_create("cli:a")
    live.last_consolidated = 4  # someone consolidated since the copy was read
    sessions.save(live)
    await consolidator.maybe_consolidate_by_tokens(stale)
    first = provider.requests[0].messages[-1]["content"]
    assert live.messages[3]["content"] not in first  # already consolidated: not again
    assert live.messages[4]["content"] in first
    assert stale.last_consolidated == live.last_consolidated > 4


@pytest.mark.parametrize("made", ["directly", "by another manager"])
async def test_an_empty_stale_copy_still_consolidates_the_managers_session(
    make_consolidator: Any, sessions: SessionManager, workspace: Path, made: str
) -> None:
    # The copy was taken before any message arrived; the contract refreshes
    # under the lock, so emptiness is judged on the manager's session.
    stale = (
        Session("cli:a") if made == "directly" else SessionManager(workspace).get_or_create("cli:a")
    )
    provider = FunctionProvider(summarizer)
    consolidator = make_consolidator(provider, build=plain_build)
    live = sessions.get_or_create("cli:a")
    add_turns(live, 12)
    sessions.save(live)
    assert stale.messages == []
    await consolidator.maybe_consolidate_by_tokens(stale)
    assert provider.requests, "the session is over budget: it must be consolidated"
    assert live.last_consolidated > 0
    assert consolidator.estimate_session_prompt_tokens(live)[0] <= consolidator.target
    assert SessionManager(workspace).get_or_create("cli:a").last_consolidated == (
        live.last_consolidated
    )
    assert stale.last_consolidated == live.last_consolidated
    assert len(stale.messages) == len(live.messages)


async def test_a_chunk_too_big_for_the_window_is_shortened_for_the_model_only(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore
) -> None:
    provider = FunctionProvider(summarizer)
    consolidator = make_consolidator(provider, window=3_000, build=plain_build)
    session = sessions.get_or_create("cli:a")
    huge = "user " + words(7, 3_000)
    session.add_message("user", huge)
    session.add_message("assistant", "ok")
    add_turns(session, 1, size=5, start=1)
    await consolidator.maybe_consolidate_by_tokens(session)
    request = provider.requests[0]
    limit = consolidator.context_window_tokens - consolidator.max_completion_tokens
    assert count_prompt_tokens(request.messages, model="test-model").tokens <= limit
    assert "chars omitted; the full text is kept in the session transcript" in str(
        request.messages[-1]["content"]
    )
    cursor = history_records(store)[0]["cursor"]
    assert store.expand_entry(cursor)[0]["content"] == huge


@pytest.mark.parametrize("use_offline", [False, True], ids=["no-counter", "offline-counter"])
async def test_the_cheap_per_turn_check_triggers_exactly_when_the_full_count_says(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore, use_offline: bool
) -> None:
    from reverie.providers.offline import OfflineProvider

    provider = OfflineProvider() if use_offline else FunctionProvider(summarizer)
    consolidator = make_consolidator(provider, window=3_000, max_completion_tokens=300)
    store.write_memory("- the project is called reverie")
    session = sessions.get_or_create("cli:a")
    triggers = 0
    for turn in range(40):
        add_turns(session, 1, size=12, start=turn)
        if turn % 3 == 0:  # a tool round now and then
            session.add_message(
                "assistant",
                "",
                tool_calls=[{"id": f"c{turn}", "type": "function", "function": {"name": "t"}}],
            )
            session.add_message("tool", "result " * 10, tool_call_id=f"c{turn}", name="t")
        full, _ = consolidator.estimate_session_prompt_tokens(session)
        before = session.last_consolidated
        await consolidator.maybe_consolidate_by_tokens(session)
        consolidated = session.last_consolidated > before
        assert consolidated == (full >= consolidator.budget), f"turn {turn}: {full}"
        triggers += consolidated
    assert triggers >= 2
