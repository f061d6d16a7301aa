"""Real stores, sessions and context builders for the Consolidator tests."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from reverie.consolidation.consolidator import Consolidator
from reverie.context import ContextBuilder
from reverie.providers.base import LLMProvider
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.store.memory_store import MemoryStore

ARCHIVE_MARKER = "reverie-archive/1"


def is_archive_request(messages: Sequence[Mapping[str, Any]]) -> bool:
    """True for the Consolidator's summary requests (their system prompt has the marker)."""
    return bool(messages) and ARCHIVE_MARKER in str(messages[0].get("content"))


def words(index: int, size: int = 40) -> str:
    """Distinct, readable filler text for message ``index``."""
    return f"message {index}: " + " ".join(f"word{index}x{k}" for k in range(size))


def add_turns(session: Session, count: int, *, size: int = 40, start: int = 0) -> None:
    """Append ``count`` user/assistant turns with distinct texts."""
    for turn in range(start, start + count):
        session.add_message("user", "user " + words(turn, size))
        session.add_message("assistant", "assistant " + words(turn, size))


def history_records(store: MemoryStore) -> list[dict[str, Any]]:
    if not store.history_file.exists():
        return []
    lines = store.history_file.read_text("utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def plain_build(history: Sequence[Mapping[str, Any]], current_message: str, **_: Any) -> list[Any]:
    """A prompt builder with no system prompt: the replay and the probe only."""
    return [*history, {"role": "user", "content": current_message}]


@pytest.fixture
def store(workspace: Path) -> MemoryStore:
    return MemoryStore(workspace)


@pytest.fixture
def sessions(workspace: Path) -> SessionManager:
    return SessionManager(workspace)


@pytest.fixture
def make_consolidator(workspace: Path, store: MemoryStore, sessions: SessionManager) -> Any:
    """Build a Consolidator on the test workspace; keyword arguments override defaults."""

    def make(
        provider: LLMProvider,
        *,
        window: int = 4_000,
        max_completion_tokens: int = 500,
        ratio: float = 0.5,
        build: Callable[..., list[dict[str, Any]]] | None = None,
        tools: Callable[[], Any] = list,
        model: str = "test-model",
    ) -> Consolidator:
        if build is None:
            build = ContextBuilder(workspace, store=store, sessions=sessions).build_messages
        return Consolidator(
            store,
            provider,
            model,
            sessions,
            window,
            build,
            tools,
            max_completion_tokens=max_completion_tokens,
            consolidation_ratio=ratio,
        )

    return make
