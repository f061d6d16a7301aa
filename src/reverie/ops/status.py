"""The state of a workspace at a glance: provider, cursors, Dream, context use per session.

Nothing here calls a model or needs a key: prompt sizes are counted offline
with the configured model's tokenizer, exactly as the Consolidator's own
estimate does when the provider has no counter of its own.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

from reverie.config import CONFIG_FILE
from reverie.ops.runtime import Runtime
from reverie.sessions.session import Session

__all__ = [
    "DreamStatus",
    "SessionUse",
    "WorkspaceStatus",
    "dream_due",
    "session_use",
    "workspace_status",
]

_SAFETY_MARGIN_TOKENS = 1_024  # the Consolidator's head room, see its budget
_PROBE = "[token-probe]"


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

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly view."""
        return asdict(self)


def _budget(runtime: Runtime) -> int:
    settings = runtime.settings
    if settings.context_window_tokens <= 0:
        return 0
    return max(
        0,
        settings.context_window_tokens - settings.max_completion_tokens - _SAFETY_MARGIN_TOKENS,
    )


def session_use(runtime: Runtime, session: Session, *, context: Any = None) -> SessionUse:
    """Count the prompt ``session``'s next turn would send (offline tokenizer).

    Args:
        runtime: The opened workspace.
        session: The session.
        context: A :class:`~reverie.context.ContextBuilder` to reuse (one is
            made when None).
    """
    from reverie.context import ContextBuilder
    from reverie.tokens import count_prompt_tokens

    if context is None:
        context = ContextBuilder(
            runtime.workspace,
            store=runtime.store,
            sessions=runtime.sessions,
            unified_session=runtime.settings.unified_session,
        )
    messages = context.build_messages(
        history=session.get_history(max_messages=0),
        current_message=_PROBE,
        session_key=session.key,
        session=session,
    )
    tokens = count_prompt_tokens(messages, model=runtime.settings.resolved_model).tokens
    return SessionUse(
        key=session.key,
        messages=len(session.messages),
        unconsolidated=len(session.unconsolidated()),
        tokens=tokens,
        budget=_budget(runtime),
    )


def _dream_status(runtime: Runtime) -> DreamStatus:
    from reverie.dream.schedule import DreamSchedule, read_dream_state

    state = read_dream_state(runtime.store.memory_dir)
    dream = runtime.settings.dream
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


def workspace_status(runtime: Runtime, *, max_sessions: int = 10) -> WorkspaceStatus:
    """Collect the status of ``runtime``'s workspace.

    Args:
        runtime: The opened workspace.
        max_sessions: Context use is computed for the most recently active
            sessions, at most this many (Dream's own sessions are left out).
    """
    from reverie.context import ContextBuilder
    from reverie.store.memory_store import is_internal_session

    store, settings = runtime.store, runtime.settings
    latest = store.get_latest_cursor()
    dream_cursor = store.get_last_dream_cursor()
    pending = len(store.read_unprocessed_history(dream_cursor)) if latest > dream_cursor else 0
    config = runtime.workspace / CONFIG_FILE
    status = WorkspaceStatus(
        workspace=str(runtime.workspace),
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
        dream=_dream_status(runtime),
        budget=_budget(runtime),
    )
    context = ContextBuilder(
        runtime.workspace,
        store=store,
        sessions=runtime.sessions,
        unified_session=settings.unified_session,
    )
    rows = [row for row in runtime.sessions.list_sessions() if not is_internal_session(row["key"])]
    for row in rows[:max_sessions]:
        session = runtime.sessions.get_or_create(row["key"])
        status.sessions.append(session_use(runtime, session, context=context))
    return status


def dream_due(runtime: Runtime, now: datetime | None = None) -> tuple[bool, datetime]:
    """Whether Dream's schedule says it should run now, and when it is (was) due.

    Not due when no history entry is waiting, whatever the schedule says.
    """
    from reverie.dream.schedule import DreamSchedule, read_dream_state

    now = now or datetime.now(UTC)
    state = read_dream_state(runtime.store.memory_dir)
    schedule = DreamSchedule.from_settings(runtime.settings.dream)
    due = schedule.next_run(state.last_completed, now, last_failed=state.last_failed)
    store = runtime.store
    waiting = store.get_latest_cursor() > store.get_last_dream_cursor()
    return waiting and due <= now, due
