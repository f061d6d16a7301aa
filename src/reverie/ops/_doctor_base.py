"""What every ``reverie doctor`` check shares: the finding it reports and the workspace it reads."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from reverie.dream.journal import JOURNAL_NAME
from reverie.dream.schedule import STATE_NAME
from reverie.layout import MEMORY_DIR, SESSIONS_DIR
from reverie.store.dream_prompt import WORKSPACE_GUIDE
from reverie.store.memory_store import MemoryStore

__all__ = ["FIX_COMMAND", "Context", "Finding", "stamp", "workspace_files"]

FIX_COMMAND = "`reverie doctor --fix`"
"""How a warning elsewhere names the repair."""


@dataclass(frozen=True)
class Finding:
    """One problem found (or repaired).

    Attributes:
        check: Which check found it (see the module docstring).
        problem: What is wrong, naming the file.
        fix: What ``--fix`` does about it; None when it cannot be repaired here
            (``advice`` then says what to do).
        fixed: True when this run repaired it.
        advice: What to do by hand, when there is something to do.
    """

    check: str
    problem: str
    fix: str | None = None
    fixed: bool = False
    advice: str | None = None


@dataclass
class Context:
    """The workspace a check looks at, and whether it may repair."""

    root: Path
    fix: bool
    stale_after: float
    _store: MemoryStore | None = None

    @property
    def store(self) -> MemoryStore:
        """The workspace's store (made on first use)."""
        if self._store is None:
            self._store = MemoryStore(self.root)
        return self._store

    @property
    def memory(self) -> Path:
        """``memory/``."""
        return self.root / MEMORY_DIR


def stamp() -> str:
    """UTC time for the name of something moved aside."""
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def workspace_files(ctx: Context) -> Iterator[Path]:
    """The files reverie reads whole or appends to."""
    for name in ("SOUL.md", "USER.md", WORKSPACE_GUIDE.as_posix()):
        yield ctx.root / name
    for name in (
        "MEMORY.md",
        "history.jsonl",
        ".cursor",
        ".dream_cursor",
        STATE_NAME,
        JOURNAL_NAME,
    ):
        yield ctx.memory / name
    for folder in (ctx.root / SESSIONS_DIR, ctx.memory / "transcripts"):
        with contextlib.suppress(OSError):
            yield from sorted(folder.glob("*.jsonl"))
