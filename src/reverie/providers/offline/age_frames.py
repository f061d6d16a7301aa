"""An age or a state said in passing, of oneself or of the one texted.

"I'm 38 and this is the first time I've lived outside london" gives an age;
"i'm 31 on the 19th" the age and the day it comes. In a chat between two
people, what one says of the other is the other's: "u're 30 on the 14th",
"you're allergic to cats tho", "you've been renting in partick for 5 years", and who they
are to the writer: "ur my only brother".
A terse message ages whom it names with a bare number: "sister = aaliyah. 16.". An age
the other side puts right and the writer agrees to ("you're 34 you muppet" — "oh god
yeah 34") is the writer's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.frame_words import JOB, RELATION, FrameFact, relation_line
from reverie.providers.offline.terse import indefinite_article

__all__ = [
    "age_agreed",
    "age_and_state_frames",
    "ages_after_names",
    "kids_frames",
    "parted_age",
]

_I = re.IGNORECASE

# "I'm 38 and this is the first time I've lived outside london": one's own age, said in passing.
_OWN_AGE = re.compile(
    # (not "I drive since I am 18": a learner's "since I was 18")
    r"(?:^|(?<=[\s,(]))(?<!since )(?<!from when )(?:i'm|im|i am) (?P<age>1[3-9]|[2-9]\d)"
    r"(?: years old| yo)?"
    r"(?=\s*(?:[,;!)]|\.(?!\d)|$| and (?!a half)| but | so | not | now\b| next\b| this\b))",
    _I,
)
# "im 31 not running an empire", "I'm 38 and new to bristol": an age, then another thought.
_AGE_THEN = re.compile(
    r"^(?P<age>(?:i'm|im|i am) (?:1[3-9]|[2-9]\d))(?: years old| yo)?,? "
    r"(?P<link>and(?! a half\b)|but|so|not) (?P<rest>.+)$",
    _I,
)
# After "and", something one does ("and live in lisbon"), not something one is.
_DONE = re.compile(
    r"^(?:(?:still|also|just|recently|now) )?(?:live|work|have|run|own|teach|study|love|hate|"
    r"play|speak|use|drive|do|need|want|like|know|volunteer|care|look|moved|started|grew|went|"
    r"got|came|left|spent|trained|qualified as|used to)\b",
    _I,
)
# After "and", a clause of its own ("and this is the first time …"), not a state of mine.
_OWN_CLAUSE = re.compile(r"^(?:this|that|it|i|i'm|im|my|we|the|there)\b", _I)


# "my son Ha-jun is 3, next year maybe kindergarten": an age, then a musing about what comes
_AGE_THEN_MUSING = re.compile(
    r"^(?P<age>(?:my|our) [\w -]{2,30}? (?:is|'s) \d{1,2}(?: years old)?),\s+"
    r"(?=[^,]*\b(?:maybe|perhaps|probably|hopefully)\b)",
    _I,
)


def parted_age(clause: str) -> list[str]:
    """ "im 31 not running an empire" → ["im 31"]: an age, apart from what follows it.

    "I'm 38 and new to bristol" → ["I'm 38", "I'm new to bristol"]; what follows
    "not" denies nothing said ("not running an empire") and is left out.
    """
    if (musing := _AGE_THEN_MUSING.match(clause)) is not None:
        return [musing["age"]]
    match = _AGE_THEN.match(clause)
    if match is None or re.match(r"(?:turning|turn|about to turn) \d", match["rest"], _I):
        return [clause]  # "I'm 34 and turning 35 in May": one age, said twice
    link, rest = match["link"].lower(), match["rest"]
    if link == "not":
        return [match["age"]]
    if link == "and" and not _OWN_CLAUSE.match(rest):
        # "and live in lisbon" is something I do; "and new to bristol" something I am
        rest = f"I {rest}" if _DONE.match(rest) else f"I'm {rest}"
    return [match["age"], rest]


# "52 going on 90 this week": one's age, and how old one feels.
_GOING_ON = re.compile(
    r"(?:^|(?<=[.!]\s))(?:i'm |im |i am )?(?P<age>1[3-9]|[2-9]\d) going on (?:\d{2,3}|[a-z-]+)\b",
    _I,
)
# "i'm 31 on the 19th", to a friend "u're 30 on the 14th": an age, and the day it comes.
_AGE_ON_DAY = re.compile(
    r"(?:^|(?<=[\s,(]))(?P<who>i'm|im|i am|you're|youre|u're|ur|you are|u r) "
    r"(?P<age>1[3-9]|[2-9]\d) on (?P<day>(?:the )?\d{1,2}(?:st|nd|rd|th)(?: of [a-z]+| [a-z]{3,9})?"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
    _I,
)
# Where a named state ends: the sentence, or "tho", "now", "too" after it.
_STATE_ENDS = r"(?=\s*(?:[,.;!)]|$| tho| though| now| too))"
# To a friend: "you're allergic to cats tho", "ur vegan now": a state of theirs, said to them.
_YOUR_STATE = re.compile(
    r"(?:^|(?<=[\s,(]))(?:you're|youre|u're|you are|u r|ur) (?:still |now |literally )?"
    r"(?P<state>allergic to (?!me\b|everything\b|it\b|this\b|that\b)[a-z]+"
    rf"(?: (?!tho\b|though\b|now\b|too\b)[a-z]+)?{_STATE_ENDS}"
    r"|(?:vegetarian|vegan|pescatarian|pregnant|diabetic|coeliac|celiac|teetotal|left-handed)"
    rf"{_STATE_ENDS})",
    _I,
)

# To a friend: "you're a pharmacist you know where the kidneys are", "see you're a proper
# teacher": their job, said to them ("you're a good cook" praises; it names no job).
_YOUR_JOB = re.compile(
    r"(?:^|(?<=[\s,(]))(?:you're|youre|u're|you are|u r|ur) (?:literally |still )?an? "
    r"(?:(?:proper|real|qualified|trained|fully qualified) )?"
    r"(?!(?:good|great|amazing|brilliant|terrible|bad|better|natural|born|lovely|decent|"
    r"awful|rubbish|shit|crap|fab|fantastic|wonderful|top|best|worse|worst)\b)"
    rf"(?P<job>(?:[a-z-]+ )?{JOB})(?=\s*(?:[,.;!?)]|$| not\b| you\b| so\b| now\b))",
    _I,
)
# To a friend: "you've been renting in partick for 5 years": where they have lived, and how long
_YOUR_HOME = re.compile(
    r"(?:^|(?<=[\s,(]))(?:you've|youve|you have|u've|uve) been (?P<doing>renting|living) in "
    r"(?P<place>[a-zà-ÿ][\wà-ÿ'-]+(?: (?!for\b)[a-zà-ÿ][\wà-ÿ'-]+)?) for "
    r"(?P<n>\d+|a few|two|three|four|five|six|seven|eight|nine|ten|twenty) (?:years|yrs)\b",
    _I,
)
# To a sibling: "ur my only brother", "you're my best friend": who the one texted is to me.
_YOUR_RELATION = re.compile(
    r"(?:^|(?<=[\s,(]))(?:you're|youre|u're|ur|you are|u r) (?:literally |still )?my "
    rf"(?:only |big |little |older |younger |baby |twin )?(?P<rel>{RELATION})\b",
    _I,
)

# "2 kids. 5 and 8", "two kids, 5 and 8": children and their ages, in a few words.
_KIDS_AGED = re.compile(
    r"(?:^|(?<=[.!]\s))(?:(?:i|we) (?:have|'ve got|have got) |got )?"
    r"(?P<n>[2-5]|two|three|four|five) (?P<kids>kids|children|boys|girls)[,.:]?\s+"
    r"(?:aged |ages )?(?P<ages>\d{1,2}(?:, \d{1,2})*,? (?:and|&) \d{1,2})(?=\s*(?:[,.;!)]|$))",
    _I,
)
_COUNTS = {"2": 2, "3": 3, "4": 4, "5": 5, "two": 2, "three": 3, "four": 4, "five": 5}


def kids_frames(text: str, subject: str) -> list[FrameFact]:
    """ "2 kids. 5 and 8" → "User has 2 kids, aged 5 and 8.": a message's children and ages.

    ``text`` is the whole message on one line (whitespace already collapsed).
    """
    match = _KIDS_AGED.search(text)
    if match is None or subject != "User":
        return []
    ages = re.sub(r",? & ", " and ", match["ages"])
    if len(re.findall(r"\d+", ages)) != _COUNTS.get(match["n"].lower(), 0):
        return []  # "3 kids, 5 and 8": the ages do not add up
    line = f"User has {match['n']} {match['kids'].lower()}, aged {ages}."
    return [FrameFact(line, ("User", "children"))]


def age_and_state_frames(
    sentence: str, subject: str, listener: str | None = None
) -> list[FrameFact]:
    """The ages and states ``sentence`` gives ``subject`` (who wrote it) and ``listener``.

    Args:
        sentence: One sentence.
        subject: Who wrote it.
        listener: Whom "you" means, when it is a person; None leaves "you" out.
    """
    found: list[FrameFact] = []
    own_age = _OWN_AGE.search(sentence) or _GOING_ON.search(sentence)
    if own_age is not None:
        found.append(FrameFact(f"{subject} is {own_age['age']}.", (subject, "age")))
    if listener is not None and (state := _YOUR_STATE.search(sentence)) is not None:
        named = state["state"].lower()
        found.append(FrameFact(f"{listener} is {named}.", (listener, f"is {named.split()[0]}")))
    if listener is not None and (job := _YOUR_JOB.search(sentence)) is not None:
        named = job["job"].lower()
        line = f"{listener} is {indefinite_article(named)}{named}."
        found.append(FrameFact(line, (listener, "job")))
    if listener is not None and (home := _YOUR_HOME.search(sentence)) is not None:
        place = " ".join(word[:1].upper() + word[1:] for word in home["place"].split())
        line = f"{listener} has been {home['doing'].lower()} in {place} for {home['n']} years."
        found.append(FrameFact(line, (listener, "home")))
    if listener is not None and (kin := _YOUR_RELATION.search(sentence)) is not None:
        found.append(relation_line(subject, kin["rel"], listener))
    for dated in _AGE_ON_DAY.finditer(sentence):
        own = dated["who"].lower() in ("i'm", "im", "i am")
        who = subject if own else listener
        if who is not None:
            line = f"{who} turns {dated['age']} on {dated['day']}."
            found.append(FrameFact(line, (who, "age"), durable=who != "User"))
    return found


# "sister = aaliyah. 16.", "biscuit. whippet. 7.": a bare number after whom a message named.
_NAMED_LINE = re.compile(
    r"^\S+'s (?!name\b)[\w -]+ is (?P<name>\S+)\.$|^\S+ has an? [\w -]+ called (?P<pet>\S+)\.$"
)


def ages_after_names(whole: str, found: Sequence[FrameFact]) -> list[FrameFact]:
    """ "sister = aaliyah. 16." → "Aaliyah is 16.": whom ``found`` named, aged in ``whole``."""
    ages: list[FrameFact] = []
    if re.search(r"(?:^|\s)1[.)]\s", whole):
        return ages  # "1. my sister Noor. 2. …": numbered items, not ages
    for fact in found:
        named = _NAMED_LINE.match(fact.text)
        name = named and (named["name"] or named["pet"])
        if not name:
            continue
        age = re.search(
            rf"\b{re.escape(name)}\.\s+(?:[a-z]+\.\s+)?(?P<age>[1-9]\d?)(?:\s*(?:yo|y/o))?\."
            r"(?!\s*\d)(?:\s|$)",  # ("29. 31." is two numbers to choose between)
            whole,
            _I,
        )
        if age is not None:
            ages.append(FrameFact(f"{name} is {age['age']}.", (name, "age"), durable=True))
    return ages


# "you're 34 you muppet", "ur 40 next month": an age the other side gives the writer
_YOU_ARE_AGED = re.compile(r"\b(?:you're|youre|you are|ur|u r|u're) (?P<age>1[3-9]|[2-9]\d)\b", _I)
# "oh god yeah 34", "yes 34": agreed to, the number said again
_AGREED_AGE = re.compile(
    r"^(?:(?:oh god|oh|ok|okay|ah|god|lol|haha|ugh|wow)[,!.]* )*"
    r"(?:yeah|yes|yep|ya|yup|true|right|fair)[,!.]* (?:i'm |im |i am )?(?P<age>1[3-9]|[2-9]\d)\b"
    r"(?!\s*(?:%|[a-z]))",
    _I,
)


def age_agreed(asked: str, reply: str, subject: str) -> list[FrameFact]:
    """ "you're 34 you muppet" — "oh god yeah 34": ``subject`` is 34."""
    given = _YOU_ARE_AGED.search(asked)
    agreed = _AGREED_AGE.match(reply.strip())
    if given is None or agreed is None or given["age"] != agreed["age"]:
        return []
    return [FrameFact(f"{subject} is {agreed['age']}.", (subject, "age"))]
