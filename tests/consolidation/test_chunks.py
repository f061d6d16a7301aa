"""History granularity: long ranges go to history in bounded chunks, dated by the conversation."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from reverie.consolidation.consolidator import Consolidator
from reverie.consolidation.planner import MAX_CHUNK_TOKENS, split_chunk
from reverie.consolidation.summary import conversation_time
from reverie.providers.scripted import FunctionProvider
from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore


def _turns(days: int, per_day: int, words: int = 20) -> list[dict[str, Any]]:
    messages = []
    for day in range(days):
        for turn in range(per_day):
            role = "user" if turn % 2 == 0 else "assistant"
            stamp = f"2025-05-{day + 1:02d}T10:{turn:02d}:00"
            text = " ".join(f"w{day}x{turn}y{k}" for k in range(words))
            messages.append({"role": role, "content": text, "timestamp": stamp})
    return messages


def _count(message: Any) -> int:
    return len(str(message["content"]).split()) * 3


def _day(message: Any) -> str | None:
    return str(message["timestamp"])[:10]


def test_one_small_day_stays_one_chunk() -> None:
    messages = _turns(1, 10)
    assert split_chunk(messages, 0, 10, _count, day_of=_day) == [10]


def test_each_day_starts_a_chunk_at_a_user_turn() -> None:
    messages = _turns(3, 8)
    cuts = split_chunk(messages, 0, len(messages), _count, day_of=_day)
    assert cuts == [8, 16, 24]


def test_chunks_stay_near_the_token_cap_and_cut_before_user_turns() -> None:
    messages = _turns(1, 200, words=40)  # 120 tokens each by _count
    cuts = split_chunk(messages, 0, 200, _count, max_tokens=1_000, day_of=_day)
    assert cuts[-1] == 200
    starts = [0, *cuts[:-1]]
    for first, end in zip(starts, cuts, strict=True):
        assert messages[first]["role"] == "user"
        assert sum(_count(m) for m in messages[first:end]) <= 1_000 + 2 * 120
    assert len(cuts) > 10


def test_a_tool_call_and_its_result_are_never_split() -> None:
    messages = [
        {"role": "user", "content": "a " * 400, "timestamp": "2025-05-01T10:00:00"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1"}]},
        {"role": "user", "content": "interjection", "timestamp": "2025-05-01T10:01:00"},
        {"role": "tool", "tool_call_id": "c1", "content": "done"},
        {"role": "user", "content": "next", "timestamp": "2025-05-01T10:02:00"},
    ]
    cuts = split_chunk(messages, 0, 5, _count, max_tokens=10, day_of=_day)
    assert 2 not in cuts and 3 not in cuts


def _said(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "content": text, "timestamp": "2025-05-01T10:00:00"}


def test_a_chunk_does_not_end_between_a_question_and_its_answer() -> None:
    filler = " ".join(["word"] * 30)  # 90 tokens by _count
    messages = [
        _said("user", filler),
        _said("assistant", filler),
        _said("user", filler),
        _said("assistant", "did you book the half marathon yet?"),  # the cap is reached here
        _said("user", "yep booked. 12th april"),
        _said("assistant", "nice"),
        _said("user", filler),
    ]
    cuts = split_chunk(messages, 0, len(messages), _count, max_tokens=280, day_of=_day)
    assert 4 not in cuts  # the reply stays with the question
    assert cuts[0] == 6


def test_a_new_day_opened_by_a_question_starts_its_chunk_after_the_answer() -> None:
    messages = [
        *_turns(1, 6),
        {"role": "assistant", "content": "did you book it?", "timestamp": "2025-05-02T09:00:00"},
        {"role": "user", "content": "yes, 12th april", "timestamp": "2025-05-02T09:05:00"},
        {"role": "assistant", "content": "nice", "timestamp": "2025-05-02T09:06:00"},
        *[{**m, "timestamp": "2025-05-02T10:00:00"} for m in _turns(1, 6)],
    ]
    cuts = split_chunk(messages, 0, len(messages), _count, day_of=_day)
    assert cuts == [9, len(messages)]


def test_a_chunk_grows_past_its_size_for_a_question_only_so_far() -> None:
    filler = " ".join(["word"] * 30)
    messages = [_said("user", filler), _said("assistant", f"{filler}?")] * 6
    cuts = split_chunk(messages, 0, len(messages), _count, max_tokens=300, day_of=_day)
    starts = [0, *cuts[:-1]]
    for first, end in zip(starts, cuts, strict=True):
        assert sum(_count(m) for m in messages[first:end]) <= 300 * 1.5 + 2 * 90


def test_conversation_time_is_the_last_stamped_message() -> None:
    messages = _turns(2, 2)
    assert conversation_time(messages) == "2025-05-02 10:01"
    assert conversation_time([{"role": "user", "content": "x"}]) is None
    assert conversation_time([{"role": "user", "content": "x", "timestamp": "soon"}]) is None


async def test_a_long_imported_range_becomes_dated_entries_each_naming_a_small_span(
    workspace: Path,
) -> None:
    store, sessions = MemoryStore(workspace), SessionManager(workspace)
    session = sessions.get_or_create("import:long")
    session.messages = _turns(4, 60, words=30)
    sessions.save(session)
    provider = FunctionProvider(lambda request: "[durable] a fact")
    consolidator = Consolidator(
        store,
        provider,
        "test-model",
        sessions,
        65_536,
        lambda **kwargs: [{"role": "user", "content": kwargs["current_message"]}],
        lambda: None,
    )
    await consolidator.maybe_consolidate_by_tokens(session, replay_max_messages=0)
    entries = store.read_unprocessed_history(0)
    assert len(entries) >= 4
    spans = [(e["source"]["start"], e["source"]["end"]) for e in entries]
    assert spans[0][0] == 0 and spans[-1][1] == 240
    assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))  # no gap, no overlap
    for entry, (start, end) in zip(entries, spans, strict=True):
        chunk = session.messages[start:end]
        assert len({m["timestamp"][:10] for m in chunk}) == 1  # one day each
        assert entry["timestamp"] == chunk[-1]["timestamp"].replace("T", " ")[:16]
        assert sum(len(m["content"]) for m in chunk) < MAX_CHUNK_TOKENS * 8
    assert session.last_consolidated == 240


async def test_once_the_model_fails_the_rest_is_stored_verbatim_without_asking(
    workspace: Path,
) -> None:
    store, sessions = MemoryStore(workspace), SessionManager(workspace)
    session = sessions.get_or_create("import:fail")
    session.messages = _turns(3, 10)
    sessions.save(session)

    def broken(request: Any) -> str:
        raise RuntimeError("model down")

    provider = FunctionProvider(broken)
    consolidator = Consolidator(
        store,
        provider,
        "test-model",
        sessions,
        65_536,
        lambda **kwargs: [{"role": "user", "content": kwargs["current_message"]}],
        lambda: None,
    )
    await consolidator.maybe_consolidate_by_tokens(session, replay_max_messages=0)
    entries = store.read_unprocessed_history(0)
    assert len(entries) == 3 and all(e["content"].startswith("[RAW]") for e in entries)
    assert len(provider.requests) == 1
    assert session.last_consolidated == 30
