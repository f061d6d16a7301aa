"""Session look-ups for front ends: a session that must already exist."""

from __future__ import annotations

from reverie.errors import UserError
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session

__all__ = ["load_existing_session", "session_exists"]


def session_exists(sessions: SessionManager, key: str) -> bool:
    """True when ``key`` has a session file (or a cached session with messages)."""
    if sessions.session_path(key).exists():
        return True
    return any(row["key"] == key for row in sessions.list_sessions())


def load_existing_session(sessions: SessionManager, key: str) -> Session:
    """The session ``key``; unlike ``get_or_create`` it refuses to invent a new one.

    Raises:
        UserError: naming the key when there is no such session.
    """
    if not key.strip():
        raise UserError("session key is empty; see `reverie sessions list`")
    if not session_exists(sessions, key):
        raise UserError(
            f"no session {key!r} in {sessions.sessions_dir}; see `reverie sessions list`"
        )
    return sessions.get_or_create(key)
