"""AutoCompact: which idle sessions get compacted, and that each is compacted once."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from reverie.autocompact import AutoCompact
from reverie.consolidation.consolidator import Consolidator
from reverie.context import ContextBuilder
from reverie.errors import UserError
from reverie.providers.scripted import FunctionProvider, RecordedRequest
from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore

NOW = datetime(2026, 4, 3, 12, 0)


class Collector:
    """A schedule_background that keeps the coroutines for the test to run."""

    def __init__(self) -> None:
        self.pending: list[Coroutine[Any, Any, None]] = []

    def __call__(self, coroutine: Coroutine[Any, Any, None]) -> None:
        self.pending.append(coroutine)

    async def run_all(self) -> None:
        pending, self.pending = self.pending, []
        await asyncio.gather(*pending)


@pytest.fixture
def sessions(workspace: Path) -> SessionManager:
    return SessionManager(workspace)


@pytest.fixture
def provider() -> FunctionProvider:
    def summarize(request: RecordedRequest) -> str:
        return "[durable] summary of an idle chat"

    return FunctionProvider(summarize)


@pytest.fixture
def consolidator(
    workspace: Path, sessions: SessionManager, provider: FunctionProvider
) -> Consolidator:
    store = MemoryStore(workspace)
    context = ContextBuilder(workspace, store=store, sessions=sessions)
    return Consolidator(store, provider, "m", sessions, 50_000, context.build_messages, list)


def make_session(sessions: SessionManager, key: str, idle_minutes: float, turns: int = 8) -> None:
    session = sessions.get_or_create(key)
    for turn in range(turns):
        session.add_message("user", f"{key} question {turn}")
        session.add_message("assistant", f"{key} answer {turn}")
    session.updated_at = NOW - timedelta(minutes=idle_minutes)
    sessions.save(session)


def compactor(sessions: SessionManager, consolidator: Consolidator, ttl: float) -> AutoCompact:
    return AutoCompact(sessions, consolidator, ttl, max_suffix=4, clock=lambda: NOW)


async def test_idle_sessions_are_compacted_and_shown_once(
    sessions: SessionManager, consolidator: Consolidator, workspace: Path
) -> None:
    make_session(sessions, "cli:idle", idle_minutes=90)
    make_session(sessions, "cli:recent", idle_minutes=5)
    auto = compactor(sessions, consolidator, ttl=60)
    schedule = Collector()
    assert auto.check_expired(schedule) == ["cli:idle"]
    assert auto.is_running("cli:idle")
    await schedule.run_all()
    assert not auto.is_running("cli:idle")
    idle = SessionManager(workspace).get_or_create("cli:idle")
    assert [m["content"] for m in idle.messages] == [
        "cli:idle question 6",
        "cli:idle answer 6",
        "cli:idle question 7",
        "cli:idle answer 7",
    ]
    assert idle.metadata["_last_summary"]["text"] == "[durable] summary of an idle chat"
    assert SessionManager(workspace).get_or_create("cli:recent").total_messages == 16
    # Compacted once per stretch of idleness, not at every check.
    assert auto.check_expired(schedule) == []


def test_internal_busy_and_active_sessions_are_skipped(
    sessions: SessionManager, consolidator: Consolidator
) -> None:
    make_session(sessions, "dream:2026-04-03", idle_minutes=500)
    make_session(sessions, "cli:active", idle_minutes=500)
    make_session(sessions, "cli:locked", idle_minutes=500)
    make_session(sessions, "cli:free", idle_minutes=500)
    auto = compactor(sessions, consolidator, ttl=60)
    schedule = Collector()
    lock = consolidator.get_lock("cli:locked")
    asyncio.run(lock.acquire())
    scheduled = auto.check_expired(schedule, active_session_keys={"cli:active"})
    assert scheduled == ["cli:free"]
    # Already scheduled: a second check does not schedule it again.
    assert auto.check_expired(schedule, active_session_keys={"cli:active"}) == []
    lock.release()
    assert auto.check_expired(schedule, active_session_keys={"cli:active"}) == ["cli:locked"]
    for coroutine in schedule.pending:
        coroutine.close()


@pytest.mark.parametrize("ttl", [0, -1])
def test_a_ttl_of_zero_or_less_is_off(
    sessions: SessionManager, consolidator: Consolidator, ttl: int
) -> None:
    make_session(sessions, "cli:ancient", idle_minutes=100_000)
    auto = compactor(sessions, consolidator, ttl=ttl)
    schedule = Collector()
    assert not auto.enabled
    assert auto.check_expired(schedule) == [] and schedule.pending == []


async def test_a_session_that_wakes_up_before_its_turn_is_left_alone(
    sessions: SessionManager, consolidator: Consolidator, provider: FunctionProvider
) -> None:
    make_session(sessions, "cli:wakes", idle_minutes=90)
    auto = compactor(sessions, consolidator, ttl=60)
    schedule = Collector()
    assert auto.check_expired(schedule) == ["cli:wakes"]
    session = sessions.get_or_create("cli:wakes")
    session.add_message("user", "I'm back")
    sessions.save(session)
    await schedule.run_all()
    assert provider.requests == [] and session.total_messages == 17


def test_bad_ttl_is_a_clear_error(sessions: SessionManager, consolidator: Consolidator) -> None:
    with pytest.raises(UserError, match="session_ttl_minutes"):
        AutoCompact(sessions, consolidator, "an hour")  # type: ignore[arg-type]
    # Refused here, not at every check in a background task nobody watches.
    with pytest.raises(UserError, match="max_suffix"):
        AutoCompact(sessions, consolidator, 30, max_suffix=-1)
