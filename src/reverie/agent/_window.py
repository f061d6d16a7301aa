"""Keeping one request inside the model's window, whatever consolidation managed.

Consolidation normally keeps a session's prompt under budget, but it can fall
short (a provider failing, one enormous message). The agent then still sends a
legal request that fits: first it replays fewer old turns (cutting only at user
turns, so tool-call pairs stay together), and as a last resort it shortens long
texts *of this request*. The session file always keeps every message whole.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reverie._logging import get_logger
from reverie.consolidation.planner import shrink_messages
from reverie.messages import Message
from reverie.sessions.session import Session

__all__ = ["RequestWindow"]

_log = get_logger("agent")

SizeOf = Callable[[Sequence[Mapping[str, Any]]], int]


class RequestWindow:
    """Fit ``[*prefix, *history, *turn]`` under ``limit`` tokens (``None``: no limit).

    Args:
        size: Counts the tokens of a list of messages (with the tools in force).
        limit: The most a request may hold, or None when the window is unlimited.
    """

    def __init__(self, size: SizeOf, limit: int | None) -> None:
        self._size = size
        self._limit = limit

    def initial_history(
        self, session: Session, prefix: list[Message], turn: list[Message]
    ) -> list[Message]:
        """The replayable history, trimmed from the front if the whole of it cannot fit."""
        history = session.get_history(max_messages=0)
        limit = self._limit
        if limit is None or self._size([*prefix, *history, *turn]) <= limit:
            return history
        room = limit - self._size([*prefix, *turn])
        if room <= 0:
            return []
        _log.info("session %r: over budget after consolidation; replaying fewer turns", session.key)
        return session.get_history(max_messages=0, max_tokens=room)

    def fit(
        self, prefix: list[Message], history: list[Message], turn: list[Message]
    ) -> tuple[list[Message] | None, list[Message]]:
        """The request, with older turns left out (or long texts shortened) to fit.

        Returns:
            ``(request, history_kept)``; ``request`` is None when even shortened
            texts cannot fit.
        """
        limit = self._limit
        if limit is None or self._size([*prefix, *history, *turn]) <= limit:
            return [*prefix, *history, *turn], history
        starts = [i for i, m in enumerate(history) if m.get("role") == "user"] + [len(history)]
        low, high = 0, len(starts) - 1
        while low < high:  # fewest dropped turns that fit
            middle = (low + high) // 2
            if self._size([*prefix, *history[starts[middle] :], *turn]) <= limit:
                high = middle
            else:
                low = middle + 1
        kept = history[starts[low] :]
        if self._size([*prefix, *kept, *turn]) <= limit:
            return [*prefix, *kept, *turn], kept
        fitted = shrink_messages(
            [*prefix, *turn],
            lambda candidate: self._size(candidate) <= limit,
            note="; the full text is in the workspace",
        )
        return fitted, []
