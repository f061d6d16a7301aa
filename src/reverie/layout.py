"""Where things live in a workspace: the one home of its file and folder names.

Every module that needs a memory file's name takes it from here, so the list of
memory files cannot drift between the prompt, Dream's tools, git, blame and the
CLI.
"""

from __future__ import annotations

__all__ = [
    "DREAM_CURSOR_FILE",
    "MEMORY_DIR",
    "MEMORY_FILE",
    "MEMORY_FILES",
    "NOTES_DIR",
    "SESSIONS_DIR",
    "SKILLS_DIR",
    "SOUL_FILE",
    "TRACKED_FILES",
    "USER_FILE",
]

SOUL_FILE = "SOUL.md"
"""The agent's persona and behaviour rules."""
USER_FILE = "USER.md"
"""Stable facts about the user."""
MEMORY_DIR = "memory"
"""Memory's own folder: MEMORY.md, history, cursors, transcripts."""
MEMORY_FILE = f"{MEMORY_DIR}/MEMORY.md"
"""Durable project facts and decisions."""
DREAM_CURSOR_FILE = f"{MEMORY_DIR}/.dream_cursor"
"""The last history cursor Dream has folded into the memory files."""
SESSIONS_DIR = "sessions"
"""One JSONL file per conversation."""
SKILLS_DIR = "skills"
"""Reusable procedures, one folder per skill (``skills/<name>/SKILL.md``)."""
NOTES_DIR = f"{MEMORY_DIR}/notes"
"""Free notes that clients keep through the memory tool (``/memories/<anything else>``)."""

MEMORY_FILES: tuple[str, ...] = (SOUL_FILE, USER_FILE, MEMORY_FILE)
"""The memory files, in the order a prompt shows them (workspace-relative)."""
TRACKED_FILES: tuple[str, ...] = (*MEMORY_FILES, DREAM_CURSOR_FILE)
"""The files the memory repository versions."""
