"""Fixtures shared by the whole suite: a real workspace, a clean environment, no fsync.

The suite runs with ``REVERIE_UNSAFE_NO_FSYNC=1`` (about half of its run time was
fsync). Tests of what survives a crash (a killed process, a torn write, the order of
fsync and rename) are marked ``@pytest.mark.durable`` and run with fsync on, as a
user's reverie does.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from reverie._atomic import UNSAFE_NO_FSYNC_VARIABLE
from suite_tools import ChildProcesses

_KEY_VARS = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Iterator[None]:
    """No test sees the developer's keys or reverie settings; fsync is off unless durable."""
    import os

    for name in list(os.environ):
        if name in _KEY_VARS or name.startswith("REVERIE_"):
            monkeypatch.delenv(name, raising=False)
    if request.node.get_closest_marker("durable") is None:
        monkeypatch.setenv(UNSAFE_NO_FSYNC_VARIABLE, "1")
    yield


@pytest.fixture
def children() -> Iterator[ChildProcesses]:
    """Start processes through this; any still running when the test ends is killed."""
    with ChildProcesses() as started:
        yield started


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """An empty workspace directory (reverie creates what it needs)."""
    path = tmp_path / "workspace"
    path.mkdir()
    return path


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any real provider call that leaves loopback fails loudly."""
    import reverie.providers.network as network

    monkeypatch.setattr(network, "ALLOW_NETWORK", False)
