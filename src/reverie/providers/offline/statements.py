"""Statements with a subject a reader can identify: the rules for each kind of subject.

Each function takes one clause (fillers stripped, not a question, not a
correction or a task — :mod:`.rules` has handled those) and returns its tag,
or None when the clause says nothing lasting:

- :func:`~.first_person.first_person` — "I …": traits ("I'm allergic to
  cats"), tastes, habits, changes ("I moved to Oslo"), plans ("I'm writing a novel");
- :func:`_possessive` — "my …": "my manager Tobias wants …", "my exam is on June 12";
- :func:`_team` — "we …" about work, "our …", "let's …";
- :func:`_named` — a named subject: "Priya owns the iOS app";
- :func:`_definite` — "the …" that names what it is about: "the staging app is
  fernweh-api-staging".

A subject chat left out ("booked the flights") is put back first
(:mod:`.dropped_subjects`). Shared predicate checks live in :mod:`.predicates`, word
lists in :mod:`.vocabulary`.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from reverie.providers.offline.dropped_subjects import with_dropped_subject
from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.first_person import first_person
from reverie.providers.offline.frame_words import ANIMAL, KIN_ADJ, RELATION
from reverie.providers.offline.milestones import step_taken
from reverie.providers.offline.named_statements import DATED_MOVES, ON_A_DATE, compound, named
from reverie.providers.offline.predicates import (
    ADV,
    DATED,
    FAREWELL,
    HEALTH_NEWS,
    NEG,
    TIME_BOUND,
    WEEKDAY,
    Tag,
    complement_ok,
    event_worth_keeping,
    is_time_bound,
    life_news,
    light_verb_ok,
    stem_verb,
)
from reverie.providers.offline.vocabulary import (
    CONDITION_WORDS,
    EVENT_VERBS,
    HABIT_VERBS,
    IRREGULAR_PAST,
    PREFERENCE_VERBS,
    alternation,
    is_name,
    words,
)

__all__ = ["Classification", "Tag", "is_time_bound", "statement"]


_I = re.IGNORECASE

_MY_NP = r"^my (?P<np>(?:[\w'-]+ ){0,4}?[\w'-]+)"
_MY_VERB = (
    rf" {ADV}(?P<verb>is|are|was|'s|{NEG} \w+|has (?:just |recently |now |also )?been|\w+s|"
    r"will \w+|had|passed away|died|turned|(?:were|got)(?= (?:married|engaged|divorced)\b))\b"
    r"(?P<rest>.*)$"
)
# "my sister Noor is …", "my partner jess turns 40 …": a name may follow who they are.
_MY = re.compile(rf"{_MY_NP}(?: (?P<name>[A-ZÀ-Þ][\wÀ-ÿ'-]+))?{_MY_VERB}", _I)
_MY_UNNAMED = re.compile(rf"{_MY_NP}{_MY_VERB}", _I)
# "My parents were married on 12 June 1976": a family's own date, which stays
_WED = re.compile(r"\b(?:were|got) (?:married|engaged|divorced)\b.*?\b(?:19|20)\d\d\b", _I)
_MY_REPORTED = re.compile(r"^(?:says|said|thinks|told|asks|asked|keeps|calls|sent|wrote)$", _I)

_WE = re.compile(
    rf"^we {ADV}(?:(?:have |'ve |had )?(?:decided|agreed|chose|chosen|picked|settled on|"
    r"went with|switched to|switched from|moved to|migrated to|upgraded|adopted|replaced|dropped|"
    r"ditched|"
    r"retired|deprecated|moved off)|use|run|deploy|build|"
    r"host|store|version|never|always|stay on|stick with|rotate|ship|release|follow|"
    r"require|support|don't|do not|prototype)\b",
    _I,
)
# "we keep one-off scripts in scripts/", "we pause all DAGs on the 28th": any verb
# that is not talk, thought or a helper verb states how the team works.
_WE_GENERIC = re.compile(
    r"^we (?:also |still |already |usually |always |never |just |now |only )?"
    r"(?!all\b|both\b|each\b)"  # "we all clapped": the group, not how the team works
    r"(?!need|have|want|think|know|see|mean|hope|feel|guess|got|get|had|did|do\b|can|could|"
    r"should|would|will|were|are|was|might|must|may|tried|talked|said|told|went|came|saw|"
    r"looked|checked|asked|love|like|miss|wish|thought|found|made it|met|spoke|chatted)"
    # Present tense only: "we merged the fix" logs a step, "we keep scripts in scripts/" a rule.
    r"(?![a-z]+ed\b)(?!(?:ran|wrote|built|made|sent|set|put|took|gave|left|lost|won|broke)\b)"
    r"[a-z]+\s+(?!it\b|that\b|this\b|them\b|you\b)\S+",
    _I,
)
_WE_ARE = re.compile(
    r"^we(?:'re| are) (?:now |currently |still |not |definitely not )?(?:going with|"
    r"doing(?! (?:great|well|ok|okay|fine|good|badly|alright|better|worse|it|that|this)\b)|"
    r"using|building|running|"
    r"deploying|rotating|migrating|moving to|switching to|hiring|launching|releasing|"
    r"dropping|adding|replacing|upgrading|prototyping|standardi[sz]ing|cutting|removing|"
    r"postponing|delaying|moving off|moving away from|getting rid of|staying with|staying on|"
    r"sticking with|keeping|"
    # "we're moving the payouts db from MySQL to Postgres", "we're open tue to sat 8:30 to 5"
    r"moving (?:the |our )?[\w-]+(?: [\w-]+){0,2} (?:from|off|to|onto)\b|"
    r"open (?:\w+ )?(?:mon|tue|wed|thu|fri|sat|sun|every|daily|7 days|\d)|"
    r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten) (?:people|devs|developers|engineers|"
    r"of us)\b)\b",
    _I,
)
# "we're on airflow 2.9", "we are still on Postgres": a version or a named product.
_WE_ARE_ON = re.compile(
    r"^we(?:'re| are) (?:now |currently |still |all )?on (?:[\w.-]+ v?\d[\w.]*|(?-i:[A-Z])[\w.-]+)",
    _I,
)
_WE_WILL = re.compile(
    r"^(?:we(?:'ll| will| shall)|we(?:'re| are) going to) (?!see\b|talk\b|check\b|figure\b|"
    r"try\b|ask\b|let\b|get back\b|be\b|have\b|need\b|do it\b|think\b|look\b|wait\b|"
    r"tell\b|know\b|find out\b|sort\b|deal\b|celebrate\b|meet\b)[a-z]+\s+"
    r"(?!it\b|that\b|this\b|them\b|you\b|both\b)\S+",
    _I,
)
_OUR = re.compile(
    r"^our (?P<np>(?:[\w'/.-]+ ){0,3}?[\w'/.-]+) (?P<verb>is|are|uses|runs on|lives|starts|"
    r"ends|begins|closes|opens|costs|runs|takes|needs|depends on|belongs to)\b(?P<rest>.*)$",
    _I,
)
_LETS = re.compile(
    r"^let'?s (?:use|go with|stick with|switch to|move to|adopt|keep|call|name)\b", _I
)

_WILL_NOW_BE = re.compile(r"^(the (?:\S+ ){1,4})will now be\b", _I)
_THE = re.compile(
    r"^(?:the|this) (?P<np>(?:[\w'/.#-]+ ){0,5}?[\w'/.#-]+) "
    r"(?P<verb>is|are|was|will be|uses|runs on|is called|is named|should be called|will be called|"
    r"is written in|is hosted on|is deployed (?:on|to|with)|depends on|targets|lives (?:at|in)|"
    r"switched (?:from|to)|moved to|is switching|is due|starts|ends|begins|costs|belongs to|wants|"
    r"needs|lives|works|owns|prefers|likes|hates|loves|moved|moves|slipped|got moved|was moved|"
    r"has moved|is moving)\b"
    r"(?P<rest>.*)$",
    _I,
)
_GENERIC_NP = re.compile(
    r"^(?:team|club|group|thing|things|stuff|same|other|one|plan|idea|problem|issue|answer|"
    r"question|cost|cost thing|lesson|kids|guys|family|weather|food|result|results|first|"
    r"last|rest|point|reason|worst|best|good news|bad news|whole thing|situation|error|"
    r"output|response|log|logs|traceback|message|code|difference|goal|issue here|problem here|"
    r"script|function|command|query|test|fix|bug|answer here)$",
    _I,
)
_IDENTIFIES = re.compile(
    r"\d|\b[A-ZÀ-Þ]\w+|\b(?:called|named)\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b",
)


@dataclass(frozen=True)
class Classification:
    """What a sentence holds.

    Attributes:
        tag: The memory tag.
        body: The part of the sentence that states the fact, in the speaker's
            words (for a correction, what follows the cue word; an "I" is put
            back where chat left it out: "booked the flights" → "I booked …").
        cued: True when a correction cue ("actually", "no,") was removed, so the
            body may need a "User corrected:" lead-in.
        about: What the correction is about, when the user named it ("I was
            wrong about the budget, …" → ``"the budget"``).
    """

    tag: Tag
    body: str
    cued: bool = False
    about: str | None = None


# "my question is …", "my code is below": the speaker's message, not a fact about them.
_MY_MESSAGE = re.compile(
    r"^(?:question|problem|issue|guess|point|bad|code|answer|thought|concern|request|prompt|"
    r"text|message|email|draft|output|error|result|input|essay|story|list|idea here|take)$",
    _I,
)


_CONDITION = re.compile(rf"^{alternation(CONDITION_WORDS)}\b", _I)
_KIN_OR_PET = re.compile(rf"\b(?:{RELATION}|{ANIMAL}|grandad)$", _I)  # (RELATION has "granddad")
_DIAGNOSED = re.compile(r"^(?:diagnosed|told|confirmed) (?:with|as having|to have) \w", _I)
_GROUP_HABITS = frozenset(("meet", "rehearse", "train", "practise", "practice"))
_RECURRING = re.compile(
    r"^\s*(?:every|each|weekly|fortnightly|monthly|twice|once a|"
    r"on (?:\w+days|weekends|weekdays|\w+day (?:mornings|afternoons|evenings|nights))\b)",
    _I,
)
# "swimming at 5 on Thursdays", "football every Saturday": an activity at a set time each week
_WEEKLY_FIXTURE = re.compile(
    r"^\s*(?:[a-z]+ ){0,2}?[a-z]+(?: lessons?| practice| club| class(?:es)?)?"
    rf"(?: at \d{{1,2}}(?:[:.]\d\d)?(?:am|pm)?)?\s+(?:on {WEEKDAY}s\b|every {WEEKDAY}\b"
    r"|(?:once|twice) a week\b)",
    _I,
)
_SCHEDULE_VERBS = frozenset(("end", "start", "begin", "expire", "finish", "run", "renew", "close"))


# "my brother Rhys moved to Vancouver", "my mum retired last year": news of family, in the past
_MY_KIN_NEWS = re.compile(
    rf"^my (?P<np>{KIN_ADJ}(?:{RELATION}|{ANIMAL}))(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)? {ADV}"
    r"(?P<verb>[a-z]+ed|(?-i:" + "|".join(sorted(IRREGULAR_PAST)) + r"))\b(?P<rest>.*)$",
    _I,
)
# Past tenses that say what someone did to a thing or a person, not what happened in a life
_NOT_NEWS = frozenset(words("said told asked sent wrote thought made put set let had did was were"))
# "moved" is news when it says where ("moved to Leeds", "moved in with us"), not "moved the car"
_MOVED_WHERE = re.compile(r"^\s*(?:to|back|in|out|abroad|away|home|house|over|up|down|into)\b", _I)


def _kin_news(news: re.Match[str]) -> Tag | None:
    verb, rest = news["verb"].lower(), news["rest"]
    if verb == "got":  # "my brother got married in May", "my sister got the job"
        return "durable" if life_news(rest.strip()) else None
    if verb in _NOT_NEWS or verb not in EVENT_VERBS or not rest.strip():
        return None
    if verb == "moved" and _MOVED_WHERE.match(rest) is None:
        return None
    return "durable" if event_worth_keeping(verb, rest) else None


# A date, a month said alone (not "may"), a weekday or a year.
def _possessive(s: str) -> Tag | None:
    if (news := _MY_KIN_NEWS.match(s)) is not None and (tag := _kin_news(news)) is not None:
        return tag
    match = _MY.match(s)
    if match is not None and (name := match["name"]) and name.islower() and is_everyday_word(name):
        match = _MY_UNNAMED.match(s)  # "my partner works shifts": "works" is no name
    if match is None or _MY_MESSAGE.match(match["np"]):
        return None
    verb, rest = match["verb"].lower(), match["rest"]
    if verb.startswith("has ") and _DIAGNOSED.match(rest.strip()):
        return "durable"  # "my mum has just been diagnosed with vascular dementia"
    if verb in ("is", "are", "was", "'s") or verb.startswith("has "):
        return "permanent" if complement_ok(rest) else None
    if verb.startswith("will "):
        return "durable" if len(rest.split()) >= 1 else None
    word = verb.split()[-1]
    if _MY_REPORTED.match(word):
        return None
    if verb == "has" and _CONDITION.match(rest.strip()):
        return "durable"  # "my son has autism"
    if verb == "has" and _KIN_OR_PET.search(match["np"]) and _WEEKLY_FIXTURE.match(rest):
        return "durable"  # "my daughter Isla has swimming at 5 on Thursdays"
    if verb == "turned" and re.match(r"^\s*\d{1,3}\b(?![.,:]\d)", rest):
        return "durable"  # "my son just turned 7"
    if verb in ("were", "got"):
        # "My parents were married on 12 June 1976 at St Mary's": a family's own date
        wed = _WED.search(s)
        kin = _KIN_OR_PET.search(match["np"]) or re.search(
            r"\b(?:parents|grandparents|in-laws)$", match["np"], _I
        )
        return "durable" if wed is not None and kin else None
    if verb in ("passed away", "died"):
        # "my dad passed away last year", "my cat died"; "my laptop died" is a bad day
        return "durable" if _KIN_OR_PET.search(match["np"]) else None
    base = stem_verb(word)
    if base in HABIT_VERBS or base in PREFERENCE_VERBS:
        return "permanent" if rest.strip() and light_verb_ok(base, rest.strip()) else None
    if base in _SCHEDULE_VERBS and DATED.search(rest):
        return "durable"  # "my funding ends August 31", "my lease runs out in June"
    if base in _GROUP_HABITS and _RECURRING.match(rest):
        return "permanent"  # "my quilting guild meets every second Saturday"
    if base in DATED_MOVES and ON_A_DATE.search(rest):
        return "durable"  # "my mother arrives 10 January", "my brother flies home on 3 May"
    if word == "had" and HEALTH_NEWS.match(rest.strip()):
        return "durable"  # "my dad had a stroke in february"
    return None


def _team(s: str, work: bool) -> Tag | None:
    if _LETS.match(s):
        return "durable"
    if not work:
        return None  # "we" at home is a household, and who is in it is unknown
    team_shapes = (_WE, _WE_ARE, _WE_ARE_ON, _WE_WILL, _WE_GENERIC)
    if any(shape.match(s) for shape in team_shapes):
        return "durable"
    match = _OUR.match(s)
    if match is not None and (
        (match["verb"] != "is" and match["verb"] != "are") or complement_ok(match["rest"])
    ):
        return "durable"
    return None


# "bucket name is lumora-mwaa-dags": chat drops the article before a name's label.
_LABEL = re.compile(
    r"^(?:[a-z][\w-]* ){0,2}(?:name|id|url|address|domain|handle|username|email|repo|bucket|"
    r"branch|port|host|region|version|password manager|timezone|time zone|date|deadline|"
    r"appointment|interview|surgery|operation|flight|due date) (?:is|=) (?:now |on |at )?"
    r"(?P<value>\S+)",
    _I,
)


# "db is postgres 16": terse work talk drops the article before a part of the stack.
_BARE_STACK_PART = re.compile(
    r"^(?:db|database|backend|frontend|api|auth|stack|orm|queue|cache|hosting|infra|ci|"
    r"editor|ide|os|laptop|language|framework|email|payments|storage|search|monitoring|"
    r"logging|package manager|test runner|linter|formatter|task queue|job queue|prod|staging|"
    r"production|dev|cluster|region)\s+(?:is|are)\s",
    _I,
)


# "cog neuro exam moved from the 20th to the 22nd may": a dated event, its article dropped.
_BARE_EVENT = re.compile(
    r"^(?!(?:the|a|an|my|our|your|his|her|their|this|that|these|those)\b)"
    r"(?:[\w-]+ ){0,3}(?:exam|test|launch|release|deadline|interview|appointment|meeting|"
    r"wedding|flight|trip|party|class|lesson|surgery|operation|shift|shifts|race|marathon|gig|"
    r"concert|viewing|move|handover|demo|presentation|defen[cs]e|freeze|check-?up|scan|"
    r"completion|exchange|move-in|induction|graduation|hearing|ceremony|due date|start date|"
    r"health visitor|visit|appt|review|rally|festival|fair|show|match|tournament|reunion|"
    r"christening|funeral|recital|fete|open day|lease|tenancy|contract|course|placement|"
    r"probation|internship|new job)"
    r"(?: (?:for|of) [\w.-]+)?\s+"
    r"(?:(?:got |was |has |has been |just )?moved|moves|is moving|slipped|is now|is on|is at|"
    r"starts|ends|is due|begins|begin|start|end"
    # "tulla vintage rally is sunday 22 june": the day itself after "is"
    r"|is(?= (?:(?:mon|tues|wednes|thurs|fri|satur|sun)day |the )?\d{1,2}(?:st|nd|rd|th)? "
    r"(?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)))"
    r"\b(?=.*\d|.*\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)[a-z]*\b)",
    _I,
)


_MOVES = frozenset(
    ("moved", "moves", "slipped", "got moved", "was moved", "has moved", "is moving")
)


def _definite(s: str) -> Tag | None:
    if _LABEL.match(s) and re.search(r"[\d._/-]|\b[A-Z]", s.split(" is ", 1)[-1]):
        return "durable"
    match = _THE.match(s)
    if match is None or _GENERIC_NP.match(match["np"]):
        return None
    verb, rest = match["verb"].lower(), match["rest"]
    copula = verb in ("is", "are", "was", "will be")
    if copula and (not complement_ok(rest) or not _IDENTIFIES.search(rest)):
        return None  # "the team is going in November": which team, going where?
    if verb in _MOVES and not _IDENTIFIES.search(rest):
        return None  # "the tournament got moved.": to when?
    return "durable" if rest.strip() else None


# "switching X to Y" changes what was said about X: it corrects the old line.
_SWITCHES = re.compile(
    r"\b(?:is switching|switched|is moving|moved|is changing|changed)\s+(?!to\b|from\b|me\b|us\b)"
    r"(?:[\w'-]+\s+){0,2}?[\w'-]+\s+(?:to|from)\b"
    # "my school pickup day moves from Tuesdays to Wednesdays": a weekly day changed
    rf"|\bday (?:moves|changes|is moving|is changing|switches) from {WEEKDAY}s? to {WEEKDAY}s?\b",
    _I,
)
_IS_ING = re.compile(
    r"^(my (?:[\w-]+ ){0,2}[\w-]+|(?-i:[A-ZÀ-Þ])[\wÀ-ÿ-]+)['’]s "
    # "Sam's moving to Berlin", "Kasia's on mat leave", "Ines's pregnant": "is", not "has"
    # ("my brother's wedding is on 14 June": a thing of theirs, told with its own verb)
    r"((?!(?:wedding|christening|meeting|evening|morning|building|ceiling|clothing|funding|"
    r"housing|painting)\b)\w+ing(?! (?:is|was|are|were|has|had|will)\b)"
    r"|on|off|away|back|pregnant|engaged|married|retired|expecting|an?(?= )|\d)\b",
    _I,
)


# "Ethan's parents are Carol and Mike", "Kofi's manager is Sandeep": someone named, and
# the people in their life, read as the speaker's own "my parents …" would be.
_NAMED_OWNER = re.compile(
    rf"^(?P<owner>[A-ZÀ-Þ][\wÀ-ÿ'-]+)'s (?P<people>{KIN_ADJ}(?:{RELATION}|parents|kids|"
    r"children|family|grandparents|in-laws)\b.*)$"
)


def _their_people(s: str, names: Collection[str] | None) -> Tag | None:
    match = _NAMED_OWNER.match(s)
    if match is None or not is_name(match["owner"]):
        return None
    if names is not None and match["owner"] not in names:
        return None
    tag = _possessive(f"my {match['people']}")
    return "durable" if tag is not None else None


def statement(
    sentence: str, *, work: bool = True, names: Collection[str] | None = None
) -> Classification | None:
    """Classify a declarative clause by its subject, or None when it holds nothing.

    Args:
        sentence: One clause, fillers stripped (not a question, task or correction).
        work: "we" means the speaker's team (else "we" clauses hold nothing).
        names: Words known to be names in this conversation (seen capitalised
            mid-sentence); a capitalised first word outside it is not taken for
            a name ("Timeline is roughly a year"). None accepts any.
    """
    s = _IS_ING.sub(r"\1 is \2", sentence)  # "my sister's getting married": "is", not "has"
    s = _WILL_NOW_BE.sub(
        r"\1will be", s
    )  # "the gathering will now be on the 27th": where it stands
    if (together := compound(s)) is not None:
        return Classification(*together)
    restored = with_dropped_subject(s)
    if restored != s:
        s = restored
    elif (work and _BARE_STACK_PART.match(s)) or _BARE_EVENT.match(s):
        # ("Blue Card appointment is 3 June": a name of two capitalised words stays one)
        lower = s[1:2].islower() and re.match(r"^\S+ [A-ZÀ-Þ]", s) is None
        s = "the " + (s[:1].lower() + s[1:] if lower else s)
    tag = (
        first_person(s)
        or _possessive(s)
        or _their_people(s, names)
        or _team(s, work)
        or named(s, names)
        or _definite(s)
    )
    if tag is None:
        return None
    if _SWITCHES.search(s):
        return Classification("correction", s)  # "Elias is switching football to Mondays"
    if (
        tag != "ephemeral"
        and TIME_BOUND.search(s)
        and not FAREWELL.search(s)
        and not _WED.search(s)
        # ("I'm handing in my notice today": a step that stays taken)
        and not step_taken(s)
    ):
        tag = "ephemeral"
    return Classification(tag, s)
