"""DreamLock: one Dream at a time, a busy report naming the holder, a dead holder taken over."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from reverie.dream import DreamLock
from reverie.locks import WorkspaceLock

_HOLDER = """
import sys
from reverie.dream import DreamLock
lock = DreamLock(sys.argv[1])
assert lock.try_acquire()
print("locked", flush=True)
sys.stdin.readline()
"""


def test_a_second_holder_is_told_who_has_it_and_a_clean_release_leaves_no_record(
    tmp_path: Path,
) -> None:
    path = tmp_path / "memory" / ".dream.lock"
    first, second = DreamLock(path), DreamLock(path)
    assert first.try_acquire() and first.held
    try:
        assert second.try_acquire() is False and not second.held
        assert second.busy_holder is not None and second.busy_holder.pid == os.getpid()
        with pytest.raises(RuntimeError, match="already held"):
            first.try_acquire()
    finally:
        first.release()
    assert path.read_bytes() == b""
    assert second.try_acquire() and second.taken_over is None
    second.release()
    first.release()  # releasing twice is harmless


def test_it_is_the_same_lock_as_every_other_reverie_lock(tmp_path: Path) -> None:
    path = tmp_path / ".dream.lock"
    with WorkspaceLock(path):
        assert DreamLock(path).try_acquire() is False
    lock = DreamLock(path)
    assert lock.try_acquire()
    try:
        assert WorkspaceLock(path).try_acquire() is False
    finally:
        lock.release()


def test_a_holder_that_died_is_taken_over_and_named(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / ".dream.lock"
    with subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as holder:
        assert holder.stdout is not None
        try:
            assert holder.stdout.readline().strip() == "locked"
            busy = DreamLock(path)
            assert busy.try_acquire() is False
            assert busy.busy_holder is not None and busy.busy_holder.pid == holder.pid
        finally:
            holder.kill()
            holder.wait(timeout=30)
    lock = DreamLock(path)
    with caplog.at_level(logging.WARNING, logger="reverie.dream.lock"):
        assert lock.try_acquire()
    try:
        assert lock.taken_over is not None and lock.taken_over.pid == holder.pid
        assert f"pid {holder.pid}" in caplog.text
    finally:
        lock.release()
