"""The guards a completed run's changes must pass before they are committed.

In one run, no file may lose more than a share of its non-empty lines (the
contract's floor), of its facts or of its text, nor grow past the size cap;
across the runs of a week, no file may lose more than half of what it said
(:mod:`reverie.dream.deletion_window`). The first objection found per file is
the one reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from reverie.dream.deletion_window import DeletionWindow
from reverie.dream.guards import (
    content_violations,
    deletion_violations,
    describe_violations,
    size_violations,
)

__all__ = ["ChangeGuards"]

Texts = Mapping[str, str | None]


class ChangeGuards:
    """Judges a run's changes; remembers committed runs for the window.

    Args:
        window: The record of recent runs.
        max_deletion_ratio: Largest share one run may remove.
        max_file_chars: Size cap of each memory file.
    """

    def __init__(
        self, window: DeletionWindow, *, max_deletion_ratio: float, max_file_chars: int
    ) -> None:
        self.window = window
        self.max_deletion_ratio = max_deletion_ratio
        self.max_file_chars = max_file_chars

    def objection(self, before: Texts, after: Texts, now: datetime) -> str | None:
        """The ``rejected by guard: …`` reason, or None when the changes may be committed."""
        ratio = self.max_deletion_ratio
        deletions = deletion_violations(before, after, max_ratio=ratio)
        sizes = size_violations(before, after, max_chars=self.max_file_chars)
        named = {item.path for item in deletions}
        content = content_violations(before, after, max_ratio=ratio)
        content = [item for item in content if item.path not in named]
        named |= {item.path for item in content}
        window = self.window.violations(before, after, now)
        window = [item for item in window if item.path not in named]
        if not (deletions or sizes or content or window):
            return None
        more = [item.describe(ratio) for item in content]
        more += [item.describe(self.window.max_ratio) for item in window]
        reason = describe_violations(deletions, sizes, max_ratio=ratio, more=more)
        if window:
            reason += " (to remove that much on purpose, edit the file by hand)"
        return reason

    def remember(self, before: Texts, after: Texts, now: datetime) -> None:
        """Record a committed run in the window.

        Raises:
            StoreError: the window's record cannot be written.
        """
        self.window.record(before, after, now)
