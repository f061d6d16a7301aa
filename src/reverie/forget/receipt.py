"""What a forget will change (its plan) and what it changed (its receipt).

Neither ever holds the forgotten text: files are named by path (a path that
contains the text is refused before anything changes), commits are counted,
and the target is described by its length, cursor or session key.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from reverie.forget.git_history import GitRewrite

__all__ = ["FileChange", "ForgetReceipt"]


@dataclass(frozen=True)
class FileChange:
    """One file a forget changes."""

    path: str
    """Workspace-relative, POSIX style."""
    change: str
    """What happens to it: ``"3 occurrences removed"``, ``"deleted"``, ``"2 entries removed"`` …"""


@dataclass
class ForgetReceipt:
    """What a forget changed, where; the result of :meth:`ForgetPlan.apply`.

    Attributes:
        target: What was forgotten, in words (never the text itself).
        files: Each changed file with what changed in it.
        git: The repository rewrite (None when the workspace has no repository
            or the target lives in no version of it).
        derived_deleted: Derived data deleted, to be rebuilt (the recall index).
        dream_sessions_deleted: Dream runs whose prompt showed a forgotten entry.
        dream_commits: Dream commits that processed a forgotten entry: the memory
            files may still hold facts drawn from it (``reverie forget TEXT``).
        searched: The whole workspace, git objects decompressed, was searched
            for the text afterwards (a text forget).
        remaining: Where that search still found it (files, git objects);
            empty when the forget is complete.
        resumed: This run finished a forget that an interruption had cut short.
        seconds: How long it took.
    """

    target: str
    files: list[FileChange] = field(default_factory=list)
    git: GitRewrite | None = None
    derived_deleted: list[str] = field(default_factory=list)
    dream_sessions_deleted: list[str] = field(default_factory=list)
    dream_commits: list[str] = field(default_factory=list)
    searched: bool = False
    remaining: list[str] = field(default_factory=list)
    resumed: bool = False
    seconds: float = 0.0

    @property
    def complete(self) -> bool:
        """True when nothing was left behind."""
        return not self.remaining

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly view."""
        data = asdict(self)
        data["complete"] = self.complete
        return data
