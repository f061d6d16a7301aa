"""The transcript archive keeps every message that leaves a session, addressable by index."""

from __future__ import annotations

import json
import logging
import os
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest

import reverie
from reverie.errors import StoreError, UserError
from reverie.sessions.keys import session_filename
from reverie.sessions.transcripts import TranscriptArchive
from suite_tools import DEADLINE, ChildProcesses


def msgs(*texts: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": text, "timestamp": "2026-04-03T10:00:00"} for text in texts]


def test_ranges_read_back_exactly(workspace: Path) -> None:
    archive = TranscriptArchive(workspace)
    batch = [
        *msgs("a", "b", "c"),
        {"role": "assistant", "content": None, "tool_calls": [{"id": "1"}], "extra": [1.5, None]},
    ]
    assert archive.append("cli:alice", batch, first_index=0, reason="compact") == 4
    assert archive.append("cli:alice", msgs("e", "f"), first_index=4) == 6
    assert archive.read("cli:alice", 0, 6) == batch + msgs("e", "f")
    assert archive.read("cli:alice", 1, 3) == batch[1:3]
    assert archive.read("cli:alice", 3) == batch[3:] + msgs("e", "f")
    assert archive.read("cli:alice", 5, 100) == msgs("f")
    assert archive.read("cli:alice", 6, 9) == []
    assert archive.read("cli:alice", 4, 4) == []
    assert archive.read("cli:bob") == []
    assert archive.next_index("cli:alice") == 6
    assert archive.next_index("cli:bob") == 0


def test_records_carry_key_index_time_and_reason(workspace: Path) -> None:
    archive = TranscriptArchive(workspace)
    archive.append("a/b:ü", msgs("x", "y"), first_index=7, reason="delete")
    path = archive.path_for("a/b:ü")
    assert path == workspace / "memory" / "transcripts" / session_filename("a/b:ü")
    records = list(archive.iter("a/b:ü"))
    assert [(r.session_key, r.index, r.reason) for r in records] == [
        ("a/b:ü", 7, "delete"),
        ("a/b:ü", 8, "delete"),
    ]
    assert records[0].message == msgs("x")[0]
    assert records[0].archived_at.endswith("+00:00")
    first_line = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert first_line["message"] == msgs("x")[0] and first_line["index"] == 7


def test_nothing_is_written_for_an_empty_batch(workspace: Path) -> None:
    archive = TranscriptArchive(workspace)
    assert archive.append("k", [], first_index=3) == 3
    assert not (workspace / "memory").exists()


@pytest.mark.durable
def test_torn_last_line_is_skipped_and_the_next_batch_is_intact(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    archive = TranscriptArchive(workspace)
    archive.append("k", msgs("a", "b"), first_index=0)
    path = archive.path_for("k")
    full = path.read_bytes()
    path.write_bytes(full + full.splitlines(keepends=True)[0][:25])  # a crash mid-write
    with caplog.at_level(logging.WARNING, logger="reverie"):
        assert archive.read("k") == msgs("a", "b")
    assert "torn line" in caplog.text and f"{path} line 3" in caplog.text
    assert archive.next_index("k") == 2

    archive.append("k", msgs("c"), first_index=2)
    assert archive.read("k") == msgs("a", "b", "c")


def test_retried_batch_is_read_once(workspace: Path) -> None:
    archive = TranscriptArchive(workspace)
    archive.append("k", msgs("a", "b"), first_index=0)
    archive.append("k", msgs("a", "b", "c"), first_index=0)  # retry after a crash before save
    assert archive.read("k") == msgs("a", "b", "c")
    assert [r.index for r in archive.iter("k")] == [0, 1, 2]


def test_foreign_and_broken_lines_are_skipped(workspace: Path) -> None:
    archive = TranscriptArchive(workspace)
    archive.append("k", msgs("a"), first_index=0)
    path = archive.path_for("k")
    with path.open("a", encoding="utf-8") as handle:
        handle.write("[1, 2]\n")
        handle.write('{"index": 1, "session_key": "other", "message": {"role": "user"}}\n')
        handle.write('{"index": -1, "session_key": "k", "message": {}}\n')
        handle.write('{"index": true, "session_key": "k", "message": {}}\n')
        handle.write(
            '{"session_key": "k", "index": 1, "message": {"role": "user", "content": "b"}}\n'
        )
    assert archive.read("k") == [*msgs("a"), {"role": "user", "content": "b"}]
    assert archive.read("k", 1, 2) == [{"role": "user", "content": "b"}]


def test_unserialisable_message_writes_nothing(workspace: Path) -> None:
    archive = TranscriptArchive(workspace)
    archive.append("k", msgs("a"), first_index=0)
    before = archive.path_for("k").read_bytes()
    with pytest.raises(StoreError, match=r"message 2 of session 'k'"):
        archive.append("k", [*msgs("b"), {"role": "user", "content": {1, 2}}], first_index=1)
    assert archive.path_for("k").read_bytes() == before


@pytest.mark.parametrize("bad", [-1, True, "0", None])
def test_indexes_must_be_counts(workspace: Path, bad: Any) -> None:
    archive = TranscriptArchive(workspace)
    with pytest.raises(UserError, match="first_index"):
        archive.append("k", msgs("a"), first_index=bad)
    with pytest.raises(UserError, match="start"):
        archive.read("k", bad)


def test_threads_appending_at_once_keep_every_batch_whole(workspace: Path) -> None:
    archive = TranscriptArchive(workspace)

    def worker(base: int) -> None:
        for batch in range(10):
            first = base + batch * 5
            archive.append("k", msgs(*(str(first + i) for i in range(5))), first_index=first)

    threads = [threading.Thread(target=worker, args=(base,)) for base in (0, 1000, 2000, 3000)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    indexes = [r.index for r in archive.iter("k")]
    assert sorted(indexes) == sorted(b + i for b in (0, 1000, 2000, 3000) for i in range(50))
    for start in range(0, len(indexes), 5):
        run = indexes[start : start + 5]
        assert run == list(range(run[0], run[0] + 5))


APPENDER = textwrap.dedent(
    """
    import sys
    from reverie.sessions.transcripts import TranscriptArchive

    workspace, base, batches, size = sys.argv[1], *map(int, sys.argv[2:5])
    archive = TranscriptArchive(workspace)
    for batch in range(batches):
        first = base + batch * size
        messages = [
            {"role": "user", "content": f"{first + i} " + "z" * 3000} for i in range(size)
        ]
        archive.append("shared", messages, first_index=first, reason="compact")
    """
)


def test_two_processes_interleave_whole_batches_only(
    workspace: Path, children: ChildProcesses
) -> None:
    batches, size = 40, 25  # each batch ~75 KB, larger than a pipe buffer or page
    env = {**os.environ, "PYTHONPATH": str(Path(reverie.__file__).parents[1])}
    procs = [
        children.popen(
            [sys.executable, "-c", APPENDER, str(workspace), str(base), str(batches), str(size)],
            env=env,
        )
        for base in (0, 100_000)
    ]
    assert [proc.wait(timeout=DEADLINE) for proc in procs] == [0, 0]
    archive = TranscriptArchive(workspace)
    raw_lines = archive.path_for("shared").read_bytes().split(b"\n")
    assert raw_lines[-1] == b""
    records = [json.loads(line) for line in raw_lines[:-1]]  # every line parses
    assert len(records) == 2 * batches * size
    indexes = [record["index"] for record in records]
    for start in range(0, len(indexes), size):
        run = indexes[start : start + size]
        assert run[0] % size == 0 and run == list(range(run[0], run[0] + size))
    for base in (0, 100_000):
        wanted = list(range(base, base + batches * size))
        got = archive.read("shared", base, base + batches * size)
        assert [int(m["content"].split(" ")[0]) for m in got] == wanted
