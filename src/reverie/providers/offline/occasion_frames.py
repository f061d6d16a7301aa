"""Birthdays, anniversaries, and a part in someone's big day.

A birthday is said with its date ("my birthday is 12 november", "Ada's birthday
is March 2nd", "it's saturday 7 june" when the talk is of the speaker's
birthday; :func:`birthday_frames`), or by the age it marks, without the word ("lola's 80th
is saturday aug 16"), and an anniversary belongs to a couple ("mum and dad's
40th anniversary is 16 august", "our anniversary is 12 April"). Whose it is
must be plain: a name the conversation writes as one, a relative ("mum",
"my sister"), the speaker's parents, or "our" (the speaker and their partner).
Being asked to stand beside someone is kept too: "she asked me to be a
bridesmaid!" → "User is a bridesmaid."; "Kasia asked me to be Zofia's
godmother" → "User is Zofia's godmother.", and so is a part asked of a friend and
taken ("will you be my best man" — "I'd be honoured. genuinely. yes";
:func:`role_accepted`). A friend's "happy birthday old man!! 42!!!" tells the age
the user turned that day (:func:`birthday_wish`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.frame_words import DATE, TOKEN, FrameFact, date_text
from reverie.providers.offline.name_lexicon import NameLexicon
from reverie.providers.offline.relative_days import next_weekday, with_dates

__all__ = [
    "birthday_frames",
    "birthday_this_week",
    "birthday_wish",
    "occasion_frames",
    "own_birthday",
    "role_accepted",
]

_I = re.IGNORECASE

_KIN = (
    r"mum|mom|mam|dad|nan|nana|gran|granny|grandma|grandad|grandpa|lola|lolo|nonna|nonno|"
    r"oma|opa|abuela|abuelo"
)
_OCCASION = re.compile(
    rf"(?:^|(?<=[\s(]))(?P<who>(?:mum and dad|my parents|our|my (?:\w+ )?\w+|{_KIN}|{TOKEN}))"
    r"(?:['’]s?)? (?P<nth>\d{1,3}(?:st|nd|rd|th))? ?(?P<what>birthday|bday|anniversary|"
    r"wedding anniversary)?"
    rf" (?:is|was|falls) (?:on )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,? )?(?:the )?"
    rf"(?P<date>{DATE})",
    _I,
)


_ASKED_TO_BE = re.compile(
    # "chris has officially asked me to be best man": the one who asks is the one marrying
    rf"(?:(?P<asker>{TOKEN}) (?:(?:has|have|just|officially|finally|only|now) )*)?"
    r"\basked (?:me|us) to be (?:(?P<article>an?|the|her|his|their)\s+|(?P<whose>"
    + TOKEN
    + r")['’]s\s+)?(?P<role>bridesmaid|maid of honou?r|matron of honou?r|best man|"
    r"godmother|godfather|godparent|groomsman|flower girl|page boy|usher|witness|officiant)\b",
    _I,
)


# ("Birthday is the 22nd.": a sentence of one's own that drops its "my")
_BIRTHDAY = re.compile(
    # ("my eightieth birthday, which is on the fourth of March": which one, and when)
    rf"(?:\bmy |^)(?:[a-z]+(?:th|st|nd|rd) )?(?:birthday|bday|b-day)(?:'s| is|:|\.| -|,)?\s*"
    rf"(?:which is )?(?:on )?(?:the )?(?P<date>{DATE})",
    _I,
)
_NAMED_BIRTHDAY = re.compile(
    rf"(?:^|(?<=[\s(]))(?P<name>{TOKEN})'s (?:\d+(?:st|nd|rd|th) )?(?:birthday|bday) is "
    rf"(?:on )?(?:the )?"
    rf"(?P<date>{DATE})",
    _I,
)
_MINE_IS_ON = re.compile(
    rf"\bmine(?:'s| is) (?:on )?(?:the )?(?P<date>{DATE})"
    # "ok birthday planning. its saturday 7 june."
    rf"|^(?:ok |so )?it'?s (?:on )?(?:the )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,? )?"
    rf"(?:the )?(?P<date2>{DATE})",
    _I,
)
_SOMEONE_ELSES_BIRTHDAY = re.compile(r"\b(?:his|her|their|\w+'s) (?:birthday|bday)\b", _I)


def occasion_frames(sentence: str, subject: str, lexicon: NameLexicon) -> list[FrameFact]:
    """ "Mum's 70th is on the 20th of September" → "User's mum's 70th birthday is …"."""
    found: list[FrameFact] = []
    for match in _OCCASION.finditer(sentence):
        nth, what = match["nth"], (match["what"] or "").lower().replace("bday", "birthday")
        if not nth and not what:
            continue  # "Tom is 3 March"? says nothing of an occasion
        what = what or "birthday"
        whose = _whose(match["who"], subject, lexicon, couple=what != "birthday")
        if whose is None:
            continue
        occasion = f"{nth.lower()} {what}" if nth else what
        line = f"{whose} {occasion} is {date_text(match['date'])}."
        owner = whose.removesuffix("'s").removesuffix("'")  # the slot a birthday frame uses
        found.append(FrameFact(line, (owner, what), durable=whose != f"{subject}'s"))
    if (asked := _ASKED_TO_BE.search(sentence)) is not None:
        role = asked["role"].lower()
        whose = lexicon.name(asked["whose"]) if asked["whose"] else None
        asker = asked["asker"]
        if whose is None and not asked["whose"] and not asked["article"] and asker:
            whose = lexicon.name(asker)
            if whose is None and not is_everyday_word(asker):
                return found  # "chris asked me to be best man", with chris no known name
        if whose is not None:
            found.append(FrameFact(f"{subject} is {whose}'s {role}.", (subject, role)))
        elif not asked["whose"]:
            article = "an" if role[0] in "aeiou" else "a"
            found.append(FrameFact(f"{subject} is {article} {role}.", (subject, role)))
    return found


def _whose(who: str, subject: str, lexicon: NameLexicon, *, couple: bool) -> str | None:
    said = who.lower()
    if said in ("mum and dad", "my parents"):
        return f"{subject}'s parents'"
    if said == "our":
        return f"{subject}'s" if couple else None  # "our birthday" is no one's
    if said.startswith("my "):
        return f"{subject}'s {said[3:]}'s"
    if re.fullmatch(_KIN, said):
        return f"{subject}'s {said}'s"
    name = lexicon.name(who)
    return f"{name}'s" if name is not None and name != subject else None


def birthday_frames(
    sentence: str, subject: str, lexicon: NameLexicon, *, recent: Sequence[str]
) -> list[FrameFact]:
    """ "my birthday is 12 november", "Ada's birthday is March 2nd", "it's 7 june" (about a
    birthday of the speaker's): the birthday's date.

    Args:
        sentence: One sentence of ``subject``'s message.
        subject: Who wrote it.
        lexicon: The conversation's names.
        recent: The writer's messages before, for "it's 7 june" after "birthday planning".
    """
    found: list[FrameFact] = []
    if (match := _BIRTHDAY.search(sentence)) is not None:
        found.append(
            FrameFact(f"{subject}'s birthday is {date_text(match['date'])}.", (subject, "birthday"))
        )
    for match in _NAMED_BIRTHDAY.finditer(sentence):
        name = lexicon.name(match["name"])
        if name is not None and name != subject:
            line = f"{name}'s birthday is {date_text(match['date'])}."
            found.append(FrameFact(line, (name, "birthday"), durable=True))
    context = " ".join([*recent[-1:], sentence])
    own = re.search(
        r"(?:^|[.!?]\s+|\bmy\s+)(?:(?:ok|so|re|about|speaking of)\s+)?birthday", context, _I
    )
    about_birthdays = own and not _SOMEONE_ELSES_BIRTHDAY.search(context)
    if about_birthdays and (match := _MINE_IS_ON.search(sentence)) is not None:
        date = date_text(match["date"] or match["date2"])
        found.append(FrameFact(f"{subject}'s birthday is {date}.", (subject, "birthday")))
    return found


def own_birthday(text: str, subject: str) -> list[FrameFact]:
    """ "my birthday. 12 november": the speaker's birthday, said across two sentences."""
    if (match := _BIRTHDAY.search(text)) is None:
        return []
    return [
        FrameFact(f"{subject}'s birthday is {date_text(match['date'])}.", (subject, "birthday"))
    ]


# "happy birthday old man!! 42!!!": a friend's wish, with the age turned that day (not a
# belated one, nor one for someone else: "happy birthday to your mum").
_WISH = re.compile(r"\bhappy (?:birthday|bday|b-day)\b(?! to\b)", re.IGNORECASE)
_LATE_OR_EARLY = re.compile(
    r"\b(?:belated|late|early|tomorrow|yesterday|for \w+day)\b", re.IGNORECASE
)
_AGE_SHOUTED = re.compile(r"(?<![\d£$€.,:/-])(?P<age>1[3-9]|[2-9]\d)(?:!+|\b(?= today\b))(?![\d%])")


def birthday_wish(text: str, said_on: str | None, before: str = "") -> list[FrameFact]:
    """ "happy birthday old man!! 42!!!", said to the user: the age they turned that day.

    The age may come in the message after the wish (``before``): "HAPPY BDAY U OLD MAN",
    then "36!!! basically dead".
    """
    if not said_on or _LATE_OR_EARLY.search(text) is not None:
        return []
    if _WISH.search(text) is None and not (
        _WISH.search(before)
        and not _LATE_OR_EARLY.search(before)
        and not _AGE_SHOUTED.search(before)
    ):
        return []
    ages = {match["age"] for match in _AGE_SHOUTED.finditer(text)}
    if len(ages) != 1:
        return []
    line = with_dates(f"User turned {ages.pop()} today.", said_on)
    return [FrameFact(line, ("User", "age"))]


# "also my bday friday lol. 27. old": the day of one's birthday this week, and the age it brings
_BIRTHDAY_THIS_WEEK = re.compile(
    r"\bmy (?:birthday|bday|b-day)(?:'s| is)? (?:on |this )?(?P<day>(?:mon|tues|wednes|thurs|fri|"
    r"satur|sun)day)\b",
    re.IGNORECASE,
)
_AGE_ALONE = re.compile(
    r"(?:^|[.!,]\s*)(?:turning |I'll be |I will be |will be )?"
    r"(?P<age>1[3-9]|[2-9]\d)(?=\s*[.!,]|\s*$)",
    re.IGNORECASE,
)


def birthday_this_week(text: str, said_on: str | None) -> list[FrameFact]:
    """ "my bday friday lol. 27.": the age the speaker turns, on the date of that day."""
    match = _BIRTHDAY_THIS_WEEK.search(text)
    if match is None or _SOMEONE_ELSES_BIRTHDAY.search(text[: match.start()]):
        return []
    ages = {found["age"] for found in _AGE_ALONE.finditer(text[match.end() :])}
    day = next_weekday(match["day"], said_on)
    if len(ages) != 1 or day is None:
        return []
    return [FrameFact(f"User turns {ages.pop()} on {day}.", ("User", "age"))]


# "will you be my best man" — "I'd be honoured. genuinely. yes": a part in one's big day, asked
# of the other and taken.
_ASKED_A_PART = re.compile(
    r"\b(?:will|would|can) (?:you|u) be (?:my|our) (?P<role>best man|bridesmaid|maid of honou?r|"
    r"groomsman|godmother|godfather|godparent|witness|page boy|flower girl)\b",
    re.IGNORECASE,
)
_TAKEN = re.compile(
    r"^(?:y+e+s+|yeah|yep|of course|obviously|absolutely|definitely|i'd be honou?red|"
    r"i would be honou?red|i'd love to|i would love to)\b|[.!]\s*(?:y+e+s+|of course)\b",
    re.IGNORECASE,
)


def role_accepted(asked: str, reply: str, who: str, asker: str) -> list[FrameFact]:
    """ "will you be my best man" (``asker``), then a yes from ``who``: ``who``'s part."""
    match = _ASKED_A_PART.search(asked)
    if match is None or _TAKEN.search(reply) is None or re.search(r"\bnot?\b", reply, re.I):
        return []
    role = match["role"].lower()
    whose = "User's" if asker == "User" else f"{asker}'s"
    return [FrameFact(f"{who} is {whose} {role}.", (who, role), durable=who != "User")]
