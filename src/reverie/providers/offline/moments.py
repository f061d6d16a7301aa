"""Lines true on the day they were said and stale by the next: what holds for a moment.

"User is 30 minutes away.", "Water was 16 degrees.", "The JustGiving is on £480 already.",
"User has got 6 days holiday left too.", "User has got to jump into standup.", "User lost
2-1.": each reads alone and was true, but only then; the words stay in history and recall.
:data:`MOMENTS` lists the shapes; :func:`.salience.worth_keeping` drops a line of any of them.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import DATE
from reverie.providers.offline.vocabulary import COUNT_WORDS

__all__ = ["MOMENTS"]

_I = re.IGNORECASE

# "User has got 3 days left.": a countdown, one day shorter tomorrow
_COUNTDOWN = re.compile(
    r"\b(?:has|have|had)(?: got)? (?:\d+|a few|a couple of|two|three|four|five) "
    r"(?:minutes|hours|days|weeks|months) left\b"
    # "User has 1 hour before they sleep.": the time left that day
    r"|\b(?:has|have)(?: got)? (?:\d+|an?|one|two|half an) (?:minutes?|hours?) "
    r"(?:before|until|till)\b",
    _I,
)
# "User is doing a roast", "Sam is doing a vegan wellington", "User is taking the morning
# off": an event of the coming days, not a fact of a life ("doing 4 runs a week" is one).
_DOING_AN_EVENT = re.compile(
    r"^\S+ (?:is|are) (?:doing an? (?!\d)"
    # ("User is doing a talk at the book club on 2 October.": an event on a day of the calendar)
    rf"(?![^.]*\bon (?:the )?(?:{DATE}))"
    # ("User is doing a masters in data science": a course of study, for years)
    r"(?!(?:(?:part[- ]time |full[- ]time |online |distance )?(?:masters?|master's|phd|msc|"
    r"ma|mba|ba|bsc|degree|doctorate|diploma|apprenticeship|pgce|llm|foundation year|"
    r"access course|nvq|btec|[a-z]+ (?:degree|course|diploma|apprenticeship|qualification))\b))"
    r"|taking (?:the|a) (?:morning|afternoon|evening|day) off\b)",
    _I,
)
# "User is 30 minutes away.", "User is 90% sure.": where the speaker stood that moment.
_MEASURED_MOMENT = re.compile(
    r"^\S+ (?:is|are) \d+(?:\.\d+)? ?(?:%|percent|per cent|minutes?|mins?|hours?|hrs?|"
    r"seconds?|secs?|miles?|km|k|metres|meters|pages|words|steps) (?:away|sure|in|into|late|"
    r"behind|ahead|done|through|off|short|over|under|deep|confident|certain)\b",
    _I,
)
# "The JustGiving is on £480 already.": a running total, which moves by the day
_RUNNING_TOTAL = re.compile(
    r"\b(?:is|are|'s) (?:on|at|up to) [£$€]?\d[\d,.]*k?\b[^.]*\b(?:already|so far)\b", _I
)
# "User's forearms are destroyed.": how a body feels after a day of it, said for effect
_SORE_FOR_EFFECT = re.compile(
    r"\b(?:legs|arms|forearms|feet|back|calves|shoulders|hands|fingers|thighs|glutes|quads) "
    r"(?:are|is|were|was) (?:absolutely |completely |totally |so )?(?:destroyed|dead|wrecked|"
    r"ruined|jelly|toast|killing (?:me|them|her|him))\b",
    _I,
)
# "User has got to jump into standup.": off for a moment, nothing lasting
_OFF_FOR_A_MOMENT = re.compile(
    r"^User (?:has got|has|needs|must) to (?:jump|hop|dash|shoot|pop|dip) (?:in|into|on|onto|off|"
    r"out|to)\b[^,;—–]*\.$",
    _I,
)
# "Water was 16 degrees.", "The sea is 14°C": a reading of the day, not of the speaker
_TEMPERATURE_READ = re.compile(
    r"^(?!User\b)(?:the )?[\w-]+(?: [\w-]+)? (?:was|is|were|are) (?:only |about |around |like )?"
    r"-?\d+(?:\.\d+)? ?(?:degrees|°)",
    _I,
)
# "User has got 6 days holiday left too.": a balance of leave, which runs down by the week
# (what it is left for is kept: "… a week's leave left which covers some of their notice")
_LEAVE_LEFT = re.compile(
    rf"\b(?:\d+|a|one|{COUNT_WORDS}) (?:days?|weeks?)(?:['’]s?)? "
    r"(?:of )?(?:holiday|leave|annual leave|pto|time off|a/l)(?: days)? left(?: too| over)?\.$",
    _I,
)
# "Kez fell asleep at 9pm on Saturday.": a night's sleep, not a fact to keep.
_SLEPT = re.compile(r"^\S+ (?:fell asleep|nodded off|passed out|dozed off|woke up)\b", _I)
# "User's brain is porridge.", "User's head is mush": how the day left them, said as a picture
_BRAIN_IS = re.compile(r"^\S+['’]s (?:brain|head|mind) is (?!set\b|made up\b)", _I)
# "User lost 2-1.", "User won 3-0 on Sunday.": a result of the day, not a fact to keep.
_SCORE = re.compile(
    r"^\S+ (?:lost|won|drew|beat [\w ]+?)(?: (?:the|our|a) (?:match|game|final|league))? "
    r"\d{1,3} ?[-–:] ?\d{1,3}\b",
    _I,
)
# "User has got a meeting at 3", "User is working on the report", "User has decided to go for
# a run": what fills a day, not a life.
_A_DAYS_DOING = re.compile(
    r"\bha(?:s|ve) (?:got )?an? (?:\w+ )?(?:meeting|call|class|lecture|session|shift) "
    r"(?:at|in) (?:\d|noon|lunch|an? hour)[^.]*\.$"
    r"|\bis working on (?:the|this|that) \w+\.$"
    r"|\b(?:go|going|went) for an? (?:run|walk|swim|jog|ride|drive|coffee|drink|beer|pint|nap)"
    r"(?![^.]*\b(?:every|each|daily|weekly|most|twice|once|times)\b)"
)

MOMENTS: tuple[re.Pattern[str], ...] = (
    _COUNTDOWN,
    _DOING_AN_EVENT,
    _MEASURED_MOMENT,
    _RUNNING_TOTAL,
    _SORE_FOR_EFFECT,
    _OFF_FOR_A_MOMENT,
    _TEMPERATURE_READ,
    _LEAVE_LEFT,
    _SLEPT,
    _BRAIN_IS,
    _SCORE,
    _A_DAYS_DOING,
)
"""The shapes of a line that holds for a moment only."""
