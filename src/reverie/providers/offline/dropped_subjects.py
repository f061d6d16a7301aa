"""Chat leaves the subject out: "booked the flights", "name's christopher", "been vegan since 2019".

:func:`with_dropped_subject` puts back the "I", "I'm", "I was", "I've" or "my name is"
a terse clause left out, so the statement rules (:mod:`.statements`) read it as the
speaker's own. Only shapes that cannot be about anyone else are restored.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import MONTH
from reverie.providers.offline.vocabulary import CONDITION_WORDS, alternation

__all__ = ["with_dropped_subject"]

_I = re.IGNORECASE

# "staying with R", "sticking with Overleaf": a choice said without its "I'm".
_DROPPED_I_AM_CHOOSING = re.compile(
    r"^(?:staying|sticking|going) with (?-i:[A-Z])|^(?:staying|sticking) with \S+$"
    # "Staying freelance.", "staying put at Bedford": a choice to keep things as they are
    r"|^staying (?:put\b|on at \S|(?:freelance|self-employed|part-time|full-time)\b)"
    # "staying on Buzzsprout": a product kept, named
    r"|^(?:staying|sticking) on (?-i:[A-Z])[\w.-]+$",
    _I,
)
# "Birthday is the 22nd.", "goal is under 2:10": the speaker's own, without its "my".
_DROPPED_MY_DATE_OR_FIGURE = re.compile(
    r"^(?:(?:birthday|bday) is (?:on )?(?:the )?\d"
    # "last day at halden whitlock is 24th oct": a job's end, on a day
    r"|(?:last|first) day(?: at [\w&' -]{2,30}?)? is (?:on )?(?:the )?\d"
    # "brew day is sat 15th", "moving day is the 7th": an event of one's own, on a day
    r"|(?!(?:the|a|one|each|every|any|that|this|which|next|some|same) )[a-z]+[ -]day is "
    r"(?:on )?(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*,? )?(?:the )?\d"
    r"|(?:goal|target|budget) is (?:(?:about|around|under|over|roughly|max|sub) )?[£$€]?\d"
    # "best time is 29:40, not 31:40": a record of one's own
    r"|(?:best|fastest|personal best|pb|pr)(?: [a-z0-9]+)? (?:time )?is (?:now )?\d"
    # "flat is 2nd floor, router in back room": where one's home is
    r"|(?:flat|apartment|house|room) is (?:on )?(?:the )?(?:\d{1,2}(?:st|nd|rd|th)|ground|top|"
    r"first|second|third|fourth|fifth|sixth|basement) floor\b"
    # "deadline is the code freeze on 5 december"
    r"|deadline is (?=[^.;!?]*(?:\b\d{1,2}(?:st|nd|rd|th)?\b|\b(?:jan|feb|mar|apr|may|jun|jul|"
    r"aug|sep|oct|nov|dec)[a-z]*\b)))",
    _I,
)
# "Budget about $6,000 all in.": the speaker's own figure, without "my … is".
_DROPPED_MY_FIGURE_ABOUT = re.compile(
    r"^(?P<what>budget|goal|target) (?P<about>about|around|roughly|approx\.?|max|under|over) "
    r"(?=[£$€]?\d)",
    _I,
)
# "name's christopher btw": the name, without its "my".
_DROPPED_MY_NAME = re.compile(r"^name(?:'s| is) (?P<name>[a-zà-ÿ][\wà-ÿ'-]*)[.!]?$", _I)
# "born and brought up in Delhi", "diagnosed with asthma in 2019": a life said without
# "I was".
_DROPPED_I_WAS = re.compile(
    r"^(?:(?:born|raised|brought up|born and (?:brought up|raised|bred)) in (?-i:[A-ZÀ-Þ])"
    r"|diagnosed with \S)",
    _I,
)
# "type 2 diabetes, diagnosed last November": a condition and when it was found.
_CONDITION_DIAGNOSED = re.compile(
    rf"^(?P<what>{alternation(CONDITION_WORDS)})\s*(?:,|-|–|—)\s*diagnosed (?P<when>\S.*)$", _I
)
# "Mild asthma, blue inhaler only.", "rsi in my right wrist": one's own condition, said as a
# fragment (never with a verb of its own: "asthma runs in the family")
# ("No diabetes.": the "no" read as a filler leaves the word alone, which says nothing)
_BARE_CONDITION = re.compile(
    r"^(?=\S+\s+\S)(?:(?:mild|moderate|severe|bad|chronic|slight|type [12])\s+)*"
    rf"(?P<what>{alternation(CONDITION_WORDS)})"
    r"(?:(?:\s*[,(–—-]\s*|\s+(?:in|on) (?:my|the)\s+|\s+(?=(?:left|right|lower|upper|both)\s))"
    r"(?![^.!?]*\b(?:is|are|was|were|has|have|had|runs?|affects?|does|did|seems?)\b)[^.!?]{1,50})?"
    r"[.!]*$",
    _I,
)
_WHERE_ON_ME = re.compile(r"\b(?:in|on) (?:my|the) |\b(?:left|right)\b", _I)
# "physio's every friday morning at the hallamshire": one's own weekly fixture, said of it
_FIXTURE_EVERY = re.compile(
    r"^(?P<what>physio|physiotherapy|therapy|counselling|choir|yoga|pilates|rehearsal|dialysis|"
    r"chemo|tutoring|band practice|swimming|training)(?:'s|’s| is) (?=every (?:mon|tues|wednes|"
    r"thurs|fri|satur|sun)day\b)",
    _I,
)
_DROPPED_I_EVENT = re.compile(
    r"^(?:just |finally |also )?(?:booked|bought|ordered|found|rotated|moved|started|"
    r"finished|switched|signed up|joined|made|set up|created|upgraded|migrated|renewed|"
    r"passed|sold|adopted|installed|deployed|shipped|released|launched|submitted|hired|quit)"
    r"\s+(?:a|an|the|my|our|\d|two|three|for|to|up|on|both)\b|^decided (?:against|on) \S"
    r"|^(?:just |finally )?started (?:as|at) (?:a|an|the)?\s*\S"
    # "Made it to Santiago on the 7th of August": a journey's end, on its day
    r"|^(?:just |finally )?(?:made it|arrived|landed) (?:to|in|into|at) (?-i:[A-ZÀ-Þ])"
    # "start at monzo on the 3rd": a new job's first day
    r"|^start (?:at|with) \S+ (?:on|from|in|next) \S",
    _I,
)
# "still see a physio every other wk at the dri": a habit, its "I" left out (an adverb of
# habit first: an order to someone, "see a physio", has none)
_DROPPED_I_HABIT = re.compile(
    r"^(?:still|usually|normally|always|mostly) (?:see|go|do|play|swim|run|cycle|train|"
    r"volunteer|teach|coach|work|live|walk|drive|take|have|get|eat|drink|read|use)\s+\S",
    _I,
)
# "had an ender 3 v2 for like 3 yrs": a thing owned, and for how long
_DROPPED_I_HAVE_HAD = re.compile(
    r"^had (?:a|an|my) [\w .-]{2,30}? for (?:like |about |around |nearly |over )?"
    r"(?:\d+|a few|two|three|four|five|six|seven|eight|nine|ten) (?:years|yrs)\b",
    _I,
)
# "been a plumber 15 years", "been vegan since 2019"
# ("been going since March 2024 as a sole trader": a trade kept up since a month or a year)
_DROPPED_I_HAVE_BEEN = re.compile(
    r"^been (?:an? |in (?-i:[A-ZÀ-Þ])?[a-zà-ÿ]+ (?:for )?\d+ (?:years|yrs)\b|"
    r"vegan\b|vegetarian\b|married\b|sober\b|"
    # "been learning python about 6 months": a skill worked at, for how long
    r"(?:learning|studying|teaching|playing|training|coding|running|swimming|climbing|"
    r"doing) [\w ]{2,30}? (?:for )?(?:about |around |nearly |almost |over )?(?:\d+|a|six|"
    r"two|three|four|five|ten) (?:years|yrs|months|weeks)\b|"
    r"(?:smoke|vape|alcohol|booze|nicotine)[- ]free (?=since\b|for \d)|"
    r"(?:going|trading|freelancing|"
    rf"self-employed|freelance) (?:since (?:{MONTH}|\d{{4}}\b)|for \d+ (?:years|months)\b))",
    _I,
)
_DROPPED_I_AM = re.compile(
    # "3 wks postpartum", "working 12h/wk at a cafe in kreuzberg"
    r"^(?:\d+ (?:weeks?|wks?|days?|months?|years?|yrs?) (?:postpartum|pregnant|post-?op|sober)\b"
    # "flying bristol to bari on 14 may": a journey, with its day
    # ("Flying Dublin–Kraków 25th to 29th October": from one place to the other, both days)
    rf"|(?:flying|moving|relocating) (?:(?:from )?[\w-]+ to |to |[\w]+[–-])[\w-]+(?: [\w-]+)?,? "
    r"(?:on (?:the )?\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s*(?:to|-|–)\s*\d{1,2}"
    rf"(?:st|nd|rd|th)?)(?: of)? {MONTH}\b"
    # "sole trader since march 2023"
    rf"|(?:a )?sole trader (?:since (?:{MONTH}|\d{{4}}\b)|for \d+ (?:years|months)\b)"
    r"|working \d+ ?(?:h|hrs?|hours|days)\b|"
    # "trying to quit monster", "handing in notice at dhl today", "planning a family trip to
    # croatia next june": what one is doing about one's own life
    r"trying to (?:quit|cut down on|give up|stop) \w|handing in (?:my )?notice\b|"
    r"planning (?:a|our|my) (?:[\w-]+ )?(?:trip|holiday|move|wedding|party|visit|week|weekend|"
    r"fortnight|break|getaway|honeymoon) (?:to|for|in|on) \w|"
    # "turning 30 on 8 nov": an age, with when
    rf"turning \d{{1,3}} (?=on\b|in {MONTH}\b|next\b|this\b|the \d)|"
    # "wisdom tooth out tmrw": care of the body booked, with when
    r"having (?:my |a |the )?(?:wisdom (?:tooth|teeth)|tonsils|appendix|gallbladder) out\b|"
    r"allergic|based in|originally from|vegetarian|vegan|pescatarian|fluent in|"
    # "retired racer energy" describes someone else: these stand alone or with a time.
    r"(?:married|retired|divorced|engaged|lactose intolerant|gluten intolerant|coeliac|celiac|"
    r"diabetic|dyslexic|autistic|colou?r-?blind|left-handed|teetotal|self-employed|freelance)"
    r"(?=\s*(?:$|[,.!;]|to\b|from\b|since\b|in\b|last\b|now\b|and\b|for\b)))",
    _I,
)


# "wisdom tooth out tmrw": care of the body booked, without "I'm having".
_DROPPED_HAVING_OUT = re.compile(
    r"^(?:my |a |the )?(?P<what>wisdom (?:tooth|teeth)|tonsils|appendix|gallbladder) out\b", _I
)


# "3rd yr pharmacy at cardiff": a student's year, subject and university.
_YEAR_OF_STUDY = re.compile(
    r"^(?P<year>1st|2nd|3rd|4th|5th|first|second|third|fourth|fifth|final) (?:yr|year) "
    r"(?P<what>(?!student\b)[a-z]+(?: (?!student\b)[a-z]+)?) (?:student )?"
    r"at (?P<where>[\w-]+(?: [\w-]+)?)[.!]*$",
    _I,
)


_TOOL_REPORT = re.compile(
    r"\b\d+ (?:errors?|warnings?|files?|tests?|passed|failed|skipped|packages?|issues?)\b", _I
)


# "two days of misery. coeliac life": what one is, said as the life it makes.
_STATE_LIFE = re.compile(
    r"^(?P<what>coeliac|celiac|diabetic|vegan|vegetarian|pescatarian|sober|teetotal|dyslexic|"
    r"autistic|lactose intolerant) life[.!]*$",
    _I,
)


def with_dropped_subject(s: str) -> str:
    """``s`` with the subject chat dropped put back, or ``s`` as it was."""
    if (life := _STATE_LIFE.match(s)) is not None:
        return f"I'm {life['what'].lower()}"
    if (study := _YEAR_OF_STUDY.match(s)) is not None:
        where, what = study["where"], study["what"]
        return f"I'm a {study['year']} year {what} student at {where}"
    if (name := _DROPPED_MY_NAME.match(s)) is not None:
        return f"my name is {name['name']}"
    if (about := _DROPPED_MY_FIGURE_ABOUT.match(s)) is not None:
        return f"my {about['what'].lower()} is {about['about'].lower()} {s[about.end() :]}"
    if _DROPPED_MY_DATE_OR_FIGURE.match(s):
        return "my " + s[:1].lower() + s[1:]
    if (fixture := _FIXTURE_EVERY.match(s)) is not None:
        return f"I have {fixture['what'].lower()} {s[fixture.end() :]}"
    if (diagnosed := _CONDITION_DIAGNOSED.match(s)) is not None:
        return f"I have {diagnosed['what']}, diagnosed {diagnosed['when']}"
    if _BARE_CONDITION.match(s):
        return "I have " + (s[:1].lower() + s[1:] if s[1:2].islower() else s)
    # "arthritis in the right thumb, doctor says it's the base joint": where, then more
    head = s.split(", ", 1)[0]
    if head != s and _WHERE_ON_ME.search(head) and _BARE_CONDITION.match(head):
        return "I have " + (head[:1].lower() + head[1:] if head[1:2].islower() else head) + "."
    if (out := _DROPPED_HAVING_OUT.match(s)) is not None:
        return f"I'm having my {out['what']}{s[out.end('what') :]}"
    if _DROPPED_I_WAS.match(s):
        return "I was " + s
    if _DROPPED_I_EVENT.match(s) or _DROPPED_I_HABIT.match(s):
        # ("Ordered a heated propagator, £34.": the verb no longer opens the sentence; a
        # tool's "Found 2 errors in 1 file", pasted, keeps the capital no rule reads)
        if s[1:2].islower() and _TOOL_REPORT.search(s) is None:
            return "I " + s[:1].lower() + s[1:]
        return "I " + s
    if _DROPPED_I_AM.match(s) or _DROPPED_I_AM_CHOOSING.match(s):
        # "divorced last year": it happened then, so "I got divorced", not "I'm divorced"
        happened = re.match(
            r"^(?:married|divorced|engaged)\b(?=.*\b(?:last|ago|in \d{4})\b)", s, _I
        )
        article = "a " if s.lower().startswith("sole trader") else ""
        said = s[:1].lower() + s[1:] if s[1:2].islower() else s  # "Staying freelance."
        return ("I got " if happened else "I'm ") + article + said
    if _DROPPED_I_HAVE_BEEN.match(s):
        return "I've " + s[:1].lower() + s[1:]
    if _DROPPED_I_HAVE_HAD.match(s):
        return "I've " + s[:1].lower() + s[1:].replace(" for like ", " for ")
    return s
