"""Fixtures shared by the whole suite: a real workspace and a clean environment."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

_KEY_VARS = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No test sees the developer's keys or reverie settings."""
    import os

    for name in list(os.environ):
        if name in _KEY_VARS or name.startswith("REVERIE_"):
            monkeypatch.delenv(name, raising=False)
    yield


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
