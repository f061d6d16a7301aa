"""One value at a time: a later line for the same slot replaces the earlier one.

A person has one home, one birthday, one partner at a time. The lines the
frames write (:mod:`.frames`), and the clause lines of the same shape, name
their slot; :func:`slot_of` reads it back, so that "User moved to Braga."
replaces "User lives in Porto." in one extraction and in the memory files.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import DATE, ONE_AT_A_TIME, RELATION, relation_word
from reverie.providers.offline.predicates import SHORT_WEEKDAY
from reverie.providers.offline.systems import SYSTEMS
from reverie.providers.offline.vocabulary import alternation, is_name

__all__ = ["slot_of"]

_I = re.IGNORECASE
_DAY = rf"{SHORT_WEEKDAY}s?"

_SLOT_SHAPES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"^(?P<who>.+?) (?:(?:just|now|recently|finally|officially|actually|really|still) )?"
            # ("User's start date is moved to 4 May" moves a date, not a home)
            r"(?:lives in|live in|is moving to|(?<!\bis )(?<!\bwas )(?<!\bbeen )moved to|"
            # ("User is based in Rotterdam", then "User actually lives in Delft")
            r"is based in|are based in) "
            # ("User lives in the first floor" says which floor, not which town)
            r"(?!the (?:\w+ )?(?:floor|flat|house|room|basement|attic)\b)\S"
        ),
        "home",
    ),
    (re.compile(r"^(?P<who>.+?)'s birthday is \S"), "birthday"),
    # "User is on Wed to Sun now." then "User is on Tue to Sat now.": one run of working days
    (
        re.compile(
            # ("User works Tuesday until Saturday, 7 to 3.")
            rf"^(?P<who>[A-ZÀ-Þ][\wÀ-ÿ'’-]*) (?:is|works) (?:now )?(?:on )?{_DAY}"
            rf" (?:to|until|till|through) {_DAY}"
            r"(?: now)?[,.]",
            _I,
        ),
        "working days",
    ),
    # "User works at a cafe in headingley." then "User got a job at the uni sports centre."
    (
        re.compile(
            r"^(?P<who>[A-ZÀ-Þ][\wÀ-ÿ'’-]*) (?:now )?(?:works (?:at|for)|got a (?:new )?job "
            # ("User got the Head of Chemistry job at St Aldhelm's and started this week.")
            r"(?:at|with)|got the (?:new )?(?:[\w-]+ ){0,4}job (?:at|with)|"
            r"has a new job (?:at|with)|started (?:a new job |work )?at) \S"
        ),
        "job",
    ),
    (
        re.compile(
            r"^(?P<who>.+?) (?:is|is now|went|has gone|has been|eats) (?:a |fully |mostly )?"
            r"(?:vegetarian|vegan|pescatarian|pescetarian|veggie|plant-based|flexitarian)\b",
            _I,
        ),
        "diet",
    ),
    (re.compile(r"^(?P<who>.+?)'s time zone is \S"), "time zone"),
    # "User uses Arch Linux." then "User switched to fedora 43 last night.": one system at a
    # time (not one of two machines: "… on the laptop", "… at work")
    (
        re.compile(
            r"^(?P<who>User) (?:uses|is using|is on|(?:switched|moved|changed)(?: over)? to) "
            rf"(?:{alternation(tuple(SYSTEMS))})\b"
            r"(?![^.]*\b(?:at work|for work|laptop|desktop|server|vps|pi|machine|also|too|"
            r"as well)\b)",
            _I,
        ),
        "operating system",
    ),
    # "User weighs 82kg." then "User's weight: 79kg.", "User earns 42k." then "User's salary
    # is £45k.": one weight, one pay at a time.
    (re.compile(r"^(?P<who>[A-ZÀ-Þ][\wÀ-ÿ'’-]*) (?:now )?weighs \S*\d"), "weight"),
    (re.compile(r"^(?P<who>[A-ZÀ-Þ][\wÀ-ÿ'’-]*) (?:now )?earns \S*\d"), "salary"),
    # "User's budget is 4k." then "User's budget is 5.5k now.": one budget for one thing.
    (re.compile(r"^(?P<who>.+?)'s (?P<what>budget(?: for [^,.]+?)?) is \S"), ""),
    # "User's goal is sub-2:15." then "User's new goal is 2:20.": one time or figure to aim at
    (
        re.compile(
            r"^(?P<who>.+?)'s (?:new |revised |current )?(?P<what>goal|target) is "
            r"(?:now )?(?:sub[- ]?|under |below |about |around )?[£$€]?\d"
        ),
        "",
    ),
    (re.compile(r"^(?P<who>[A-ZÀ-Þ][\wÀ-ÿ'’-]*) is \d{1,3}\.$"), "age"),
    # "User is 31, been in retail since they were 22." then "User turns 32 on Tuesday."
    (
        re.compile(
            r"^(?P<who>[A-ZÀ-Þ][\wÀ-ÿ'’-]*) (?:is|turns|turned|is turning|just turned) \d{1,3}"
            # (not "User is 3 years sober": how long, not how old)
            r"(?=,| years?\b(?! (?:sober|clean|smoke-free|vegan|vegetarian|married|together)\b)"
            # ("Taras is 9 already, birthday was in December 22")
            r"| today\b| on\b| this\b| next\b| in\b| already\b| now\b)"
        ),
        "age",
    ),
    # "User's start date is 1 April." then "User's start date is 15 April.", "User's rent is
    # £1,650." then "… £1,900.": an own date or price has one value at a time.
    (
        re.compile(
            r"^(?P<who>[A-ZÀ-Þ][\wÀ-ÿ'’-]*)'s (?P<what>[a-z][a-z -]{1,30}?) (?:is|are) "
            rf"(?:now |on |the |moving to |moved to )*(?=[£$€]\d|{DATE})",
            re.IGNORECASE,
        ),
        "=",
    ),
    # "User's shifts are Tuesday and Thursday evening." then "User's shifts are now Monday …"
    (
        re.compile(
            r"^(?P<who>[A-ZÀ-Þ][\wÀ-ÿ'’-]*)'s (?P<what>shifts|working days|work days|days off|"
            rf"office days|rota) (?:is|are) (?:now )?(?:on )?(?={SHORT_WEEKDAY}s?\b)",
            re.IGNORECASE,
        ),
        "=",
    ),
    (re.compile(rf"^(?P<who>.+?)'s (?P<what>{RELATION}) is (?P<name>[A-ZÀ-Þ]\S*)\.$", _I), ""),
    (re.compile(r"^(?P<who>.+?)'s (?P<what>favourite [a-z]+(?: [a-z]+)?) is \S"), ""),
    # "User's work hours: nights, 10pm-6am." (an answer), "Cutover date: sunday feb 23." (a
    # label): a later value for the same thing replaces the earlier.
    (re.compile(r"^(?P<who>[A-ZÀ-Þ][\wÀ-ÿ'’-]*)'s (?P<what>[a-z][a-z /'-]{1,40}): \S"), "="),
    (
        re.compile(
            r"^(?!(?:Decision|Rule|Plan|To do|The stack):|User\b|The team\b)"
            r"(?P<what>[A-ZÀ-Þ][a-z0-9 /'-]{2,30}): \S"
        ),
        "=",
    ),
)


def slot_of(text: str) -> tuple[str, str] | None:
    """``(subject, what)`` when ``text`` is a frame line with one value at a time, else None.

    "User lives in Leeds." and "User is moving to Glasgow." share the slot
    ``("User", "home")``: the later one replaces the earlier.
    """
    for pattern, what in _SLOT_SHAPES:
        match = pattern.match(text.strip())
        if match is not None:
            if what == "=":  # the line names its own slot
                found = match.groupdict()
                return found.get("who") or "label", match["what"].lower()
            if what:
                return match["who"], what
            if "name" in match.groupdict() and not is_name(match["name"]):
                return None  # "User's wife is Polish." says where she is from
            word = relation_word(match["what"])
            if word.startswith(("favourite", "budget", "goal", "target")) or word in ONE_AT_A_TIME:
                return match["who"], word
            return None
    return None
