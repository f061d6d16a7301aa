"""Each Dream run's conversation, kept as a session so it can be read back.

A run is saved as session ``dream:<UTC time>`` (the prompt, every tool call
and result, the final answer) with what the run did in its metadata; only the
newest few are kept, and the older ones leave through the session manager
(into the transcript archive).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from reverie._logging import get_logger
from reverie.errors import ReverieError
from reverie.redact import redact

if TYPE_CHECKING:
    from reverie.sessions.manager import SessionManager

__all__ = ["DREAM_SESSION_PREFIX", "KEEP_DREAM_SESSIONS", "save_run_session"]

DREAM_SESSION_PREFIX = "dream:"
KEEP_DREAM_SESSIONS = 10
"""Dream sessions kept; older ones go to the transcript archive."""

_log = get_logger("dream")


def save_run_session(
    sessions: SessionManager,
    messages: Sequence[Mapping[str, Any]],
    metadata: Mapping[str, Any],
    *,
    keep: int,
) -> str | None:
    """Save one run's messages as a new Dream session and prune the oldest ones.

    Args:
        sessions: The workspace's session manager.
        messages: The run's conversation, in OpenAI shape.
        metadata: Stored as the session's ``metadata["dream"]``.
        keep: Dream sessions kept, this one included.

    Returns:
        The new session's key; None when it could not be saved (logged, not raised:
        a run's outcome never depends on keeping its conversation).
    """
    key = f"{DREAM_SESSION_PREFIX}{datetime.now(UTC):%Y-%m-%dT%H:%M:%S.%fZ}"
    try:
        session = sessions.get_or_create(key)
        for message in messages:
            extra = {k: v for k, v in message.items() if k not in ("role", "content")}
            session.add_message(message["role"], message.get("content"), **extra)
        # The run's reason may be a provider error quoting the key.
        session.metadata["dream"] = {
            name: redact(value) if isinstance(value, str) else value
            for name, value in metadata.items()
        }
        sessions.save(session)
        _prune(sessions, keep)
    except ReverieError as exc:
        _log.warning("could not save Dream session %s: %s", key, exc)
        return None
    return key


def _prune(sessions: SessionManager, keep: int) -> None:
    keys = sorted(
        (str(row["key"]) for row in sessions.list_sessions()),
        reverse=True,
    )
    dream_keys = [key for key in keys if key.startswith(DREAM_SESSION_PREFIX)]
    for key in dream_keys[keep:]:
        sessions.delete_session(key)
