"""Hostile lines in the workspace's own files, met by real ``reverie`` processes.

A line of 100,000 nested brackets once crashed status, search, Dream and chat
with RecursionError. Each damaged line is one bad line now: skipped with a
warning naming its file and line, and every command finishes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from reverie.sessions.keys import session_filename
from reverie.store.memory_store import MemoryStore

DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 100_000 + "1" + "}" * 100_000


def reverie(*args: str | Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the real command line, offline, in its own process."""
    return subprocess.run(
        [sys.executable, "-m", "reverie", *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={"COLUMNS": "200", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"},
    )


def insert_line(path: Path, number: int, line: str) -> None:
    """Put ``line`` in as line ``number`` (1-based) of ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(number - 1, line + "\n")
    path.write_text("".join(lines), encoding="utf-8")


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    """A workspace whose history (line 2) and session (line 3) hold a 100,000-deep line."""
    workspace = tmp_path / "ws"
    store = MemoryStore(workspace)
    for text in ("[durable] The team uses Redpanda.", "[durable] Deploys on Fridays."):
        store.append_history(text, session_key="cli:maya")
    insert_line(store.history_file, 2, DEEP)
    session = workspace / "sessions" / session_filename("cli:maya")
    session.parent.mkdir()
    lines = [{"_type": "metadata", "key": "cli:maya", "last_consolidated": 0}]
    lines += [{"role": r, "content": f"{r} {i}"} for i in range(2) for r in ("user", "assistant")]
    session.write_text("".join(json.dumps(line) + "\n" for line in lines))
    insert_line(session, 3, DEEP_OBJECT)
    return workspace


@pytest.mark.parametrize(
    "command",
    [
        ("status",),
        ("history", "search", "Redpanda"),
        ("history", "tail"),
        ("sessions", "show", "cli:maya"),
        ("dream", "run"),
        ("recall", "Redpanda"),
    ],
    ids=lambda command: " ".join(command),
)
def test_a_deeply_nested_line_is_one_bad_line_for_every_command(
    damaged: Path, command: tuple[str, ...]
) -> None:
    done = reverie(*command, "-w", damaged)

    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "RecursionError" not in done.stderr
    if command[0] in ("history", "dream", "status"):
        assert "history.jsonl line 2: skipping a line with JSON nested too deeply" in done.stderr
    if command[1:] == ("search", "Redpanda") or command[0] == "recall":
        assert "Redpanda" in done.stdout
    if command[0] == "sessions":
        assert "line 3: JSON nested deeper than 128 levels" in done.stderr
        assert "user 0" in done.stdout and "assistant 1" in done.stdout


def test_chat_on_a_session_with_a_deeply_nested_line_answers(damaged: Path) -> None:
    done = reverie("chat", "-w", damaged, "-s", "cli:maya", "--no-dream", stdin="hello\n")

    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "line 3: JSON nested deeper than 128 levels" in done.stderr


def test_ingest_names_the_file_and_line_of_a_deeply_nested_record(tmp_path: Path) -> None:
    source = tmp_path / "export.jsonl"
    good = [
        {"role": "user", "content": "We picked Redpanda."},
        {"role": "assistant", "content": "ok"},
    ]
    source.write_text(json.dumps(good[0]) + "\n" + DEEP + "\n" + json.dumps(good[1]) + "\n")

    done = reverie("ingest", source, "-w", tmp_path / "ws")

    # Exit 1 says a record was left out; everything else was imported.
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "export.jsonl: line 2: JSON nested deeper than 128 levels" in done.stderr
    listed = reverie("sessions", "show", "ingest:export", "-w", tmp_path / "ws")
    assert "We picked Redpanda." in listed.stdout


def test_ingest_of_a_deeply_nested_json_file_names_the_file(tmp_path: Path) -> None:
    source = tmp_path / "export.json"
    source.write_text('{"messages": ' + DEEP + "}")

    done = reverie("ingest", source, "-w", tmp_path / "ws")

    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "export.json: JSON nested deeper than 128 levels" in done.stderr


@pytest.mark.parametrize(
    "target", ["USER.md", "memory/history.jsonl", "memory/.dream_cursor", "prompts/dream.md"]
)
def test_a_named_pipe_in_the_workspace_is_an_error_naming_it_not_a_hang(
    damaged: Path, target: str
) -> None:
    fifo = damaged / target
    fifo.parent.mkdir(parents=True, exist_ok=True)
    fifo.unlink(missing_ok=True)
    os.mkfifo(fifo)

    done = reverie("dream", "run", "-w", damaged)  # reads every one of them

    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert f"{fifo}: a named pipe (FIFO), not a regular file" in done.stderr.replace("\n", "")


def test_recall_keeps_the_indexes_of_messages_after_a_lost_line(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    session = workspace / "sessions" / session_filename("cli:maya")
    session.parent.mkdir(parents=True)
    lines = [{"_type": "metadata", "key": "cli:maya", "last_consolidated": 0}]
    lines += [{"role": "user", "content": f"note {i}: nothing much"} for i in range(5)]
    lines[4]["content"] = "note 3: the team picked Redpanda"
    text = "".join(json.dumps(line) + "\n" for line in lines)
    session.write_text(text.replace('"note 1: nothing much"}', '"note 1: nothi'))  # cut

    done = reverie("recall", "Redpanda", "-w", workspace, "--json")

    assert done.returncode == 0, done.stderr
    [hit] = [h for h in json.loads(done.stdout) if "Redpanda" in h["text"]]
    # Message 3 is still message 3, though message 1 is lost (a hit shows one line
    # per message from its start, and may include the turns around it).
    offset = next(i for i, line in enumerate(hit["text"].splitlines()) if "Redpanda" in line)
    assert hit["start"] + offset == 3
