"""A list of things asked at once, answered in as many fragments: one value each.

"What's your name, age, height and current weight?" — "tariq. 41. 178cm. 96kg":
the question lists four things and the reply gives four fragments, so they pair
in order: "User's name is Tariq.", "User is 41.", "User's height: 178cm.",
"User's weight: 96kg.". Nothing is paired when the counts differ, when a
fragment says something with a verb, or when the list holds a word that is no
thing with a value ("plans", "thoughts").

Questions asked one to a line are answered the same way, but not in order:
"1. What's your name and roughly where are you based? 2. How long have you had
your licence?" — "tariq. 23. sheffield. passed test aug". A reply that opens
with one word and then an age ("jay. 22. salford.") introduces the speaker;
the fragment after the age is their town when the question asked where
(:func:`introduced`).
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import AUXILIARY, BARE_AGE, JOB, FrameFact, titled
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS, NameLexicon
from reverie.providers.offline.normalise import normalise_chat
from reverie.providers.offline.vocabulary import COMMON_WORDS, is_name, words

__all__ = ["introduced", "listed_answers"]

_I = re.IGNORECASE

# "What's your name, age, height and current weight?", "Can you tell me your age and
# where you're based?" (the second is no noun: nothing is paired).
_ASKS_LIST = re.compile(
    r"(?:^|[.!]\s+|:\s*)(?:so |first,? |quick (?:ones?|questions?):? )?"
    r"(?:what(?:'s| is| are|re)|can you (?:tell me|give me|share)|could you (?:tell me|share)|"
    r"tell me|share) (?:your|ur) (?P<list>[a-z][a-z ,/-]*?(?:,? and|,? &) [a-z][a-z /-]*?)\s*\?",
    _I,
)
_SPLIT_LIST = re.compile(r"\s*(?:,\s*and\s+|,\s*&\s*|\s+and\s+|\s*&\s*|,\s*)")
_SPLIT_ANSWER = re.compile(r"\s*(?:[.;,](?!\d)|\n|\s/\s|\s[-–—]\s)\s*")
_QUALIFIERS = frozenset(words("current rough approximate usual main exact full"))
# A thing asked that has no value to keep ("thoughts", "plans"): the pairing is left alone.
_NO_VALUE = frozenset(
    words(
        """
        thoughts plans plan ideas questions goals goal worries concerns feelings situation
        preferences priorities story background experience
        """
    )
)
_VERB = re.compile(
    rf"\b(?:{AUXILIARY}|do|got|get|want|think|i|i'm|im|my|me|you|your)\b",
    _I,
)
_MAX_ITEMS = 6
_MAX_FRAGMENT_WORDS = 4


def listed_answers(question: str, answer: str, subject: str) -> list[FrameFact]:
    """The values of a reply that answers a list of things asked at once (module docstring)."""
    asked = _ASKS_LIST.search(question.replace("’", "'"))
    if asked is None:
        return []
    asked_for = [_thing(item) for item in _SPLIT_LIST.split(asked["list"].strip())]
    things = [thing for thing in asked_for if thing is not None]
    if not 2 <= len(things) <= _MAX_ITEMS or len(things) != len(asked_for):
        return []
    values = [value for value in _SPLIT_ANSWER.split(_first_line(answer).rstrip(".! ")) if value]
    if len(values) != len(things):
        return []
    if any(len(v.split()) > _MAX_FRAGMENT_WORDS or _VERB.search(v) for v in values):
        return []
    found: list[FrameFact] = []
    for thing, value in zip(things, values, strict=True):
        fact = _fact(thing, value.strip(), subject)
        if fact is None:
            return []  # one value that does not fit puts the whole pairing in doubt
        found.append(fact)
    return found


def _thing(item: str) -> str | None:
    said = item.lower().split()
    while said[1:] and said[0] in _QUALIFIERS:
        said = said[1:]
    if not 1 <= len(said) <= 3 or any(w in FUNCTION_WORDS or w in _NO_VALUE for w in said):
        return None
    return " ".join(said)


def _fact(thing: str, value: str, subject: str) -> FrameFact | None:
    if thing == "name":
        name = value[:1].upper() + value[1:]
        if " " in value or value.lower() in COMMON_WORDS or not is_name(name):
            return None
        return FrameFact(f"{subject}'s name is {name}.", (subject, "called"))
    if thing == "age":
        if not re.fullmatch(r"\d{1,2}", value):
            return None
        return FrameFact(f"{subject} is {value}.", (subject, "age"))
    if not re.search(r"\w", value):
        return None
    return FrameFact(f"{subject}'s {thing}: {value}.", (subject, thing))


_ASKS_NAME = re.compile(r"\b(?:your|ur) (?:first |full )?name\b", _I)
# "roughly where are you based?", "where are you in the UK?" (not "where are you at with it").
_ASKS_WHERE = re.compile(
    r"\bwhere (?:are|r) (?:you|u)\b(?! (?:at|with|up|going|heading|off|on|flying)\b)"
    r"|\bwhere (?:do|d'you) (?:you|u) live\b|\bwhich (?:city|town|area)\b",
    _I,
)
# A fragment that is no town: a job, a deed, a manner ("nurse", "renting", "mostly").
_NOT_A_PLACE = re.compile(rf"^(?:{JOB})s?$|(?:ing|ed|ly)$", _I)


def introduced(
    question: str, answer: str, subject: str, lexicon: NameLexicon, *, early: bool
) -> list[FrameFact]:
    """Name, age and town opening a reply in fragments ("tariq. 23. sheffield."; module docstring).

    The first fragment is a name when the question asked for one, or when an
    age follows it in one of the speaker's first messages (``early``). The town
    is read only after such a name, so "manchester. 19 april." (a race, then
    its date) names nobody's home.
    """
    parts = [part.strip(" !") for part in _SPLIT_ANSWER.split(_first_line(answer))]
    parts = [part for part in parts if part]
    if len(parts) < 2 or len(parts[0].split()) != 1:
        return []
    word, age = parts[0], BARE_AGE.fullmatch(parts[1])
    if not ((age and early) or _asks_name(question)) or _ordinary(word):
        return []
    name = lexicon.name(word, by_shape=True)
    if name is None:
        return []
    found = [FrameFact(f"{subject}'s name is {name}.", (subject, "called"))]
    if age is not None:
        found.append(FrameFact(f"{subject} is {age['age']}.", (subject, "age")))
    rest = parts[2:] if age is not None else parts[1:]
    town = rest[0].split() if rest else []
    if (
        _ASKS_WHERE.search(question)
        and 1 <= len(town) <= 2
        and not any(_ordinary(w) or _NOT_A_PLACE.search(w) for w in town)
    ):
        place = titled(" ".join(town))
        found.append(FrameFact(f"{subject} lives in {place}.", (subject, "home")))
    return found


def _asks_name(question: str) -> bool:
    """A question asks the name ("what's your name?"), not a draft's "[Your name]"."""
    return any(
        sentence.rstrip().endswith("?") and _ASKS_NAME.search(re.sub(r"\[[^\]]*\]", "", sentence))
        for sentence in re.split(r"(?<=[.!?])\s+|\n", question)
    )


def _first_line(answer: str) -> str:
    return normalise_chat(answer).strip().split("\n\n", 1)[0]


def _ordinary(word: str) -> bool:
    """A word of everyday English, not a name or a town."""
    lower = word.lower()
    return lower in COMMON_WORDS or lower in FUNCTION_WORDS or any(c.isdigit() for c in lower)
