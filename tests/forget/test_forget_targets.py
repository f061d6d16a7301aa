"""`reverie forget --cursor N` and `--session KEY`: exactly what they remove, and what they keep."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from reverie import Workspace
from reverie.errors import UserError
from reverie.forget import PLACEHOLDER


async def _workspace_with_two_sessions(path: Path) -> tuple[Workspace, int]:
    """Alice's early turns summarised into one entry (then folded by Dream); Bob untouched."""
    ws = Workspace.open(path)
    alice = ws.sessions.get_or_create("cli:alice")
    for text in (
        "I moved to Lisbon last year.",
        "My badge number is 77-ALPHA-31.",
        "I work on the billing service.",
        "Thanks!",
        "Let's talk about lunch.",
        "I prefer sushi.",
    ):
        alice.add_message("user", text)
        alice.add_message("assistant", "Noted.")
    ws.sessions.save(alice)
    summary = await ws.consolidator.compact_idle_session("cli:alice", max_suffix=4)
    assert summary  # the offline provider wrote an entry with a source range
    bob = ws.sessions.get_or_create("cli:bob")
    bob.add_message("user", "I keep bees.")
    ws.sessions.save(bob)
    ws.store.append_history("[permanent] Bob keeps bees.", session_key="cli:bob")
    entries = ws.store.history.read_since(0)
    alice_entry = next(e for e in entries if e.session_key == "cli:alice")
    result = await ws.dream().run()
    assert result.status == "completed", result.reason
    return ws, alice_entry.cursor


async def test_cursor_forgets_the_entry_and_blanks_its_messages(workspace: Path) -> None:
    ws, cursor = await _workspace_with_two_sessions(workspace)
    entry = next(e for e in ws.store.history.read_since(0) if e.cursor == cursor)
    assert entry.source is not None
    start, end = entry.source.start, entry.source.end
    others = [e.cursor for e in ws.store.history.read_since(0) if e.cursor != cursor]
    dream_keys = [r["key"] for r in ws.sessions.list_sessions() if r["key"].startswith("dream:")]
    assert dream_keys

    receipt = ws.forget(cursor=cursor)

    assert [e.cursor for e in ws.store.history.read_since(0)] == others
    archived = ws.sessions.read_range("cli:alice", start, end)
    assert len(archived) == end - start
    assert all(m["content"] == PLACEHOLDER for m in archived)
    assert {m["role"] for m in archived} == {"user", "assistant"}
    kept = ws.sessions.read_range("cli:alice", end, end + 4)
    assert any(m["content"] == "I prefer sushi." for m in kept)
    assert ws.sessions.get_or_create("cli:bob").messages[0]["content"] == "I keep bees."
    # The Dream run that read the entry is gone; its commit is named for review.
    remaining = [r["key"] for r in ws.sessions.list_sessions() if r["key"].startswith("dream:")]
    assert not set(dream_keys) & set(remaining)
    assert receipt.dream_sessions_deleted == dream_keys
    assert len(receipt.dream_commits) == 1
    assert "77-ALPHA-31" not in ws.sessions.transcripts.path_for("cli:alice").read_text()
    with pytest.raises(UserError, match=f"no entry with cursor {cursor}"):
        ws.store.expand_entry(cursor)
    with pytest.raises(UserError, match="no history entry has cursor"):
        ws.forget(cursor=cursor)


async def test_session_forgets_the_whole_conversation(workspace: Path) -> None:
    ws, _ = await _workspace_with_two_sessions(workspace)
    transcript = ws.sessions.transcripts.path_for("cli:alice")
    assert transcript.exists()
    bob_entries = [e.cursor for e in ws.store.history.read_since(0) if e.session_key == "cli:bob"]

    plan = ws.plan_forget(session="cli:alice")
    assert plan.changes_anything
    assert ws.sessions.session_path("cli:alice").exists()  # a plan changes nothing
    receipt = plan.apply()

    assert not ws.sessions.session_path("cli:alice").exists()
    assert not transcript.exists()
    assert [e.cursor for e in ws.store.history.read_since(0)] == bob_entries
    assert all("cli:alice" not in r["key"] for r in ws.sessions.list_sessions())
    assert ws.sessions.get_or_create("cli:bob").messages[0]["content"] == "I keep bees."
    assert receipt.dream_commits
    assert {c.path for c in receipt.files} >= {
        "memory/history.jsonl",
        f"sessions/{ws.sessions.session_path('cli:alice').name}",
    }
    # Conversations and history hold nothing of it; the memory files are Dream's to
    # review (receipt.dream_commits), not rewritten by a session forget.
    for folder in ("sessions", "memory/transcripts"):
        for path in (workspace / folder).rglob("*"):
            if path.is_file():
                assert b"77-ALPHA-31" not in path.read_bytes(), path
    assert b"77-ALPHA-31" not in ws.store.history_file.read_bytes()


def test_unknown_session_or_cursor_is_refused_and_nothing_changes(workspace: Path) -> None:
    ws = Workspace.open(workspace)
    with pytest.raises(UserError, match="no session 'cli:nobody'"):
        ws.plan_forget(session="cli:nobody")
    with pytest.raises(UserError, match="no history entry has cursor 5"):
        ws.plan_forget(cursor=5)
    with pytest.raises(UserError, match="one of them"):
        ws.plan_forget("some text", cursor=1)


def test_a_session_open_in_a_chat_is_refused(workspace: Path) -> None:
    ws = Workspace.open(workspace)
    session = ws.sessions.get_or_create("cli:default")
    session.add_message("user", "my pin is 90210-kappa")
    ws.sessions.save(session)
    env = {k: v for k, v in os.environ.items() if not k.startswith("REVERIE_")}
    chat = subprocess.Popen(
        [sys.executable, "-m", "reverie", "chat", "-w", str(workspace), "--no-dream"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        deadline = time.monotonic() + 120
        while True:  # wait until the chat holds its session
            try:
                ws.plan_forget("90210-kappa")
            except UserError as exc:
                assert "open in another `reverie chat`" in str(exc)
                break
            assert time.monotonic() < deadline, "the chat never took its session"
            time.sleep(0.05)
        with pytest.raises(UserError, match="open in another `reverie chat`"):
            ws.forget(session="cli:default")
        assert "90210-kappa" in ws.sessions.session_path("cli:default").read_text()
    finally:
        assert chat.stdin is not None
        chat.stdin.close()
        chat.wait(timeout=120)
    assert ws.forget("90210-kappa").remaining == []


def test_cursor_finds_its_messages_past_a_damaged_line(workspace: Path) -> None:
    ws = Workspace.open(workspace)
    session = ws.sessions.get_or_create("cli:a")
    for number in range(10):
        session.add_message("user", f"message number {number}")
    ws.sessions.save(session)
    cursor = ws.store.append_history(
        "[durable] numbers five and six",
        session_key="cli:a",
        source={"session_key": "cli:a", "start": 5, "end": 7},
    )
    path = ws.sessions.session_path("cli:a")
    lines = path.read_text().splitlines()
    lines[3] = '{"role": "user", "content": "message num'  # message 2's line, torn
    path.write_text("\n".join(lines) + "\n")

    ws.forget(cursor=cursor)

    ws.sessions.invalidate("cli:a")
    shown = [m["content"] for m in ws.sessions.read_range("cli:a", 0, 10)]
    assert shown[5] == shown[6] == PLACEHOLDER
    assert shown[4] == "message number 4" and shown[7] == "message number 7"
    copies = list(workspace.glob("sessions/*.corrupt-*"))
    assert copies, "the damaged file was kept before the save"
    for copy in copies:
        text = copy.read_text()
        assert "message number 5" not in text and "message number 6" not in text
        assert "message number 4" in text
