"""A pet renamed: "freya vetoed toffee … so she's mabel now. mabel the greyhound".

A pet adopted often arrives with a name that does not last. Told a message or two after
the old name came up, "she's Mabel now", "we renamed him Biscuit" or "changed her name to
Pip" puts the name right: the latest line naming the speaker's pet of that old name gets the
new one, and the clause that told it is read no further (its "she" is the pet, not the last
woman named).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.fact import Fact
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS

__all__ = ["rename_pet"]

_I = re.IGNORECASE
_RENAMED = re.compile(
    r"^(?:(?:so|and|ok|okay|well|yeah)[,]? )*(?:(?:she|he|it)(?:'s|’s| is) (?:called |named )?"
    r"(?=[A-Za-zÀ-ÿ][a-zà-ÿ'’-]{1,20} now\b)|(?:we|I)(?:'ve| have)? (?:renamed (?:her|him|it) "
    r"|changed (?:her|his|its) name to ))(?P<name>[A-Za-zÀ-ÿ][a-zà-ÿ'’-]{1,20})\b",
    _I,
)
_PET_LINE = re.compile(r"^(?P<who>.+?) has (?P<pet>an? [\w -]+?) called (?P<old>[\w'’-]+)\.$")
# How many messages back the old name may have been said.
_REACH = 3


def rename_pet(
    clauses: list[str], facts: list[Fact], speaker: str, said_before: Sequence[str]
) -> list[str]:
    """The clauses left once a rename among them has put its pet's line right in ``facts``.

    Args:
        clauses: The clauses of the message.
        facts: The lines kept so far, oldest first; a pet line renamed in place.
        speaker: Who said the message ("User", or the other person's name).
        said_before: The messages before it, oldest first; one of the latest must name
            the pet by its old name, so "she's Mabel now" is about the pet just talked of.
    """
    left = []
    for clause in clauses:
        renamed = _RENAMED.match(clause.strip())
        # ("she's fine now": a word, not a name; "she's Pip now" capitalises one)
        name = renamed["name"] if renamed is not None else ""
        word = name.islower() and is_everyday_word(name)
        if renamed is None or name.lower() in FUNCTION_WORDS or word:
            left.append(clause)
            continue
        if not _renamed_in(facts, speaker, name, said_before[-_REACH:]):
            left.append(clause)
    return left


def _renamed_in(facts: list[Fact], speaker: str, name: str, recent: Sequence[str]) -> bool:
    for index in range(len(facts) - 1, -1, -1):
        line = _PET_LINE.match(facts[index].text)
        if line is None or line["who"] != speaker:
            continue
        old = line["old"]
        said = re.compile(rf"(?<!\w){re.escape(old)}(?!\w)", _I)
        if old.lower() == name.lower() or not any(said.search(text) for text in recent):
            return False
        new = name[:1].upper() + name[1:]
        facts[index] = Fact(facts[index].tag, f"{speaker} has {line['pet']} called {new}.")
        return True
    return False
