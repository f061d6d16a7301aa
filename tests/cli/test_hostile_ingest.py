"""Hostile files given to ``reverie ingest``, run as a real process: it finishes, or says why."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# Half an emoji (a broken \ud83d escape) and a lone low surrogate, as JSON escapes.
SURROGATES = [
    '{"role": "user", "content": "Half an emoji \\ud83d here; we use Redpanda \\ud800."}',
    '{"role": "assistant", "content": "Noted \\udfff."}',
]


def reverie(*args: str | Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run the real command line, offline, in its own process (killed after ``timeout``)."""
    return subprocess.run(
        [sys.executable, "-m", "reverie", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={"COLUMNS": "200", "NO_COLOR": "1", "PATH": os.environ.get("PATH", "")},
    )


def test_a_lone_surrogate_imports_and_a_rerun_skips_it(tmp_path: Path) -> None:
    source = tmp_path / "chat.jsonl"
    source.write_text("\n".join(SURROGATES) + "\n")
    workspace = tmp_path / "ws"

    first = reverie("ingest", source, "-w", workspace, "--json")
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["sessions"] == ["ingest:chat"]
    again = reverie("ingest", source, "-w", workspace, "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["sessions"] == []  # complete: nothing imported twice

    shown = reverie("sessions", "show", "ingest:chat", "-w", workspace)
    assert shown.returncode == 0 and "Traceback" not in shown.stderr, shown.stderr
    assert "we use Redpanda" in shown.stdout
    as_json = reverie("sessions", "show", "ingest:chat", "-w", workspace, "--json")
    messages = json.loads(as_json.stdout)["messages"]
    assert messages[0]["content"] == "Half an emoji \ud83d here; we use Redpanda \ud800."
    history = reverie("history", "tail", "-w", workspace)
    assert history.returncode == 0 and "Traceback" not in history.stderr, history.stderr


def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "export.jsonl"
    os.mkfifo(fifo)

    done = reverie("ingest", fifo, "-w", tmp_path / "ws", timeout=60)

    assert done.returncode == 1
    assert "export.jsonl: a named pipe (FIFO), not a regular file" in done.stderr
    assert "reads regular files only" in done.stderr


def test_dev_zero_is_refused_at_once(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    done = reverie("ingest", "/dev/zero", "-w", tmp_path / "ws", timeout=60)

    assert done.returncode == 1
    assert "zero: a character device, not a regular file" in done.stderr


def test_a_file_over_the_size_limit_names_the_limit(tmp_path: Path) -> None:
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as handle:
        handle.truncate((1 << 30) + 1)  # sparse: no disk space used

    done = reverie("ingest", huge, "-w", tmp_path / "ws", timeout=60)

    assert done.returncode == 1
    assert "huge.jsonl: larger than the ingest file size limit of 1 GiB" in done.stderr
