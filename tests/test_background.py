"""BackgroundTasks: drained before exit, failures logged at a bounded rate and kept."""

from __future__ import annotations

import asyncio
import logging

import pytest

from reverie._background import BackgroundTasks
from reverie._logging import get_logger
from suite_tools import DEADLINE


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


async def fail(message: str) -> None:
    await asyncio.sleep(0)
    raise OSError(message)


async def test_drain_waits_for_tasks_started_while_draining() -> None:
    tasks = BackgroundTasks(get_logger("test.background"))
    done: list[str] = []

    async def second() -> None:
        await asyncio.sleep(0.01)
        done.append("second")

    async def first() -> None:
        await asyncio.sleep(0.01)
        tasks.spawn(second())
        done.append("first")

    tasks.spawn(first())
    assert len(tasks) == 1
    await asyncio.wait_for(tasks.drain(), DEADLINE)
    assert done == ["first", "second"] and len(tasks) == 0


async def test_cancelling_a_drain_leaves_the_tasks_running() -> None:
    tasks = BackgroundTasks(get_logger("test.background"))
    release = asyncio.Event()
    finished: list[bool] = []

    async def work() -> None:
        await release.wait()
        finished.append(True)

    tasks.spawn(work())
    waiter = asyncio.create_task(tasks.drain())
    await asyncio.sleep(0.01)
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    release.set()
    await tasks.drain()
    assert finished == [True]


async def test_failures_are_logged_at_a_bounded_rate_and_kept(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    tasks = BackgroundTasks(get_logger("test.background"), log_interval=60, clock=clock)
    with caplog.at_level(logging.ERROR, logger="reverie.test.background"):
        for number in range(5):
            tasks.spawn(fail(f"disk full {number}"), name="consolidation of session 'a'")
            await tasks.drain()
        clock.now += 61
        tasks.spawn(fail("disk full again"), name="consolidation of session 'a'")
        tasks.spawn(fail("other"), name="auto-compaction")
        await tasks.drain()

    messages = [r.getMessage() for r in caplog.records]
    assert messages[0] == "consolidation of session 'a' failed: disk full 0"
    assert caplog.records[0].exc_info is not None  # the first one has its traceback
    assert (
        "consolidation of session 'a' failed: disk full again (4 more like it since the last "
        "report)" in messages
    )
    assert "auto-compaction failed: other" in messages
    assert len(messages) == 3
    errors = tasks.take_errors()
    assert len(errors) == 7 and errors[0] == "consolidation of session 'a' failed: disk full 0"
    assert tasks.take_errors() == []


async def test_kept_errors_are_bounded_and_cancelled_tasks_are_not_failures() -> None:
    tasks = BackgroundTasks(get_logger("test.background"), keep_errors=2)
    for number in range(4):
        tasks.spawn(fail(str(number)), name="job")
    stuck = tasks.spawn(asyncio.sleep(3600), name="sleeper")
    stuck.cancel()
    await tasks.drain()
    assert tasks.take_errors() == ["job failed: 2", "job failed: 3"]
