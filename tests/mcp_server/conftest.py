"""Helpers for driving ``reverie mcp`` with the MCP SDK's own client."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx2
import pytest

_REVERIE = [sys.executable, "-m", "reverie"]


@pytest.fixture
def child_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a ``python -m reverie`` child: no REVERIE_* settings, a fresh home."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("REVERIE_")}
    env["HOME"] = str(tmp_path / "home")
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_listening(url: str, process: subprocess.Popen[bytes], deadline: float = 60) -> None:
    """Poll ``url`` until the server answers (any status), failing if the process died."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if process.poll() is not None:
            raise AssertionError(f"the server exited with {process.returncode} before listening")
        try:
            httpx2.get(url, timeout=2)
            return
        except httpx2.TransportError:
            time.sleep(0.05)
    raise AssertionError(f"nothing answered at {url} within {deadline}s")


def stop(process: subprocess.Popen[bytes]) -> None:
    """End a child for good and release its pipes."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=20)
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


@pytest.fixture
def http_server(child_env: dict[str, str]) -> Iterator[Callable[[Path], str]]:
    """``start(tokens_file) -> url``: a real ``reverie mcp --http`` on a free loopback port."""
    started: list[subprocess.Popen[bytes]] = []

    def start(tokens: Path) -> str:
        port = free_port()
        process = subprocess.Popen(
            [*_REVERIE, "mcp", "--http", "--port", str(port), "--tokens", str(tokens)],
            env=child_env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        started.append(process)
        url = f"http://127.0.0.1:{port}/mcp"
        wait_until_listening(url, process)
        return url

    try:
        yield start
    finally:
        for process in started:
            stop(process)
