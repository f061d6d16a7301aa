"""Where a message says a place or a subject once for two clauses, both get it.

"like my oma made in Utrecht! I grew up there, moved to Scotland in 1998": "there" is the
place just named (as it is in "my drive over to Pickering. I teach geography there"), and
"moved to Scotland" is the speaker's move too, its "I" said once. The whole message is
rewritten before the frames and the clause rules read it, so both see "I grew up in Utrecht
and moved to Scotland in 1998". So is a trip's "Dates 12–16 February 2026" after "Planning
a trip to Tromsø …": "My trip to Tromsø is 12–16 February 2026".
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import JOB, MONTH
from reverie.providers.offline.terse import indefinite_article

__all__ = ["said_once"]

# "I've deferred my Bath place to 2027 and entered the Bristol 10k instead": two steps taken,
# the "I've" said once
_HAVE_DONE_TOO = re.compile(
    r"(?P<said>\bI(?:'ve| have) (?:just |now |also )?[a-z]+ed\b[^.!?;]{3,60}?) and "
    r"(?=(?:entered|joined|booked|signed up|switched|moved|started|registered|enrolled|applied|"
    r"bought|sold|quit|left|changed|cancelled|canceled)\b)"
)
# "I grew up there, moved to Scotland in 1998": a second move of one's own, its "I" left out
_MOVED_TOO = re.compile(
    r"(?P<said>\bI (?:grew up|was born|was raised|lived|studied)\b[^.!?;]*?), "
    r"(?=(?:then )?(?:moved|came|emigrated|relocated) (?:over )?to (?-i:[A-ZÀ-Þ]))"
)
# "like my oma made in Utrecht! I grew up there", "my drive over to Pickering. I teach geography
# there": the place the line before named
_THERE = re.compile(
    r"\bI (?P<verb>grew up|was born|was raised|(?:teach|work|live|study|taught|worked|lived|"
    r"studied)(?: (?!in\b|at\b|there\b)[a-z]+){0,2}?) there\b"
)
_PLACE_NAMED = re.compile(r"\b(?:in|from|to) (?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)")


def _there_named(line: str) -> str:
    """ "… in Utrecht! I grew up there" → "… in Utrecht! I grew up in Utrecht"."""
    there = _THERE.search(line)
    if there is None:
        return line
    places = list(_PLACE_NAMED.finditer(line, 0, there.start()))
    if not places:
        return line
    place = places[-1]["place"]
    return f"{line[: there.start()]}I {there['verb']} in {place}{line[there.end() :]}"


# "I'm 34, Senior QS on £58k": a job after the age, its "I'm" said once
_AGE_THEN_JOB = re.compile(
    r"\bI(?:'m| am) (?P<age>[1-9]\d), (?P<job>(?:(?!(?:and|but|so|my|the|a|an|not|no)\b)"
    rf"[A-Za-z][\w-]* ){{0,2}}(?:(?-i:[A-Z]{{2,4}})|(?i:{JOB}))) (?=(?:on|at|in|for) )"
)


def _job_after_age(match: re.Match[str]) -> str:
    return f"I'm {match['age']}. I'm {indefinite_article(match['job'])}{match['job']} "


# "Planning a trip to Tromsø for our anniversary. Dates 12–16 February 2026, budget …"
_TRIP = re.compile(
    r"\b(?:a|our|my|the) (?P<what>trip|holiday|visit|break|honeymoon|stay|getaway) to "
    r"(?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)"
)
_DATES = re.compile(
    r"(?<=[.!] )Dates:? (?P<range>(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\s*(?:-|–|to)\s*"
    rf"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)? (?i:{MONTH})\b(?: \d{{4}})?)"
)


def _dates_of_the_trip(line: str) -> str:
    dates = _DATES.search(line)
    trip = _TRIP.search(line, 0, dates.start()) if dates is not None else None
    if dates is None or trip is None:
        return line
    said = f"My {trip['what']} to {trip['place']} is {dates['range']}"
    return line[: dates.start()] + said + line[dates.end() :]


def said_once(text: str) -> str:
    """``text`` with a place or an "I" said once for two clauses said for both, line by line."""
    if "I " not in text and "I've" not in text and "I'm" not in text and "Dates" not in text:
        return text  # (most messages: nothing to read, and the rules cost time)
    return "\n".join(_said_for_both(line) for line in text.split("\n"))


def _said_for_both(line: str) -> str:
    line = _MOVED_TOO.sub(r"\g<said> and ", _there_named(line))
    line = _HAVE_DONE_TOO.sub(r"\g<said>. I've ", line)
    if "I'm " in line or "I am " in line:
        line = _AGE_THEN_JOB.sub(_job_after_age, line)
    return _dates_of_the_trip(line)
