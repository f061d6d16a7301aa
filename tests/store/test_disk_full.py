"""Appends on a real disk that fills mid-write: all of a record or none of it."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from reverie.errors import StoreError
from reverie.sessions.transcripts import TranscriptArchive
from reverie.store.history import HistoryLog

BIG = "x" * 60_000  # larger than the space left, so the write stops part-way


def test_history_append_that_runs_out_of_space_leaves_no_torn_line(
    small_disk: Path, disk_filler: Any, caplog: pytest.LogCaptureFixture
) -> None:
    log = HistoryLog(small_disk / "memory")
    log.append("first")
    before = log.path.read_bytes()
    disk_filler.fill(leave=8192)

    with pytest.raises(StoreError, match=r"history\.jsonl.*No space left"):
        log.append(BIG)

    assert log.path.read_bytes() == before
    disk_filler.free()
    with caplog.at_level(logging.WARNING, logger="reverie"):
        assert log.append("second").cursor == 2
        assert [e.content for e in log.read_since(0)] == ["first", "second"]
    assert not [r for r in caplog.records if "skipping" in r.getMessage()]


def test_transcript_append_that_runs_out_of_space_leaves_no_torn_line(
    small_disk: Path, disk_filler: Any
) -> None:
    archive = TranscriptArchive(small_disk)
    archive.append("cli:a", [{"role": "user", "content": "hi"}], first_index=0)
    path = archive.path_for("cli:a")
    before = path.read_bytes()
    disk_filler.fill(leave=8192)

    with pytest.raises(StoreError, match="No space left"):
        archive.append("cli:a", [{"role": "user", "content": BIG}], first_index=1)

    assert path.read_bytes() == before
    disk_filler.free()
    archive.append("cli:a", [{"role": "assistant", "content": "ok"}], first_index=1)
    assert [m["content"] for m in archive.read("cli:a", 0, 2)] == ["hi", "ok"]
