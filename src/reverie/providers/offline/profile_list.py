"""A self-description given as a list: "about me: 34, nurse, live in Cardiff, vegetarian".

People introduce themselves in fragments after a label ("about me:", "quick
facts:", "ok so:") or as name-value pairs ("name Jo, age 29, from Porto").
Each fragment becomes one line about the speaker. Every fragment must be read
as something known (an age, a name, a home, a job, a state such as "vegan"):
one fragment that is not puts the whole list in doubt, and nothing is kept,
since a list of errands ("milk, eggs, call mum") has the same shape.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import JOB, FrameFact
from reverie.providers.offline.vocabulary import COMMON_WORDS, is_name, words

__all__ = ["profile_list"]

_I = re.IGNORECASE

# "about me:", "quick facts about me -", "ok so:": a list about the speaker follows.
_LABEL = re.compile(
    r"^(?:(?:ok|okay|right|so|hi|hey)[,!.]?\s+)*(?:(?:some |a few |quick )?(?:things|facts|"
    r"context|background|info) about me|about me|quick facts|(?:a bit of |some )?(?:context|"
    r"background)|me|so)\s*[:\-–—]\s*(?P<items>[^\n]+)$",
    _I,
)
_SPLIT = re.compile(r"\s*(?:,|;|\s/\s|\s\|\s)\s*")
_AGE = re.compile(r"^(?:age[d:]? ?)?(?P<age>[1-9]\d)(?: ?(?:y/?o|yrs?(?: old)?|years old))?$", _I)
_NAME = re.compile(r"^(?:name[: ]|called )\s*(?P<name>[A-Za-zÀ-ÿ][\wÀ-ÿ'-]+)$", _I)
_HOME = re.compile(r"^(?:(?:i )?live in|living in|based in|in) (?P<place>[A-ZÀ-Þ][\wÀ-ÿ' -]+)$", _I)
_FROM = re.compile(r"^(?:originally )?from (?P<place>[A-ZÀ-Þ][\wÀ-ÿ' -]+)$", _I)
_JOB = re.compile(rf"^(?P<job>(?:[a-z-]+ )?{JOB})$", _I)
_STATES = frozenset(
    words(
        """
        vegan vegetarian veggie pescatarian married single engaged divorced widowed retired
        pregnant diabetic coeliac celiac dyslexic autistic deaf left-handed self-employed
        freelance unemployed
        """
    )
)
_MIN_ITEMS = 2
_MAX_ITEMS = 8


def profile_list(text: str, subject: str) -> list[FrameFact]:
    """The lines a self-description list gives (module docstring), or none."""
    for line in text.strip().split("\n")[:3]:
        labelled = _LABEL.match(line.strip().rstrip(".!"))
        if labelled is None:
            continue
        items = [item for item in _SPLIT.split(labelled["items"].strip()) if item]
        if not _MIN_ITEMS <= len(items) <= _MAX_ITEMS:
            continue
        found = [_item(item, subject) for item in items]
        if all(fact is not None for fact in found):
            return [fact for fact in found if fact is not None]
    return []


def _item(item: str, subject: str) -> FrameFact | None:
    item = item.strip()
    if (age := _AGE.match(item)) is not None:
        return FrameFact(f"{subject} is {age['age']}.", (subject, "age"))
    if (named := _NAME.match(item)) is not None:
        name = named["name"][:1].upper() + named["name"][1:]
        if named["name"].lower() in COMMON_WORDS or not is_name(name):
            return None
        return FrameFact(f"{subject}'s name is {name}.", (subject, "called"))
    if (home := _HOME.match(item)) is not None:
        return FrameFact(f"{subject} lives in {home['place']}.", (subject, "home"))
    if (origin := _FROM.match(item)) is not None:
        return FrameFact(f"{subject} is from {origin['place']}.", (subject, "from"))
    if (job := _JOB.match(item)) is not None:
        words = job["job"].split()
        if words[0].lower() in COMMON_WORDS and len(words) > 1:
            return None  # "the nurse", "good nurse": not the speaker's job
        article = "an" if job["job"][:1].lower() in "aeiou" else "a"
        return FrameFact(f"{subject} is {article} {job['job']}.", (subject, "job"))
    if item.lower() in _STATES:
        return FrameFact(f"{subject} is {item.lower()}.", (subject, f"is {item.lower()}"))
    return None
