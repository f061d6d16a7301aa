"""A new date for what was called off: "my driving test on 14 November is cancelled. New date is 28
November" says when the test now is.

"New date is …" alone names no event; the event is the thing called off earlier in the
same message ("interview on Thursday is not possible", "health visitor cancelled"). The
new date is said again as that thing's, so that the line stands on its own.
"""

from __future__ import annotations

import re

__all__ = ["new_date_named"]

_I = re.IGNORECASE

_EVENT = (
    r"(?:[a-z]+ ){0,2}?(?:test|interview|appointment|exam|scan|check|check-up|checkup|meeting|"
    r"viewing|session|lesson|class|flight|operation|surgery|hearing|consultation|induction|"
    r"inspection|assessment|audition)"
)
# "my driving test on 14 November is cancelled", "interview on Thursday is not possible"
_EVENT_OFF = re.compile(
    rf"\b(?P<owner>(?:my|our|the) )?(?P<event>{_EVENT})\b(?: on [^.,;!?]{{1,30}}?| (?:at|for) "
    r"[^.,;!?]{1,20}?)? (?:is|was|has been|got|been|are|were)? ?(?:cancelled|canceled|"
    r"not possible|off|postponed|called off|moved)\b",
    _I,
)
# "health visitor cancelled", "the midwife cancelled": someone coming, not coming after all
_VISIT_OFF = re.compile(
    r"\b(?:my |our |the )?(?P<who>(?:[a-z]+ )?(?:visitor|midwife|nurse|plumber|electrician|"
    r"engineer|builder|surveyor|inspector|tutor))\b (?:has |just )?(?:cancelled|canceled|"
    r"called off|rang to cancel)\b",
    _I,
)
_NEW_DATE = re.compile(r"\b[Nn]ew (?:date|time|day) is:? (?=\S)")
_DAY_FIRST = re.compile(
    r"(?:on |at )?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|the \d|next )", _I
)


def new_date_named(text: str) -> str:
    """``text`` with "New date is X" said as the date of what was called off before it."""
    new = _NEW_DATE.search(text)
    if new is None:
        return text
    before, after = text[: new.start()], text[new.end() :]
    if _DAY_FIRST.match(after) is None:
        return text
    on = "" if after.lower().startswith(("on ", "at ")) else "on "
    if (event := _last(_EVENT_OFF, before)) is not None:
        owner = (event["owner"] or "my ").lower()
        said = f"{owner}{event['event'].lower()} is now {on}"
    elif (visit := _last(_VISIT_OFF, before)) is not None:
        said = f"the {visit['who'].lower()} is now coming {on}"
    else:
        return text
    if not before.rstrip() or before.rstrip()[-1] in ".!?":
        said = said[0].upper() + said[1:]
    return before + said + after


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    found = list(pattern.finditer(text))
    return found[-1] if found else None
