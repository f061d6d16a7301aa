"""A day named from the day it was said ("tomorrow"), written as the date it meant.

"User turns 31 tomorrow." is true for one day and wrong ever after; stored, a
line must say "User turns 31 on 12 November 2025.". :func:`with_dates` rewrites
"today", "tonight", "tomorrow" and "yesterday" (with a part of the day after them,
"tomorrow morning") from the date the message was sent, and the weekday of a birthday
("turns 28 on Sunday").
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from reverie.providers.offline.frame_words import MONTH_NAMES
from reverie.providers.offline.predicates import WEEKDAY

__all__ = ["next_weekday", "with_dates"]

_OFFSETS = {"yesterday": -1, "today": 0, "tonight": 0, "tomorrow": 1}
_RELATIVE = re.compile(
    r"(?:\b(?P<before>until|till|from|by|since|before|after|for|of|on) )?"
    r"\b(?P<day>yesterday|today|tonight|tomorrow)(?: (?P<part>morning|afternoon|evening|night))?\b",
    re.IGNORECASE,
)


_TURNS_ON_A_WEEKDAY = re.compile(rf"\bturns \d{{1,3}} on (?P<weekday>{WEEKDAY})\b", re.IGNORECASE)


def _written(day: date) -> str:
    return f"{day.day} {MONTH_NAMES[day.month - 1]} {day.year}"


_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def next_weekday(name: str, said_on: str | None) -> str | None:
    """The date of the coming ``name`` ("friday", "fri") from ``said_on``, written out.

    Said on a Friday, "friday" is that day. None without a date or a weekday.
    """
    prefix = name.lower()[:3]
    if not said_on or prefix not in _WEEKDAYS:
        return None
    try:
        sent = date.fromisoformat(said_on[:10])
    except ValueError:
        return None
    ahead = (_WEEKDAYS.index(prefix) - sent.weekday()) % 7
    return _written(sent + timedelta(days=ahead))


def with_dates(line: str, said_on: str | None) -> str:
    """``line`` with its relative days written as dates, counted from ``said_on``.

    ``said_on`` is the message's date (``YYYY-MM-DD``, a time after it is ignored);
    without one, or with one that is no date, the line is kept as it is.
    """
    turning = _TURNS_ON_A_WEEKDAY.search(line) if said_on else None
    # "User turns 28 on Sunday.": the coming Sunday, as a date
    if turning is not None and (day := next_weekday(turning["weekday"], said_on)) is not None:
        line = f"{line[: turning.start('weekday')]}{day}{line[turning.end('weekday') :]}"
    if not said_on or _RELATIVE.search(line) is None:
        return line
    try:
        sent = date.fromisoformat(said_on[:10])
    except ValueError:
        return line

    def dated(match: re.Match[str]) -> str:
        day = _written(sent + timedelta(days=_OFFSETS[match["day"].lower()]))
        part = match["part"] or ("night" if match["day"].lower() == "tonight" else "")
        when = f"the {part.lower()} of {day}" if part else day
        before = match["before"]
        return f"{before} {when}" if before else f"on {when}"

    return _RELATIVE.sub(dated, line)
