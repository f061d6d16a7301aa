"""Versioning of memory-tool changes: one commit per change, with a trailer naming the tool.

The memory repository normally tracks only SOUL.md, USER.md, memory/MEMORY.md
and Dream's cursor. A change made through the memory tool is committed for
exactly the files it touched (notes and skills included), so ``git log`` and
``git blame`` show what a client wrote, and ``git revert`` undoes it. Edits
someone made by hand to those files since the last commit are committed first,
on their own, so the tool's commit holds only the tool's change.

A failed commit does not undo the change: the file is written, the failure is
logged, and the next Dream run commits the file with its own edits.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reverie._logging import OnceWarner, get_logger
from reverie.errors import StoreError, UserError
from reverie.layout import TRACKED_FILES
from reverie.store.git import GitStore
from reverie.store.trailers import MEMORY_TOOL_TRAILER

__all__ = ["MEMORY_TOOL_TRAILER", "MemoryVersions", "commit_subject"]


_SUBJECT_CHARS = 72

_log = get_logger("integrations.memory")


def commit_subject(command: str, files: Sequence[str]) -> str:
    """``memory: str_replace USER.md`` (long file lists are shortened)."""
    subject = f"memory: {command} " + ", ".join(files)
    if len(subject) <= _SUBJECT_CHARS or len(files) <= 1:
        return subject
    return f"memory: {command} {files[0]} and {len(files) - 1} more files"


class MemoryVersions:
    """Commits for one workspace's memory-tool changes.

    Args:
        workspace: The workspace folder (the repository is ``workspace/.git``).
        via: What made the changes, for the trailer (``anthropic``, ``mcp (claude-ai 0.1)``).
    """

    def __init__(self, workspace: Path, via: str) -> None:
        self.workspace = workspace
        self.via = " ".join(via.split()) or "unknown"
        self._warner = OnceWarner(_log)

    def _store(self, files: Sequence[str]) -> GitStore | None:
        if not files:
            return None
        try:
            if not (self.workspace / ".git").exists():
                GitStore(self.workspace, list(TRACKED_FILES)).init()
            return GitStore(self.workspace, sorted(set(files)))
        except (StoreError, UserError) as exc:
            self._failed(exc)
            return None

    def save_outside_edits(self, files: Sequence[str]) -> None:
        """Commit edits made by hand to ``files`` since their last commit, if any."""
        store = self._store(files)
        if store is None:
            return
        try:
            store.auto_commit(
                f"memory: save edits made outside reverie to {', '.join(files)}\n\n"
                "Committed before a memory-tool change to the same files."
            )
        except (StoreError, UserError) as exc:
            self._failed(exc)

    def commit(self, command: str, files: Sequence[str]) -> str | None:
        """Commit ``files`` as they are now; return the sha (None: nothing changed or it failed)."""
        store = self._store(files)
        if store is None:
            return None
        message = f"{commit_subject(command, files)}\n\n{MEMORY_TOOL_TRAILER}: {self.via}"
        try:
            return store.auto_commit(message)
        except (StoreError, UserError) as exc:
            self._failed(exc)
            return None

    def _failed(self, exc: Exception) -> None:
        self._warner.warn(
            "commit",
            "memory-tool change in %s was written but not committed (%s); the next Dream "
            "run will commit it",
            self.workspace,
            exc,
        )
