"""Read back a conversation rendered by :func:`reverie.message_format.format_messages`.

The archive request carries the conversation as text, one message per line
(``[YYYY-MM-DD HH:MM] ROLE [tools: a, b]: text``); a message whose text spans
several lines continues on the lines that follow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Turn", "extract_block", "parse_transcript"]

_ROLES = "USER|ASSISTANT|TOOL|SYSTEM|DEVELOPER|FUNCTION|UNKNOWN"
_LINE = re.compile(
    rf"^\[(?P<stamp>[^\]\n]{{1,40}})\] (?P<role>{_ROLES})(?: \[tools: [^\]\n]*\])?: ?(?P<text>.*)$"
)
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Turn:
    """One message of a rendered conversation.

    Attributes:
        role: Lower-case role (``"user"``, ``"assistant"``, ``"tool"`` …).
        text: The message text, lines joined with ``\\n``.
        date: ``YYYY-MM-DD`` from the line's stamp, or None when it had none.
    """

    role: str
    text: str
    date: str | None


def extract_block(text: str, open_tag: str, close_tag: str) -> str | None:
    """The text between ``open_tag`` and the last ``close_tag`` after it, or None."""
    start = text.find(open_tag)
    if start < 0:
        return None
    end = text.rfind(close_tag)
    if end < start:
        return None
    return text[start + len(open_tag) : end].strip("\n")


def parse_transcript(text: str) -> list[Turn]:
    """Split rendered lines back into turns; text before the first stamp is ignored."""
    turns: list[Turn] = []
    role: str | None = None
    date: str | None = None
    lines: list[str] = []
    for line in text.splitlines():
        match = _LINE.match(line)
        if match is None:
            if role is not None:
                lines.append(line)
            continue
        if role is not None:
            turns.append(Turn(role, "\n".join(lines).strip(), date))
        role = match["role"].lower()
        stamp = _DATE.match(match["stamp"])
        date = stamp.group(0) if stamp else None
        lines = [match["text"]]
    if role is not None:
        turns.append(Turn(role, "\n".join(lines).strip(), date))
    return turns
