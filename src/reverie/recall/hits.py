"""What a recall search returns: :class:`RecallHit`, one ranked piece of the past."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

__all__ = ["HitKind", "RecallHit"]

HitKind = Literal["message", "history", "memory"]
"""Where a hit comes from: conversation messages, a history entry, a memory file section."""


@dataclass(frozen=True, slots=True)
class RecallHit:
    """One result of :meth:`reverie.recall.RecallIndex.search`.

    Attributes:
        kind: ``"message"`` (a short window of neighbouring turns of one
            conversation), ``"history"`` (one entry of ``memory/history.jsonl``)
            or ``"memory"`` (one section of a memory file).
        score: How well it matches, higher first; comparable within one search only.
        text: What to show a model: the turns with their time and role, the
            entry, or the section.
        session_key: The conversation (message and history hits).
        start: Absolute index of the first message covered (message hits, and
            history entries that name their source); see
            :mod:`reverie.sessions.session`.
        end: One past the last message covered (end exclusive).
        cursor: The history entry's cursor (history hits).
        path: The memory file, relative to the workspace (memory hits).
        timestamp: When it was said or written (``YYYY-MM-DD HH:MM``), when known.
    """

    kind: HitKind
    score: float
    text: str
    session_key: str | None = None
    start: int | None = None
    end: int | None = None
    cursor: int | None = None
    path: str | None = None
    timestamp: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict with every field (None where not applicable)."""
        return asdict(self)
