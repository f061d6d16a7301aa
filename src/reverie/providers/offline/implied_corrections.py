"""Corrections said in passing, and how far back a "no wait" reaches.

"finance want it live by the 21st, not the 28th" puts a day right without a
correction cue (:func:`implied_correction`); "cell bio is the 15th not the 14th"
does it for something named bare, where the line it mends is out of reach
(:func:`day_put_right`). A "no wait …" mends the latest message that said the old
value, not an older line (:func:`repair_reach`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.corrections import swappable
from reverie.providers.offline.frame_words import MONTH

__all__ = ["day_put_right", "implied_correction", "repair_reach"]

_I = re.IGNORECASE


def repair_reach(message: str, old: str, before: Sequence[str]) -> int:
    """The index in ``before`` of the first message a correction in ``message`` may mend.

    "no wait, actually it's the 21st not the 28th" repairs the latest message that
    said the old value (``old``: "draft by 28 nov"), never an older "interview is the
    28th aug"; a correction without such a cue ("plan change. it's Glasgow now, not
    Edinburgh") may mend anything said before (-1).
    """
    if _SELF_REPAIR.match(message) is None or not old:
        return -1
    number = re.fullmatch(r"(?:the )?(\d{1,4})(?:st|nd|rd|th)?", old, re.IGNORECASE)
    value = rf"{number[1]}(?:st|nd|rd|th)?" if number is not None else re.escape(old)
    said = re.compile(rf"(?<![\w.,:]){value}(?![\w]|[.,:]\d)", re.IGNORECASE)
    for index in range(len(before) - 1, -1, -1):
        if said.search(before[index]):
            return index
    return -1


_SELF_REPAIR = re.compile(
    r"^\W*(?:no,? wait|wait|sorry|oops|no no|actually no|correction)\b", re.IGNORECASE
)


# A day, a weekday, a time or a sum: the values "X, not Y" swaps without naming its subject.
_VALUE = (
    rf"(?:\d{{1,2}}(?:st|nd|rd|th)(?: (?:of )?(?:{MONTH})\b)?"
    rf"|\d{{1,2}} (?:{MONTH})\b"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|\d{1,2}[:.]\d\d(?: ?[ap]m)?|\d{1,2} ?[ap]m|[£$€]\d[\d,.]*k?)"
)
# "finance want it live by the 21st, not the 28th, because …": a value put right in passing.
_IMPLIED = re.compile(
    rf"(?:^|\s)(?P<new>(?:the )?{_VALUE}|[£$€]\d[\d,.]*\d(?: per \w+| an? \w+)?)"
    r"(?: now)?,?\s+(?:not|rather than|instead of)\s+"
    # (not the start of a range: "…, not the 10th to the 14th")
    rf"(?P<old>(?:the )?{_VALUE}|\d[\d,.]*\d)(?=[\s,.;!]|$)(?!\s+(?:to|until|till|[-–])\s)",
    _I,
)
# "the 16th to the 20th, not …": the value is the end of a range, which no swap can move
_RANGE_BEFORE = re.compile(r"\d(?:st|nd|rd|th)?\s+(?:to|until|till|[-–])(?:\s+the)?\s*$", _I)


# "It won't be the 19th of May after all but the 2nd of June": the old value first.
_IMPLIED_BUT = re.compile(
    rf"\b(?:won't be|will not be|isn't|is not|not) (?P<old>(?:the )?{_VALUE})"
    rf"(?: after all| any ?more)?,? but (?P<new>(?:the )?{_VALUE})(?=[\s,.;!]|$)",
    _I,
)


_PUTS_RIGHT = re.compile(r"\b(?:not|than|instead|but)\b", _I)


def implied_correction(clause: str) -> str | None:
    """ "it's X, not Y" for a clause of any subject that puts one value right, or None.

    Only a value of a kind :func:`typed_swap` can swap; the line it mends must say Y,
    so a clause whose Y was never stored changes nothing.
    """
    if _PUTS_RIGHT.search(clause) is None:
        return None  # most clauses: no "not", "than", "instead of" or "but"
    match = _IMPLIED.search(clause) or _IMPLIED_BUT.search(clause)
    if match is None or _RANGE_BEFORE.search(clause[: match.start("new")]):
        return None
    new, old = match["new"], match["old"]
    month = re.search(rf" (?:of )?(?:{MONTH})$", new, _I)
    if month is not None and re.fullmatch(r"(?:the )?\d{1,2}(?:st|nd|rd|th)", old, _I):
        # "back 5th jan not 3rd": the 3rd of January, never the 3rd of another month
        old = f"{old}{month[0]}"
    correction = f"it's {new}, not {old}"
    return correction if swappable(correction) else None


# "checked the timetable properly and cell bio is the 15th not the 14th": a day put right, of
# something named bare, as chat names it.
_BARE_DAY_PUT_RIGHT = re.compile(
    r"(?:^|\band\s+)(?P<what>(?!(?:it|that|this|he|she|they|which|what|there|mine|yours|"
    r"i|you|we)\b)[a-z][a-z'-]*(?: [a-z][a-z'-]*){0,2}) is (?:on )?(?P<new>the \d{1,2}"
    r"(?:st|nd|rd|th))(?: now)?,? not (?:on )?(?P<old>the \d{1,2}(?:st|nd|rd|th))[.!]*$"
)


def day_put_right(clause: str) -> str | None:
    """ "the cell bio is the 15th, not the 14th" for a day put right of something named bare.

    Said where the line it mends is out of reach (an earlier chunk), it stands as a
    correction of its own, for Dream to apply.
    """
    bare = _BARE_DAY_PUT_RIGHT.search(clause)
    if bare is None:
        return None
    what = bare["what"]
    what = what if re.match(r"(?:my|our|the)\b", what) else f"the {what}"
    return f"{what} is {bare['new']}, not {bare['old']}"
