"""``reverie chat``: piped input, a real pseudo-terminal, a loopback OpenAI-compatible server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore
from suite_tools import DEADLINE, child_env


def said(workspace: Path, key: str = "cli:default") -> list[dict[str, Any]]:
    """Every message of a session: those handed to the transcript archive, then the file's."""
    sessions = SessionManager(workspace)
    return sessions.transcripts.read(key) + sessions.get_or_create(key).messages


def _env() -> dict[str, str]:
    return child_env(COLUMNS="120", NO_COLOR="1", PYTHONUNBUFFERED="1")


@pytest.fixture
def pending(cli: Any, maya: Path, tmp_path: Path) -> Path:
    workspace = tmp_path / "ws"
    cli.ok("ingest", maya, "-w", workspace, "--no-dream")
    return workspace


def test_piped_chat_records_turns_and_answers_commands(cli: Any, pending: Path) -> None:
    lines = [
        "I prefer oolong tea in the afternoon.",
        "/status",
        "/dream",
        "/help",
        "/bogus",
        "We decided to ship Harbor on a Thursday.",
        "/quit",
        "this line is never read",
    ]
    result = cli.ok("chat", "-w", pending, "--no-dream", input="\n".join(lines) + "\n")
    out = result.stdout
    assert "No model is configured" in result.stderr
    assert out.count("No model is configured, so this is reverie's offline provider") == 2
    assert "Context use" in out and "cli:default" in out
    assert "Dream completed" in out
    assert "/dream-restore" in out  # the help table
    assert "unknown command /bogus" in out
    assert "Bye." in out
    assert [m["content"] for m in said(pending) if m["role"] == "user"] == [
        "I prefer oolong tea in the afternoon.",
        "We decided to ship Harbor on a Thursday.",
    ]
    # /dream processed what was waiting; leaving handed the chat itself to history.
    store = MemoryStore(pending)
    assert store.get_latest_cursor() == store.get_last_dream_cursor() + 1
    (entry,) = store.read_unprocessed_history(store.get_last_dream_cursor())
    assert entry["session_key"] == "cli:default" and "oolong" in entry["content"]


def test_new_archives_the_conversation_and_starts_fresh(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    script = "I am allergic to shellfish.\nWe decided to use Rust for the parser.\n/new\n/new\n"
    out = cli.ok(
        "chat", "-w", workspace, "--create", "-s", "cli:kai", "--no-dream", input=script
    ).stdout
    assert "Started a new conversation. The previous 4 messages were summarised" in out
    assert "already empty" in out
    sessions = SessionManager(workspace)
    assert sessions.get_or_create("cli:kai").messages == []
    archived = sessions.transcripts.read("cli:kai")
    assert [m["content"] for m in archived if m["role"] == "user"] == [
        "I am allergic to shellfish.",
        "We decided to use Rust for the parser.",
    ]
    (entry,) = MemoryStore(workspace).read_unprocessed_history(0)
    assert entry["session_key"] == "cli:kai" and "shellfish" in entry["content"]


def test_chat_in_a_pseudo_terminal(pending: Path) -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "reverie", "chat", "-w", str(pending), "--no-dream"],
        env=_env(),
        encoding="utf-8",
        timeout=DEADLINE,
        dimensions=(50, 140),
    )
    try:
        child.expect("No model is configured")
        child.expect("you>")
        child.sendline("My name is Maya and I prefer metric units.")
        child.expect("reverie>")
        child.expect("offline provider")
        child.expect("you>")
        child.sendline("/status")
        child.expect("pending")
        child.expect("Context use")
        child.expect("you>")
        child.sendline("/dream")
        child.expect("Dream completed")
        child.expect("you>")
        child.sendline("/dream-log")
        child.expect("Dream-Cursors")
        child.expect("you>")
        child.sendline("Thanks, that is all for today.")
        child.expect("reverie>")
        child.expect("you>")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert [m["role"] for m in said(pending)] == ["user", "assistant", "user", "assistant"]
    assert SessionManager(pending).get_or_create("cli:default").messages == []  # handed over
    store = MemoryStore(pending)
    assert store.get_latest_cursor() == store.get_last_dream_cursor() + 1


def test_chat_against_a_loopback_openai_compatible_server(
    server: Any, fakes: Any, tmp_path: Path
) -> None:
    server.script(
        fakes.openai_reply("Nice to meet you, Ada. Noted: you prefer tea."),
        fakes.openai_reply("You told me you prefer tea."),
        fakes.openai_reply("[permanent] User is Ada and prefers tea."),  # the handover
    )
    workspace = tmp_path / "ws"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "reverie",
            "chat",
            "-w",
            str(workspace),
            "--provider",
            "openai-compatible",
            "--model",
            "test-model",
            "--base-url",
            f"{server.url}/v1",
            "--no-dream",
            "--create",
        ],
        input="Hi, I'm Ada and I prefer tea.\nWhat do I drink?\n",
        capture_output=True,
        text=True,
        env=_env(),
        timeout=DEADLINE,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Nice to meet you, Ada. Noted: you prefer tea.",
        "You told me you prefer tea.",
    ]
    assert "No model is configured" not in done.stderr
    first, second, summary = (request.body for request in server.requests)
    assert server.requests[0].path == "/v1/chat/completions"
    assert first["model"] == "test-model"
    assert first["messages"][0]["role"] == "system"
    assert "# Soul" in first["messages"][0]["content"]  # the workspace's SOUL.md
    assert [m["content"] for m in second["messages"][1:]] == [
        "Hi, I'm Ada and I prefer tea.",
        "Nice to meet you, Ada. Noted: you prefer tea.",
        "What do I drink?",
    ]
    assert "What do I drink?" in str(summary["messages"])
    assert len(said(workspace)) == 4
    (entry,) = MemoryStore(workspace).read_unprocessed_history(0)
    assert entry["content"] == "[permanent] User is Ada and prefers tea."


def test_chat_reports_a_failing_server_and_keeps_the_message(
    server: Any, fakes: Any, tmp_path: Path
) -> None:
    server.script(*[fakes.openai_error(401, "bad key", "invalid_request_error")] * 4)
    workspace = tmp_path / "ws"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "reverie",
            "chat",
            "-w",
            str(workspace),
            "--provider",
            "openai-compatible",
            "--model",
            "m",
            "--base-url",
            f"{server.url}/v1",
            "--no-dream",
            "--create",
        ],
        input="Remember that my locker code is 4711.\n",
        capture_output=True,
        text=True,
        env=_env(),
        timeout=DEADLINE,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Error:" in done.stdout and "bad key" in done.stdout
    messages = said(workspace)
    assert messages[0]["content"] == "Remember that my locker code is 4711."
    assert json.dumps(messages)  # stored as plain JSON
    # The model failed the handover too: the words went to history verbatim.
    (entry,) = MemoryStore(workspace).read_unprocessed_history(0)
    assert entry["content"].startswith("[RAW]") and "4711" in entry["content"]


def test_dream_runs_on_its_schedule_after_a_turn(cli: Any, pending: Path) -> None:
    store = MemoryStore(pending)
    waiting = store.get_latest_cursor()
    assert store.get_last_dream_cursor() < waiting
    # Dream never ran in this workspace, so it is due as soon as the chat has a turn.
    result = cli.ok("chat", "-w", pending, input="Good morning, I start work at 9.\n")
    assert "Scheduled Dream: Dream completed" in result.stderr
    assert store.get_last_dream_cursor() >= waiting  # (the chat's own entry came after)
    # Now it is not due again for dream.interval_h hours: a second chat leaves it alone.
    again = cli.ok("chat", "-w", pending, input="One more thing.\n")
    assert "Scheduled Dream" not in again.stderr


def test_hints_in_chat_name_the_slash_commands(cli: Any, ingested: Path) -> None:
    out = cli.ok(
        "chat", "-w", ingested, "--no-dream", input="/dream-restore\n/dream-prompt\n"
    ).stdout
    assert "/dream-restore <sha>" in out and "/dream-prompt init" in out
    assert "reverie dream" not in out
