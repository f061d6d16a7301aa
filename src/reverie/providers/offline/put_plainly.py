"""Words the rules would misread, put plainly where they stand.

"I have the Care Certificate" (a qualification, not a thing at hand), "I've got carpal
tunnel in it" and "osteoarthritis at the base of it" (the part named before), "full name is
rafferty doyle but …" (a name typed in lower case), "my ferret. i have 2, noodle and pesto"
(the names, as names), a learner's "hernia de disc, how you say, slipped disc?" (the
English word asked for is the one meant): :func:`put_plainly` rewrites each in place, before
:mod:`.in_passing` adds the facts said on the way and the rules read the message.
"""

from __future__ import annotations

import re

from reverie.providers.offline.vocabulary import CONDITION_WORDS, alternation

__all__ = ["put_plainly"]

_I = re.IGNORECASE
_ENDS = r"(?=\s*(?:[,.;!?)]|$))"

# "my ferret. i have 2, noodle and pesto": how many, and their names, said after the animal
_HOW_MANY_PETS = re.compile(
    r"\bmy (?P<pet>ferret|cat|dog|rabbit|hamster|guinea pig|rat|budgie|parrot|hen|chicken|"
    r"gecko|tortoise|horse|goat)s?\b[.!,]?\s+i have (?P<n>\d|two|three|four),?\s+"
    r"(?P<names>[a-z][\w'-]+(?:, [a-z][\w'-]+)* and [a-z][\w'-]+)" + _ENDS,
    _I,
)
_QUALIFICATIONS = ("certificate", "diploma", "award", "licence", "license")
# "I have the Care Certificate": a qualification held, named as it is called.
_THE_QUALIFICATION = re.compile(
    r"\bI (?:have|hold|got|did) the (?=(?:(?-i:[A-Z])[\w'-]* ){1,3}(?:Certificate|Diploma|Award|"
    r"Licence|License)\b)",
    _I,
)

# "I've got carpal tunnel in it": the condition, in whatever part was named before.
_CONDITION_IN_IT = re.compile(
    rf"\b(?P<condition>{alternation(CONDITION_WORDS)}) in (?:it|them)\b", _I
)
# "I have hernia de disc, how you say, slipped disc?": the English word asked for is meant.
_HOW_YOU_SAY = re.compile(
    r"\b(?P<verb>I (?:have|had|got)) [^,.!?\n]{2,30}?,\s*how (?:you|do you|to) say,?\s*"
    r"(?P<word>[a-z][a-z' -]{2,30}?)\?",
    _I,
)

# "full name is rafferty doyle but nobody calls me that": a full name, typed in lower case
_FULL_NAME = re.compile(
    r"\b(?:my )?full name(?:'s| is) (?P<name>[a-z][a-z'-]+ [a-z][a-z'-]+)\b(?! (?:is|was)\b)"
    r"(?P<but>,? but\b)?"
)


def _full_name(full: re.Match[str]) -> str:
    return f"my full name is {full['name'].title()}." + (" But" if full["but"] else "")


# "my left thumb is killing me. I've got osteoarthritis at the base of it": the part named
_PART = (
    r"(?:thumb|finger|wrist|knee|hip|shoulder|ankle|elbow|hand|foot|heel|toe|back|neck|spine|"
    r"jaw|eye|ear)"
)
_CONDITION_OF_IT = re.compile(
    rf"\b(?P<condition>{alternation(CONDITION_WORDS)}) (?P<where>(?:at|in) the (?:base|top|back|"
    r"front|side|tip|joint|bottom) of) it\b",
    _I,
)
_MY_PART = re.compile(rf"\bmy (?P<part>(?:(?:left|right) )?{_PART})\b", _I)


def _condition_of_the_part(said: re.Match[str]) -> str:
    """ "osteoarthritis at the base of it" → "… of my left thumb", the part named before."""
    parts = list(_MY_PART.finditer(said.string, 0, said.start()))
    if not parts:
        return said[0]
    return f"{said['condition']} {said['where']} my {parts[-1]['part']}"


def _the_word_meant(asked: re.Match[str]) -> str:
    word = asked["word"].strip()
    # ("slipped disc": "a slipped disc", as the conditions are known)
    word = f"a {word}" if f"a {word.lower()}" in CONDITION_WORDS else word
    return f"{asked['verb']} {word}."


def _pets_named(pets: re.Match[str]) -> str:
    names = re.sub(r"\b[a-z]", lambda first: first[0].upper(), pets["names"])
    names = names.replace(" And ", " and ")
    kept = pets[0][: pets.start("n") - pets.start()]
    return f"{kept}{pets['n']} {pets['pet'].lower()}s, {names}"


def put_plainly(message: str, low: str) -> str:
    """``message`` (``low`` is it in lower case) with each word the rules would misread put
    plainly (see the module docstring)."""
    said = message
    if "the " in low and any(word in low for word in _QUALIFICATIONS):
        said = _THE_QUALIFICATION.sub(lambda held: held[0][: -len("the ")] + "a ", said)
    if " in it" in low or " in them" in low:
        said = _CONDITION_IN_IT.sub(r"\g<condition>", said)
    if "full name" in low:
        said = _FULL_NAME.sub(_full_name, said)
    if " of it" in low:
        said = _CONDITION_OF_IT.sub(_condition_of_the_part, said)
    if "i have" in low:
        said = _HOW_MANY_PETS.sub(_pets_named, said)
    if " say" in low:
        said = _HOW_YOU_SAY.sub(_the_word_meant, said)
    return said
