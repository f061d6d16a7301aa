"""Statements about someone named: "Priya owns the iOS app", "Sara and I split up".

A clause whose subject is a name says something of that person when its verb
states something lasting ("is a data analyst", "owns", "got the job", "turned
4"), not a reaction ("sounds good", "says hi"). A name and "I" together
("cian and I broke up", "me and Tom got married") are read as the user and
that person, one subject.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from reverie.providers.offline.first_person import first_person
from reverie.providers.offline.frame_words import DATE, MONTH
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS
from reverie.providers.offline.predicates import (
    ADV,
    DATED,
    NEG,
    Tag,
    complement_ok,
    event_worth_keeping,
    is_time_bound,
    life_news,
    light_verb_ok,
    stem_verb,
)
from reverie.providers.offline.vocabulary import (
    COMMON_WORDS,
    CONDITION_WORDS,
    EVENT_VERBS,
    HABIT_VERBS,
    PREFERENCE_VERBS,
    alternation,
    is_name,
)

__all__ = ["DATED_MOVES", "ON_A_DATE", "compound", "named"]

_I = re.IGNORECASE

_NAMED = re.compile(
    r"^(?P<name>[A-ZÀ-Þ][\wÀ-ÿ'-]+(?: [A-ZÀ-Þ][\wÀ-ÿ'-]+)?)"
    # "Marta from platform owns IAM": who they are, between the name and the verb.
    r"(?P<from> (?:from|at|in|on|of) (?:the )?[\w-]+(?: [\w-]+)?)?(?P<poss>'s(?: [\w-]+){1,3}?)?"
    rf" {ADV}(?P<verb>is|are|was|has|will|{NEG}|\w+s|\w+ed|got|confirmed:)(?=[\s:])(?P<rest>.*)$"
)
_GOING_TO = re.compile(r"^going to (?!be\b|get\b|have\b|kill\b|love\b|hate\b)\w+ \S", _I)
_CONDITION = re.compile(rf"^(?:got )?{alternation(CONDITION_WORDS)}\b", _I)
# "Anjali does the Flutter app", "Priya does design part-time": someone's part of the work.
_DOES_A_PART = re.compile(
    r"^\s*(?:the |our |all the )?(?:[\w-]+ ){0,2}(?:app|backend|frontend|design|website|site|"
    r"accounts|books|payroll|marketing|firmware|hardware|infra|deploys|ops|testing|qa|admin|"
    r"finances|newsletter|social media|ui|ux)\b",
    _I,
)
_NAMED_IDIOM = re.compile(r"^(?:works for (?:me|us)|sounds|looks|seems|says|said|thinks)\b", _I)


def named(s: str, names: Collection[str] | None) -> Tag | None:
    """The tag of a clause whose subject is someone named ("Priya owns the iOS app"), or None.

    Args:
        s: The clause.
        names: Words known to be names (None accepts any capitalised word).
    """
    match = _NAMED.match(s)
    if match is None or not all(is_name(w) for w in match["name"].split()):
        return None
    if names is not None and not any(w in names for w in match["name"].split()):
        return None
    verb, rest = match["verb"].lower(), match["rest"]
    if _NAMED_IDIOM.match(f"{verb}{rest}") or _NAMED_IDIOM.match(verb):
        return None
    if verb == "turned" and re.match(r"^\s*\d{1,3}\b", rest):
        return "durable"  # "Isla turned 4 yesterday": an age
    if verb == "got":  # "Ines got the job!", "Sam got engaged"; not "Kai got home"
        return "durable" if life_news(rest.strip()) else None
    if (
        verb == "is"
        and _GOING_TO.match(rest.strip())
        and (is_time_bound(rest) or DATED.search(rest))
    ):
        return "durable"  # "Declan is going to fly out on 20 December"
    if verb in ("is", "are", "was"):
        return "durable" if complement_ok(rest) else None
    if verb == "has" and _CONDITION.match(rest.strip()):
        return "durable"  # "Wren has eczema"
    if verb in ("has", "will") or verb.startswith("confirmed"):
        return "durable" if len(rest.split()) >= 2 else None
    if verb.endswith("ed"):
        keep = verb in EVENT_VERBS and rest.strip() and event_worth_keeping(verb, rest)
        return "durable" if keep else None
    if re.match(NEG, verb, _I):
        following = rest.split()[0] if rest.split() else ""
        base = following.lower()
        return "durable" if base in HABIT_VERBS or base in PREFERENCE_VERBS else None
    base = stem_verb(verb)
    if base == "do" and _DOES_A_PART.match(rest):
        return "durable"  # "Anjali does the Flutter app": her part of the work
    if base in DATED_MOVES and ON_A_DATE.search(rest):
        return "durable"  # "Defne starts Monday 17 November", "Zosia flies home on 9 August"
    # "Mila gets her own room" is not a habit; "Priya owns the iOS app" is a fact.
    known = base in HABIT_VERBS or base in PREFERENCE_VERBS
    return "durable" if known and rest.strip() and light_verb_ok(base, rest.strip()) else None


# Comings and goings that a date makes news of.
DATED_MOVES = frozenset(
    ("start", "begin", "finish", "leave", "arrive", "fly", "return", "graduate", "retire", "land")
)

# A day or month of the year, not a day of the week: "Monday 17 November", "the 9th", "in July".
ON_A_DATE = re.compile(rf"\b(?:{DATE}|the \d{{1,2}}(?:st|nd|rd|th)|in {MONTH})\b", _I)

_AND_I = re.compile(
    r"^(?:(?P<other>(?:[Mm]y \w+ )?[A-ZÀ-Þa-zà-ÿ][\wÀ-ÿ'-]+|[Mm]y \w+) and I"
    r"|me and (?P<other2>(?:my \w+ )?[A-ZÀ-Þa-zà-ÿ][\wÀ-ÿ'-]+|my \w+)) "
    r"(?P<verb>are|were|have|live|own|got|moved|bought|booked|decided|will|just|broke up|split up|"
    # "me and freya found a flat in portobello", "Sam and I adopted a greyhound"
    r"separated|divorced|found|adopted|rented|signed|sold|chose|picked|met|"
    # ("My husband and I run a B&B in Whitby": a business of the two)
    r"run|ran|started|opened|foster|fostered)\b(?P<rest>.*)$"
)
# "Sara and I split up": ended, between the two, whatever follows.
_PARTED = frozenset(("broke up", "split up", "separated", "divorced"))


def compound(s: str) -> tuple[Tag, str] | None:
    """ "Sofie and I are thinking of getting a dog": the user and someone they name.

    Returns:
        The tag and the clause as the statement rules read it ("I and Sofie are …").
    """
    match = _AND_I.match(s)
    if match is None:
        return None
    other = match["other"] or match["other2"]
    if other.islower() and (other in FUNCTION_WORDS or other in COMMON_WORDS):
        return None  # "so and I …", "this and I …"
    verb, rest = match["verb"], match["rest"]
    alone = {"are": "I'm", "were": "I was"}.get(verb, f"I {verb}") + rest
    tag = "durable" if verb in _PARTED else first_person(alone)
    if tag is None:
        return None
    if other.startswith("My "):
        other = "m" + other[1:]  # "My wife and I …", at the head of a sentence
    elif other.islower() and not other.startswith("my "):
        other = other[:1].upper() + other[1:]  # "cian and I": a name, typed in lower case
    return tag, f"I and {other} {verb}{rest}"
