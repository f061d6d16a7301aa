"""Leaving a chat hands what was said to history, so Dream can act on it; nothing is lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect

from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore


def _env() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("REVERIE_") and not k.endswith("_API_KEY") and k != "OPENAI_BASE_URL"
    }
    env.update({"COLUMNS": "160", "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"})
    return env


def _said(workspace: Path, key: str = "cli:default") -> list[str]:
    """Every user message of the session: archived ones first, then those in the file."""
    sessions = SessionManager(workspace)
    messages = sessions.transcripts.read(key) + sessions.get_or_create(key).messages
    return [str(m["content"]) for m in messages if m["role"] == "user"]


def _spawn(workspace: Path, *args: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "reverie", "chat", "-w", str(workspace), "--no-dream", *args],
        env=_env(),
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 160),
    )


def test_dream_right_after_a_chat_has_the_chat_to_work_on(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    said = "I prefer oolong tea in the afternoon.\n"
    left = cli.ok("chat", "-w", workspace, "--create", "--no-dream", input=said)
    assert "Bye. This conversation (2 messages) is summarised in history as entry #1" in (
        left.stderr
    )
    (entry,) = MemoryStore(workspace).read_unprocessed_history(0)
    assert entry["session_key"] == "cli:default" and "oolong" in entry["content"]
    assert entry["source"] == {"session_key": "cli:default", "start": 0, "end": 2}

    dreamed = cli.ok("dream", "run", "-w", workspace).stdout
    assert "Nothing to dream about" not in dreamed
    assert "Dream completed: processed history 1-1" in dreamed
    memory = (workspace / "USER.md").read_text("utf-8") + (
        workspace / "memory" / "MEMORY.md"
    ).read_text("utf-8")
    assert "oolong" in memory


def test_ctrl_d_at_the_terminal_hands_the_chat_over(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    child = _spawn(workspace, "--create")
    try:
        child.expect("you>")
        child.sendline("We decided to deploy Harbor on Thursdays.")
        child.expect("reverie>")
        child.expect("you>")
        child.sendeof()
        child.expect(r"Bye\. This conversation \(2 messages\) is summarised in history")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    session = SessionManager(workspace).get_or_create("cli:default")
    assert session.messages == [] and session.archived_offset == 2
    assert _said(workspace) == ["We decided to deploy Harbor on Thursdays."]
    assert MemoryStore(workspace).get_latest_cursor() == 1


def test_slash_exit_and_quit_hand_the_chat_over_too(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    for number, command in enumerate(("/exit", "/quit"), start=1):
        script = f"I prefer running {number * 5} km on Sundays.\n{command}\nnever read\n"
        out = cli.ok("chat", "-w", workspace, "--create", "--no-dream", input=script).stdout
        assert f"is summarised in history as entry #{number}" in out
    assert _said(workspace) == [
        "I prefer running 5 km on Sundays.",
        "I prefer running 10 km on Sundays.",
    ]
    entries = MemoryStore(workspace).read_unprocessed_history(0)
    assert [e["source"]["start"] for e in entries] == [0, 2]


def test_a_killed_chat_loses_nothing_and_the_next_one_hands_it_over(
    cli: Any, tmp_path: Path
) -> None:
    workspace = tmp_path / "ws"
    child = _spawn(workspace, "--create")
    try:
        child.expect("you>")
        child.sendline("My locker code is 4711.")
        child.expect("reverie>")
        child.expect("you>")
        child.kill(signal.SIGKILL)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    # Killed: nothing was handed over, but the words are in the session file.
    assert SessionManager(workspace).get_or_create("cli:default").messages[0]["content"] == (
        "My locker code is 4711."
    )
    assert MemoryStore(workspace).get_latest_cursor() == 0

    left = cli.ok("chat", "-w", workspace, "--no-dream", input="I prefer aisle seats.\n")
    assert "This conversation (4 messages)" in left.stderr
    (entry,) = MemoryStore(workspace).read_unprocessed_history(0)
    assert entry["source"] == {"session_key": "cli:default", "start": 0, "end": 4}
    assert _said(workspace) == ["My locker code is 4711.", "I prefer aisle seats."]


def test_a_chat_with_nothing_new_leaves_the_session_as_it_was(cli: Any, ingested: Path) -> None:
    before = SessionManager(ingested).get_or_create("cli:maya").messages
    latest = MemoryStore(ingested).get_latest_cursor()
    out = cli.ok("chat", "-w", ingested, "-s", "cli:maya", "--no-dream", input="/status\n/quit\n")
    assert "Nothing new was said" in out.stdout
    assert SessionManager(ingested).get_or_create("cli:maya").messages == before
    assert MemoryStore(ingested).get_latest_cursor() == latest


def test_a_second_chat_continues_from_the_first_ones_summary(
    server: Any, fakes: Any, tmp_path: Path
) -> None:
    server.script(
        fakes.openai_reply("Nice to meet you, Ada. Noted: you prefer tea."),
        fakes.openai_reply("[permanent] User is called Ada and prefers tea over coffee."),
        fakes.openai_reply("Tea, as you told me."),
        fakes.openai_reply("[durable] Ada asked what she drinks; the answer was tea."),
    )
    workspace = tmp_path / "ws"
    command = [
        sys.executable,
        "-m",
        "reverie",
        "chat",
        "-w",
        str(workspace),
        "--create",
        "--provider",
        "openai-compatible",
        "--model",
        "test-model",
        "--base-url",
        f"{server.url}/v1",
        "--no-dream",
    ]
    for line in ("Hi, I'm Ada and I prefer tea.\n", "What do I drink?\n"):
        done = subprocess.run(
            command, input=line, capture_output=True, text=True, env=_env(), timeout=60
        )
        assert done.returncode == 0, done.stderr
    _, summary1, turn2, summary2 = (request.body for request in server.requests)
    assert "Hi, I'm Ada and I prefer tea." in str(summary1["messages"])
    assert "Nice to meet you, Ada" in str(summary1["messages"])
    # The second chat starts from the first one's summary, not from nothing.
    system = turn2["messages"][0]["content"]
    assert "User is called Ada and prefers tea over coffee." in system
    assert [m["content"] for m in turn2["messages"][1:]] == ["What do I drink?"]
    assert "What do I drink?" in str(summary2["messages"])
    entries = MemoryStore(workspace).read_unprocessed_history(0)
    assert [e["content"] for e in entries] == [
        "[permanent] User is called Ada and prefers tea over coffee.",
        "[durable] Ada asked what she drinks; the answer was tea.",
    ]
