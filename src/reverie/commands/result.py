"""What a memory command returns, and how commits are described in it.

:class:`CommandResult` is the answer of every ``/dream*`` command (Markdown for
people, ``data`` for programs); the commit helpers give the rows those answers
list. Shared by :mod:`reverie.commands` and :mod:`reverie.commands.versions`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reverie.dream.commit_message import CURSORS_TRAILER, MODEL_TRAILER, parse_cursor_range
from reverie.store.git import CommitInfo, parse_trailers

__all__ = ["CommandResult", "commit_row", "commit_when"]


@dataclass(frozen=True)
class CommandResult:
    """What a command did.

    Attributes:
        command: The command name (``/dream-log``).
        ok: False when the command could not do what was asked.
        text: Markdown for a person.
        data: The same facts for a program (JSON-serialisable).
    """

    command: str
    ok: bool
    text: str
    data: dict[str, Any] = field(default_factory=dict)


def commit_when(info: CommitInfo) -> str:
    """``2026-04-03 09:15``: when the commit was made."""
    return info.timestamp[:16].replace("T", " ")


def commit_row(info: CommitInfo) -> dict[str, Any]:
    """A commit as data: sha, time, subject, files, and a Dream's cursors and model."""
    trailers = parse_trailers(info.message)
    cursors = parse_cursor_range(trailers.get(CURSORS_TRAILER))
    return {
        "sha": info.sha,
        "timestamp": info.timestamp,
        "subject": info.subject,
        "files": list(info.files),
        "cursors": list(cursors) if cursors else None,
        "model": trailers.get(MODEL_TRAILER),
    }
