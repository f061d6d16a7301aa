"""One damaged line in a long, consolidated session: nothing is summarised twice, nothing shifts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from reverie.consolidation.consolidator import Consolidator
from reverie.providers.scripted import FunctionProvider
from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore

from .conftest import add_turns, history_records, plain_build

KEY = "cli:long"


def consolidator(workspace: Path) -> tuple[Consolidator, SessionManager, MemoryStore]:
    """A Consolidator with its own store and session manager, as a new process would have."""
    store, sessions = MemoryStore(workspace), SessionManager(workspace)
    summarizer = FunctionProvider(lambda request: "[durable] The user kept talking.")
    made = Consolidator(
        store,
        summarizer,
        "test-model",
        sessions,
        4_000,
        plain_build,
        list,
        max_completion_tokens=500,
    )
    return made, sessions, store


def truncate_line(path: Path, number: int) -> str:
    """Cut line ``number`` (1-based) of ``path`` in half, keeping its newline; return it whole."""
    lines = path.read_bytes().split(b"\n")
    whole = lines[number - 1]
    lines[number - 1] = whole[: len(whole) // 2]
    path.write_bytes(b"\n".join(lines))
    return whole.decode()


async def test_a_truncated_line_mid_session_is_never_summarised_again(workspace: Path) -> None:
    first, sessions, store = consolidator(workspace)
    session = sessions.get_or_create(KEY)
    add_turns(session, 1_000, size=5)  # 2,000 messages
    sessions.save(session)
    for _round in range(40):  # each call archives a few chunks; go until it settles
        before = session.last_consolidated
        await first.maybe_consolidate_by_tokens(session)
        if session.last_consolidated == before:
            break
    consolidated = session.last_consolidated
    entries = [e for e in history_records(store) if e.get("source")]
    assert consolidated > 1_500 and entries
    # Message 1000 sits on line 1002 (the metadata line is line 1).
    truncate_line(sessions.session_path(KEY), 1_002)

    second, sessions, store = consolidator(workspace)
    reloaded = sessions.get_or_create(KEY)
    assert len(reloaded.messages) == 1_999 and reloaded.lost_indexes == [1_000]
    # The damaged line was summarised already: the count drops by one, stays in range.
    assert reloaded.last_consolidated == consolidated - 1
    assert reloaded.absolute_index(reloaded.last_consolidated) == consolidated
    await second.maybe_consolidate_by_tokens(reloaded)

    # Nothing already summarised is summarised again.
    assert [e for e in history_records(store) if e.get("source")] == entries
    # And every entry still expands to exactly its messages; the lost one is marked.
    for entry in entries:
        start, end = entry["source"]["start"], entry["source"]["end"]
        expanded = store.expand_entry(entry["cursor"])
        for index, message in zip(range(start, end), expanded, strict=True):
            if index == 1_000:
                assert message["lost"] is True and "message 1000 was lost" in message["content"]
            else:
                role = "user" if index % 2 == 0 else "assistant"
                assert message["content"].startswith(f"{role} message {index // 2}:")


async def test_the_lost_index_survives_saves_and_new_messages_keep_counting(
    workspace: Path,
) -> None:
    sessions = SessionManager(workspace)
    session = sessions.get_or_create(KEY)
    add_turns(session, 10, size=2)
    session.last_consolidated = 12
    sessions.save(session)
    truncate_line(sessions.session_path(KEY), 6)  # message 4

    sessions = SessionManager(workspace)
    loaded = sessions.get_or_create(KEY)
    loaded.add_message("user", "one more")
    assert loaded.source_range(10, 20) == {"session_key": KEY, "start": 11, "end": 21}
    sessions.save(loaded)

    lines = sessions.session_path(KEY).read_text().splitlines()
    header: dict[str, Any] = json.loads(lines[0])
    # 20 messages in the file, 11 of them summarised; message 4 is recorded as lost.
    assert len(lines) == 1 + 20
    assert header["last_consolidated"] == 11
    assert header["metadata"]["_lost_messages"] == [4]

    again = SessionManager(workspace).get_or_create(KEY)
    assert len(again.messages) == 20 and again.lost_indexes == [4]
    assert again.last_consolidated == 11 and again.total_messages == 21
    assert again.messages[4]["content"].startswith("assistant message 2:")
    assert again.absolute_index(4) == 5
    # Moving messages to the archive keeps every index, the gap included.
    sessions = SessionManager(workspace)
    moving = sessions.get_or_create(KEY)
    sessions.archive_and_drop(moving, 6)
    assert moving.archived_offset == 7 and moving.absolute_index(0) == 7
    # The lost message keeps its place as a stand-in, so each position is its index.
    assert [m["content"][:19] for m in sessions.read_range(KEY, 3, 8)] == [
        "assistant message 1",
        "(message 4 was lost",
        "assistant message 2",
        "user message 3: wor",
        "assistant message 3",
    ]


async def test_a_fully_consolidated_session_with_a_truncated_line_is_not_rearchived(
    workspace: Path,
) -> None:
    _, sessions, _ = consolidator(workspace)
    session = sessions.get_or_create(KEY)
    add_turns(session, 1_000, size=5)
    session.last_consolidated = 2_000  # everything was summarised already
    sessions.save(session)
    truncate_line(sessions.session_path(KEY), 1_002)

    again, sessions, store = consolidator(workspace)
    reloaded = sessions.get_or_create(KEY)
    assert reloaded.last_consolidated == len(reloaded.messages) == 1_999
    await again.maybe_consolidate_by_tokens(reloaded)

    assert history_records(store) == []
    assert reloaded.get_history(max_messages=0) == []


async def test_a_truncated_metadata_line_is_rebuilt_from_transcripts_and_history(
    workspace: Path,
) -> None:
    first, sessions, store = consolidator(workspace)
    session = sessions.get_or_create(KEY)
    add_turns(session, 200, size=5)
    sessions.save(session)
    sessions.archive_and_drop(session, 100)  # 100 messages move to the transcript archive
    for _round in range(10):
        before = session.last_consolidated
        await first.maybe_consolidate_by_tokens(session)
        if session.last_consolidated == before:
            break
    consolidated, offset = session.last_consolidated, session.archived_offset
    assert offset == 100 and consolidated > 100
    entries = history_records(store)
    truncate_line(sessions.session_path(KEY), 1)

    again, sessions, store = consolidator(workspace)
    reloaded = sessions.get_or_create(KEY)
    assert (reloaded.archived_offset, reloaded.last_consolidated) == (offset, consolidated)
    await again.maybe_consolidate_by_tokens(reloaded)
    assert history_records(store) == entries
    assert store.expand_entry(entries[-1]["cursor"])[-1]["content"].startswith(
        f"assistant message {(offset + consolidated - 1) // 2}:"
    )
