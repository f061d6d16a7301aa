"""Contract: Dream.run() statuses, cursor, commit message and guard rails."""

from __future__ import annotations

import dataclasses
import inspect
import re
from itertools import count
from pathlib import Path
from typing import Any

import pytest

from reverie import (
    Dream,
    DreamResult,
    LLMResponse,
    MemoryStore,
    ScriptedProvider,
    SessionManager,
    ToolCallRequest,
)

_ids = count(1)


def tool(name: str, **arguments: Any) -> LLMResponse:
    call = ToolCallRequest(f"call_{next(_ids)}", name, arguments)
    return LLMResponse(content=None, tool_calls=[call], finish_reason="tool_calls")


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    return MemoryStore(tmp_path / "ws")


def with_history(store: MemoryStore, *texts: str) -> list[int]:
    return [store.append_history(text, session_key="cli:a") for text in texts]


def test_signature_and_result_fields() -> None:
    parameters = inspect.signature(Dream).parameters
    assert list(parameters)[:3] == ["store", "provider", "model"]
    for name, default in (
        ("sessions", None),
        ("max_iterations", 15),
        ("max_entries", 20),
    ):
        assert parameters[name].kind is inspect.Parameter.KEYWORD_ONLY
        assert parameters[name].default == default
    assert parameters["token_budget"].kind is inspect.Parameter.KEYWORD_ONLY
    names = [f.name for f in dataclasses.fields(DreamResult)]
    assert names[:6] == ["status", "reason", "cursor_from", "cursor_to", "tool_calls", "commit"]


async def test_nothing_new_is_nothing_to_do(store: MemoryStore) -> None:
    provider = ScriptedProvider()
    result = await Dream(store, provider, "m").run()
    assert result.status == "nothing_to_do"
    assert provider.requests == []
    assert store.get_last_dream_cursor() == 0


async def test_a_completed_run_edits_advances_and_commits(store: MemoryStore) -> None:
    store.write_memory("- The team uses Flask.\n")
    cursors = with_history(store, "[correction] The API now runs on FastAPI.", "[durable] x")
    provider = ScriptedProvider(
        [
            tool("read_file", path="memory/MEMORY.md"),
            tool(
                "edit_file",
                path="memory/MEMORY.md",
                old_text="- The team uses Flask.",
                new_text="- The team uses FastAPI.",
            ),
            "SECRET-FINAL-WORDS: I updated the memory.",
        ]
    )
    result = await Dream(store, provider, "dream-model").run()
    assert result.status == "completed"
    assert (result.cursor_from, result.cursor_to) == (cursors[0], cursors[-1])
    assert result.tool_calls == 2
    assert store.read_memory() == "- The team uses FastAPI.\n"
    assert store.get_last_dream_cursor() == cursors[-1]
    assert store.git.is_initialized()
    assert result.commit is not None and re.fullmatch(r"[0-9a-f]{40}", result.commit)
    newest = store.git.log(1)[0]
    assert newest["sha"] == result.commit
    message = newest["message"]
    assert "memory/MEMORY.md" in message.splitlines()[0]
    assert f"Dream-Cursors: {cursors[0]}-{cursors[-1]}" in message
    assert "Dream-Model: dream-model" in message
    assert "FastAPI" in message  # the body comes from the real diff
    assert "SECRET-FINAL-WORDS" not in message
    assert "FastAPI" in store.git.show(result.commit)
    # The prompt carried the history entries and the tools were offered.
    first = provider.requests[0]
    assert "The API now runs on FastAPI." in str(first.messages)
    names = {t["function"]["name"] for t in first.tools or []}
    assert {"read_file", "edit_file", "write_file", "apply_patch"} <= names


async def test_a_provider_error_is_incomplete_and_rolls_back(store: MemoryStore) -> None:
    store.write_user("Name: Dana\n")
    with_history(store, "[durable] Dana moved to Lisbon.")
    provider = ScriptedProvider(
        [
            tool("write_file", path="USER.md", content="Name: Dana\nCity: Lisbon\n"),
            LLMResponse(content=None, finish_reason="error"),
        ]
    )
    result = await Dream(store, provider, "m").run()
    assert result.status == "incomplete"
    assert result.commit is None
    assert store.get_last_dream_cursor() == 0
    assert store.read_user() == "Name: Dana\n"


async def test_the_iteration_cap_makes_it_incomplete(store: MemoryStore) -> None:
    with_history(store, "[durable] a fact")
    provider = ScriptedProvider(
        [tool("read_file", path="USER.md"), tool("read_file", path="SOUL.md")]
    )
    result = await Dream(store, provider, "m", max_iterations=2).run()
    assert result.status == "incomplete"
    assert len(provider.requests) == 2
    assert store.get_last_dream_cursor() == 0


async def test_a_mass_deletion_is_rejected_and_rolled_back(store: MemoryStore) -> None:
    original = "".join(f"- fact number {n}\n" for n in range(12))
    store.write_memory(original)
    with_history(store, "[correction] forget everything")
    provider = ScriptedProvider(
        [tool("write_file", path="memory/MEMORY.md", content="- fact number 0\n"), "done"]
    )
    result = await Dream(store, provider, "m").run()
    assert result.status == "rejected"
    assert store.read_memory() == original
    assert store.get_last_dream_cursor() == 0
    assert result.commit is None


async def test_refused_tool_paths_leave_files_alone_and_can_still_complete(
    store: MemoryStore,
) -> None:
    with_history(store, "[durable] note")
    provider = ScriptedProvider([tool("write_file", path="notes.txt", content="x"), "ok"])
    result = await Dream(store, provider, "m").run()
    assert not (store.workspace / "notes.txt").exists()
    assert result.status == "completed"


async def test_max_entries_limits_the_batch(store: MemoryStore) -> None:
    cursors = with_history(store, *(f"[durable] fact {n}" for n in range(5)))
    provider = ScriptedProvider(["nothing to change", "nothing again"])
    first = await Dream(store, provider, "m", max_entries=2).run()
    assert first.status == "completed"
    assert (first.cursor_from, first.cursor_to) == (cursors[0], cursors[1])
    assert store.get_last_dream_cursor() == cursors[1]
    second = await Dream(store, provider, "m", max_entries=2).run()
    assert (second.cursor_from, second.cursor_to) == (cursors[2], cursors[3])


async def test_history_is_compacted_after_a_completed_run(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "ws", max_history_entries=2)
    cursors = with_history(store, *(f"[durable] fact {n}" for n in range(5)))
    result = await Dream(store, ScriptedProvider(["done"]), "m").run()
    assert result.status == "completed"
    kept = store.read_unprocessed_history(0)
    assert [e["cursor"] for e in kept] == cursors[-2:]


async def test_an_incomplete_run_does_not_compact(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "ws", max_history_entries=2)
    with_history(store, *(f"[durable] fact {n}" for n in range(5)))
    provider = ScriptedProvider([LLMResponse(content=None, finish_reason="error")])
    result = await Dream(store, provider, "m").run()
    assert result.status == "incomplete"
    assert len(store.read_unprocessed_history(0)) == 5


async def test_dream_sessions_are_saved_and_only_the_newest_kept(store: MemoryStore) -> None:
    sessions = SessionManager(store.workspace)
    for n in range(12):
        with_history(store, f"[durable] fact {n}")
        result = await Dream(store, ScriptedProvider(["done"]), "m", sessions=sessions).run()
        assert result.status == "completed"
    keys = [row["key"] for row in sessions.list_sessions()]
    dream_keys = [key for key in keys if key.startswith("dream:")]
    assert 1 <= len(dream_keys) < 12


async def test_emptying_a_one_line_file_is_rejected(store: MemoryStore) -> None:
    store.write_user("- Dana is allergic to peanuts.\n")
    with_history(store, "[skip] nothing")
    provider = ScriptedProvider([tool("write_file", path="USER.md", content=""), "done"])
    result = await Dream(store, provider, "m").run()
    assert result.status == "rejected"
    assert store.read_user() == "- Dana is allergic to peanuts.\n"


async def test_removing_a_quarter_of_the_lines_is_allowed(store: MemoryStore) -> None:
    store.write_memory("- a\n- b\n- c\n- d\n")
    with_history(store, "[correction] d is wrong")
    provider = ScriptedProvider(
        [tool("write_file", path="memory/MEMORY.md", content="- a\n- b\n- c\n"), "done"]
    )
    result = await Dream(store, provider, "m").run()
    assert result.status == "completed"
    assert store.read_memory() == "- a\n- b\n- c\n"
