"""A range of days put right: "it's not the 10th to the 14th any more, it's the 16th to the 20th".

A swap of one value (:mod:`.corrections`) cannot move a range: both ends change. When a
message gives up one range of days for another, the line said before that holds the old
range ("User is going to Porto, 10th to 14th October.") gets the new one, written the way
the line wrote its range; nothing else in the line changes.
"""

from __future__ import annotations

import re

from reverie.providers.offline.fact import Fact
from reverie.providers.offline.frame_words import MONTH, ordinal_suffix

__all__ = ["move_range", "moved_range", "with_range_moved"]

_I = re.IGNORECASE

_RANGE = (
    r"(?:the )?(?P<{a}>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\s*(?:to|-|–|until|till)\s*"
    r"(?:the )?(?P<{b}>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?(?!\d)"
)
_OLD = _RANGE.format(a="old_from", b="old_to")
_NEW = _RANGE.format(a="new_from", b="new_to")
_OLD2 = _RANGE.format(a="old2_from", b="old2_to")
_NEW2 = _RANGE.format(a="new2_from", b="new2_to")
# "not the 10th to the 14th any more, it's the 16th to the 20th", "16-20 now, not 10-14"
_MOVED = re.compile(
    rf"\bnot (?:on )?{_OLD}(?: any ?more)?,?\s+(?:(?:it['’]?s|its|it is|now|but|so)\s+)*{_NEW}"
    rf"|(?<!\d){_NEW2}(?: now)?,?\s+(?:not|instead of|rather than) (?:the )?{_OLD2}",
    _I,
)


def move_range(message: str, facts: list[Fact], speaker: str) -> None:
    """Write the range ``message`` puts right into the latest of ``speaker``'s lines holding it.

    "Change of dates: it'll be 19–23 February" names no old range: the latest of the
    speaker's lines with a range of days gets the new one.
    """
    moved = moved_range(message)
    new_dates = None
    low = message.lower()
    if moved is None and "dates" in low:  # most messages: none
        new_dates = _NEW_DATES.search(message)
    if moved is None and new_dates is None and ("in the end" in low or "after all" in low):
        new_dates = _IN_THE_END.search(message)
    if (
        moved is None
        and new_dates is None
        and " back " in low
        and (" now " in low or "moved" in low)
    ):
        # "Ryanair moved our flights. We now fly out on the 24th and back on the 28th."
        new_dates = _OUT_AND_BACK.search(message)
    # "wait its 19-26 oct not 12": the new range, and the day the old one began
    from_day = None
    if moved is None and new_dates is None and " not " in message.lower():
        from_day = _NEW_NOT_FROM.search(message)
    if moved is None and new_dates is None and from_day is None:
        return
    for index in range(len(facts) - 1, -1, -1):
        fact = facts[index]
        if not fact.text.startswith(speaker):
            continue
        if new_dates is not None and (held := _HELD.search(fact.text)) is not None:
            old = (int(held["first"]), int(held["last"]))
            moved = old, (int(new_dates["new_from"]), int(new_dates["new_to"]))
        if (
            from_day is not None
            and (held := _HELD.search(fact.text)) is not None
            and int(held["first"]) == int(from_day["old_from"])
        ):
            old = (int(held["first"]), int(held["last"]))
            moved = old, (int(from_day["new_from"]), int(from_day["new_to"]))
        if moved is not None and (line := with_range_moved(fact.text, *moved)):
            facts[index] = Fact(fact.tag, line)
            return


# "Change of dates: it'll be 19–23 February", "new dates: the 3rd to the 7th"
_NEW_DATES = re.compile(
    r"\b(?:change of dates|new dates|(?:the )?dates (?:have )?(?:changed|moved))\b[:,]?\s*"
    rf"(?:(?:it['’]?ll be|it will be|it['’]?s|its|now|to)\s+)*{_NEW}",
    _I,
)
# "we booked! But it's the 15th to the 22nd of March in the end": the range it came to
_IN_THE_END = re.compile(
    rf"\b(?:it['’]?s|its|it is|it was|we went for|we chose)\s+{_NEW}(?: (?:of )?(?:{MONTH}))?,?"
    r"\s+(?:in the end|after all)\b",
    _I,
)
_OUT_AND_BACK = re.compile(
    r"\bout (?:on )?(?:the )?(?P<new_from>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
    rf"(?: (?:of )?(?:{MONTH}))?(?: now)?,? (?:and )?(?:back|home|return(?:ing)?) (?:on )?(?:the )?"
    r"(?P<new_to>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b",
    _I,
)
_NEW_NOT_FROM = re.compile(
    rf"(?<![\d£$€.,]){_NEW}(?: (?:of )?(?:{MONTH}))?(?: now)?,?\s+not (?:the )?"
    r"(?P<old_from>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?(?!\s*(?:to|-|–)|\d|[:.,]\d)",
    _I,
)
# A range of days a line holds: "12–16 February", "the 10th to the 14th" (not "9–5", hours)
# ("flying Dublin to Tokyo 3rd of April, home the 17th": out, then back, as a range)
_OUT_THEN_HOME = rf"(?: (?:of )?(?:{MONTH}))?,? (?:home|back|returning) (?:on )?(?:the )?"
_HELD = re.compile(
    r"(?<![\d£$€.,])(?P<first>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?(?:\s*(?:to|-|–)\s*"
    rf"(?:the )?|{_OUT_THEN_HOME})(?P<last>[12]\d|3[01]|0?[1-9])(?:(?:st|nd|rd|th)\b|(?= (?:of )?"
    rf"(?:{MONTH})\b))",
    _I,
)


def moved_range(message: str) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """``((old first day, old last day), (new first day, new last day))``, or None."""
    if _PUTS_RIGHT.search(message) is None:
        return None  # most messages: no "not", "instead of" or "rather than"
    match = _MOVED.search(message)
    if match is None:
        return None
    said = {k: int(v) for k, v in match.groupdict().items() if v is not None}
    if "old_from" in said:
        return (said["old_from"], said["old_to"]), (said["new_from"], said["new_to"])
    return (said["old2_from"], said["old2_to"]), (said["new2_from"], said["new2_to"])


_PUTS_RIGHT = re.compile(r"\b(?:not|instead|rather)\b", _I)


def with_range_moved(line: str, old: tuple[int, int], new: tuple[int, int]) -> str | None:
    """``line`` with the range of days ``old`` written as ``new``, or None when it has none."""
    held = re.search(
        rf"(?<![\d£$€.,])(?P<first>{old[0]})(?P<suffix>st|nd|rd|th)?(?:(?P<sep>\s*(?:to|-|–)\s*)"
        rf"(?:the )?|(?P<home>{_OUT_THEN_HOME})){old[1]}(?:st|nd|rd|th)?(?![\d:.,]\d)",
        line,
        _I,
    )
    if held is None:
        return None
    first, last = (f"{day}{ordinal_suffix(day) if held['suffix'] else ''}" for day in new)
    return f"{line[: held.start()]}{first}{held['sep'] or held['home']}{last}{line[held.end() :]}"
