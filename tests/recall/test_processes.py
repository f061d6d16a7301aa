"""Several processes share one index; a writer killed mid-update loses nothing."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from .conftest import Recall

_OPEN = """
import sys
from pathlib import Path
from reverie.recall import RecallIndex
from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore
ws = Path(sys.argv[1])
store, sessions = MemoryStore(ws), SessionManager(ws)
"""


def _run(code: str, workspace: Path, *args: str) -> subprocess.Popen[str]:
    script = textwrap.dedent(_OPEN) + textwrap.dedent(code)
    return subprocess.Popen(
        [sys.executable, "-c", script, str(workspace), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(process: subprocess.Popen[str], timeout: float = 120) -> str:
    try:
        out, err = process.communicate(timeout=timeout)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    return out


def _many_turns(recall: Recall, count: int) -> None:
    turns = [
        ("user" if i % 2 == 0 else "assistant", f"turn {i} about subject{i} and lighthouse")
        for i in range(count)
    ]
    recall.say("cli:bulk", *turns)


def test_another_process_writes_and_this_index_sees_it(recall: Recall) -> None:
    recall.say("cli:a", ("user", "first words"))
    assert recall.index.search("first")
    writer = _run(
        """
        store.append_history("[durable] The boat is called Marlin.")
        session = sessions.get_or_create("cli:a")
        session.add_message("user", "the second words mention Kestrel")
        sessions.save(session)
        """,
        recall.path,
    )
    _finish(writer)
    assert recall.index.search("Marlin boat", kinds=["history"])
    kestrel = recall.index.search("Kestrel")[0]
    assert (kestrel.session_key, kestrel.start) == ("cli:a", 1) or kestrel.end == 2


def test_processes_syncing_at_once_index_each_message_once(recall: Recall) -> None:
    _many_turns(recall, 1500)
    for cursor in range(30):
        recall.store.append_history(f"entry {cursor} about falcons")
    readers = [
        _run(
            """
            with RecallIndex(ws, store=store, sessions=sessions) as index:
                print(len(index.search("lighthouse", k=5)))
            """,
            recall.path,
        )
        for _ in range(3)
    ]
    outputs = [_finish(reader) for reader in readers]
    assert all(out.strip() == "5" for out in outputs)
    db = sqlite3.connect(recall.index.path)
    try:
        assert db.execute("SELECT count(*) FROM messages").fetchone()[0] == 1500
        assert db.execute("SELECT count(*) FROM history").fetchone()[0] == 30
        fts = db.execute(
            "SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'lighthouse'"
        ).fetchone()[0]
        assert fts == 1500
    finally:
        db.close()


def test_a_writer_killed_mid_update_leaves_no_trace_and_the_next_sync_repairs(
    recall: Recall,
) -> None:
    _many_turns(recall, 600)
    writer = _run(
        """
        import threading
        from reverie.recall import rows
        original = rows.RowWriter.put_message
        count = 0
        def stuck(self, *args, **kwargs):
            global count
            original(self, *args, **kwargs)
            count += 1
            if count == 100:
                # mid-transaction until killed: the update cannot finish first, however busy
                print("writing", flush=True)
                threading.Event().wait()
        rows.RowWriter.put_message = stuck
        RecallIndex(ws, store=store, sessions=sessions).sync()
        print("finished", flush=True)
        """,
        recall.path,
    )
    try:
        assert writer.stdout is not None
        deadline = time.monotonic() + 120
        line = ""
        while time.monotonic() < deadline and not line:
            line = writer.stdout.readline().strip()
        assert line == "writing"
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=60)
    finally:
        if writer.poll() is None:
            writer.kill()
        writer.communicate()
    db = sqlite3.connect(recall.index.path)
    try:
        # The killed transaction never committed: not one row of it is visible.
        assert db.execute("SELECT count(*) FROM messages").fetchone()[0] == 0
    finally:
        db.close()
    hits = recall.index.search("subject599 lighthouse", k=1)
    assert hits and hits[0].end == 600
    assert recall.index.stats()["messages"] == 600
