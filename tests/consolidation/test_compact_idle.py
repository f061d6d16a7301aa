"""compact_idle_session and expand_entry: idle tails leave the file, and nothing is lost."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reverie.errors import StoreError, UserError
from reverie.providers.scripted import ScriptedProvider
from reverie.sessions.manager import SessionManager
from reverie.sessions.transcripts import TranscriptArchive
from reverie.store.memory_store import MemoryStore

from .conftest import add_turns, history_records, words


def session_file_contents(workspace: Path, key: str) -> list[str]:
    session = SessionManager(workspace).get_or_create(key)
    return [m["content"] for m in session.messages]


async def test_the_idle_tail_is_summarised_archived_and_dropped(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore, workspace: Path
) -> None:
    provider = ScriptedProvider(["[durable] They planned the launch."])
    consolidator = make_consolidator(provider)
    session = sessions.get_or_create("cli:a")
    add_turns(session, 10, size=4)  # 20 messages
    session.add_message("assistant", "one more note")  # 21: the suffix must reach back to a user
    sessions.save(session)
    everything = [dict(m) for m in session.messages]

    summary = await consolidator.compact_idle_session("cli:a", max_suffix=4)

    assert summary == "[durable] They planned the launch."
    # The last 4 messages are 17..20; extended back to the user turn at 16.
    assert session_file_contents(workspace, "cli:a") == [m["content"] for m in everything[16:]]
    reloaded = SessionManager(workspace).get_or_create("cli:a")
    assert reloaded.archived_offset == 16 and reloaded.last_consolidated == 0
    assert reloaded.metadata["_last_summary"]["text"] == summary
    assert TranscriptArchive(workspace).read("cli:a", 0, 16) == everything[:16]
    (record,) = history_records(store)
    assert record["source"] == {"session_key": "cli:a", "start": 0, "end": 16}
    assert store.expand_entry(record["cursor"]) == everything[:16]
    # The model saw only what was archived, not the kept suffix.
    shown = provider.requests[0].messages[-1]["content"]
    assert everything[15]["content"] in shown and everything[16]["content"] not in shown


async def test_only_unconsolidated_messages_are_summarised(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore, workspace: Path
) -> None:
    provider = ScriptedProvider(["[durable] later part"])
    consolidator = make_consolidator(provider)
    session = sessions.get_or_create("cli:a")
    add_turns(session, 10, size=4)
    session.last_consolidated = 6
    sessions.save(session)
    assert await consolidator.compact_idle_session("cli:a", max_suffix=4) == "[durable] later part"
    shown = provider.requests[0].messages[-1]["content"]
    assert session.messages[0]["content"] not in shown
    assert history_records(store)[0]["source"] == {"session_key": "cli:a", "start": 6, "end": 16}
    assert len(TranscriptArchive(workspace).read("cli:a")) == 16


async def test_nothing_to_archive_returns_empty(
    make_consolidator: Any, sessions: SessionManager, workspace: Path
) -> None:
    provider = ScriptedProvider()
    consolidator = make_consolidator(provider)
    assert await consolidator.compact_idle_session("cli:none") == ""
    session = sessions.get_or_create("cli:short")
    add_turns(session, 3, size=3)
    sessions.save(session)
    assert await consolidator.compact_idle_session("cli:short", max_suffix=8) == ""
    # Already consolidated messages before the suffix still leave the file, summarised once.
    add_turns(session, 5, size=3, start=3)
    session.last_consolidated = 10
    sessions.save(session)
    assert await consolidator.compact_idle_session("cli:short", max_suffix=6) == ""
    assert provider.requests == []
    assert len(session_file_contents(workspace, "cli:short")) == 6
    assert len(TranscriptArchive(workspace).read("cli:short")) == 10


async def test_a_failed_summary_returns_none_and_still_loses_nothing(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore, workspace: Path
) -> None:
    consolidator = make_consolidator(ScriptedProvider([RuntimeError("timeout")]))
    session = sessions.get_or_create("cli:a")
    add_turns(session, 6, size=3)
    sessions.save(session)
    everything = [dict(m) for m in session.messages]
    assert await consolidator.compact_idle_session("cli:a", max_suffix=2) is None
    (record,) = history_records(store)
    assert record["content"].startswith("[RAW] 10 messages")
    assert store.expand_entry(record["cursor"]) == everything[:10]
    assert "_last_summary" not in session.metadata
    assert session_file_contents(workspace, "cli:a") == [m["content"] for m in everything[10:]]


async def test_raw_fallback_beyond_the_cap_says_where_the_words_are(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore
) -> None:
    consolidator = make_consolidator(ScriptedProvider([RuntimeError("down")]), window=0)
    session = sessions.get_or_create("cli:a")
    long = "user " + words(1, 4_000)  # far over the 16,000-char raw cap
    session.add_message("user", long)
    session.add_message("assistant", "ok")
    session.add_message("user", "next")
    sessions.save(session)
    assert await consolidator.compact_idle_session("cli:a", max_suffix=1) is None
    (record,) = history_records(store)
    body = record["content"].split("\n", 1)[1]
    assert len(body) <= 16_000
    assert "all 2 messages are kept verbatim as messages 0-1 of session 'cli:a'" in body
    assert store.expand_entry(record["cursor"])[0]["content"] == long


def test_expand_entry_errors_name_the_problem(store: MemoryStore) -> None:
    with pytest.raises(UserError, match="no entry with cursor 3"):
        store.expand_entry(3)
    with pytest.raises(UserError, match="integer >= 1"):
        store.expand_entry(0)
    cursor = store.append_history("written by nanobot")
    with pytest.raises(UserError, match=f"history entry {cursor} records no source"):
        store.expand_entry(cursor)
    missing = store.append_history(
        "x", session_key="cli:gone", source={"session_key": "cli:gone", "start": 0, "end": 2}
    )
    with pytest.raises(StoreError, match="only 0 of those 2"):
        store.expand_entry(missing)


async def test_expand_reads_live_and_archived_parts(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore
) -> None:
    session = sessions.get_or_create("cli:a")
    add_turns(session, 4, size=3)
    sessions.save(session)
    everything = [dict(m) for m in session.messages]
    cursor = store.append_history("summary", session_key="cli:a", source=session.source_range(2, 6))
    assert store.expand_entry(cursor) == everything[2:6]  # all still live
    sessions.archive_and_drop(session, 4)
    assert store.expand_entry(cursor) == everything[2:6]  # half archived, half live
    sessions.delete_session("cli:a")
    assert store.expand_entry(cursor) == everything[2:6]  # all archived
