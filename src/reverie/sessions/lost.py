"""Messages lost to a damaged session line leave a gap in the indexes, not a shift.

Two things count positions in a session: ``last_consolidated`` (how many
leading messages are summarised) and the absolute message indexes history
entries name (``source = {"start", "end"}``). A damaged line in the middle of a
session file (a truncated write by another program, a flipped byte) used to
drop out and move every later message up by one: ``last_consolidated`` could
fall out of range and reset to 0, re-summarising the whole session, and
``history expand`` showed the wrong messages.

Now the line's message is recorded as *lost*: its absolute index goes into
``metadata["_lost_messages"]`` (nanobot keeps metadata it does not know), the
following messages keep their indexes, and ``last_consolidated`` is corrected
at load time for the lines it had counted. ``session.messages`` holds only the
messages that could be read.

Index arithmetic with gaps: the live messages' absolute indexes start at
``archived_offset`` and skip every lost index at or above it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from typing import Any

from reverie.messages import Message, as_message

__all__ = [
    "LOST_MESSAGES_KEY",
    "absolute_index",
    "count_before",
    "live_position",
    "lost_indexes",
    "lost_stand_in",
    "place",
]

LOST_MESSAGES_KEY = "_lost_messages"
"""Session metadata key: sorted absolute indexes of messages whose lines were damaged."""


def lost_indexes(metadata: Mapping[str, Any]) -> list[int]:
    """The recorded lost indexes, sorted, ignoring anything that is not a count."""
    value = metadata.get(LOST_MESSAGES_KEY)
    if not isinstance(value, list):
        return []
    return sorted({i for i in value if isinstance(i, int) and not isinstance(i, bool) and i >= 0})


def lost_stand_in(index: int) -> Message:
    """What an expansion shows in place of lost message ``index`` (never sent to a model)."""
    return as_message(
        {
            "role": "lost",
            "content": f"(message {index} was lost: its line in the session file was damaged)",
            "lost": True,
        }
    )


def absolute_index(offset: int, lost: Sequence[int], position: int) -> int:
    """The absolute index of the live message at ``position`` (0-based)."""
    index = offset + position
    for gap in lost[bisect_left(lost, offset) :]:
        if gap > index:
            break
        index += 1
    return index


def live_position(offset: int, lost: Sequence[int], index: int) -> int | None:
    """Where absolute ``index`` sits among the live messages; None when lost or archived.

    The result may be past the end of the list: the caller checks the bound.
    """
    if index < offset:
        return None
    at = bisect_left(lost, index)
    if at < len(lost) and lost[at] == index:
        return None
    return index - offset - (at - bisect_left(lost, offset))


def count_before(offset: int, lost: Sequence[int], index: int) -> int:
    """How many live message positions come before absolute ``index``."""
    if index <= offset:
        return 0
    return index - offset - (bisect_left(lost, index) - bisect_left(lost, offset))


def place(
    slots: Sequence[bool],
    *,
    offset: int,
    recorded: Sequence[int],
    file_consolidated: int,
) -> tuple[list[int], int]:
    """Lost indexes and ``last_consolidated`` for a file read line by line.

    Args:
        slots: One flag per line after the metadata line: True for a message
            that was read, False for a damaged line (a lost message).
        offset: The session's ``archived_offset``.
        recorded: Lost indexes the file already recorded (sorted).
        file_consolidated: The header's ``last_consolidated``: a count of lines.

    Returns:
        ``(lost, last_consolidated)``: every lost index, and the count of the
        *read* messages among the first ``file_consolidated`` lines. A count
        past the end of a damaged file (its tail cut) becomes the number of
        read messages: those lines were summarised, and damage must never make
        a session be summarised again. In an undamaged file an out-of-range
        count is passed on for :meth:`Session.consolidated_count` to reset, as
        the contract says.
    """
    lost = list(recorded)
    known = set(lost)
    index = offset
    for read in slots:
        while index in known:
            index += 1
        if not read:
            lost.append(index)
            known.add(index)
        index += 1
    damaged = not all(slots)
    counted = sum(slots[: max(0, file_consolidated)])
    if file_consolidated > len(slots):
        if damaged:
            return sorted(lost), counted
        return sorted(lost), counted + file_consolidated - len(slots)
    return sorted(lost), counted
