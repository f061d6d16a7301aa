"""WorkspaceLock: exclusion between threads and processes, re-entrancy, fork safety."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from filelock import FileLock, Timeout

from reverie.errors import StoreError
from reverie.locks import LockTimeoutError, WorkspaceLock
from suite_tools import DEADLINE, ChildProcesses

_HOLDER = """
import sys, time
from reverie.locks import WorkspaceLock
with WorkspaceLock(sys.argv[1]):
    print("locked", flush=True)
    sys.stdin.readline()
"""


def test_threads_exclude_each_other(tmp_path: Path) -> None:
    lock = WorkspaceLock(tmp_path / "x.lock")
    counter = {"value": 0}

    def bump() -> None:
        for _ in range(200):
            with lock:
                current = counter["value"]
                time.sleep(0)  # invite a switch inside the critical section
                counter["value"] = current + 1

    threads = [threading.Thread(target=bump) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert counter["value"] == 800


def test_reentrant_in_one_thread_and_creates_its_folder(tmp_path: Path) -> None:
    lock = WorkspaceLock(tmp_path / "deep" / "er" / "x.lock")
    with lock, lock:
        assert lock.is_held
    assert not lock.is_held
    assert lock.path.exists()


def test_release_by_another_thread_is_refused(tmp_path: Path) -> None:
    lock = WorkspaceLock(tmp_path / "x.lock")
    errors: list[BaseException] = []

    def intruder() -> None:
        try:
            lock.release()
        except RuntimeError as exc:
            errors.append(exc)

    with lock:
        thread = threading.Thread(target=intruder)
        thread.start()
        thread.join()
        assert lock.is_held
    assert len(errors) == 1
    with pytest.raises(RuntimeError):
        lock.release()


def test_another_process_waits_and_times_out_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "x.lock"
    lock = WorkspaceLock(path)
    with subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as holder:
        assert holder.stdin is not None and holder.stdout is not None
        try:
            assert holder.stdout.readline().strip() == "locked"
            with pytest.raises(LockTimeoutError, match=r"timed out after 0\.2s .*x\.lock"):
                WorkspaceLock(path, timeout=0.2).acquire()
            # Asking without waiting says "busy" instead of raising.
            assert lock.try_acquire() is False and not lock.is_held
        finally:
            holder.stdin.write("\n")
            holder.stdin.flush()
            holder.wait(timeout=DEADLINE)
    assert lock.try_acquire() is True
    assert lock.try_acquire() is True  # re-entrant in the holding thread
    lock.release()
    lock.release()
    assert not lock.is_held
    with WorkspaceLock(path, timeout=5):
        pass


def _try_lock_in_child(queue: multiprocessing.Queue[str]) -> None:
    try:
        _CHILD_LOCK.acquire(timeout=0.2)
    except StoreError:
        queue.put("blocked")
    else:
        queue.put("acquired")
        _CHILD_LOCK.release()


_CHILD_LOCK: WorkspaceLock


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs fork")
def test_forked_child_does_not_inherit_the_held_lock(
    tmp_path: Path, children: ChildProcesses
) -> None:
    global _CHILD_LOCK
    _CHILD_LOCK = WorkspaceLock(tmp_path / "x.lock")
    context = multiprocessing.get_context("fork")
    queue: multiprocessing.Queue[str] = context.Queue()
    try:
        with _CHILD_LOCK:
            child = context.Process(target=_try_lock_in_child, args=(queue,))
            children.start(child)
            answer = queue.get(timeout=DEADLINE)
            child.join(timeout=DEADLINE)
    finally:
        queue.close()
        queue.join_thread()
    assert answer == "blocked"


def test_unusable_lock_path_raises_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="file"):
        WorkspaceLock(blocker / "x.lock").acquire()


def test_interoperates_with_filelock_on_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "x.lock"
    with WorkspaceLock(path), pytest.raises(Timeout):
        FileLock(path, thread_local=False).acquire(timeout=0.1)
    other = FileLock(path, thread_local=False)
    with other, pytest.raises(StoreError):
        WorkspaceLock(path).acquire(timeout=0.1)


def test_try_acquire_is_false_while_another_thread_holds_it(tmp_path: Path) -> None:
    lock = WorkspaceLock(tmp_path / "x.lock")
    taken, done = threading.Event(), threading.Event()

    def hold() -> None:
        with lock:
            taken.set()
            done.wait(timeout=30)

    thread = threading.Thread(target=hold)
    thread.start()
    try:
        assert taken.wait(timeout=30)
        assert lock.try_acquire() is False
        # A second object on the same file excludes like another process would.
        assert WorkspaceLock(lock.path).try_acquire() is False
    finally:
        done.set()
        thread.join(timeout=30)
    other = WorkspaceLock(lock.path)
    assert other.try_acquire() is True
    other.release()


def test_try_acquire_raises_only_when_the_lock_file_is_unusable(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="file") as raised:
        WorkspaceLock(blocker / "x.lock").try_acquire()
    assert not isinstance(raised.value, LockTimeoutError)
