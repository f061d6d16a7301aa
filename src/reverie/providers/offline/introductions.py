"""Who a first message says the speaker is, when it says so without "I'm".

"This is Lukas, dad of three", "Kwame here, backend eng at Ledgerline", "i'm marta,
backend dev at haulwise" and "Dean, Hollis Plumbing & Heating, Swindon." (a name, then
fragments without a verb) each introduce the speaker: :func:`introductions` reads them as
"I'm …". A list item never is one, nor an aside in brackets, nor a list of people.
"""

from __future__ import annotations

import re

from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.frame_words import AUXILIARY
from reverie.providers.offline.vocabulary import COMMON_WORDS, STATE_WORDS, is_name

__all__ = ["introductions", "self_introduced"]

_I = re.IGNORECASE

# "This is Lukas, dad of three in Brunswick", "Kwame here, backend eng at Ledgerline",
# "Lukas again.": the user signing a first message says who they are.
_SIGNED = re.compile(
    r"^(?:(?:hi|hey|hello)[,.!]?\s+)?(?:this is (?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+)(?=,|\s*$)"
    r"|(?P<signed>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+) (?:here|again)(?=[,.!]|\s*$))",
    _I,
)


# "i'm marta, backend dev at haulwise": a name typed in lower case, then who she is.
_LOWER_INTRO = re.compile(r"^(?:i'm|im|i am) (?P<name>[a-zà-ÿ][a-zà-ÿ'’-]+)(?=, \S)", _I)


# "Dean, Hollis Plumbing & Heating, Swindon.": a name, then who and where, with no verb.
_NAME_THEN_FRAGMENTS = re.compile(
    r"^(?P<name>(?-i:[A-ZÀ-Þ])[a-zà-ÿ'’-]+),\s+(?:(?-i:[A-Z])|(?:1[6-9]|[2-9]\d),)[^.!?]*[.!]?$", _I
)
_ANY_VERB = re.compile(
    rf"\b(?:{AUXILIARY}|do|could|should|says?|said|wants?|needs?|thinks?|goes|went|got)\b",
    _I,
)


_ANOTHER_NAME = re.compile(r"(?:and |& )?[A-ZÀ-Þ][a-zà-ÿ'’-]+")


_LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+(.{3,})$", re.MULTILINE)
_FIRST_PERSON_OPENING = re.compile(r"^(?:i|i'm|im|i've|i'll|i'd)\b", _I)


def introductions(clauses: list[str], text: str) -> list[str]:
    """The clauses of the message ``text``, read as an introduction where they are one.

    A list item never is, nor an aside in brackets. After the speaker has said "I", an
    everyday word is no name: "I test drove a Demio. I'm in love. Silver, 62,000km"
    describes the car ("I'm a plumber. Dean, Hollis Plumbing" is Dean).
    """
    items = [item.lower() for item in _LIST_ITEM.findall(text)]
    out = []
    spoken = False  # whether an earlier clause opened with "I"
    for clause in clauses:
        first = clause.split()[0].strip(",.!").lower() if clause.split() else ""
        item = any(listed.startswith(clause[:12].lower()) for listed in items)
        # ("in the office tomorrow (Inverness, Tues/Thurs)": an aside about where, not who)
        aside = f"({clause.rstrip('.!')})" in text
        keep = item or aside or (spoken and is_everyday_word(first))
        out.append(clause if keep else self_introduced(clause))
        spoken = spoken or _FIRST_PERSON_OPENING.match(clause) is not None
    return out


def self_introduced(clause: str) -> str:
    """ "This is Lukas, dad of three" → "I'm Lukas, dad of three" (in a first message).

    So are "i'm marta, backend dev at haulwise" and "Dean, Hollis Plumbing &
    Heating, Swindon." (a name, then fragments without a verb).
    """
    fragments = _NAME_THEN_FRAGMENTS.match(clause)
    # "Martin, Lucy, and the independent chair": a list of people, not who is writing
    parts = [part.strip() for part in clause.split(",")[1:]]
    listed = sum(1 for part in parts if _ANOTHER_NAME.fullmatch(part)) >= 1 and any(
        part.startswith(("and ", "& ")) for part in parts
    )
    if fragments is not None and not _ANY_VERB.search(clause) and not listed:
        word = fragments["name"]
        if word.lower() not in COMMON_WORDS and is_name(word):
            return f"I'm {clause}"
    if (lower := _LOWER_INTRO.match(clause)) is not None:
        word = lower["name"]
        titled = word[:1].upper() + word[1:]
        ordinary = word in COMMON_WORDS or word in STATE_WORDS or word.endswith(("ed", "ing", "ly"))
        if not ordinary and is_name(titled):
            return f"I'm {titled}{clause[lower.end() :]}"
        return clause
    match = _SIGNED.match(clause)
    if match is None:
        return clause
    name = match["name"] or match["signed"]
    rest = clause[match.end() :]
    if name.lower() in COMMON_WORDS or not is_name(name) or re.match(r",\s*(?:my|our)\b", rest):
        return clause  # "this is Ana, my colleague" introduces someone else
    if not rest.strip(" ,.!"):
        return clause  # a bare signature: the introduction frame names the user
    return f"I'm {name}{rest}"
