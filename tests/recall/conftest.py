"""A real workspace with a memory store, a session manager and its recall index."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from reverie.recall import RecallIndex
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.store.memory_store import MemoryStore


@dataclass
class Recall:
    """The pieces a recall test works with."""

    path: Path
    store: MemoryStore
    sessions: SessionManager
    index: RecallIndex

    def say(self, key: str, *turns: tuple[str, str], stamp: str | None = None) -> Session:
        """Add ``(role, text)`` turns to session ``key`` and save it."""
        session = self.sessions.get_or_create(key)
        for role, text in turns:
            extra = {"timestamp": stamp} if stamp is not None else {}
            session.add_message(role, text, **extra)
        self.sessions.save(session)
        return session

    def reopen(self) -> RecallIndex:
        """A second index object on the same file (as another process would have)."""
        return RecallIndex(
            self.path, store=MemoryStore(self.path), sessions=SessionManager(self.path)
        )


@pytest.fixture
def recall(workspace: Path) -> Iterator[Recall]:
    store = MemoryStore(workspace)
    sessions = SessionManager(workspace)
    index = RecallIndex(workspace, store=store, sessions=sessions)
    try:
        yield Recall(workspace, store, sessions, index)
    finally:
        index.close()
