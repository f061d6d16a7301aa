"""Contract: AutoCompact compacts idle sessions, skipping dream:* and busy ones; TTL <= 0 is off."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from reverie import (
    AutoCompact,
    Consolidator,
    ContextBuilder,
    FunctionProvider,
    MemoryStore,
    SessionManager,
)


class Scheduled:
    """A schedule_background that keeps the coroutines so the test can run them."""

    def __init__(self) -> None:
        self.coroutines: list[Coroutine[Any, Any, Any]] = []

    def __call__(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        self.coroutines.append(coroutine)

    async def run(self) -> None:
        pending, self.coroutines = self.coroutines, []
        await asyncio.gather(*pending)


@pytest.fixture
def parts(tmp_path: Path) -> tuple[SessionManager, Consolidator, FunctionProvider]:
    workspace = tmp_path / "ws"
    store = MemoryStore(workspace)
    sessions = SessionManager(workspace)
    provider = FunctionProvider(lambda request: "[durable] idle chat summary")
    builder = ContextBuilder(workspace, store=store, sessions=sessions)
    consolidator = Consolidator(
        store, provider, "m", sessions, 100_000, builder.build_messages, list
    )
    return sessions, consolidator, provider


def idle_session(sessions: SessionManager, key: str, minutes: float, turns: int = 10) -> None:
    session = sessions.get_or_create(key)
    for turn in range(turns):
        session.add_message("user", f"{key} question {turn}")
        session.add_message("assistant", f"{key} answer {turn}")
    session.updated_at = datetime.now() - timedelta(minutes=minutes)
    sessions.save(session)


async def test_idle_sessions_past_the_ttl_are_compacted(parts: Any) -> None:
    sessions, consolidator, provider = parts
    idle_session(sessions, "cli:idle", 120)
    idle_session(sessions, "cli:fresh", 1)
    scheduled = Scheduled()
    AutoCompact(sessions, consolidator, 60).check_expired(scheduled)
    assert len(scheduled.coroutines) == 1
    await scheduled.run()
    assert len(provider.requests) == 1
    sessions.invalidate("cli:idle")
    idle = SessionManager(sessions.workspace).get_or_create("cli:idle")
    assert len(idle.messages) == 8
    assert idle.metadata["_last_summary"]["text"] == "[durable] idle chat summary"
    fresh = SessionManager(sessions.workspace).get_or_create("cli:fresh")
    assert len(fresh.messages) == 20


@pytest.mark.parametrize("ttl", [0, -1, 0.0])
async def test_a_ttl_of_zero_or_less_is_off(parts: Any, ttl: float) -> None:
    sessions, consolidator, _provider = parts
    idle_session(sessions, "cli:idle", 10_000)
    scheduled = Scheduled()
    AutoCompact(sessions, consolidator, ttl).check_expired(scheduled)
    assert scheduled.coroutines == []


async def test_dream_active_and_busy_sessions_are_skipped(parts: Any) -> None:
    sessions, consolidator, _provider = parts
    idle_session(sessions, "dream:2026-04-03T00:00:00Z", 600)
    idle_session(sessions, "cli:active", 600)
    idle_session(sessions, "cli:busy", 600)
    scheduled = Scheduled()
    compactor = AutoCompact(sessions, consolidator, 60)
    lock = consolidator.get_lock("cli:busy")
    await lock.acquire()
    try:
        compactor.check_expired(scheduled, active_session_keys=("cli:active",))
    finally:
        lock.release()
    assert scheduled.coroutines == []
    compactor.check_expired(scheduled, ["cli:active"])
    assert len(scheduled.coroutines) == 1
    await scheduled.run()
    dream = SessionManager(sessions.workspace).get_or_create("dream:2026-04-03T00:00:00Z")
    assert len(dream.messages) == 20


async def test_positional_signature(parts: Any) -> None:
    sessions, consolidator, _ = parts
    compactor = AutoCompact(sessions, consolidator, 30)
    scheduled = Scheduled()
    compactor.check_expired(scheduled, ())
    assert scheduled.coroutines == []
