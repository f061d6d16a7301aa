"""Who is "he" and who is "she", from words that say so.

"he's just a man called Keith", "my sister Tash", "Ollie is my brother" say which pronoun a
name takes before any pronoun has been read as that name. :func:`note_genders` writes it
where :func:`~.pronouns.resolve_pronouns` keeps what the talk has settled, so a later "she"
is never read as Keith ("run like Keith is chasing you" … "also she wants to get a dog").
:func:`settled_otherwise` and :func:`of_gender` read and add to what is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["note_genders", "of_gender", "settled_otherwise"]

_I = re.IGNORECASE
_HE_WORDS = (
    r"brother|husband|dad|father|son|boyfriend|bf|grandad|granddad|grandfather|uncle|nephew|"
    r"stepdad|stepson|fiance|fiancé|man|guy|bloke|lad|boy|gentleman"
)
_SHE_WORDS = (
    r"sister|wife|mum|mom|mother|daughter|girlfriend|gf|gran|granny|grandma|grandmother|aunt|"
    r"auntie|niece|stepmum|stepmom|stepdaughter|fiancee|fiancée|woman|girl|lady"
)
_NAME = r"(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+"
# "a man called Keith", "my sister Tash", "Ollie is my brother", "my husband, Dev,"
_SAID = re.compile(
    rf"\b(?:an?|my|our) (?:\w+ )?(?P<word>{_HE_WORDS}|{_SHE_WORDS}),? "
    rf"(?:(?:called|named) )?(?P<name>{_NAME})\b"
    rf"|\b(?P<name2>{_NAME}) (?:is|was|['’]s) (?:my|our|a) (?:\w+ )?(?P<word2>{_HE_WORDS}|"
    rf"{_SHE_WORDS})\b(?!['’])",
    _I,
)
_HE = re.compile(rf"^(?:{_HE_WORDS})$", _I)
# Twice one pronoun and never the other settles whom a name is.
_SETTLED = 2


def note_genders(clauses: Iterable[str], genders: dict[str, list[str]]) -> None:
    """Note in ``genders`` each name the clauses give as a man's or a woman's.

    A name the talk has already made the other pronoun's is left as it is.
    """
    for clause in clauses:
        for said in _SAID.finditer(clause):
            name = said["name"] or said["name2"]
            word = said["word"] or said["word2"]
            pronoun = "he" if _HE.match(word) else "she"
            known = genders.setdefault(name, [])
            if not known:
                known.extend([pronoun] * _SETTLED)


def settled_otherwise(pronoun: str | None, genders: dict[str, list[str]] | None) -> set[str]:
    """The names the talk has settled as the other pronoun's, never this one's."""
    if pronoun is None or genders is None:
        return set()
    return {who for who, said in genders.items() if pronoun not in said and len(said) >= _SETTLED}


def of_gender(
    who: str | None, pronoun: str | None, genders: dict[str, list[str]] | None
) -> str | None:
    """``who``, unless the talk has made them the other pronoun's; the pronoun is noted.

    Twice the other pronoun and never this one settles it: one earlier guess may be wrong
    ("banjo is taken (by my dog) so… rusty?" — "she's a girl" is the van).
    """
    if who is None or pronoun is None or genders is None:
        return who
    said = genders.setdefault(who, [])
    if pronoun not in said and len(said) >= _SETTLED:
        return None  # "she" before, so not this "he"
    said.append(pronoun)
    return who
