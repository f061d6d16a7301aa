"""What the offline rules keep from a few turns: the lines, in order."""

from __future__ import annotations

from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import extract_facts, render_answer
from reverie.providers.offline.transcript import Turn


def facts(*turns: tuple[str, str], date: str = "2026-03-02") -> list[str]:
    """The memory lines the offline rules extract from ``(role, text)`` turns said on ``date``."""
    return [fact.text for fact in extract_facts([Turn(role, text, date) for role, text in turns])]


def remembered(*turns: tuple[str, str], date: str = "2026-03-02") -> list[str]:
    """The memory lines after ``(role, text)`` turns, one chunk, were dreamed into empty files."""
    files = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}
    found = extract_facts([Turn(role, text, date) for role, text in turns])
    files, _ = merge_facts(files, entry_facts(render_answer(found), date))
    return [line[2:] for text in files.values() for line in text.splitlines() if line[:2] == "- "]


def dreamed(*said: str) -> str:
    """The memory files after each user message was a chunk of its own, a day apart."""
    files = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}
    summary: str | None = None
    for day, text in enumerate(said, start=1):
        date = f"2025-12-{day:02d}"
        found = extract_facts([Turn("user", text, date)], previous_summary=summary)
        summary = render_answer(found)
        files, _ = merge_facts(files, entry_facts(summary, date))
    return "\n".join(files.values())
