"""Contract: ContextBuilder's system prompt and message list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reverie import ContextBuilder, MemoryStore, Session, SessionManager


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    path = tmp_path / "ws"
    path.mkdir()
    return path


def filled(workspace: Path) -> MemoryStore:
    store = MemoryStore(workspace)
    store.write_soul("Always answer in haiku.")
    store.write_user("The user is called Dana.")
    store.write_memory("- The billing service runs PostgreSQL 16.")
    return store


def test_system_prompt_holds_soul_user_and_memory(workspace: Path) -> None:
    filled(workspace)
    prompt = ContextBuilder(workspace).build_system_prompt()
    assert isinstance(prompt, str)
    assert "Always answer in haiku." in prompt
    assert "The user is called Dana." in prompt
    assert "## Long-term Memory\n- The billing service runs PostgreSQL 16." in prompt
    assert prompt.index("haiku") < prompt.index("Dana") < prompt.index("PostgreSQL")


def test_an_empty_workspace_still_builds(workspace: Path) -> None:
    prompt = ContextBuilder(workspace).build_system_prompt()
    assert "Long-term Memory" not in prompt
    messages = ContextBuilder(workspace).build_messages([], "hello")
    assert messages[-1] == {"role": "user", "content": "hello"}


def test_edits_to_the_files_show_in_the_next_prompt(workspace: Path) -> None:
    store = filled(workspace)
    builder = ContextBuilder(workspace)
    assert "Dana" in builder.build_system_prompt()
    store.write_user("The user is called Eve.")
    prompt = builder.build_system_prompt()
    assert "Eve" in prompt and "Dana" not in prompt


def test_recent_unprocessed_history_for_this_session_only(workspace: Path) -> None:
    store = filled(workspace)
    processed = store.append_history("[durable] old and dreamed", session_key="cli:a")
    store.set_last_dream_cursor(processed)
    store.append_history("[durable] Dana likes tea", session_key="cli:a")
    store.append_history("[durable] belongs to bob", session_key="cli:b")
    builder = ContextBuilder(workspace)
    prompt = builder.build_system_prompt(session_key="cli:a")
    assert "Dana likes tea" in prompt
    assert "belongs to bob" not in prompt
    assert "old and dreamed" not in prompt
    via_messages = builder.build_messages([], "hi", channel="cli", chat_id="a")
    assert "Dana likes tea" in via_messages[0]["content"]
    assert "belongs to bob" not in via_messages[0]["content"]


def test_the_last_summary_appears_for_its_session(workspace: Path) -> None:
    sessions = SessionManager(workspace)
    session = sessions.get_or_create("cli:a")
    session.add_message("user", "hi")
    session.metadata["_last_summary"] = {
        "text": "[durable] We planned the Lisbon trip.",
        "last_active": "2026-04-03T09:30:00",
    }
    sessions.save(session)
    builder = ContextBuilder(workspace, sessions=sessions)
    assert "We planned the Lisbon trip." in builder.build_system_prompt("cli:a")
    assert "We planned the Lisbon trip." in builder.build_system_prompt(session=session)
    messages = builder.build_messages([], "hi", session=session)
    assert "We planned the Lisbon trip." in messages[0]["content"]


@pytest.mark.parametrize(
    "summary",
    [
        "[ephemeral] dentist at 3pm",
        {"text": "[ephemeral] dentist at 3pm", "last_active": "2026-04-03T09:30:00"},
    ],
)
def test_an_explicit_session_summary_is_shown(workspace: Path, summary: Any) -> None:
    builder = ContextBuilder(workspace)
    assert "dentist at 3pm" in builder.build_system_prompt(session_summary=summary)
    messages = builder.build_messages([], "hi", session_summary=summary)
    assert "dentist at 3pm" in messages[0]["content"]


def test_build_messages_shape(workspace: Path) -> None:
    filled(workspace)
    builder = ContextBuilder(workspace)
    history = [
        {"role": "user", "content": "first"},
        {"role": "assistant", "content": "second"},
    ]
    messages = builder.build_messages(history, "third")
    assert isinstance(messages, list)
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert messages[1:3] == history
    assert messages[-1] == {"role": "user", "content": "third"}
    assert "haiku" in messages[0]["content"]
    keywords = builder.build_messages(history=history, current_message="third")
    assert keywords == messages


def test_build_messages_accepts_unknown_context_and_the_probe(workspace: Path) -> None:
    builder = ContextBuilder(workspace)
    session = Session("cli:a")
    messages = builder.build_messages(
        history=[],
        current_message="[token-probe]",
        session_key="cli:a",
        session=session,
        channel="cli",
        chat_id="a",
        unified_session=False,
        media=None,
        sender_id="u1",
    )
    assert messages[-1]["content"] == "[token-probe]"


def test_unified_session_shows_other_sessions_but_not_internal_ones(workspace: Path) -> None:
    store = filled(workspace)
    store.append_history("[durable] from telegram", session_key="telegram:1")
    store.append_history("[durable] internal dream note", session_key="dream:2026")
    store.append_history("[durable] cron chatter", session_key="cron:daily")
    for builder, kwargs in (
        (ContextBuilder(workspace, unified_session=True), {}),
        (ContextBuilder(workspace), {"unified_session": True}),
    ):
        prompt = builder.build_messages([], "hi", session_key="cli:a", **kwargs)[0]["content"]
        assert "from telegram" in prompt
        assert "internal dream note" not in prompt
        assert "cron chatter" not in prompt
