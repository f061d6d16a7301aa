"""What one Dream run reports: its result, the session holding its conversation, its record.

:class:`DreamResult` is what :meth:`Dream.run` returns. Every run is also
recorded in ``memory/.dream_state.json`` (:func:`record_result`) and, when a
session manager is given, its conversation is saved as a ``dream:<time>``
session (:func:`save_result_session`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from reverie._logging import get_logger
from reverie.dream.schedule import record_dream_run
from reverie.dream.sessions import save_run_session
from reverie.errors import ReverieError
from reverie.messages import Message

if TYPE_CHECKING:
    from reverie.sessions.manager import SessionManager

__all__ = [
    "DreamResult",
    "DreamStatus",
    "nothing_new_reason",
    "record_result",
    "save_result_session",
]

DreamStatus = Literal["nothing_to_do", "completed", "incomplete", "rejected"]

_log = get_logger("dream")


@dataclass(frozen=True)
class DreamResult:
    """What one :meth:`Dream.run` did.

    Attributes:
        status: ``nothing_to_do``, ``completed``, ``incomplete`` or ``rejected``.
        reason: Why the run ended that way, in words.
        cursor_from: First history cursor of the batch (None when there was none).
        cursor_to: Last history cursor of the batch (None when there was none).
        tool_calls: Tool calls the model made.
        commit: The sha of the Dream commit (None unless completed with a repository).
        iterations: Model calls made.
        tokens_used: Tokens spent, from the provider's usage or estimated.
        changed_files: Files the run changed (after a rollback: none).
        session_key: The ``dream:<time>`` session holding the run's conversation.
        tool_errors: Tool calls that were refused or failed (their ``Error:``
            results went back to the model).
        unrestored: Files still holding Dream's uncommitted edits because
            undoing them failed (a full disk); the next run undoes them.
    """

    status: DreamStatus
    reason: str
    cursor_from: int | None = None
    cursor_to: int | None = None
    tool_calls: int = 0
    commit: str | None = None
    iterations: int = 0
    tokens_used: int = 0
    changed_files: tuple[str, ...] = ()
    session_key: str | None = None
    tool_errors: int = 0
    unrestored: tuple[str, ...] = ()

    @property
    def completed(self) -> bool:
        """True when the run completed and the cursor moved."""
        return self.status == "completed"


def nothing_new_reason(since: int, issued: int) -> str:
    """Why a run found nothing to do, warning when the Dream cursor ran ahead of the log."""
    reason = f"no new history entries after cursor {since}"
    if since > issued:
        reason += (
            f", but the Dream cursor is ahead of the history log (the last cursor "
            f"issued is {issued}): entries {issued + 1}-{since} would be skipped; run "
            "`reverie doctor --fix` to put it back"
        )
    return reason


def save_result_session(
    sessions: SessionManager | None,
    result: DreamResult,
    messages: list[Message],
    *,
    model: str,
    keep: int,
) -> DreamResult:
    """Save the run's conversation as a ``dream:<time>`` session; ``result`` names its key."""
    if sessions is None or not messages:
        return result
    metadata = {
        "status": result.status,
        "reason": result.reason,
        "cursors": [result.cursor_from, result.cursor_to],
        "commit": result.commit,
        "model": model,
    }
    key = save_run_session(sessions, messages, metadata, keep=keep)
    return result if key is None else replace(result, session_key=key)


def record_result(memory_dir: Path, result: DreamResult) -> DreamResult:
    """Record the run in the Dream state file (a warning when that fails); return ``result``."""
    try:
        record_dream_run(
            memory_dir,
            status=result.status,
            reason=result.reason,
            at=datetime.now(UTC),
            commit=result.commit,
        )
    except ReverieError as exc:
        _log.warning("could not record the Dream run: %s", exc)
    return result
