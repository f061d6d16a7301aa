"""Dream runs driven by a scripted model: where edits land, when the cursor and a commit move."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from reverie.dream import Dream, DreamLock
from reverie.providers.base import LLMError, LLMResponse
from reverie.providers.scripted import FunctionProvider, RecordedRequest, ScriptedProvider
from reverie.sessions.manager import SessionManager
from reverie.store.git import parse_trailers
from reverie.store.memory_store import MemoryStore

MEMORY = "# Memory\n\n## Facts\n\n" + "".join(f"- Fact number {i}.\n" for i in range(1, 11))


def dream_commits(store: MemoryStore) -> list[str]:
    return [c.sha for c in store.git.log(50) if c.subject.startswith("dream:")]


def tool_results(request: RecordedRequest) -> list[str]:
    return [m["content"] for m in request.messages if m.get("role") == "tool"]


async def test_completed_run_edits_files_moves_cursor_and_commits(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    store.write_memory(MEMORY)
    first, _, last = entries(
        store,
        "[permanent] User's name is Dana.",
        "[durable] The billing service uses PostgreSQL 16.",
        "[permanent] User wants the assistant to answer in French.",
    )
    provider = ScriptedProvider(
        [
            calls(("read_file", {"path": "USER.md"})),
            calls(
                ("write_file", {"path": "USER.md", "content": "# User\n\n- Name: Dana.\n"}),
                (
                    "edit_file",
                    {
                        "path": "memory/MEMORY.md",
                        "old_text": "- Fact number 10.\n",
                        "new_text": "- Fact number 10.\n- Billing uses PostgreSQL 16.\n",
                    },
                ),
                ("write_file", {"path": "SOUL.md", "content": "- Answer in French.\n"}),
            ),
            "Recorded the user's name, the database and the language rule.",
        ]
    )
    sessions = SessionManager(store.workspace)
    result = await Dream(store, provider, "test-model", sessions=sessions).run()

    assert result.status == "completed", result.reason
    assert (result.cursor_from, result.cursor_to) == (first, last)
    assert result.tool_calls == 4
    assert store.read_user() == "# User\n\n- Name: Dana.\n"
    assert store.read_soul() == "- Answer in French.\n"
    assert "- Billing uses PostgreSQL 16.\n" in store.read_memory()
    assert store.get_last_dream_cursor() == last

    head = store.git.log(1)[0]
    assert head.sha == result.commit
    assert head.subject == "dream: update SOUL.md, USER.md, memory/MEMORY.md"
    trailers = parse_trailers(head.message)
    assert trailers == {"Dream-Cursors": f"{first}-{last}", "Dream-Model": "test-model"}
    # The message comes from the diff, never from the model's final words.
    assert "Recorded the user's name" not in head.message
    assert "+ - Billing uses PostgreSQL 16." in head.message
    assert store.git.diff_working_tree() == ""

    saved = sessions.get_or_create(result.session_key or "")
    assert saved.messages[-1]["content"].startswith("Recorded the user's name")
    assert any(m.get("tool_calls") for m in saved.messages)


async def test_nothing_new_is_nothing_to_do(store: MemoryStore) -> None:
    provider = ScriptedProvider([])
    result = await Dream(store, provider).run()
    assert result.status == "nothing_to_do"
    assert provider.requests == []
    assert result.commit is None


async def test_tool_definitions_and_prompt_are_sent(store: MemoryStore, entries: Any) -> None:
    entries(store, "[durable] The CLI is written in Rust.")
    provider = ScriptedProvider(["Nothing to change."])
    result = await Dream(store, provider).run()
    assert result.status == "completed"
    request = provider.requests[0]
    names = {tool["function"]["name"] for tool in request.tools or []}
    assert names == {"read_file", "edit_file", "write_file", "apply_patch"}
    assert "The CLI is written in Rust." in request.messages[0]["content"]
    # A run that changed nothing still records that the entries were processed.
    assert store.get_last_dream_cursor() == 1
    assert parse_trailers(store.git.log(1)[0].message)["Dream-Cursors"] == "1-1"


async def test_the_tool_loop_sends_back_the_models_thinking(
    store: MemoryStore, entries: Any
) -> None:
    from reverie.providers.base import ToolCallRequest

    entries(store, "[durable] The CLI is written in Rust.")
    thinking = [{"type": "thinking", "thinking": "read first", "signature": "s-1"}]
    provider = ScriptedProvider(
        [
            LLMResponse(
                content=None,
                tool_calls=[ToolCallRequest("r1", "read_file", {"path": "USER.md"})],
                thinking_blocks=thinking,
            ),
            "Nothing to change.",
        ]
    )
    result = await Dream(store, provider).run()
    assert result.status == "completed"
    replayed = [m for m in provider.requests[1].messages if m["role"] == "assistant"][-1]
    assert replayed["thinking_blocks"] == thinking


async def test_a_looping_no_op_run_stops_by_itself(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    store.write_user("# User\n\n- Likes tea.\n")
    entries(store, "[permanent] User likes tea.")
    same = {"path": "USER.md", "content": "# User\n\n- Likes tea.\n"}
    provider = FunctionProvider(lambda request: calls(("write_file", same)))
    commits = dream_commits(store)
    result = await Dream(store, provider, max_iterations=15).run()

    assert result.status == "incomplete"
    assert "loop guard" in result.reason and "no-op write_file (USER.md)" in result.reason
    assert len(provider.requests) == 3  # stopped long before the 15-call cap
    assert store.get_last_dream_cursor() == 0
    assert dream_commits(store) == commits


async def test_an_edit_applied_back_and_forth_is_stopped(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    store.write_user("A\n")
    entries(store, "[permanent] something")
    flip = [
        calls(("write_file", {"path": "USER.md", "content": text}))
        for text in ("B\n", "A\n", "B\n", "A\n", "B\n", "A\n", "B\n")
    ]
    provider = ScriptedProvider(flip)
    result = await Dream(store, provider).run()
    assert result.status == "incomplete"
    assert "the same edit of USER.md applied twice" in result.reason
    assert store.read_user() == "A\n"


async def test_mass_deletion_is_rejected_and_the_file_restored(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    store.write_memory(MEMORY)
    store.git.init()
    entries(store, "[durable] Facts 6 to 10 are obsolete.")
    half = "# Memory\n\n## Facts\n\n" + "".join(f"- Fact number {i}.\n" for i in range(1, 4))
    provider = ScriptedProvider(
        [calls(("write_file", {"path": "memory/MEMORY.md", "content": half})), "Cleaned up."]
    )
    before = store.memory_file.read_bytes()
    result = await Dream(store, provider).run()

    assert result.status == "rejected"
    assert result.reason.startswith("rejected by guard: memory/MEMORY.md would lose 7 of 12")
    assert store.memory_file.read_bytes() == before
    assert store.get_last_dream_cursor() == 0
    assert dream_commits(store) == []
    assert not (store.memory_dir / ".dream_journal.json").exists()


async def test_deletion_ratio_is_configurable(store: MemoryStore, calls: Any, entries: Any) -> None:
    store.write_memory(MEMORY)
    entries(store, "[durable] Facts 6 to 10 are obsolete.")
    half = "# Memory\n\n## Facts\n\n" + "".join(f"- Fact number {i}.\n" for i in range(1, 6))
    provider = ScriptedProvider(
        [calls(("write_file", {"path": "memory/MEMORY.md", "content": half})), "Done."]
    )
    result = await Dream(store, provider, max_deletion_ratio=0.5).run()
    assert result.status == "completed"
    assert store.read_memory() == half


async def test_iteration_cap_rolls_back_and_keeps_the_cursor(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    entries(store, "[durable] x")
    counter = iter(range(100))

    def always_more(request: RecordedRequest) -> LLMResponse:
        n = next(counter)
        return calls(("write_file", {"path": "USER.md", "content": f"version {n}\n"}))

    result = await Dream(store, FunctionProvider(always_more), max_iterations=4).run()
    assert result.status == "incomplete"
    assert result.reason == "iteration cap reached: 4 model calls without a final answer"
    assert result.iterations == 4
    assert not store.user_file.exists()
    assert store.get_last_dream_cursor() == 0
    assert dream_commits(store) == []


async def test_provider_error_rolls_back(store: MemoryStore, calls: Any, entries: Any) -> None:
    store.write_user("# User\n")
    entries(store, "[permanent] x")
    provider = ScriptedProvider(
        [
            calls(("write_file", {"path": "USER.md", "content": "# User\n\n- x\n"})),
            LLMResponse.failure(LLMError("invalid api key", status=401)),
        ]
    )
    result = await Dream(store, provider).run()
    assert result.status == "incomplete"
    assert result.reason == "provider error on call 2: [401] invalid api key"
    assert store.read_user() == "# User\n"
    assert store.get_last_dream_cursor() == 0
    assert dream_commits(store) == []


class CrashingProvider(ScriptedProvider):
    """Plays its script, then fails inside the loop the way a bug would."""

    async def chat_with_retry(self, **kwargs: Any) -> LLMResponse:
        if not self.remaining:
            raise RuntimeError("the provider blew up")
        return await super().chat_with_retry(**kwargs)


async def test_a_crash_mid_run_rolls_back(store: MemoryStore, calls: Any, entries: Any) -> None:
    entries(store, "[permanent] x")
    provider = CrashingProvider(
        [calls(("write_file", {"path": "skills/new/SKILL.md", "content": "1. step\n"}))]
    )
    result = await Dream(store, provider).run()
    assert result.status == "incomplete"
    assert result.reason == "crashed: RuntimeError: the provider blew up"
    assert not (store.workspace / "skills").exists()
    assert store.get_last_dream_cursor() == 0
    assert dream_commits(store) == []


async def test_token_budget_stops_the_run(store: MemoryStore, calls: Any, entries: Any) -> None:
    entries(store, "[permanent] x")
    edit = calls(
        ("write_file", {"path": "USER.md", "content": "x\n"}), usage={"total_tokens": 9_000}
    )
    provider = ScriptedProvider([edit, "done"])
    result = await Dream(store, provider, token_budget=8_000).run()
    assert result.status == "incomplete"
    assert result.reason.startswith("token budget exhausted: 9,000 tokens used of 8,000")
    assert not store.user_file.exists()


async def test_a_prompt_larger_than_the_budget_is_never_sent(
    store: MemoryStore, entries: Any
) -> None:
    entries(store, "[permanent] x")
    provider = ScriptedProvider(["done"])
    result = await Dream(store, provider, token_budget=50).run()
    assert result.status == "incomplete"
    assert "token budget exhausted: call 1 needs about" in result.reason
    assert provider.requests == []


async def test_tool_calls_of_a_cut_off_reply_are_not_run(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    store.write_memory(MEMORY)
    entries(store, "[durable] x")
    cut = calls(
        ("write_file", {"path": "memory/MEMORY.md", "content": "# Memory\n\n- Fa"}),
        finish_reason="length",
    )
    provider = ScriptedProvider([cut, "ok"])
    result = await Dream(store, provider).run()
    assert result.status == "completed"
    assert store.read_memory() == MEMORY
    assert "was not run: your reply was cut off" in tool_results(provider.requests[1])[0]


async def test_size_cap_per_memory_file(store: MemoryStore, calls: Any, entries: Any) -> None:
    entries(store, "[durable] x")
    provider = ScriptedProvider(
        [calls(("write_file", {"path": "USER.md", "content": "y" * 2_000})), "done"]
    )
    result = await Dream(store, provider, max_file_chars=1_000).run()
    assert result.status == "completed"
    assert not store.user_file.exists()
    assert "over the 1,000-char limit" in tool_results(provider.requests[1])[0]


async def test_manual_edits_get_their_own_commit(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    store.write_user("# User\n")
    store.git.init()
    store.write_user("# User\n\n- Edited by hand.\n")
    entries(store, "[durable] The app uses Rust.")
    provider = ScriptedProvider(
        [calls(("write_file", {"path": "memory/MEMORY.md", "content": "- Rust.\n"})), "ok"]
    )
    result = await Dream(store, provider).run()
    log = store.git.log(5)
    assert log[0].sha == result.commit and log[0].files == [
        "memory/MEMORY.md",
        "memory/.dream_cursor",
    ]
    assert log[1].subject == "Save memory edits made outside Dream"
    assert log[1].files == ["USER.md"]


async def test_completed_run_compacts_processed_history(workspace: Path) -> None:
    store = MemoryStore(workspace, max_history_entries=2)
    for n in range(5):
        store.append_history(f"[durable] fact {n}")
    result = await Dream(store, ScriptedProvider(["nothing to change"])).run()
    assert result.status == "completed"
    assert [e["cursor"] for e in store.read_unprocessed_history(0)] == [4, 5]


async def test_batches_follow_max_entries(store: MemoryStore, entries: Any) -> None:
    entries(store, *[f"[durable] fact {n}" for n in range(5)])
    dream = Dream(store, ScriptedProvider(["ok", "ok"]), max_entries=3)
    first = await dream.run()
    second = await dream.run()
    assert (first.cursor_from, first.cursor_to) == (1, 3)
    assert (second.cursor_from, second.cursor_to) == (4, 5)
    ranges = [parse_trailers(c.message)["Dream-Cursors"] for c in store.git.log(2)]
    assert ranges == ["4-5", "1-3"]


async def test_only_the_newest_ten_dream_sessions_are_kept(
    store: MemoryStore, entries: Any
) -> None:
    sessions = SessionManager(store.workspace)
    keys = []
    for n in range(12):
        entries(store, f"[durable] fact {n}")
        result = await Dream(store, ScriptedProvider(["ok"]), sessions=sessions).run()
        keys.append(result.session_key)
    kept = sorted(row["key"] for row in sessions.list_sessions())
    assert kept == keys[2:]
    # The two deleted sessions went to the transcript archive first.
    archive = store.workspace / "memory" / "transcripts"
    assert archive.exists() and any(archive.iterdir())


async def test_a_running_dream_blocks_a_second_one(store: MemoryStore, entries: Any) -> None:
    entries(store, "[durable] x")
    holder = DreamLock(store.memory_dir / ".dream.lock")
    assert holder.try_acquire()
    try:
        provider = ScriptedProvider([])
        result = await Dream(store, provider).run()
    finally:
        holder.release()
    assert result.status == "incomplete"
    assert result.reason.startswith("another Dream is running (pid ")
    assert provider.requests == []


async def test_a_stale_lock_is_taken_over(
    store: MemoryStore, entries: Any, caplog: pytest.LogCaptureFixture
) -> None:
    entries(store, "[durable] x")
    lock_file = store.memory_dir / ".dream.lock"
    lock_file.write_text('{"pid": 999999, "host": "gone", "started": "2026-01-01T00:00:00Z"}')
    with caplog.at_level(logging.WARNING, logger="reverie.dream.lock"):
        result = await Dream(store, ScriptedProvider(["ok"])).run()
    assert result.status == "completed"
    assert "pid 999999" in caplog.text
    assert lock_file.read_text() == ""
