"""What the offline rules keep from a few turns: the lines, in order."""

from __future__ import annotations

from reverie.providers.offline.extract import extract_facts
from reverie.providers.offline.transcript import Turn


def facts(*turns: tuple[str, str], date: str = "2026-03-02") -> list[str]:
    """The memory lines the offline rules extract from ``(role, text)`` turns said on ``date``."""
    return [fact.text for fact in extract_facts([Turn(role, text, date) for role, text in turns])]
