"""ContextBuilder: which sections a turn's system prompt holds, and when."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from reverie.context import DEFAULT_IDENTITY, ContextBuilder
from reverie.errors import UserError
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.store.memory_store import MemoryStore


@pytest.fixture
def store(workspace: Path) -> MemoryStore:
    return MemoryStore(workspace)


def test_an_empty_workspace_gives_only_the_identity(workspace: Path) -> None:
    prompt = ContextBuilder(workspace).build_system_prompt("cli:a")
    assert prompt.startswith(DEFAULT_IDENTITY)
    assert f"Today is {date.today().isoformat()}" in prompt
    for absent in ("## SOUL.md", "## USER.md", "Long-term Memory", "Recent history", "Summary"):
        assert absent not in prompt
    assert ContextBuilder(workspace, identity="", show_date=False).build_system_prompt() == ""
    custom = ContextBuilder(workspace, identity="You are Ada.", show_date=False)
    assert custom.build_system_prompt() == "You are Ada."


def test_memory_files_appear_in_order_and_changes_show_at_once(
    workspace: Path, store: MemoryStore
) -> None:
    builder = ContextBuilder(workspace, store=store, show_date=False)
    store.write_soul("Be terse.")
    store.write_user("Name: Dana")
    store.write_memory("- billing uses PostgreSQL 16")
    prompt = builder.build_system_prompt("cli:a")
    positions = [
        prompt.index(text)
        for text in (
            DEFAULT_IDENTITY,
            "## SOUL.md\nBe terse.",
            "## USER.md\nName: Dana",
            "## Long-term Memory\n- billing uses PostgreSQL 16",
        )
    ]
    assert positions == sorted(positions)
    store.write_user("Name: Dana Silva, lives in Lisbon")
    assert "lives in Lisbon" in builder.build_system_prompt("cli:a")
    store.write_soul("   \n")
    assert "## SOUL.md" not in builder.build_system_prompt("cli:a")


def test_recent_history_is_this_sessions_unprocessed_entries(
    workspace: Path, store: MemoryStore
) -> None:
    old = store.append_history("[durable] dreamed already", session_key="cli:a")
    store.set_last_dream_cursor(old)
    store.append_history("[durable] mine", session_key="cli:a")
    store.append_history("[durable] someone else's", session_key="cli:b")
    store.append_history("[durable] a dream note", session_key="dream:1")
    store.append_history("[durable] no session")
    prompt = ContextBuilder(workspace, store=store).build_system_prompt("cli:a")
    assert "## Recent history (not yet in long-term memory)" in prompt
    assert "[durable] mine" in prompt
    for hidden in ("dreamed already", "someone else's", "dream note", "no session"):
        assert hidden not in prompt
    unified = ContextBuilder(workspace, store=store, unified_session=True)
    shared = unified.build_system_prompt("cli:a")
    assert "someone else's" in shared and "no session" in shared
    assert "dream note" not in shared and "dreamed already" not in shared


def test_recent_history_keeps_the_newest_within_its_caps(
    workspace: Path, store: MemoryStore
) -> None:
    for number in range(40):
        store.append_history(f"[ephemeral] fact number {number:02d}", session_key="cli:a")
    prompt = ContextBuilder(workspace, store=store, max_history_entries=5).build_system_prompt(
        "cli:a"
    )
    shown = [n for n in range(40) if f"fact number {n:02d}" in prompt]
    assert shown == [35, 36, 37, 38, 39]
    tight = ContextBuilder(workspace, store=store, max_history_chars=300).build_system_prompt(
        "cli:a"
    )
    section = tight.split("## Recent history (not yet in long-term memory)\n")[1]
    assert len(section) <= 300 and "fact number 39" in section
    with pytest.raises(UserError, match="max_history_entries"):
        ContextBuilder(workspace, max_history_entries=0)


def test_the_last_summary_is_shown_until_consumed(workspace: Path, store: MemoryStore) -> None:
    sessions = SessionManager(workspace)
    builder = ContextBuilder(workspace, store=store, sessions=sessions)
    store.append_history("[durable] launch is on May 2", session_key="cli:a")
    store.append_history("[durable] the summary itself", session_key="cli:a")
    session = sessions.get_or_create("cli:a")
    session.metadata["_last_summary"] = {
        "text": "[durable] the summary itself",
        "last_active": "2026-04-03T09:30:00",
    }
    # Found through the manager when only the key is given, or from the object.
    for prompt in (
        builder.build_system_prompt("cli:a"),
        builder.build_system_prompt(session=session),
    ):
        section = "## Summary of the earlier conversation (last active 2026-04-03 09:30)\n"
        assert section + "[durable] the summary itself" in prompt
        assert prompt.count("the summary itself") == 1  # not repeated in recent history
        assert "launch is on May 2" in prompt
    probe = builder.build_messages([], "[token-probe]", session=session)
    assert "the summary itself" in probe[0]["content"]  # building never consumes it
    assert builder.mark_summary_shown(session) is True
    assert "Summary of the earlier conversation" not in builder.build_system_prompt("cli:a")
    assert "the summary itself" in builder.build_system_prompt("cli:a")  # still in history
    assert builder.mark_summary_shown(session) is False


def test_a_malformed_summary_is_skipped(workspace: Path) -> None:
    session = Session(key="cli:a", metadata={"_last_summary": "just a string"})
    prompt = ContextBuilder(workspace).build_system_prompt(session=session)
    assert "Summary" not in prompt


def test_build_messages_shape_and_context_keys(workspace: Path, store: MemoryStore) -> None:
    store.append_history("[durable] about tg", session_key="telegram:42")
    builder = ContextBuilder(workspace, store=store)
    history = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},
    ]
    messages = builder.build_messages(
        history, "what now?", channel="telegram", chat_id="42", media=None, anything="else"
    )
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert messages[1:3] == history and messages[-1] == {"role": "user", "content": "what now?"}
    assert "about tg" in messages[0]["content"]
    by_key = builder.build_messages(history, "x", session_key="telegram:42")
    assert by_key[0] == messages[0]
    bare = ContextBuilder(workspace / "empty", identity="").build_messages([], "only this")
    assert bare == [{"role": "user", "content": "only this"}]


def test_an_explicit_summary_and_role_are_honoured(workspace: Path) -> None:
    builder = ContextBuilder(workspace / "fresh", show_date=False)
    messages = builder.build_messages(
        [], "a reminder fired", session_summary="[ephemeral] dentist at 3", current_role="assistant"
    )
    assert (
        "## Summary of the earlier conversation\n[ephemeral] dentist at 3" in messages[0]["content"]
    )
    assert messages[-1] == {"role": "assistant", "content": "a reminder fired"}


def test_sections_shrink_with_a_small_window_and_keep_defaults_without_one(
    tmp_path: Path,
) -> None:
    small = ContextBuilder.for_window(
        tmp_path, context_window_tokens=8_192, max_completion_tokens=4_096
    )
    assert (small.max_history_chars, small.max_file_chars) == (2_048, 2_048)
    large = ContextBuilder.for_window(
        tmp_path, context_window_tokens=200_000, max_completion_tokens=4_096
    )
    assert (large.max_history_chars, large.max_file_chars) == (8_000, 16_000)
    off = ContextBuilder.for_window(tmp_path, context_window_tokens=0, max_completion_tokens=4_096)
    assert (off.max_history_chars, off.max_file_chars) == (8_000, 16_000)
