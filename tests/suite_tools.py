"""What tests share to pass on a busy machine: wait for conditions, end every child process.

A loaded two-core machine can run a test twenty times slower than an idle one, so no
test sleeps and then asserts, and no test compares durations: it waits for the
condition it needs, with a deadline far beyond what an idle machine needs
(:data:`DEADLINE`), and fails with a message naming what it waited for.

Every process a test starts is ended in a ``finally`` (:class:`ChildProcesses`, or the
``children`` fixture built on it), so a failing test leaves nothing running into the
next one (where a still-running ``Popen`` would raise a ResourceWarning).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import multiprocessing.process
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any, TypeVar

from reverie._atomic import UNSAFE_NO_FSYNC_VARIABLE

T = TypeVar("T")

DEADLINE = 120.0
"""Seconds a test waits for something an idle machine does in well under one."""

Child = subprocess.Popen[Any] | multiprocessing.process.BaseProcess


def wait_until(
    condition: Callable[[], T], what: str, *, timeout: float = DEADLINE, interval: float = 0.01
) -> T:
    """Poll ``condition`` until it returns something true, and return that.

    Raises:
        AssertionError: naming ``what`` when ``timeout`` seconds pass first.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(interval)


async def wait_until_async(
    condition: Callable[[], T], what: str, *, timeout: float = DEADLINE, interval: float = 0.001
) -> T:
    """:func:`wait_until` for coroutines: the event loop keeps running while it polls."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        await asyncio.sleep(interval)


def child_env(**extra: str) -> dict[str, str]:
    """This process's environment for a child, without reverie settings or API keys.

    The suite's fsync switch (``REVERIE_UNSAFE_NO_FSYNC``) is passed on, so a child
    writes as durably as the test that started it.
    """
    env = {
        name: value
        for name, value in os.environ.items()
        if (not name.startswith("REVERIE_") or name == UNSAFE_NO_FSYNC_VARIABLE)
        and not name.endswith("_API_KEY")
        and name not in ("OPENAI_BASE_URL", "ANTHROPIC_BASE_URL")
    }
    env.update(extra)
    return env


def end_process(child: Child) -> None:
    """Kill ``child`` if it still runs, reap it, and close its pipes."""
    if isinstance(child, subprocess.Popen):
        if child.poll() is None:
            child.kill()
        child.wait()
        for stream in (child.stdin, child.stdout, child.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        return
    if child.pid is None:
        return  # never started
    if child.is_alive():
        child.kill()
    child.join()
    child.close()


class ChildProcesses:
    """The processes a test starts; leaving the ``with`` block ends the ones still running.

    Example:
        >>> with ChildProcesses() as children:  # doctest: +SKIP
        ...     worker = children.popen([sys.executable, "-c", "print(1)"])
        ...     assert worker.wait(timeout=DEADLINE) == 0
    """

    def __init__(self) -> None:
        self._started: list[Child] = []

    def popen(self, args: Sequence[str], **options: Any) -> subprocess.Popen[Any]:
        """Start ``args`` as :class:`subprocess.Popen` would, and keep it to end later."""
        child: subprocess.Popen[Any] = subprocess.Popen(args, **options)
        self._started.append(child)
        return child

    def start(self, process: multiprocessing.process.BaseProcess) -> None:
        """Start a :mod:`multiprocessing` process, and keep it to end later."""
        self._started.append(process)
        process.start()

    def __iter__(self) -> Iterator[Child]:
        return iter(list(self._started))

    def __len__(self) -> int:
        return len(self._started)

    def end_all(self) -> None:
        """End every process started so far (see :func:`end_process`)."""
        failures: list[Exception] = []
        while self._started:
            try:
                end_process(self._started.pop(0))
            except Exception as exc:  # end the others all the same
                failures.append(exc)
        if failures:
            raise failures[0]

    def __enter__(self) -> ChildProcesses:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.end_all()


def provider_fakes() -> ModuleType:
    """The providers' tests' module (``FakeServer``, ``openai_reply`` …), loaded once.

    The loopback server that speaks the vendors' wire formats lives in
    ``tests/providers/conftest.py``; other folders load it by path (the test
    folders are not packages), under one module name so they share one copy.
    """
    name = "reverie_tests_provider_fakes"
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).resolve().parent / "providers" / "conftest.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
