"""Many writers at once, and writers killed mid-stream: no duplicate, no lost cursor."""

from __future__ import annotations

import json
import multiprocessing
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from reverie.store.memory_store import MemoryStore
from suite_tools import DEADLINE, ChildProcesses

pytestmark = pytest.mark.durable  # crash tests: fsync on, as for users

PROCESSES = 8
APPENDS_PER_PROCESS = 300

_WRITER = """
import sys
from reverie.store.memory_store import MemoryStore
store = MemoryStore(sys.argv[1])
n = 0
while True:
    n += 1
    store.append_history("crash-test entry %d " % n + "x" * (n % 4000), session_key="w:1")
    if n % 50 == 0:
        print(n, flush=True)
"""


def _append_many(workspace: str, worker: int, start: multiprocessing.synchronize.Event) -> None:
    store = MemoryStore(workspace)
    start.wait(30)
    for index in range(APPENDS_PER_PROCESS):
        store.append_history(f"worker {worker} entry {index}", session_key=f"p:{worker}")


def _context() -> multiprocessing.context.BaseContext:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _cursors(store: MemoryStore) -> list[int]:
    lines = store.history_file.read_text("utf-8").splitlines()
    return [json.loads(line)["cursor"] for line in lines]


def test_processes_never_share_a_cursor(workspace: Path, children: ChildProcesses) -> None:
    context = _context()
    start = context.Event()
    workers = [
        context.Process(target=_append_many, args=(str(workspace), worker, start))
        for worker in range(PROCESSES)
    ]
    for process in workers:
        children.start(process)
    start.set()
    for process in workers:
        process.join(timeout=DEADLINE)
        assert process.exitcode == 0
    store = MemoryStore(workspace)
    total = PROCESSES * APPENDS_PER_PROCESS
    assert _cursors(store) == list(range(1, total + 1))  # every line parses, in order
    entries = store.read_unprocessed_history(0)
    assert len({(e["session_key"], e["content"]) for e in entries}) == total
    assert store.cursor_file.read_text() == str(total)
    assert store.append_history("after the storm") == total + 1


def test_threads_never_share_a_cursor(workspace: Path) -> None:
    store = MemoryStore(workspace)
    issued: list[int] = []
    guard = threading.Lock()

    def work(worker: int) -> None:
        for index in range(100):
            cursor = store.append_history(f"t{worker}-{index}")
            with guard:
                issued.append(cursor)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(issued) == list(range(1, 801))
    assert _cursors(store) == list(range(1, 801))


def test_readers_during_writes_see_consistent_prefixes(workspace: Path) -> None:
    store = MemoryStore(workspace)
    stop = threading.Event()
    problems: list[str] = []

    def read() -> None:
        reader = MemoryStore(workspace)
        while not stop.is_set():
            cursors = [e["cursor"] for e in reader.read_unprocessed_history(0)]
            if cursors != list(range(1, len(cursors) + 1)):
                problems.append(f"gap or disorder: {cursors[-5:]}")
            since = max(0, len(cursors) - 3)
            tail = [e["cursor"] for e in reader.read_unprocessed_history(since)]
            # Writes may land between the two reads: the tail read may only add to the end.
            if tail[: len(cursors) - since] != cursors[since:] or tail != list(
                range(since + 1, since + 1 + len(tail))
            ):
                problems.append(f"tail read {tail} disagrees with full read {cursors[since:]}")

    thread = threading.Thread(target=read)
    thread.start()
    try:
        for index in range(400):
            store.append_history(f"e{index}" + "y" * (index * 31 % 3000))
    finally:
        stop.set()
        thread.join()
    assert problems == []


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_writer_killed_mid_stream_leaves_a_readable_log(
    workspace: Path, children: ChildProcesses
) -> None:
    store = MemoryStore(workspace)
    for round_number in range(3):
        writer = children.popen(
            [sys.executable, "-c", _WRITER, str(workspace)], stdout=subprocess.PIPE, text=True
        )
        assert writer.stdout is not None
        target = 100 + 37 * round_number
        while int(writer.stdout.readline() or target) < target:
            pass
        time.sleep(0.01 * round_number)  # vary where in a write the kill lands
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=DEADLINE)
        writer.stdout.close()
        entries = store.read_unprocessed_history(0)
        cursors = [e["cursor"] for e in entries]
        assert cursors == list(range(1, len(cursors) + 1))
        assert len(cursors) >= 100
        assert store.get_latest_cursor() == cursors[-1]
        next_cursor = store.append_history(f"survivor {round_number}")
        assert next_cursor == cursors[-1] + 1
        assert store.read_unprocessed_history(cursors[-1])[0]["content"] == (
            f"survivor {round_number}"
        )
