"""Who someone is, said in passing: a job shared with others, office days, kin named aside.

"I'm one of three platform engineers at Havenlijn" says the speaker's job; "I'm in
Tue/Thu" the days at the office; "my youngest, Elspeth, has a sesame allergy" who has it,
as "my youngest Elspeth" would. :func:`.told_plainly.told_plainly` calls
:func:`roles_said_plainly` on each clause.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import JOB, KIN_ADJ, RELATION
from reverie.providers.offline.predicates import SHORT_WEEKDAY
from reverie.providers.offline.terse import indefinite_article
from reverie.providers.offline.vocabulary import CONDITION_WORDS, COUNT_WORDS, alternation

__all__ = ["roles_said_plainly"]

_I = re.IGNORECASE


def roles_said_plainly(text: str) -> str:
    """``text`` with a job shared with others, office days or kin named aside said plainly."""
    if "," in text:
        text = _KIN_THEN_NAME.sub(r"\g<kin> \g<name> ", text)
    text = _ONE_OF_THE.sub(_one_of_them, _IN_ON_DAYS.sub(_office_days, text))
    if "band" in text.lower():
        text = _WE_ARE_THE_BAND.sub(
            r"I play in a \g<size>-piece \g<kind>band called \g<name>", text
        )
    return _MY_PART.sub(r"I play \g<part>", text)


# "we're ledger lines, 4 piece covers band": the band one plays in, by its name
_WE_ARE_THE_BAND = re.compile(
    r"^we(?:'re| are) (?P<name>(?:[\w'&-]+ ){0,3}[\w'&-]+),? (?:an? )?(?P<size>\d|two|three|"
    r"four|five|six|seven)[- ]piece (?P<kind>(?:[\w-]+ )?)band\b",
    _I,
)
_PART = (
    r"(?:(?:lead|rhythm|bass|acoustic) )?guitar|bass|drums|keys|keyboards?|piano|fiddle|violin|"
    r"cello|sax|saxophone|trumpet|trombone|(?:lead |backing )?(?:vocals|vox)"
)
# "im guitar + backing vox", "I'm on drums": one's part in a band
_MY_PART = re.compile(
    rf"^I(?:'m| am) (?:on )?(?P<part>(?:{_PART})(?: ?(?:\+|&|and) ?(?:{_PART}))*)"
    r"(?=\s*(?:[.,;!)]|$| in\b| for\b))",
    _I,
)


# "my youngest, Elspeth, has a sesame allergy": a relation and a name set apart by commas
# say who, as "my youngest Elspeth" does, before what lasts about them (a job, a home, a
# condition; "my sister, Noor, is flying in" keeps only who she is)
_KIN_THEN_NAME = re.compile(
    rf"^(?P<kin>(?:my|our) (?:{KIN_ADJ}(?:{RELATION})|eldest|oldest|youngest|middle one)),\s+"
    r"(?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+),\s+"
    r"(?=is an? [a-z]|is allergic\b|lives in\b|works (?:as|at|in|for)\b|"
    rf"has an? (?:[\w-]+ )?(?:allergy|intolerance)\b|has (?:{alternation(CONDITION_WORDS)})\b)",
    _I,
)


# "I'm in Tue/Thu", "im in mondays and fridays": the days at the office, in the usual words
_IN_ON_DAYS = re.compile(
    rf"^(?P<who>I'm|I am|im) in (?:on )?(?P<days>{SHORT_WEEKDAY}s?"
    rf"(?:\s*(?:/|&|,|\+|and)\s*{SHORT_WEEKDAY}s?)+)(?=[\s.,;!]|$)",
    _I,
)
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _office_days(said: re.Match[str]) -> str:
    days = [
        next(day for day in _DAY_NAMES if day.lower().startswith(short.lower()[:3])) + "s"
        for short in re.findall(r"[a-z]+", said["days"], _I)
        if short.lower() != "and"
    ]
    listed = ", ".join(days[:-1]) + " and " + days[-1]
    return f"{said['who']} in the office {listed}"


# "I'm one of three platform engineers at Havenlijn": the speaker's job, said with the others
# who do it
_ONE_OF_THE = re.compile(
    rf"^(?P<who>I'm|I am|im) one of (?:the |our |(?:{COUNT_WORDS}|\d{{1,3}}|a few|several) )"
    r"(?P<what>(?:[\w-]+ )?[a-z]+(?:ves|s)) (?=(?:at|in|for|on)\b)",
    _I,
)
_A_JOB = re.compile(JOB, _I)


def _one_of_them(one: re.Match[str]) -> str:
    """ "I'm one of two midwives at …" → "I'm a midwife at …"; not one of three kids."""
    what = one["what"]
    what = what[:-3] + "fe" if what.endswith("wives") else what[:-1]
    if _A_JOB.fullmatch(what.split()[-1]) is None:
        return one[0]
    return f"{one['who']} {indefinite_article(what)}{what} "
