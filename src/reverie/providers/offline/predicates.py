"""Shared pieces of the statement rules: verb classes, complements, dates.

What makes a predicate worth keeping, whatever its subject: a verb from the
closed lists of :mod:`.vocabulary` (with the objects light verbs need: "I go
to …", "I get motion sick"), a complement that says what something is rather
than how it feels right now, a "-ing" that states a plan rather than a moment,
and whether a sentence is tied to a date (then it is an open item).
"""

from __future__ import annotations

import re
from typing import Literal

from reverie.providers.offline.frame_words import DATE, JOB
from reverie.providers.offline.vocabulary import (
    EVENT_VERBS,
    HABIT_VERBS,
    LASTING_ALONE,
    PREFERENCE_VERBS,
    PROGRESSIVE_OK,
    STATE_WORDS,
    TRANSIENT_COMPLEMENT,
    WORK_LOG_VERBS,
    alternation,
)

__all__ = [
    "ADV",
    "DATED",
    "DOSE",
    "EVENT",
    "FAREWELL",
    "HABIT",
    "HEALTH_NEWS",
    "NEG",
    "PREF",
    "PROG",
    "STATE",
    "TIME_BOUND",
    "WEEKDAY",
    "Tag",
    "complement_ok",
    "event_worth_keeping",
    "is_time_bound",
    "life_news",
    "light_verb_ok",
    "progressive_ok",
    "stem_verb",
]

Tag = Literal["permanent", "durable", "ephemeral", "correction"]
"""The memory tags a rule can give (``[skip]`` is never given by rule)."""

_I = re.IGNORECASE

ADV = (
    r"(?:(?:really|strongly|usually|generally|much|definitely|absolutely|totally|kind of|"
    r"also|still|just|mostly|actually|always|often|sometimes|normally|typically|only|even|"
    r"truly|now|currently|mainly|basically|already|do|does|finally|recently|obviously)\s+)*"
)

NEG = r"(?:don't|do not|doesn't|does not|never|can't|cannot|won't|no longer)"

PREF = alternation(PREFERENCE_VERBS)

HABIT = alternation(HABIT_VERBS)

EVENT = alternation(EVENT_VERBS)

PROG = alternation(PROGRESSIVE_OK)

STATE = alternation(STATE_WORDS)

# A medicine's dose: "5mg", "200 mg", "2 puffs".
DOSE = r"\d[\d.]* ?(?:mg|mcg|µg|ml|iu|units?|puffs?|tablets?)\b"

_LIGHT_VERBS = {
    "go": re.compile(r"^(?:to\b|\w+ing\b|for a\b)", _I),
    "do": re.compile(r"^(?:a|an|the|my|\d|yoga|pilates|crossfit)\b", _I),
    "get": re.compile(
        # ("I get horribly seasick": how badly is said too)
        r"^(?:(?:really|very|horribly|terribly|badly|awfully|so|quite|pretty|super|easily) )?"
        r"(?:(?:(?:motion|sea|car|air) ?)?sick\b|(?:up at|paid|migraines|headaches|hay ?fever|"
        r"cold sores|panic attacks|hangry)\b)",
        _I,
    ),
    # ("I have stamp 4": a residence permit by its number)
    "have": re.compile(
        r"^(?:a|an|two|three|\d|my|some|no (?!idea|clue|time))\b|^stamp \d\w*\b", _I
    ),
    # "I take folic acid 5mg on Mondays": a medicine and its dose
    "take": re.compile(r"^(?:a|an|the|my|\d)\b|^(?:[\w-]+ ){1,3}" + DOSE, _I),
    # "I earn about 42k", "I weigh 82kg": a figure, not "more than that"
    "earn": re.compile(r"^(?:about |around |roughly |nearly |almost |over |under )?[£$€]?\d", _I),
    "weigh": re.compile(r"^(?:about |around |roughly |nearly |almost |over |under )?\d", _I),
    # ("I make small-batch hot sauce and sell it at the market": what one makes to sell)
    "make": re.compile(
        r"^(?:a|an|the|my|\d|\w+ (?:every|on))\b|^(?:small-batch|handmade|homemade|bespoke|"
        r"custom|artisan)\b|^(?:[\w-]+ ){0,3}?[\w-]+ (?:and sell|to sell|for a living)\b",
        _I,
    ),
    "keep": re.compile(r"^(?:a|an|my|\d)\b", _I),
    # "I want the big room" is a wish; "I want the light to turn on at 30%" a request.
    "want": re.compile(
        # ("I don't want any banking on the tablet": none of a kind.)
        r"^(?:(?:a|an|the|my|any) (?!.*\bto\b)|to \w+ \w+|\w+ (?:anyway|instead)\b)",
        _I,
    ),
    # "I know React and Flask" is a skill; "I know that", "I know right" are not.
    "know": re.compile(
        r"^(?!that\b|what\b|how\b|why\b|who\b|when\b|where\b|if\b|it\b|right\b|you\b|"
        r"i\b|the feeling\b|a lot\b|nothing\b|everything\b|him\b|her\b|them\b|this\b)\S+",
        _I,
    ),
}

WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
"""A day of the week, spelled out ("monday" … "sunday")."""
SHORT_WEEKDAY = r"(?:mon|tue|tues|wed|weds|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?"
"""A day of the week, spelled out or cut short ("Wed", "Tues", "Saturday")."""

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"

TIME_BOUND = re.compile(
    rf"\b(?:tomorrow|tonight|today|this (?:morning|afternoon|evening|week|weekend|month)|"
    rf"next (?:week|month|year|weekend|{WEEKDAY})|(?:on|by|before|until|till|after) "
    # ("on Thursday afternoons" is every week, not one day)
    rf"(?:{WEEKDAY}(?! (?:mornings|afternoons|evenings|nights)\b)|the \d{{1,2}}(?:st|nd|rd|th)?|"
    rf"\d{{1,2}}[/.-]\d{{1,2}}|{_MONTH} \d{{1,2}}|"
    rf"\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{_MONTH}|\d{{4}}-\d{{2}}-\d{{2}}|end of \w+)|"
    rf"deadline|due|appointment|interview|exam|flight|at \d{{1,2}}(?::\d{{2}})? ?(?:am|pm))\b",
    _I,
)

FAREWELL = re.compile(
    r"\b(?:see you|talk (?:to you )?(?:later|soon|tomorrow)|good ?night|have a (?:good|nice|"
    r"great)|bye)\b",
    _I,
)


def light_verb_ok(verb: str, rest: str) -> bool:
    check = _LIGHT_VERBS.get(verb.lower())
    return check is None or bool(check.match(rest))


def stem_verb(verb: str) -> str:
    """The base form of a third-person verb ("lives" → "live", "studies" → "study")."""
    low = verb.lower()
    irregular = {"has": "have", "does": "do", "goes": "go", "is": "be"}
    if low in irregular:
        return irregular[low]
    if low.endswith("ies"):
        return low[:-3] + "y"
    if low.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return low[:-2]
    return low[:-1] if low.endswith("s") else low


def progressive_ok(rest: str) -> bool:
    """``rest`` starts with an "-ing" verb that states a plan or activity (see vocabulary)."""
    match = re.match(rf"^{PROG}\b(?P<after>.*)$", rest.strip(), _I)
    if match is None:
        return False
    verb = rest.strip().split()[0].lower()
    after = match["after"].strip()
    needs = {
        "trying": r"^to \w+",
        # ("doing the Data Science MSc part-time at UWE": a course of one's own, by its name)
        "doing": r"^(?:\d|a |an )|^the (?:[\w-]+ ){0,3}(?:course|msc|ma|mba|phd|degree|diploma|"
        r"apprenticeship|programme|program|certificate|qualification|pgce|bootcamp)\b"
        # ("I'm doing the NPQLT": a qualification by its letters)
        r"|^(?:the|my) (?-i:[A-Z]{4,}[a-z]?)(?=\s*(?:[,.;!]|$|\b(?:course|qualification|"
        r"part[- ]time|at|with|through|this|next|since|alongside|in)\b))",
        "running": r"^(?:a|an|the|my)\b",
        # ("my mother is coming on 18 December": an arrival on a day of the calendar)
        # ("I'm coming down to manchester for your birthday, 18th april")
        "coming": r"^(?:(?:down|up|back|over|home) )?(?:to|for|from|over)\b"
        r"|^on (?:the )?\d{1,2}(?:st|nd|rd|th)?\b",
        "taking": r"^(?:a|an|the|my|\d)\b(?! (?:break|nap|walk|shower|look|sec|second|minute|"
        r"moment|day off|breather)\b)",
        "meeting": r"\S",
        # "giving a talk at the book club on 2 October"
        "giving": r"^(?:a|an|my|the) (?:[\w-]+ ){0,3}?(?:talk|presentation|speech|lecture|workshop|"
        r"seminar|reading|performance|recital|concert|keynote|class)\b",
        "sticking": r"^(?:with|to) \S",
        # "turning my garage into a pottery studio", not "turning 40"
        "turning": r"^(?:my|our|the|a|an) [^.]{2,40}? into\b",
        "converting": r"^(?:my|our|the|a|an) \S",
        "restoring": r"^(?:my|our|the|a|an) \S",
        "getting": r"^(?:married|engaged|divorced|a (?:dog|cat|puppy|kitten|car|flat|house))\b",
        "dropping": r"^(?:my |the |out of )?\w+",
        "quitting": r"^(?:my |the )?\w+",
        "having": r"^(?:my |a |an )?(?:[\w-]+ ){0,3}?(?:replaced|removed|operated on|taken out|"
        r"done|fixed|checked)\b|^(?:surgery|an operation|a baby|twins|a c-section)\b",
        # "staying with Wild Goose", "staying on nights for now" (a shift, not a hotel)
        "staying": r"^(?:(?:with|in|at) (?-i:[A-Z])|on (?:nights|days|earlies|lates|part[- ]time|"
        # "staying on as head nurse from January": a role kept or taken on
        r"full[- ]time|as (?:an? |the )?(?:[\w-]+ ){0,2}?" + JOB + r")\b)",
        "keeping": r"^(?:the |my |our )?(?!it\b|that\b|this\b|them\b|you\b|going\b|up\b|"
        r"an eye\b|in touch\b)(?:[\w-]+ ){1,3}(?:on|for|as|at|in|until|till)\b",
        # "going to Lisbon in November" (a place), not "going to the gym"
        # ("going home to galway": home is a town, however it is typed)
        "going": r"^(?:(?:to|back to|home to|out to) (?-i:[A-ZÀ-Þ])[\wÀ-ÿ-]+\b(?!['’]s\b)"
        r"|home to (?!(?:bed|sleep|work|the|my|our|see|get|be)\b)[a-zà-ÿ]{3,}\b"
        # "going to move in with roz", "going to quit my job": a change of life planned
        r"|to (?:move (?:in|to|out|back|house|abroad)|quit (?:my|the)|retire|hand in my notice|"
        r"apply (?:for|to) (?:a|the|my|\d)|start (?:a|my|the) (?:new )?(?:job|course|degree|"
        r"business|masters|phd)|adopt (?:a|an)|sell (?:my|our|the) "
        r"(?:house|flat|car)|buy (?:a|our|my) (?:house|flat|car|home))\b)",
        "registering": r"^(?:(?-i:[A-Z])|the business|my business|a business|as\b|for\b)",
        "saving": r"^(?:for|up|money|to)\b",
        "presenting": r"^(?:a|an|the|my|at)\b",
        "thinking": r"^(?:of|about) (?:getting|buying|moving|switching|adopting|having|starting|"
        r"applying|changing|selling|renting|learning|quitting)\b",
    }
    pattern = needs.get(verb)
    if not after:
        return verb in LASTING_ALONE  # "I'm breastfeeding" says it all; "I'm going" does not
    return pattern is None or re.match(pattern, after, _I) is not None


# What "my dad had …" or "I had …" says that is worth keeping: news about health or family.
HEALTH_NEWS = re.compile(
    r"^(?:a |an |his |her |their |my )?(?:(?:minor |major |small |mild |bad |nasty )?"
    r"(?:(?:knee|hip|back|heart|shoulder|eye|foot|wrist|ankle|spinal|keyhole|emergency) )?"
    r"(?:stroke|fall|heart attack|operation|surgery|seizure|baby|miscarriage|hip replacement|"
    r"knee replacement|cancer scare|car accident|accident|c-? ?section|caesarean|cesarean|"
    # "a meniscus repair in 2019", "an ACL reconstruction": a joint mended
    r"(?:meniscus|acl|cartilage|hernia|rotator cuff|ligament|tendon|achilles|knee|hip|shoulder|"
    r"heart valve) (?:repair|reconstruction|arthroscopy)"
    # "a slipped disc in 2019", "a torn ACL": an injury that shapes what one can do
    r"|(?:slipped|herniated|prolapsed|bulging) disc|concussion|whiplash|burnout|"
    r"(?:stress|hairline) fracture|broken (?:arm|leg|wrist|ankle|collarbone|hip|foot|nose|ribs?)|"
    r"(?:torn|ruptured) (?:acl|meniscus|achilles|ligament|hamstring|calf|rotator cuff)|"
    r"(?:back|knee|shoulder|head|neck|hamstring|groin) injury)"
    r"|(?:hip|knee|hips|knees|gallbladder|"
    r"appendix|tonsils|cataracts?|bypass|wisdom (?:tooth|teeth)) (?:done|replaced|removed|out|"
    r"operated on))\b",
    re.IGNORECASE,
)


def complement_ok(rest: str) -> bool:
    """A complement of "is"/"are" that says what something is, not how it feels now."""
    rest = rest.strip(" ,")
    if not rest or TRANSIENT_COMPLEMENT.match(rest):
        return False
    return not re.match(r"^\w+ing\b", rest) or progressive_ok(rest)


_NAMES_SOMETHING = re.compile(r"\d|\b[A-ZÀ-Þ]\w|[\w-]+[._/][\w-]|\b(?:called|named)\b")


# "got offered an apprenticeship", "gave notice": news about one's life, named or not.
_LIFE_NEWS = re.compile(
    r"^(?:(?:offered|promoted|engaged|married|divorced|hired|fired|laid off|accepted|diagnosed|"
    # ("me and freya found a flat in portobello": a home, named in lower case or not)
    # ("got a flat." alone may be a tyre)
    r"into|a (?:new )?job|the job|a place|an offer|the offer|a (?:new )?(?:flat|house|home|"
    r"apartment)(?= (?:in|at|near|on|by)\b))\b"
    r"|(?:my )?notice\b)",
    re.IGNORECASE,
)


def life_news(rest: str) -> bool:
    """ "offered a place", "the job", "engaged": what follows "got" in news about a life."""
    return _LIFE_NEWS.match(rest) is not None


def event_worth_keeping(verb: str, rest: str) -> bool:
    """A life event always; a step of work only when it names what it made or changed."""
    if verb.lower().split()[-1] not in WORK_LOG_VERBS:
        # ("i won 11-9!!!!": a game's score, not a prize)
        return not (verb.lower() == "won" and re.match(r"\d+\s*[-–:]\s*\d+\W*$", rest))
    return _NAMES_SOMETHING.search(rest) is not None or _LIFE_NEWS.match(rest) is not None


def is_time_bound(sentence: str) -> bool:
    """True when ``sentence`` names a day, a deadline or an appointment."""
    return TIME_BOUND.search(sentence) is not None


# A weekday, a month, a year or a date: "the lease ends in March", "flies out 20 December".
DATED = re.compile(
    rf"{DATE}|\b(?:january|february|march|april|june|july|august|september|october|november|"
    r"december|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|\d{4})\b",
    _I,
)
