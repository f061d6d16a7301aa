"""Who a name is, in brackets right after it: "Carol (IBD nurse)", "sanne (our cto)".

So is a role with the name between commas after it: "the yard owner at Hollins Farm, Bev,
has had ex-racers for 20 years" → "Bev is the yard owner at Hollins Farm."

:func:`bracket_roles` reads a role ("Dr Menon (my gastro at St James's)"), a team's
role ("the CFO (pieter)"), a pet ("moss (dog)"), an age ("zara (4yo)") or a person
described in parts ("jonas (german, sound engineer, 31)"). The brackets show the
word before them is a name, even said once.
"""

from __future__ import annotations

import re

from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.frame_words import (
    ANIMAL,
    BARE_AGE,
    JOB,
    SPEAKER_OR_LISTENER,
    TOKEN,
    FrameFact,
    pet_line,
)
from reverie.providers.offline.name_lexicon import NameLexicon
from reverie.providers.offline.terse import indefinite_article

__all__ = ["bracket_roles"]

_I = re.IGNORECASE

# "sanne (our cto)", "Marco (our ERP DBA)", "the CFO (pieter)": a role in a team.
_ROLE_ACRONYMS = "cto|ceo|cfo|coo|cio|cpo|cmo|dba|em|pm|po|vp"
_TEAM_ROLE = rf"(?:{_ROLE_ACRONYMS}|head of \w+|director|founder)"
_ROLE_BRACKET_NAME = re.compile(
    rf"\b(?:the|our) (?P<role>(?:[a-z-]+ )?{_TEAM_ROLE}) \((?P<name>{TOKEN})\)", _I
)
_ACRONYM_ROLE = re.compile(rf"\b(?:{_ROLE_ACRONYMS}|erp|it|qa|sre)\b", _I)


def _team_role(role: str) -> str:
    """ "our erp dba" → "the ERP DBA": a role in the speaker's team, its acronyms in capitals."""
    role = re.sub(r"^our ", "the ", role, flags=_I)
    return _ACRONYM_ROLE.sub(lambda acronym: acronym[0].upper(), role)


# "Carol (IBD nurse)", "aoife (analyst on the ops side)", "Dr Menon (my gastro at St
# James's)": who a name is, in brackets right after it.
_BRACKET_ROLE = re.compile(
    rf"(?:^|(?<=[\s,]))(?P<title>(?:Dr|Prof)\.? )?(?P<name>{TOKEN}) \("
    # (a team's role only as "our" or "the" one: "Anna (CEO)" heads a list of speakers)
    rf"(?:(?P<job>(?!my\b)(?:(?:(?:[a-z-]+|[A-Z]{{2,5}}) ){{0,2}}{JOB}"
    rf"|(?:our|the) (?:[a-z-]+ )?{_TEAM_ROLE})"
    r"(?: (?:at|for|in|on) [^()]{2,30})?)"
    r"|my (?P<mine>(?:[\w-]+ ){0,2}[\w-]+(?: (?:at|for|in|on) [^()]{2,30})?)"
    # "moss (dog)": whose is plain, said by the owner
    rf"|(?:our |my )?(?P<pet>{ANIMAL})(?:, [^()]{{2,30}})?)\)",
    _I,
)


# A capitalised word mid-sentence right before the name: the first of a two-word name.
_FIRST_OF_TWO = re.compile(r"(?<=[a-z,] )(?P<word>(?-i:[A-ZÀ-Þ])[a-zà-ÿ]+) $")
_DETERMINER_END = re.compile(
    r"\b(?:my|the|a|an|our|your|his|her|their|this|that|its|some|any|no)\s+$", _I
)


# "zara (4yo)", "ada (aged 8)": someone's age in brackets after their name.
_BRACKET_AGE = re.compile(
    rf"(?:^|(?<=[\s,]))(?P<name>{TOKEN}) \((?:aged? (?P<aged>\d{{1,2}})"
    r"|(?P<age>\d{1,2}) ?(?:yo|y/o|yrs?(?: old)?|years old))\)",
    _I,
)
# "jonas (german, sound engineer, 31)": a person described in brackets, job and age among
# the parts.
_BRACKET_DESCRIBED = re.compile(rf"(?:^|(?<=[\s,]))(?P<name>{TOKEN}) \((?P<inside>[^()]{{5,80}})\)")
_JOB_PART = re.compile(rf"(?:an? )?(?:[a-z-]+ )?{JOB}", _I)


def _described(sentence: str, subject: str, lexicon: NameLexicon) -> list[FrameFact]:
    """ "jonas (german, sound engineer, 31)" → "Jonas is a sound engineer.", "Jonas is 31."."""
    found: list[FrameFact] = []
    for match in _BRACKET_AGE.finditer(sentence):
        said = match["name"]
        name = (
            None if said.islower() and is_everyday_word(said) else lexicon.name(said, by_shape=True)
        )
        if name is not None and name != subject:
            age = match["age"] or match["aged"]
            found.append(FrameFact(f"{name} is {age}.", (name, "age"), durable=True))
    for match in _BRACKET_DESCRIBED.finditer(sentence):
        parts = [part.strip() for part in match["inside"].split(",")]
        jobs = [part for part in parts if _JOB_PART.fullmatch(part)]
        ages = [part for part in parts if BARE_AGE.fullmatch(part)]
        if len(parts) < 2 or len(jobs) != 1 or _JOB_PART.fullmatch(parts[0]):
            continue  # one part alone, or the job first: bracket_roles reads it
        said = match["name"]
        if said.islower() and is_everyday_word(said):
            continue
        name = lexicon.name(said, by_shape=True)
        if name is None or name == subject:
            continue
        job = re.sub(r"^an? ", "", jobs[0], flags=_I)
        found.append(
            FrameFact(f"{name} is {indefinite_article(job)}{job}.", (name, "job"), durable=True)
        )
        if len(ages) == 1:
            found.append(FrameFact(f"{name} is {ages[0]}.", (name, "age"), durable=True))
    return found


# "Tom would murder me (he's our hardware guy)": who the one just named is, in brackets after
_WHO_THEY_ARE_AFTER = re.compile(
    r"\((?:he|she)(?:'s| is) (?P<owner>our|my) (?P<role>(?:[a-z-]+ ){0,2}(?:guy|person|lead|"
    r"manager|engineer|designer|developer|dev|boss|contact|expert|wizard|admin))\)",
    _I,
)
_NAMED_BEFORE = re.compile(r"(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+")
_NAMED_WITHIN = 40  # characters before the brackets


# "the yard owner at Hollins Farm, Bev, has had ex-racers for 20 years": a role, then the name
# between commas
_ROLE_THEN_NAME = re.compile(
    rf"\bthe (?P<role>(?:[a-z-]+ ){{0,2}}(?:{JOB}|owner|landlord|landlady|head of \w+|"
    r"coordinator|organiser|organizer|captain|secretary|chair|headteacher|head teacher))"
    r"(?: (?:at|of|for) (?P<org>(?-i:[A-ZÀ-Þ])[\w&'’-]+(?: (?-i:[A-ZÀ-Þ])[\w&'’-]+){0,3}))?"
    rf", (?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+),",
    _I,
)


# "The manager, Bridget, she push me to apply": a role there is one of where one works or lives
_THE_ONE = frozenset(("manager", "boss", "supervisor", "headteacher", "landlord", "landlady"))


def _between_commas(sentence: str, subject: str, lexicon: NameLexicon) -> list[FrameFact]:
    found: list[FrameFact] = []
    for match in _ROLE_THEN_NAME.finditer(sentence):
        name = lexicon.name(match["name"], by_shape=True)
        if name is None or name == subject:
            continue
        if not match["org"] and " " not in match["role"] and match["role"].lower() not in _THE_ONE:
            continue  # "the nurse, Sarah,": which nurse, the talk said
        where = f" at {match['org']}" if match["org"] else ""
        line = f"{name} is the {match['role'].lower()}{where}."
        found.append(FrameFact(line, (name, "role"), durable=True))
    return found


def bracket_roles(sentence: str, subject: str, lexicon: NameLexicon) -> list[FrameFact]:
    """ "Carol (IBD nurse)" → "Carol is an IBD nurse."; "(my gastro …)" → "… is User's gastro …".

    The brackets show the word before them is a name, even said once ("rhodri
    (accountant) sorts the VAT"), unless "my" or "the" goes before it: "my
    appointment (GP)" names no one.
    """
    found = _between_commas(sentence, subject, lexicon) if ", " in sentence else []
    if "(" not in sentence:
        return found  # every other shape here is a word before brackets
    found += _described(sentence, subject, lexicon)
    for match in _BRACKET_ROLE.finditer(sentence):
        said = match["name"]
        # "hes self employed (plumber)": a lower-case everyday word before brackets is no name
        shaped = _DETERMINER_END.search(sentence[: match.start()]) is None and not (
            said.islower() and is_everyday_word(said)
        )
        name = lexicon.name(said, by_shape=shaped)
        if name is None or name == subject:
            continue
        who = f"{match['title'].strip()} {name}" if match["title"] else name
        if (first := _FIRST_OF_TWO.search(sentence[: match.start()])) is not None:
            who = f"{first['word']} {who}"  # "a party in Belo Horizonte (my hometown)"
        if match["pet"]:
            if subject == "User" and not match["title"]:
                found.append(pet_line(subject, match["pet"], name))
            continue
        if match["job"]:
            job = _team_role(match["job"])
            role = f"{indefinite_article(job)}{job}"
        else:
            role = f"{subject}'s {match['mine']}"
        if SPEAKER_OR_LISTENER.search(role):
            continue
        found.append(FrameFact(f"{who} is {role}.", (name, "role"), durable=True))
    for match in _WHO_THEY_ARE_AFTER.finditer(sentence):
        before = sentence[max(0, match.start() - _NAMED_WITHIN) : match.start()]
        named = [lexicon.name(word) for word in _NAMED_BEFORE.findall(before)]
        name = next((word for word in reversed(named) if word is not None), None)
        if name is not None and name != subject:
            owner = "the team's" if match["owner"].lower() == "our" else f"{subject}'s"
            line = f"{name} is {owner} {match['role'].lower()}."
            found.append(FrameFact(line, (name, "role"), durable=True))
    for match in _ROLE_BRACKET_NAME.finditer(sentence):
        name = lexicon.name(match["name"], by_shape=True)
        if name is not None and name != subject:
            line = f"{name} is the {_team_role(match['role'])}."
            found.append(FrameFact(line, (name, "role"), durable=True))
    return found
