"""Which history entries a turn's prompt may show.

A session sees its own entries. A unified session (one agent across channels)
also sees the other sessions' entries and those without a session, but never
the ones the agent wrote for itself (cron jobs, Dream, the heartbeat).
"""

from __future__ import annotations

__all__ = ["is_internal_session", "visible_in_prompt"]

_INTERNAL_PREFIXES = ("cron:", "dream:", "heartbeat:")


def is_internal_session(session_key: str) -> bool:
    """True for sessions the agent runs for itself: ``cron:*``, ``dream:*``, ``heartbeat``."""
    return session_key == "heartbeat" or session_key.startswith(_INTERNAL_PREFIXES)


def visible_in_prompt(entry_key: str | None, session_key: str | None, unified: bool) -> bool:
    """Whether an entry written by ``entry_key`` may appear in ``session_key``'s prompt.

    Args:
        entry_key: The entry's ``session_key`` (None: written outside any session).
        session_key: The session whose prompt is built; None shows every entry.
        unified: Whether that session is unified across channels.
    """
    if session_key is None or entry_key == session_key:
        return True
    if not unified:
        return False
    return entry_key is None or not is_internal_session(entry_key)
