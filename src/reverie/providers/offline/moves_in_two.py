"""A move told in two messages: "the moving date's been pushed." … "7th feb now. saturday".

In a chat the news comes first and the new date after the other side asks ("ugh so
when"). The later message, opening with the date, is read as the move said whole
("the moving date's been pushed to 7th feb now. saturday"), so that the line of the
old date is moved as when it is said in one message (:mod:`.reschedules`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from reverie.providers.offline.frame_words import DATE
from reverie.providers.offline.transcript import Turn

__all__ = ["moves_in_two"]

_I = re.IGNORECASE

# "the moving date's been pushed.", "my scan has been moved!": what moved, and no date
_MOVED_WITHOUT_A_DATE = re.compile(
    r"(?:^|[.!?]\s+)(?:(?:ugh|so|and|ok|right)[,]? )?(?P<thing>(?:the|my|our) [a-z][\w-]*"
    r"(?: [a-z][\w-]*){0,2}?)(?:'s|’s| has| have) (?:been |got |just been )?(?:pushed(?: back)?|"
    r"moved|postponed|delayed|put back|rescheduled|changed)\s*(?:[.!]+|$)",
    _I,
)
# "7th feb now. saturday", "feb 7th now": the new date, opening the later message
_DATE_FIRST = re.compile(rf"^(?:it's |its |now )?(?P<date>{DATE})\b", _I)
# How many turns, both sides, may come between the news and its date.
_TURNS_BETWEEN = 3


def moves_in_two(turns: Sequence[Turn]) -> list[Turn]:
    """``turns``, each later message giving the new date read as the move said whole."""
    read = list(turns)
    for index, turn in enumerate(read):
        dated = _DATE_FIRST.match(turn.text.strip())
        if dated is None:
            continue
        for before in reversed(read[max(0, index - _TURNS_BETWEEN) : index]):
            if before.role != turn.role:
                continue
            moved = list(_MOVED_WITHOUT_A_DATE.finditer(before.text))
            if moved:
                thing = moved[-1]["thing"]
                said = f"{thing} has been moved to {turn.text.strip()[dated.start('date') :]}"
                read[index] = replace(turn, text=said)
            break
    return read
