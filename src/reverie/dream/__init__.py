"""Dream: turn history entries into durable, versioned knowledge in the memory files."""

from __future__ import annotations

from reverie.dream.commit_message import build_commit_message, parse_cursor_range, summarize_diff
from reverie.dream.guards import TokenBudget, deletion_violations, size_violations
from reverie.dream.lock import DreamLock, LockHolder
from reverie.dream.runner import Dream, DreamResult, DreamStatus
from reverie.dream.schedule import DreamSchedule, DreamState, read_dream_state, record_dream_run

__all__ = [
    "Dream",
    "DreamLock",
    "DreamResult",
    "DreamSchedule",
    "DreamState",
    "DreamStatus",
    "LockHolder",
    "TokenBudget",
    "build_commit_message",
    "deletion_violations",
    "parse_cursor_range",
    "read_dream_state",
    "record_dream_run",
    "size_violations",
    "summarize_diff",
]
