"""Processes saving and archiving one session at once never corrupt or lose it."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import reverie
from reverie.sessions.manager import SessionManager
from reverie.sessions.transcripts import TranscriptArchive
from suite_tools import DEADLINE, ChildProcesses

SAVER = textwrap.dedent(
    """
    import sys
    from reverie.sessions.manager import SessionManager

    workspace, name, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    manager = SessionManager(workspace)
    for i in range(rounds):
        with manager.lock("shared:key"):
            manager.invalidate("shared:key")
            session = manager.get_or_create("shared:key")
            session.add_message("user", f"{name} {i} " + "x" * 2000)
            manager.save(session)
            if i % 10 == 9:
                manager.archive_and_drop(session, 5, reason="compact")
    """
)


def test_concurrent_read_modify_save_under_the_lock_loses_nothing(
    workspace: Path, children: ChildProcesses
) -> None:
    rounds = 30
    env = {**os.environ, "PYTHONPATH": str(Path(reverie.__file__).parents[1])}
    procs = [
        children.popen([sys.executable, "-c", SAVER, str(workspace), name, str(rounds)], env=env)
        for name in ("alpha", "beta")
    ]
    reader = SessionManager(workspace)
    seen = 0
    while any(proc.poll() is None for proc in procs):
        reader.invalidate("shared:key")
        session = reader.get_or_create("shared:key")
        assert all(m["role"] == "user" for m in session.messages)
        seen += 1
    assert [proc.wait(timeout=DEADLINE) for proc in procs] == [0, 0]

    session = SessionManager(workspace).get_or_create("shared:key")
    archived = TranscriptArchive(workspace).read("shared:key", 0, session.archived_offset)
    everything = [m["content"].split(" ")[:2] for m in archived + session.messages]
    assert len(everything) == 2 * rounds == session.total_messages
    for name in ("alpha", "beta"):
        assert [int(i) for who, i in everything if who == name] == list(range(rounds))
    sessions_dir = workspace / "sessions"
    assert sorted(p.name for p in sessions_dir.iterdir() if not p.name.startswith(".")) == [
        session_path.name for session_path in [reader.session_path("shared:key")]
    ]
    assert seen > 0
