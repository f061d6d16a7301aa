"""Keeping a session to one chat (or one command) at a time, across processes.

Two chats on one session would each save their own copy of it, and the second
save would push the first one's turns out to a ``.conflict`` file; so a second
holder is refused instead. The hold is a lock file under ``sessions/.locks/``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from reverie.errors import UserError
from reverie.layout import SESSIONS_DIR
from reverie.locks import LockTimeoutError, WorkspaceLock
from reverie.sessions.keys import session_filename

__all__ = ["hold_chat_session"]


@contextlib.contextmanager
def hold_chat_session(
    workspace: Path,
    session_key: str,
    *,
    hint: str = "leave that chat first, or talk in another session with --session KEY",
    wait: float = 0.0,
) -> Iterator[None]:
    """Keep ``session_key`` to this chat (or command) until the block ends.

    Two chats on one session would each save their own copy of it, and the
    second save would push the first one's turns out to a ``.conflict`` file;
    so a second chat on a session already open is refused instead. Commands
    that rewrite a session (``reverie sessions delete``) take it the same way.

    Args:
        workspace: The workspace folder.
        session_key: The session.
        hint: What the user can do instead, appended to the refusal.
        wait: Seconds to wait for a holder that lets go soon (a `reverie forget` that
            only looks at the session) before refusing; 0 refuses at once.

    Raises:
        UserError: the session is open in another chat (another process, or
            another chat of this one).
        StoreError: the lock file cannot be created (names it).
    """
    path = workspace / SESSIONS_DIR / ".locks" / f"{session_filename(session_key)}.chat"
    lock = WorkspaceLock(path)
    if not lock.try_acquire() and not _taken_within(lock, wait):
        raise UserError(
            f"session {session_key!r} is open in another `reverie chat` on {workspace}; {hint}"
        )
    try:
        yield
    finally:
        lock.release()


def _taken_within(lock: WorkspaceLock, wait: float) -> bool:
    if wait <= 0:
        return False
    try:
        lock.acquire(timeout=wait)
    except LockTimeoutError:
        return False
    return True
