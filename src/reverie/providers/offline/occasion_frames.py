"""Birthdays by their number, anniversaries, and a part in someone's big day.

A birthday is often said by the age it marks, without the word ("lola's 80th
is saturday aug 16"), and an anniversary belongs to a couple ("mum and dad's
40th anniversary is 16 august", "our anniversary is 12 April"). Whose it is
must be plain: a name the conversation writes as one, a relative ("mum",
"my sister"), the speaker's parents, or "our" (the speaker and their partner).
Being asked to stand beside someone is kept too: "she asked me to be a
bridesmaid!" → "User is a bridesmaid."; "Kasia asked me to be Zofia's
godmother" → "User is Zofia's godmother."
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import DATE, TOKEN, FrameFact, date_text
from reverie.providers.offline.name_lexicon import NameLexicon

__all__ = ["occasion_frames"]

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
    r"\basked (?:me|us) to be (?:(?P<article>an?|the|her|his|their)\s+|(?P<whose>"
    + TOKEN
    + r")['’]s\s+)?(?P<role>bridesmaid|maid of honou?r|matron of honou?r|best man|"
    r"godmother|godfather|godparent|groomsman|flower girl|page boy|usher|witness|officiant)\b",
    _I,
)


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
