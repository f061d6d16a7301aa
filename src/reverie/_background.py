"""Background tasks that are waited for before exit and whose failures are never lost.

A task started with ``asyncio.ensure_future`` and forgotten fails in silence
(at best a "Task exception was never retrieved" line at garbage collection).
:class:`BackgroundTasks` keeps every task it starts until it ends, logs each
failure (the first of a kind with its traceback, then at most one line per
kind per ``log_interval`` seconds, counting the ones in between), keeps the
latest failure texts for a front end to show, and lets its owner wait for all
of them with :meth:`BackgroundTasks.drain`::

    tasks = BackgroundTasks(get_logger("agent"))
    tasks.spawn(consolidate(session), name="consolidation of 'cli:me'")
    ...
    await tasks.drain()
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

__all__ = ["BackgroundTasks"]


class BackgroundTasks:
    """The tasks one owner runs in the background.

    Args:
        logger: Where failures are logged.
        log_interval: Seconds during which further failures of the same kind
            (exception type and task name) are counted instead of logged.
        keep_errors: How many failure texts :meth:`take_errors` keeps at most.
        clock: A monotonic clock in seconds (tests pass a fake one).
    """

    def __init__(
        self,
        logger: logging.Logger,
        *,
        log_interval: float = 60.0,
        keep_errors: int = 20,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._logger = logger
        self._log_interval = log_interval
        self._clock = clock
        self._tasks: set[asyncio.Task[None]] = set()
        self._errors: deque[str] = deque(maxlen=keep_errors)
        self._logged_at: dict[tuple[str, str], float] = {}
        self._suppressed: dict[tuple[str, str], int] = {}

    def __len__(self) -> int:
        """How many tasks have not finished yet."""
        return len(self._tasks)

    def spawn(
        self, coroutine: Coroutine[Any, Any, None], *, name: str = "background work"
    ) -> asyncio.Task[None]:
        """Run ``coroutine`` as a task on the running loop and keep it until it ends.

        Args:
            coroutine: The work.
            name: Names the work in failure messages ("consolidation of 'cli:me'").

        Raises:
            RuntimeError: no event loop is running.
        """
        task = asyncio.get_running_loop().create_task(coroutine, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    async def drain(self) -> None:
        """Wait until every task has ended, including tasks started meanwhile.

        Failures were already logged and are not raised here. Cancelling the
        caller does not cancel the tasks.
        """
        while self._tasks:
            await asyncio.wait(list(self._tasks))

    def take_errors(self) -> list[str]:
        """The failures since the last call, oldest first (one line each)."""
        errors = list(self._errors)
        self._errors.clear()
        return errors

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        error = task.exception()
        if error is None:
            return
        name = task.get_name()
        self._errors.append(f"{name} failed: {error}")
        kind = (name, type(error).__name__)
        now = self._clock()
        last = self._logged_at.get(kind)
        if last is not None and now - last < self._log_interval:
            self._suppressed[kind] = self._suppressed.get(kind, 0) + 1
            return
        self._logged_at[kind] = now
        repeats = self._suppressed.pop(kind, 0)
        more = f" ({repeats} more like it since the last report)" if repeats else ""
        # The traceback only the first time: the repeats would bury everything else.
        self._logger.error(
            "%s failed: %s%s", name, error, more, exc_info=error if last is None else None
        )
