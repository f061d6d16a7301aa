"""Contract: the Consolidator, driven through the top-level package with simple fakes."""

from __future__ import annotations

import asyncio
import gc
import inspect
import json
import weakref
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from reverie import (
    Consolidator,
    FunctionProvider,
    GenerationSettings,
    LLMResponse,
    MemoryStore,
    ScriptedProvider,
    Session,
    SessionManager,
    ToolCallRequest,
    estimate_message_tokens,
)

KEY = "cli:alice"


def build_messages(**kwargs: Any) -> list[dict[str, Any]]:
    """The simplest prompt builder a caller could pass: history plus the new message."""
    return [*kwargs["history"], {"role": "user", "content": kwargs["current_message"]}]


def no_tools() -> list[dict[str, Any]]:
    return []


def text(index: int, words: int = 60) -> str:
    return f"turn {index}: " + " ".join(f"fact{index}w{k}" for k in range(words))


def add_turns(session: Session, count: int, *, words: int = 60, start: int = 0) -> None:
    for index in range(start, start + count):
        session.add_message("user", "user " + text(index, words))
        session.add_message("assistant", "assistant " + text(index, words))


def history(store: MemoryStore) -> list[dict[str, Any]]:
    return store.read_unprocessed_history(0)


def is_archive_call(request: Any) -> bool:
    return "<conversation>" in json.dumps(request.messages) or any(
        "[durable]" in str(m.get("content")) for m in request.messages
    )


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    return MemoryStore(tmp_path / "ws")


@pytest.fixture
def sessions(store: MemoryStore) -> SessionManager:
    return SessionManager(store.workspace)


def make(
    store: MemoryStore,
    sessions: SessionManager,
    provider: Any,
    window: int,
    *,
    build: Any = build_messages,
    tools: Any = no_tools,
    **options: Any,
) -> Consolidator:
    return Consolidator(store, provider, "test-model", sessions, window, build, tools, **options)


def saved_session(sessions: SessionManager, turns: int, *, words: int = 60) -> Session:
    session = sessions.get_or_create(KEY)
    add_turns(session, turns, words=words)
    sessions.save(session)
    return session


# -- construction and configuration ----------------------------------------------------


def test_constructor_signature_and_defaults(store: MemoryStore, sessions: SessionManager) -> None:
    names = list(inspect.signature(Consolidator).parameters)
    assert names[:10] == [
        "store",
        "provider",
        "model",
        "sessions",
        "context_window_tokens",
        "build_messages",
        "get_tool_definitions",
        "max_completion_tokens",
        "consolidation_ratio",
        "unified_session",
    ]
    consolidator = make(store, sessions, ScriptedProvider(), 65_536)
    assert consolidator.max_completion_tokens == 4096
    assert consolidator.consolidation_ratio == 0.5
    assert consolidator.unified_session is False
    assert consolidator.context_window_tokens == 65_536
    assert consolidator.model == "test-model"


def test_set_provider_takes_the_new_generation_max_tokens(
    store: MemoryStore, sessions: SessionManager
) -> None:
    consolidator = make(store, sessions, ScriptedProvider(), 65_536)
    new = ScriptedProvider(generation=GenerationSettings(max_tokens=2048))
    consolidator.set_provider(new, "other-model", 32_000)
    assert consolidator.provider is new
    assert consolidator.model == "other-model"
    assert consolidator.context_window_tokens == 32_000
    assert consolidator.max_completion_tokens == 2048


async def test_get_lock_is_one_asyncio_lock_per_session_weakly_held(
    store: MemoryStore, sessions: SessionManager
) -> None:
    consolidator = make(store, sessions, ScriptedProvider(), 65_536)
    lock = consolidator.get_lock("a")
    assert isinstance(lock, asyncio.Lock)
    assert consolidator.get_lock("a") is lock
    assert consolidator.get_lock("b") is not lock
    ref = weakref.ref(lock)
    del lock
    gc.collect()
    assert ref() is None


# -- estimates -------------------------------------------------------------------------


def test_estimate_probes_build_messages_with_keywords(
    store: MemoryStore, sessions: SessionManager
) -> None:
    calls: list[dict[str, Any]] = []
    tool_calls: list[int] = []

    def recording_build(**kwargs: Any) -> list[dict[str, Any]]:
        calls.append(kwargs)
        return build_messages(**kwargs)

    def tools() -> list[dict[str, Any]]:
        tool_calls.append(1)
        return [{"type": "function", "function": {"name": "f", "parameters": {}}}]

    session = saved_session(sessions, 2)
    consolidator = make(store, sessions, ScriptedProvider(), 65_536, build=recording_build)
    tokens, source = consolidator.estimate_session_prompt_tokens(session)
    assert isinstance(tokens, int) and tokens > 0
    assert isinstance(source, str) and source
    assert calls and calls[-1]["current_message"] == "[token-probe]"
    replay = calls[-1]["history"]
    assert [m["content"] for m in replay] == [m["content"] for m in session.messages]

    with_tools = make(
        store, sessions, ScriptedProvider(), 65_536, build=recording_build, tools=tools
    )
    more, _ = with_tools.estimate_session_prompt_tokens(session)
    assert tool_calls
    assert more > tokens


def test_estimate_history_skips_consolidated_messages(
    store: MemoryStore, sessions: SessionManager
) -> None:
    seen: list[list[dict[str, Any]]] = []

    def recording_build(**kwargs: Any) -> list[dict[str, Any]]:
        seen.append(list(kwargs["history"]))
        return build_messages(**kwargs)

    session = saved_session(sessions, 3)
    session.last_consolidated = 2
    consolidator = make(store, sessions, ScriptedProvider(), 65_536, build=recording_build)
    consolidator.estimate_session_prompt_tokens(session)
    assert len(seen[-1]) == 4
    assert seen[-1][0]["content"] == session.messages[2]["content"]


def test_a_providers_own_counter_wins(store: MemoryStore, sessions: SessionManager) -> None:
    class Counting(ScriptedProvider):
        def estimate_prompt_tokens(
            self, messages: Any, tools: Any = None, model: Any = None
        ) -> tuple[int, str]:
            return 4242, "vendor-counter"

    session = saved_session(sessions, 1)
    consolidator = make(store, sessions, Counting(), 65_536)
    assert consolidator.estimate_session_prompt_tokens(session) == (4242, "vendor-counter")


# -- pick_consolidation_boundary -------------------------------------------------------


def boundary_session() -> Session:
    session = Session(KEY)
    session.add_message("user", "u0 " + text(0))
    session.add_message("assistant", "a0 " + text(0))
    session.add_message("user", "u1 " + text(1))
    session.add_message("assistant", "a1 " + text(1))
    session.add_message("user", "u2 " + text(2))
    session.add_message("assistant", "a2 " + text(2))
    return session


def test_boundary_first_user_turn_removing_enough(
    store: MemoryStore, sessions: SessionManager
) -> None:
    consolidator = make(store, sessions, ScriptedProvider(), 65_536)
    session = boundary_session()
    cost = [estimate_message_tokens(m) for m in session.messages]
    assert consolidator.pick_consolidation_boundary(session, 1) == (2, cost[0] + cost[1])
    assert consolidator.pick_consolidation_boundary(session, cost[0] + cost[1]) == (
        2,
        cost[0] + cost[1],
    )
    assert consolidator.pick_consolidation_boundary(session, cost[0] + cost[1] + 1) == (
        4,
        sum(cost[:4]),
    )


def test_boundary_falls_back_to_the_last_candidate_then_none(
    store: MemoryStore, sessions: SessionManager
) -> None:
    consolidator = make(store, sessions, ScriptedProvider(), 65_536)
    session = boundary_session()
    cost = [estimate_message_tokens(m) for m in session.messages]
    assert consolidator.pick_consolidation_boundary(session, 10**9) == (4, sum(cost[:4]))
    session.last_consolidated = 4
    assert consolidator.pick_consolidation_boundary(session, 1) is None
    lonely = Session("x:y")
    lonely.add_message("user", "only one")
    lonely.add_message("assistant", "reply")
    assert consolidator.pick_consolidation_boundary(lonely, 1) is None
    assert consolidator.pick_consolidation_boundary(Session("x:z"), 1) is None


def test_boundary_scans_from_last_consolidated(
    store: MemoryStore, sessions: SessionManager
) -> None:
    consolidator = make(store, sessions, ScriptedProvider(), 65_536)
    session = boundary_session()
    session.last_consolidated = 2
    cost = [estimate_message_tokens(m) for m in session.messages]
    assert consolidator.pick_consolidation_boundary(session, 1) == (4, cost[2] + cost[3])


def test_boundary_with_nothing_to_remove_is_the_first_candidate(
    store: MemoryStore, sessions: SessionManager
) -> None:
    consolidator = make(store, sessions, ScriptedProvider(), 65_536)
    session = boundary_session()
    cost = [estimate_message_tokens(m) for m in session.messages]
    assert consolidator.pick_consolidation_boundary(session, 0) == (2, cost[0] + cost[1])


# -- maybe_consolidate_by_tokens -------------------------------------------------------


def window_for(consolidator: Consolidator, session: Session, extra: int) -> int:
    tokens, _ = consolidator.estimate_session_prompt_tokens(session)
    return tokens + consolidator.max_completion_tokens + 1024 + extra


async def test_just_under_budget_does_nothing_at_budget_consolidates(
    store: MemoryStore, sessions: SessionManager
) -> None:
    session = saved_session(sessions, 6)
    provider = FunctionProvider(lambda request: "[durable] summary")
    probe = make(store, sessions, provider, 1_000_000)
    under = make(store, sessions, provider, window_for(probe, session, 1))
    await under.maybe_consolidate_by_tokens(session)
    assert provider.requests == []
    assert session.last_consolidated == 0

    at = make(store, sessions, provider, window_for(probe, session, 0))
    await at.maybe_consolidate_by_tokens(session)
    assert len(provider.requests) >= 1
    assert session.last_consolidated > 0
    assert session.messages[session.last_consolidated]["role"] == "user"


async def test_consolidation_archives_saves_and_remembers_the_summary(
    store: MemoryStore, sessions: SessionManager
) -> None:
    session = saved_session(sessions, 10)
    provider = ScriptedProvider(["[durable] The user is called Alice."] * 5)
    consolidator = make(store, sessions, provider, 4096 + 1024 + 1500, max_completion_tokens=4096)
    await consolidator.maybe_consolidate_by_tokens(session)
    assert provider.requests, "the summariser must be called"
    entries = history(store)
    assert entries[0]["content"] == "[durable] The user is called Alice."
    assert entries[0]["session_key"] == KEY
    assert 0 < session.last_consolidated < len(session.messages)
    reloaded = SessionManager(store.workspace).get_or_create(KEY)
    assert reloaded.last_consolidated == session.last_consolidated
    summary = reloaded.metadata["_last_summary"]
    assert summary["text"] == "[durable] The user is called Alice."
    datetime.fromisoformat(summary["last_active"])
    final, _ = consolidator.estimate_session_prompt_tokens(reloaded)
    assert final <= int((1500 - 0) * 0.5) or len(provider.requests) == 5


async def test_at_most_five_rounds(store: MemoryStore, sessions: SessionManager) -> None:
    # The prompt never shrinks (the builder ignores the replay), so only the
    # round cap stops the loop.
    big = [{"role": "system", "content": " ".join(f"rule{k}" for k in range(600))}]

    def stubborn(**kwargs: Any) -> list[dict[str, Any]]:
        return [*big, {"role": "user", "content": kwargs["current_message"]}]

    session = saved_session(sessions, 12)
    provider = FunctionProvider(lambda request: "[ephemeral] chunk")
    consolidator = make(
        store, sessions, provider, 4096 + 1024 + 400, build=stubborn, consolidation_ratio=0.9
    )
    await consolidator.maybe_consolidate_by_tokens(session)
    assert len(provider.requests) == 5
    assert len(history(store)) == 5
    assert session.last_consolidated == 10


async def test_window_zero_or_empty_session_is_skipped(
    store: MemoryStore, sessions: SessionManager
) -> None:
    provider = FunctionProvider(lambda request: "[durable] x")
    session = saved_session(sessions, 10)
    await make(store, sessions, provider, 0).maybe_consolidate_by_tokens(session)
    await make(store, sessions, provider, -5).maybe_consolidate_by_tokens(session)
    empty = Session("cli:empty")
    await make(store, sessions, provider, 10).maybe_consolidate_by_tokens(empty)
    assert provider.requests == []
    assert history(store) == []


async def test_a_failing_model_falls_back_to_raw_and_still_advances(
    store: MemoryStore, sessions: SessionManager
) -> None:
    session = saved_session(sessions, 10)
    provider = ScriptedProvider([LLMResponse(content=None, finish_reason="error")] * 5)
    consolidator = make(store, sessions, provider, 4096 + 1024 + 600)
    await consolidator.maybe_consolidate_by_tokens(session)
    assert len(provider.requests) == 1, "a degraded model stops the rounds"
    entries = history(store)
    assert len(entries) == 1
    assert entries[0]["content"].startswith("[RAW] ")
    assert session.last_consolidated > 0
    assert SessionManager(store.workspace).get_or_create(KEY).last_consolidated > 0


async def test_refreshes_the_session_from_the_manager(
    store: MemoryStore, sessions: SessionManager
) -> None:
    live = saved_session(sessions, 10)
    stale = Session(KEY)  # a caller's out-of-date copy of the same session
    stale.add_message("user", "hi")
    provider = FunctionProvider(lambda request: "[durable] s")
    consolidator = make(store, sessions, provider, 4096 + 1024 + 2000)
    await consolidator.maybe_consolidate_by_tokens(stale)
    assert provider.requests
    assert live.last_consolidated > 0
    assert stale.last_consolidated == live.last_consolidated
    assert len(stale.messages) == len(live.messages)


async def test_replay_max_messages_archives_the_older_ones_even_under_budget(
    store: MemoryStore, sessions: SessionManager
) -> None:
    session = saved_session(sessions, 6)
    provider = FunctionProvider(lambda request: "[durable] old turns")
    consolidator = make(store, sessions, provider, 1_000_000)
    await consolidator.maybe_consolidate_by_tokens(session, replay_max_messages=4)
    assert len(provider.requests) == 1
    assert session.last_consolidated == 8
    assert len(session.messages) - session.last_consolidated == 4
    assert history(store)[0]["content"] == "[durable] old turns"


async def test_concurrent_checks_do_not_archive_twice(
    store: MemoryStore, sessions: SessionManager
) -> None:
    session = saved_session(sessions, 10)
    provider = FunctionProvider(lambda request: "[durable] once")
    consolidator = make(store, sessions, provider, 4096 + 1024 + 1500)
    await asyncio.gather(
        consolidator.maybe_consolidate_by_tokens(session),
        consolidator.maybe_consolidate_by_tokens(session),
    )
    shown = [str(r.messages[-1]["content"]) for r in provider.requests]
    for message in session.messages[: session.last_consolidated]:
        assert sum(message["content"] in request for request in shown) == 1


# -- archive ---------------------------------------------------------------------------


MESSAGES = [
    {"role": "user", "content": "My name is Alice and I use vim.", "timestamp": "2026-04-03T10:00"},
    {"role": "assistant", "content": "Noted, Alice.", "timestamp": "2026-04-03T10:01"},
]


async def test_archive_of_nothing_makes_no_call(
    store: MemoryStore, sessions: SessionManager
) -> None:
    provider = ScriptedProvider()
    consolidator = make(store, sessions, provider, 65_536)
    assert await consolidator.archive([]) is None
    assert provider.requests == []
    assert history(store) == []


async def test_archive_appends_the_summary_with_the_tagged_prompt(
    store: MemoryStore, sessions: SessionManager
) -> None:
    provider = ScriptedProvider(["[permanent] The user is Alice.\n[durable] Uses vim."])
    consolidator = make(store, sessions, provider, 65_536)
    summary = await consolidator.archive(MESSAGES, session_key=KEY)
    assert summary == "[permanent] The user is Alice.\n[durable] Uses vim."
    entries = history(store)
    assert [e["content"] for e in entries] == [summary]
    assert entries[0]["session_key"] == KEY
    prompt = json.dumps(provider.requests[0].messages)
    for tag in ("[permanent]", "[durable]", "[ephemeral]", "[correction]", "[skip]"):
        assert tag in prompt
    assert "My name is Alice and I use vim." in prompt
    assert provider.requests[0].tools is None or provider.requests[0].tools == []


async def test_archive_positional_messages_and_keywords_only(
    store: MemoryStore, sessions: SessionManager
) -> None:
    parameters = inspect.signature(Consolidator.archive).parameters
    assert parameters["session_key"].kind is inspect.Parameter.KEYWORD_ONLY
    assert parameters["summary_messages"].kind is inspect.Parameter.KEYWORD_ONLY
    assert parameters["session_key"].default is None
    assert parameters["summary_messages"].default is None
    provider = ScriptedProvider(["[durable] ok"])
    assert await make(store, sessions, provider, 65_536).archive(MESSAGES) == "[durable] ok"
    assert history(store)[0].get("session_key") is None


async def test_nothing_answer_is_returned_and_not_appended(
    store: MemoryStore, sessions: SessionManager
) -> None:
    provider = ScriptedProvider(["(nothing)"])
    consolidator = make(store, sessions, provider, 65_536)
    assert await consolidator.archive(MESSAGES, session_key=KEY) == "(nothing)"
    assert history(store) == []


@pytest.mark.parametrize(
    "failure",
    [
        LLMResponse(content="partial", finish_reason="error"),
        LLMResponse(content="[durable] cut off mid", finish_reason="length"),
        LLMResponse(
            content=None,
            tool_calls=[ToolCallRequest("c1", "write_file", {"path": "x"})],
            finish_reason="tool_calls",
        ),
        LLMResponse(content="   "),
        LLMResponse(content=None),
        RuntimeError("provider exploded"),
    ],
)
async def test_archive_failures_go_raw_and_return_none(
    store: MemoryStore, sessions: SessionManager, failure: Any
) -> None:
    provider = ScriptedProvider([failure])
    consolidator = make(store, sessions, provider, 65_536)
    assert await consolidator.archive(MESSAGES, session_key=KEY) is None
    entries = history(store)
    assert len(entries) == 1
    content = entries[0]["content"]
    assert content.startswith("[RAW] 2 messages\n")
    assert "My name is Alice and I use vim." in content
    assert "Noted, Alice." in content
    assert entries[0]["session_key"] == KEY


async def test_archive_summary_is_capped_at_8000_chars(
    store: MemoryStore, sessions: SessionManager
) -> None:
    provider = ScriptedProvider(["[durable] " + "x" * 20_000])
    consolidator = make(store, sessions, provider, 65_536)
    summary = await consolidator.archive(MESSAGES, session_key=KEY)
    stored = history(store)[0]["content"]
    assert len(stored) <= 8000
    assert stored.startswith("[durable] xxx")
    assert summary is not None and len(summary) <= 8000


async def test_summary_messages_are_summarised_but_messages_are_dumped(
    store: MemoryStore, sessions: SessionManager
) -> None:
    shown = [{"role": "user", "content": "SHOWN-TO-MODEL only"}]
    provider = ScriptedProvider(["[durable] fine", LLMResponse(None, finish_reason="error")])
    consolidator = make(store, sessions, provider, 65_536)
    await consolidator.archive(MESSAGES, session_key=KEY, summary_messages=shown)
    prompt = json.dumps(provider.requests[0].messages)
    assert "SHOWN-TO-MODEL only" in prompt
    assert "I use vim" not in prompt
    assert await consolidator.archive(MESSAGES, session_key=KEY, summary_messages=shown) is None
    raw = history(store)[-1]["content"]
    assert raw.startswith("[RAW] 2 messages")
    assert "I use vim" in raw
    assert "SHOWN-TO-MODEL" not in raw


# -- compact_idle_session --------------------------------------------------------------


async def test_compact_idle_keeps_the_suffix_and_stores_the_summary(
    store: MemoryStore, sessions: SessionManager
) -> None:
    saved_session(sessions, 10)  # 20 messages
    provider = FunctionProvider(lambda request: "[durable] idle summary")
    consolidator = make(store, sessions, provider, 65_536)
    summary = await consolidator.compact_idle_session(KEY)
    assert summary == "[durable] idle summary"
    fresh = SessionManager(store.workspace).get_or_create(KEY)
    assert len(fresh.messages) == 8
    assert fresh.messages[0]["role"] == "user"
    assert fresh.messages[0]["content"] == "user " + text(6)
    assert len(fresh.get_history()) == 8, "the kept suffix stays replayable"
    assert fresh.metadata["_last_summary"]["text"] == "[durable] idle summary"
    prompt = json.dumps(provider.requests[0].messages)
    assert text(5) in prompt
    assert text(6) not in prompt, "the summary covers only what was archived"
    assert history(store)[0]["content"] == "[durable] idle summary"
    assert any((store.workspace / "memory" / "transcripts").rglob("*"))


async def test_compact_idle_suffix_extends_back_to_a_user_turn(
    store: MemoryStore, sessions: SessionManager
) -> None:
    saved_session(sessions, 10)
    provider = FunctionProvider(lambda request: "[durable] s")
    consolidator = make(store, sessions, provider, 65_536)
    await consolidator.compact_idle_session(KEY, max_suffix=3)
    fresh = SessionManager(store.workspace).get_or_create(KEY)
    assert len(fresh.messages) == 4
    assert fresh.messages[0]["role"] == "user"


async def test_compact_idle_with_nothing_to_archive_returns_empty_string(
    store: MemoryStore, sessions: SessionManager
) -> None:
    saved_session(sessions, 3)
    provider = ScriptedProvider()
    consolidator = make(store, sessions, provider, 65_536)
    assert await consolidator.compact_idle_session(KEY, max_suffix=8) == ""
    assert await consolidator.compact_idle_session("cli:nobody") == ""
    assert provider.requests == []
    assert len(SessionManager(store.workspace).get_or_create(KEY).messages) == 6


async def test_compact_idle_raw_fallback_returns_none_and_loses_nothing(
    store: MemoryStore, sessions: SessionManager
) -> None:
    saved_session(sessions, 10)
    provider = ScriptedProvider([RuntimeError("down")])
    consolidator = make(store, sessions, provider, 65_536)
    assert await consolidator.compact_idle_session(KEY) is None
    raw = history(store)[0]["content"]
    assert raw.startswith("[RAW] 12 messages")
    assert text(0) in raw and text(5) in raw


async def test_raw_fallback_is_capped_at_16000_chars_after_its_header(
    store: MemoryStore, sessions: SessionManager
) -> None:
    big = [
        {"role": "user", "content": f"paragraph {n}: " + "lorem ipsum " * 300} for n in range(12)
    ]
    consolidator = make(store, sessions, ScriptedProvider([RuntimeError("down")]), 1_000_000)
    assert await consolidator.archive(big, session_key=KEY) is None
    content = history(store)[0]["content"]
    header, _, body = content.partition("\n")
    assert header == "[RAW] 12 messages"
    assert len(body) <= 16_000
    assert body.startswith("[")


async def test_raw_fallback_of_a_consolidation_round_is_capped_too(
    store: MemoryStore, sessions: SessionManager
) -> None:
    session = sessions.get_or_create(KEY)
    for n in range(12):
        session.add_message("user", f"question {n}: " + "lorem ipsum " * 300)
        session.add_message("assistant", f"answer {n}")
    sessions.save(session)
    provider = ScriptedProvider([LLMResponse(content=None, finish_reason="error")])
    consolidator = make(store, sessions, provider, 4096 + 1024 + 3000)
    await consolidator.maybe_consolidate_by_tokens(session)
    content = history(store)[0]["content"]
    header, _, body = content.partition("\n")
    assert header.startswith("[RAW] ")
    assert len(body) <= 16_000
    assert session.last_consolidated > 0
