"""Messages lost to a damaged session line keep their place, so positions never shift.

Everything that counts messages in a session counts positions in its list:
``last_consolidated`` (how many leading messages are summarised) and the
absolute indexes history entries name (``archived_offset + i``). A damaged line
in the middle of the file (a truncated write by another program, a flipped
byte) used to drop out of the list, so every later message moved up by one:
``last_consolidated`` could fall out of range and reset to 0, re-summarising
the whole session, and ``history expand`` showed the wrong messages.

So a damaged line becomes a *lost-message placeholder* at its position
(:func:`lost_message`). Placeholders are never sent to a model, never
summarised (their content is empty) and never written to the session file.
Their absolute indexes are recorded in the file instead, as
``metadata["_lost_messages"]`` (nanobot keeps metadata it does not know), so
the next load puts them back where they were. The header's
``last_consolidated`` is written counting only the lines in the file, so
nanobot, which knows nothing of placeholders, reads it right as well.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "LOST_KEY",
    "LOST_MESSAGES_KEY",
    "file_positions",
    "is_lost",
    "lost_message",
    "place_lost",
]

LOST_KEY = "_lost"
"""Marks a placeholder message (``True``)."""
LOST_MESSAGES_KEY = "_lost_messages"
"""Session metadata key: absolute indexes of the placeholders, in the file only."""

Message = dict[str, Any]


def lost_message() -> Message:
    """A placeholder for a message whose line was damaged beyond reading."""
    return {"role": "system", "content": "", LOST_KEY: True}


def is_lost(message: Mapping[str, Any]) -> bool:
    """True for a placeholder made by :func:`lost_message`."""
    return message.get(LOST_KEY) is True


def _indexes(value: object) -> list[int]:
    if not isinstance(value, list):
        return []
    return sorted({i for i in value if isinstance(i, int) and not isinstance(i, bool) and i >= 0})


def place_lost(
    slots: Sequence[Message],
    *,
    recorded: object,
    offset: int,
    file_consolidated: int,
    damaged: bool,
) -> tuple[list[Message], int]:
    """The session's messages with every placeholder in place, and ``last_consolidated``.

    Args:
        slots: One item per line of the file after the metadata line: the
            message, or a placeholder for a damaged line.
        recorded: ``metadata["_lost_messages"]`` as read (validated here).
        offset: The session's ``archived_offset``.
        file_consolidated: The header's ``last_consolidated``: a count of lines.
        damaged: Whether the file had damaged lines.

    Returns:
        ``(messages, last_consolidated)``. The count is converted from lines
        to positions. When it is past the end of a damaged file (its tail was
        cut), it is clamped to the end: those messages were summarised, and
        damage must never make a session be summarised again. In an
        undamaged file an out-of-range count is left for
        :meth:`Session.consolidated_count` to reset, as the contract says.
    """
    messages = list(slots)
    in_file = [True] * len(messages)
    for index in _indexes(recorded):
        local = index - offset
        if 0 <= local <= len(messages):
            messages.insert(local, lost_message())
            in_file.insert(local, False)
    if isinstance(file_consolidated, bool) or not isinstance(file_consolidated, int):
        return messages, file_consolidated
    counted = position = 0
    while position < len(messages) and counted < file_consolidated:
        counted += in_file[position]
        position += 1
    if counted < file_consolidated:
        if damaged:
            return messages, len(messages)
        return messages, file_consolidated + (len(messages) - counted)
    return messages, position


def file_positions(
    messages: Sequence[Mapping[str, Any]], consolidated: object, offset: int
) -> tuple[list[Mapping[str, Any]], object, list[int]]:
    """What goes to the file: the real messages, the line count, the placeholders' indexes.

    The inverse of :func:`place_lost`: ``consolidated`` (a position) becomes a
    count of the lines written before it (an invalid value is passed through).
    """
    written = [message for message in messages if not is_lost(message)]
    lost = [offset + index for index, message in enumerate(messages) if is_lost(message)]
    count = consolidated
    if isinstance(consolidated, int) and not isinstance(consolidated, bool):
        head = messages[: max(0, consolidated)]
        count = consolidated - sum(1 for message in head if is_lost(message))
    return written, count, lost
