"""What a first session shows: plain piped output, finished bars, labelled numbers, real times."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore


def test_the_dream_bar_ends_at_the_runs_done(cli: Any, maya: Path, tmp_path: Path) -> None:
    result = cli.ok("ingest", maya, "-w", tmp_path / "ws")
    (dream_row,) = [line for line in result.stderr.splitlines() if line.startswith("dream ")]
    assert "1/1" in dream_row and "completed" in dream_row
    history_row = next(line for line in result.stderr.splitlines() if "history entries" in line)
    counts = re.search(r"(\d+)/(\d+)", history_row)
    assert counts is not None and counts.group(1) == counts.group(2) != "0"


def test_status_says_what_its_numbers_count(cli: Any, ingested: Path) -> None:
    out = cli.ok("status", "-w", ingested).stdout
    row = next(line for line in out.splitlines() if "cli:maya" in line)
    cells = [cell.strip() for cell in row.strip("│ ").split("│")]
    assert cells[:3] == ["cli:maya", "42", "0"]  # 42 messages, none waiting to be summarised
    assert "not summarised" in out
    assert "not yet in history" in out  # the caption explains the columns
    assert "0/42" not in out


def test_sessions_list_leaves_dreams_own_sessions_out_unless_asked(
    cli: Any, ingested: Path
) -> None:
    plain = cli.ok("sessions", "list", "-w", ingested)
    assert "cli:maya" in plain.stdout and "dream:" not in plain.stdout
    assert "1 Dream session not listed" in plain.stderr and "--all" in plain.stderr
    rows = json.loads(cli.ok("sessions", "list", "-w", ingested, "--json").stdout)
    assert sorted(row["key"] for row in rows) == ["cli:maya", "telegram:maya"]
    every = json.loads(cli.ok("sessions", "list", "--all", "-w", ingested, "--json").stdout)
    assert [row["key"] for row in every if row["key"].startswith("dream:")]
    assert "dream:" in cli.ok("sessions", "list", "-a", "-w", ingested).stdout


def test_history_shows_when_the_conversation_happened(cli: Any, ingested: Path) -> None:
    # examples/maya.jsonl: cli:maya runs from March 2 to March 9, telegram:maya on March 6.
    rows = json.loads(cli.ok("history", "tail", "-w", ingested, "--json").stdout)
    said = [(row["session_key"], row["said_at"]) for row in rows]
    assert all(span is not None for _, span in said)
    firsts = {key: min(s["first"] for k, s in said if k == key) for key, _ in said}
    lasts = {key: max(s["last"] for k, s in said if k == key) for key, _ in said}
    assert firsts["cli:maya"] == "2026-03-02T09:12:00"
    assert lasts["cli:maya"] == "2026-03-09T10:12:00"
    assert firsts["telegram:maya"].startswith("2026-03-06T19:4")
    table = cli.ok("history", "tail", "-w", ingested).stdout
    assert "2026-03-02 09:12" in table and "2026-03-06 19:4" in table
    assert "2026-12" not in table and str(datetime.now().date()) not in table
    found = json.loads(cli.ok("history", "search", "Redpanda", "-w", ingested, "--json").stdout)
    assert found[0]["said_at"]["first"].startswith("2026-03-0")


def test_an_entry_spanning_days_shows_both(cli: Any, tmp_path: Path) -> None:
    sessions = SessionManager(tmp_path)
    session = sessions.get_or_create("cli:ana")
    session.add_message("user", "I prefer tea.", timestamp="2025-01-30T08:00:00")
    session.add_message("assistant", "Noted.", timestamp="2025-02-02T09:30:00")
    sessions.save(session)
    MemoryStore(tmp_path).append_history(
        "[permanent] User prefers tea.",
        session_key="cli:ana",
        source={"session_key": "cli:ana", "start": 0, "end": 2},
    )
    assert "2025-01-30 08:00 → 02-02" in cli.ok("history", "tail", "-w", tmp_path).stdout


def test_an_entry_naming_no_messages_keeps_its_written_time(cli: Any, tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("[durable] Written by hand.", session_key="cli:x")
    (row,) = json.loads(cli.ok("history", "tail", "-w", tmp_path, "--json").stdout)
    assert row["said_at"] is None
    assert row["timestamp"] in cli.ok("history", "tail", "-w", tmp_path).stdout


def _piped(workspace: Path, *args: str, stdin: str | None = None) -> str:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("REVERIE_") and k not in ("NO_COLOR", "FORCE_COLOR", "TERM")
    }
    env.update({"TERM": "xterm-256color", "COLUMNS": "100"})
    done = subprocess.run(
        [sys.executable, "-m", "reverie", *args, "-w", str(workspace)],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


def test_piped_output_has_no_escape_codes(maya: Path, tmp_path: Path) -> None:
    # A colour terminal is announced (TERM) but the output goes to a pipe: plain text.
    workspace = tmp_path / "ws"
    outputs = [
        _piped(workspace, "ingest", str(maya), "--create"),
        _piped(workspace, "status"),
        _piped(workspace, "history", "tail"),
        _piped(workspace, "blame", "Redpanda"),
        _piped(workspace, "dream", "log"),
        _piped(workspace, "sessions", "list"),
        _piped(workspace, "chat", stdin="I prefer window seats.\n/status\n/quit\n"),
    ]
    for output in outputs:
        assert "\x1b" not in output, output
    assert "Ingest summary" in outputs[0] and "Redpanda" in outputs[3]
