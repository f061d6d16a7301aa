"""``reverie chat`` and sessions: one chat per session, idle ones compacted, errors shown."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pexpect
import pytest

from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore
from suite_tools import DEADLINE, child_env


def _env() -> dict[str, str]:
    return child_env(COLUMNS="120", NO_COLOR="1", PYTHONUNBUFFERED="1")


def _user_lines(workspace: Path, key: str) -> list[str]:
    sessions = SessionManager(workspace)
    archived = sessions.transcripts.read(key)
    live = sessions.get_or_create(key).messages
    return [str(m["content"]) for m in archived + live if m["role"] == "user"]


def test_a_second_chat_on_an_open_session_is_refused(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    cli.ok("init", "-w", workspace)
    first = subprocess.Popen(
        [sys.executable, "-m", "reverie", "chat", "-w", str(workspace), "--no-dream"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=_env(),
    )
    try:
        assert first.stdin is not None and first.stdout is not None
        first.stdin.write("I keep my bike in the blue shed.\n")
        first.stdin.flush()
        assert "offline provider" in first.stdout.readline()  # the turn is done

        refused = cli.run(
            "chat", "-w", workspace, "--no-dream", input="I keep my kayak at the lake.\n"
        )
        assert refused.exit_code == 1
        assert "session 'cli:default' is open in another `reverie chat`" in refused.stderr
        assert "--session" in refused.stderr
        # Deleting it now would be undone by the chat's next save: refused too.
        kept = cli.run("sessions", "delete", "cli:default", "--yes", "-w", workspace)
        assert kept.exit_code == 1
        assert "open in another `reverie chat`" in kept.stderr
        assert "leave that chat first" in kept.stderr
        # Another session of the same workspace is free.
        cli.ok("chat", "-w", workspace, "-s", "cli:other", "--no-dream", input="Hello.\n")

        first.stdin.write("It is locked with a code.\n")
        first.stdin.close()
        assert first.wait(timeout=DEADLINE) == 0
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
        if first.stdout is not None:
            first.stdout.close()
    assert _user_lines(workspace, "cli:default") == [
        "I keep my bike in the blue shed.",
        "It is locked with a code.",
    ]
    assert not list((workspace / "sessions").glob("*.conflict-*"))
    # Once the first chat has left, the session opens again.
    cli.ok("chat", "-w", workspace, "--no-dream", input="I keep my kayak at the lake.\n")
    assert _user_lines(workspace, "cli:default")[-1] == "I keep my kayak at the lake."


def test_an_empty_session_key_is_a_user_error(cli: Any, tmp_path: Path) -> None:
    result = cli.run("chat", "-w", tmp_path / "ws", "-s", " ", input="hi\n")
    assert result.exit_code == 1
    assert "--session is empty" in result.stderr


def test_chat_compacts_sessions_idle_past_the_ttl(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    cli.ok("init", "-w", workspace)
    (workspace / "reverie.toml").write_text("session_ttl_minutes = 30\n", encoding="utf-8")
    sessions = SessionManager(workspace)
    old = sessions.get_or_create("telegram:ines")
    said = [f"I prefer to water basil pot {n} every {n + 1} days." for n in range(8)]
    for text in said:
        old.add_message("user", text)
        old.add_message("assistant", "Noted.")
    old.updated_at = datetime.now() - timedelta(hours=3)
    sessions.save(old)

    cli.ok("chat", "-w", workspace, "-s", "cli:ines", "--no-dream", input="Good morning.\n")

    # The idle session was compacted in the background: the tail stays replayable,
    # the rest went to history and, verbatim, to the transcript archive.
    after = SessionManager(workspace)
    kept = after.get_or_create("telegram:ines")
    assert 0 < len(kept.messages) <= 8 and kept.messages[0]["role"] == "user"
    assert _user_lines(workspace, "telegram:ines") == said
    entries = MemoryStore(workspace).read_unprocessed_history(0)
    assert entries[0]["session_key"] == "telegram:ines"
    assert "basil" in entries[0]["content"]
    # The session being chatted in was not compacted as idle: it was handed over,
    # whole, when the chat ended.
    assert _user_lines(workspace, "cli:ines") == ["Good morning."]
    assert {e["session_key"] for e in entries} <= {"telegram:ines", "cli:ines"}


def test_without_a_ttl_idle_sessions_are_left_alone(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    sessions = SessionManager(workspace)
    old = sessions.get_or_create("telegram:ines")
    for n in range(8):
        old.add_message("user", f"Fact {n}: the basil needs sun.")
        old.add_message("assistant", "Noted.")
    old.updated_at = datetime.now() - timedelta(days=30)
    sessions.save(old)
    cli.ok("chat", "-w", workspace, "-s", "cli:ines", "--no-dream", input="Hi.\n")
    assert len(SessionManager(workspace).get_or_create("telegram:ines").messages) == 16
    assert MemoryStore(workspace).get_latest_cursor() == 0


def test_a_failed_command_is_shown_as_text_not_markup(cli: Any, ingested: Path) -> None:
    result = cli.ok("chat", "-w", ingested, "--no-dream", input="/dream-log zzz\n")
    assert "/dream-log failed: unknown commit 'zzz'" in result.stdout
    assert "**" not in result.stdout


def test_the_terminal_prompt_has_line_editing_and_history(tmp_path: Path) -> None:
    pytest.importorskip("readline")
    workspace = tmp_path / "ws"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "reverie", "chat", "-w", str(workspace), "--create", "--no-dream"],
        env=_env(),
        encoding="utf-8",
        timeout=DEADLINE,
        dimensions=(40, 120),
    )
    try:
        child.expect("you> ")
        child.sendline("My desk is by the window.")
        child.expect("you> ")
        child.send("\x1b[A")  # arrow up: the previous line comes back to be edited
        child.send("\x1b[D" * len("window."))  # arrow left, into the line
        child.sendline("north ")
        child.expect("you> ")
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert _user_lines(workspace, "cli:default") == [
        "My desk is by the window.",
        "My desk is by the north window.",
    ]
