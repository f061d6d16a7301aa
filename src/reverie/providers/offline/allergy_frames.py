"""What makes someone ill: "dairy makes me sick", "I'm allergic: nuts, kiwi and latex".

A condition named in passing is one too: "she is my doctor also, for my gastritis", "the
dust in the barn is setting off my asthma".

Said in a sentence of its own or as a list after a colon, an allergy or an
intolerance is one line about the speaker, never split into fragments.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import FrameFact
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS
from reverie.providers.offline.vocabulary import CONDITION_WORDS, alternation

__all__ = ["allergy_frames", "allergy_list_after"]

_I = re.IGNORECASE

_SICK_FROM = re.compile(
    r"^(?P<what>(?:[a-z]+ ){0,2}[a-z]+) (?P<verb>makes?) me (?:sick|ill|break out|sneeze)\b", _I
)
_ALLERGY_CONTEXT = re.compile(
    r"\b(?:i'm|im|i am) (?:(?:very|severely|really|mildly|also) )?allergic\b|\bmy allergies\b", _I
)
_LIST_AFTER_COLON = re.compile(r":\s*(?P<items>[^:.!?()]{3,120})")
# "my doctor also, for my gastritis", "pills for my migraines", "the dust is setting off my
# asthma": a condition one has, named as what something is for or acts on.
_FOR_MY_CONDITION = re.compile(rf"\bmy (?P<what>{alternation(CONDITION_WORDS)})\b", _I)

# "GP says plantar fasciitis, referred me to physio": the speaker's own diagnosis, reported.
_DIAGNOSED = re.compile(
    r"^(?:[\w' ]{2,30}: ?|(?:so |and )?)(?:my |the )?(?:gp|doctor|doc|physio|"
    r"consultant|specialist|podiatrist|dermatologist|rheumatologist|neurologist)"
    r"(?: has| finally)? (?:says|said|thinks|confirmed|diagnosed)"
    r"(?: (?:it's|it is|it was|that it's|i have|i've got|me with))? "
    rf"(?P<what>{alternation(CONDITION_WORDS)})\b",
    _I,
)


def allergy_frames(sentence: str, subject: str) -> list[FrameFact]:
    """ "dairy makes me sick" → "Dairy makes User sick."; a listed allergy, one line."""
    found: list[FrameFact] = []
    if (sick := _SICK_FROM.match(sentence)) is not None:
        what = sick["what"]
        if what.split()[0].lower() not in FUNCTION_WORDS:
            line = f"{what[:1].upper()}{what[1:]} {sick['verb'].lower()} {subject} sick."
            found.append(FrameFact(line, (subject, f"sick from {what.lower()}")))
    if _ALLERGY_CONTEXT.search(sentence) and (listed := _LIST_AFTER_COLON.search(sentence)):
        items = _items(re.sub(r"\([^)]*\)?", "", listed["items"]))
        if len(items) >= 2:
            line = f"{subject} is allergic to {_joined(items)}."
            found.append(FrameFact(line, (subject, "allergies")))
    if (condition := _FOR_MY_CONDITION.search(sentence) or _DIAGNOSED.match(sentence)) is not None:
        what = condition["what"].lower()
        found.append(FrameFact(f"{subject} has {what}.", (subject, f"has {what}")))
    return found


# How far the list may come after "I'm allergic": the rest of that sentence and a short lead-in
# ("I'm allergic to a few things. the full list: peanuts, sesame, kiwi, and penicillin").
_LIST_WITHIN = 60


def allergy_list_after(text: str, subject: str) -> list[FrameFact]:
    """A list after a colon, a sentence after "I'm allergic" said it: one line of allergies."""
    context = _ALLERGY_CONTEXT.search(text)
    if context is None:
        return []
    listed = _LIST_AFTER_COLON.search(text, context.end())
    if listed is None or listed.start() - context.end() > _LIST_WITHIN:
        return []
    items = _items(re.sub(r"\([^)]*\)?", "", listed["items"]))
    if len(items) < 2:
        return []
    return [FrameFact(f"{subject} is allergic to {_joined(items)}.", (subject, "allergies"))]


def _items(text: str) -> list[str]:
    parts = re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", text.strip())
    items = [part.strip(" .") for part in parts if part.strip(" .")]
    if not items or any(len(item.split()) > 3 for item in items):
        return []
    return items


def _joined(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
