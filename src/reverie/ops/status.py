"""The state of a workspace at a glance: provider, cursors, Dream, context use per session.

Nothing here calls a model or needs a key: prompt sizes are counted as the
Consolidator counts them (:meth:`Workspace.prompt_tokens`: the same window-sized
prompt and tools), offline when the provider has not been built.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

from reverie.config import CONFIG_FILE
from reverie.privacy import workspace_exposure
from reverie.sessions.session import Session
from reverie.workspace import Workspace

__all__ = [
    "DreamStatus",
    "SessionUse",
    "WorkspaceStatus",
    "dream_due",
    "session_use",
    "workspace_status",
]


@dataclass
class SessionUse:
    """How much of the context budget one session's next prompt would use."""

    key: str
    messages: int
    unconsolidated: int
    tokens: int
    budget: int

    @property
    def share(self) -> float:
        """``tokens / budget`` (0 when there is no budget)."""
        return self.tokens / self.budget if self.budget > 0 else 0.0


@dataclass
class DreamStatus:
    """Dream's bookkeeping: last run and next due time."""

    last_completed: str | None
    last_attempt: str | None
    last_status: str | None
    last_reason: str | None
    last_commit: str | None
    next_due: str | None
    schedule: str


@dataclass
class WorkspaceStatus:
    """Everything ``reverie status`` shows."""

    workspace: str
    config_file: str | None
    provider: str
    model: str
    base_url: str | None
    api_key_env: str | None
    """The variable the provider reads its key from (None: it needs none)."""
    api_key_set: bool
    """Whether that variable is set (the key itself is never read into the report)."""
    git_initialized: bool
    latest_cursor: int
    dream_cursor: int
    pending_entries: int
    dream: DreamStatus
    budget: int
    sessions: list[SessionUse] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    """Problems found by ``reverie doctor``'s quick checks, each naming the fix to run."""
    exposure: list[str] = field(default_factory=list)
    """What other users can read or change in the workspace (empty: it is private)."""
    unfinished_forget: str | None = None
    """What an interrupted ``reverie forget`` was removing (None: no forget is unfinished)."""

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly view."""
        return asdict(self)


def session_use(ws: Workspace, session: Session) -> SessionUse:
    """How much of the budget ``session``'s next prompt uses, as the Consolidator counts it.

    Args:
        ws: The opened workspace.
        session: The session.
    """
    return SessionUse(
        key=session.key,
        messages=len(session.messages),
        unconsolidated=len(session.unconsolidated()),
        tokens=ws.prompt_tokens(session),
        budget=ws.budget,
    )


def _dream_status(ws: Workspace) -> DreamStatus:
    from reverie.dream.schedule import DreamSchedule, read_dream_state

    state = read_dream_state(ws.store.memory_dir)
    dream = ws.settings.dream
    schedule = DreamSchedule.from_settings(dream)
    due = schedule.next_run(state.last_completed, datetime.now(UTC), last_failed=state.last_failed)
    return DreamStatus(
        last_completed=state.last_completed.isoformat() if state.last_completed else None,
        last_attempt=state.last_attempt.isoformat() if state.last_attempt else None,
        last_status=state.last_status,
        last_reason=state.last_reason,
        last_commit=state.last_commit,
        next_due=due.astimezone().isoformat(timespec="minutes"),
        schedule=f"cron {dream.cron!r}" if dream.cron else f"every {dream.interval_h:g} h",
    )


def workspace_status(ws: Workspace, *, max_sessions: int = 10) -> WorkspaceStatus:
    """Collect the status of ``ws``'s workspace.

    Args:
        ws: The opened workspace.
        max_sessions: Context use is computed for the most recently active
            sessions, at most this many (Dream's own sessions are left out).
    """
    from reverie.ops.doctor import status_warnings
    from reverie.store.memory_store import is_internal_session

    store, settings = ws.store, ws.settings
    latest = store.get_latest_cursor()
    dream_cursor = store.get_last_dream_cursor()
    pending = len(store.read_unprocessed_history(dream_cursor)) if latest > dream_cursor else 0
    config = ws.path / CONFIG_FILE
    status = WorkspaceStatus(
        workspace=str(ws.path),
        config_file=str(config) if config.is_file() else None,
        provider=settings.provider,
        model=settings.resolved_model,
        base_url=settings.base_url or None,
        api_key_env=settings.key_env or None,
        api_key_set=bool(settings.key_env and os.environ.get(settings.key_env)),
        git_initialized=store.git.is_initialized(),
        latest_cursor=latest,
        dream_cursor=dream_cursor,
        pending_entries=pending,
        dream=_dream_status(ws),
        budget=ws.budget,
        warnings=status_warnings(store),
        exposure=workspace_exposure(ws.path),
        unfinished_forget=_unfinished_forget(ws),
    )
    rows = [row for row in ws.sessions.list_sessions() if not is_internal_session(row["key"])]
    for row in rows[:max_sessions]:
        session = ws.sessions.get_or_create(row["key"])
        status.sessions.append(session_use(ws, session))
    return status


def _unfinished_forget(ws: Workspace) -> str | None:
    from reverie.errors import StoreError
    from reverie.forget.files import JOURNAL_NAME
    from reverie.forget.journal import ForgetJournal

    try:
        record = ForgetJournal(ws.store.memory_dir / JOURNAL_NAME).load()
    except StoreError as exc:
        return str(exc)
    if record is None:
        return None
    return f"{record.describe()}, started {record.started_at}"


def dream_due(ws: Workspace, now: datetime | None = None) -> tuple[bool, datetime]:
    """Whether Dream's schedule says it should run now, and when it is (was) due.

    Not due when no history entry is waiting, whatever the schedule says.
    """
    from reverie.dream.schedule import DreamSchedule, read_dream_state

    now = now or datetime.now(UTC)
    state = read_dream_state(ws.store.memory_dir)
    schedule = DreamSchedule.from_settings(ws.settings.dream)
    due = schedule.next_run(state.last_completed, now, last_failed=state.last_failed)
    store = ws.store
    waiting = store.get_latest_cursor() > store.get_last_dream_cursor()
    return waiting and due <= now, due
