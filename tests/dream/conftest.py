"""Fixtures for Dream tests: a real store in a real workspace, and scripted tool calls."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from reverie.providers.base import LLMResponse, ToolCallRequest
from reverie.store.memory_store import MemoryStore

ToolReply = Callable[..., LLMResponse]


@pytest.fixture
def store(workspace: Path) -> MemoryStore:
    """A store on an empty workspace."""
    return MemoryStore(workspace)


@pytest.fixture
def calls() -> ToolReply:
    """Build a response asking for tool calls: ``calls(("edit_file", {...}), ...)``."""
    counter = {"n": 0}

    def build(
        *specs: tuple[str, dict[str, Any]],
        usage: dict[str, int] | None = None,
        finish_reason: str = "tool_calls",
    ) -> LLMResponse:
        requests = []
        for name, args in specs:
            counter["n"] += 1
            requests.append(ToolCallRequest(id=f"call_{counter['n']}", name=name, arguments=args))
        return LLMResponse(
            content=None, tool_calls=requests, finish_reason=finish_reason, usage=usage or {}
        )

    return build


def add_entries(store: MemoryStore, *texts: str) -> list[int]:
    """Append history entries; return their cursors."""
    return [store.append_history(text, session_key="cli:test") for text in texts]


@pytest.fixture
def entries() -> Callable[..., list[int]]:
    """``entries(store, "text", ...)`` appends history entries and returns their cursors."""
    return add_entries
