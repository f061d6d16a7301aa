"""Pets, by name and kind: "my dog Pepper", "Pepper is a greyhound", "we have a cat. Feijão.".

A frame (see :mod:`.frames`) for the animals in someone's life. The name is
taken by the shape of the sentence ("pepper is my dog" says pepper is a name),
never a breed's first word ("(our dog, border collie)"), and a pet named in a
later message ("her name's Mochi" after "we got a kitten") is matched by
:data:`PET_IN`.
"""

from __future__ import annotations

import re

from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.frame_words import (
    AFTER_NAME,
    ANIMAL,
    BREED_WORDS,
    PET_WORDS,
    TOKEN,
    FrameFact,
    pet_line,
)
from reverie.providers.offline.name_lexicon import NameLexicon
from reverie.providers.offline.vocabulary import alternation, words

__all__ = ["PET_IN", "pet_frames", "pets_named_after"]

_I = re.IGNORECASE

_MY_PET = re.compile(
    rf"\b(?:my|our) (?:\w+ )?(?P<pet>{ANIMAL}),? (?:is )?(?:called |named )?(?P<name>{TOKEN})"
    rf"{AFTER_NAME}",
    _I,
)
_NAME_IS_MY_PET = re.compile(
    # ("Bramble (our springer) got it off the side": whose animal, in brackets)
    rf"(?:^|(?<=[\s,(]))(?P<name>{TOKEN})(?:,? (?:is )?| \()(?:my|our) (?:\w+ )?(?P<pet>{ANIMAL})\b"
    # ("set up our rabbit-friendly clinic": a word the animal is part of)
    r"(?!-)"
    # ("too many, our lab has 10 stations": the lab does something, it is no name's pet)
    r"(?!\s+(?:has|have|is|was|does|did|will|can|had)\b)",
    _I,
)
# "I've kept a bearded dragon myself for six years (Stanley)": its name in brackets after it
_PET_BRACKET_NAME = re.compile(
    rf"\b(?:I've kept|I have|I've got|I've had|we have|we've got|we've had) (?:an?|my|our) "
    rf"(?:\w+ )?(?P<pet>{ANIMAL})\b[^().!?]{{0,40}}\((?P<name>{TOKEN})\)",
    _I,
)
_MY_PETS_NAME = re.compile(
    rf"\bmy (?P<pet>{ANIMAL})(?:'s name is|'s called| is called| is named)\s+(?P<name>{TOKEN})"
    rf"{AFTER_NAME}",
    _I,
)
_GOT_A_PET_NAMED = re.compile(
    rf"\b(?:got|adopted|rescued|have|getting|bought)\s+an? (?:\w+ ){{0,2}}?(?P<pet>{ANIMAL})\b"
    rf"[^.!?]{{0,40}}?\b(?:called|named)\s+(?P<name>{TOKEN}){AFTER_NAME}",
    _I,
)
_HAVE_A_PET_NAME = re.compile(
    rf"\b(?:we|i) (?:have|got|adopted|rescued) an? (?:\w+ ){{0,2}}?(?P<pet>{ANIMAL})[.!:,]?\s+"
    # ("I have a Labrador, Bramble, who will need looking after": the name between commas)
    rf"(?P<name>{TOKEN})(?:[.!]|,(?= (?:who|which|and|but|she|he|so)\b))"
    # "dog. pretzel. corgi mix.": a pet named in a message of its own.
    rf"|^(?P<bare_pet>{ANIMAL})[.:]\s+(?P<bare_name>{TOKEN})[.!,]"
    # "bella. staffy. 4 pawprints in the corner now": the name, then the breed
    rf"|^(?P<lead_name>{TOKEN})[.:]\s+(?P<lead_breed>{alternation(BREED_WORDS)})[.!,]"
    # "4. yes. Pimento. our beagle.": the name, then whose animal it is
    r"|(?:^|(?<=[.!]\s))(?P<own_name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+)\.\s+(?:my|our) "
    rf"(?P<own_pet>{ANIMAL})[.!,]",
    _I,
)
# Words that join a clause on, never a pet's name before "our dog".
_JOINING_WORDS = frozenset(
    words(
        """because since and but so as when while whilst with cos coz then also plus where that
        though although unless until if"""
    )
)
# "a kitten", "our dog": an animal said, whose name a later message may give.
PET_IN = re.compile(rf"\b(?:a|an|my|our|new) (?:\w+ )?(?P<pet>{ANIMAL})\b", _I)
_IS_A_BREED = re.compile(
    rf"(?:^|(?<=[.!?,;]\s))(?P<name>{TOKEN}) is an? (?:(?:\w+|\w+-\w+) )?"
    rf"(?P<pet>{alternation(BREED_WORDS + PET_WORDS)})\b(?!['’]s)"
    r"(?! (?:person|people|lover|owner|sitter|walker|food|bed|hair|tree|flap|video|cafe|café))",
    _I,
)


def pet_frames(sentence: str, subject: str, lexicon: NameLexicon) -> list[FrameFact]:
    """ "my dog Pepper" → "User has a dog called Pepper."; "Pepper is a greyhound."."""
    found: list[FrameFact] = []
    for pattern in (_MY_PET, _MY_PETS_NAME, _NAME_IS_MY_PET, _GOT_A_PET_NAMED, _PET_BRACKET_NAME):
        for match in pattern.finditer(sentence):
            if _breed_said(match["name"], sentence[match.end() :]):
                continue  # "(our dog, border collie)": a breed, not a name
            if match["name"].lower() in _JOINING_WORDS:
                continue  # "which matters, because our Border terrier, Hamish, …"
            if match["name"] in ("cross", "mix", "mutt"):
                continue  # "Mabli's our collie cross": a mix of breeds, no name
            name = lexicon.name(match["name"], sentence[match.end() :], by_shape=True)
            if name is not None and name != subject:
                found.append(pet_line(subject, match["pet"], name))
    for match in _IS_A_BREED.finditer(sentence):
        name = lexicon.name(match["name"], by_shape=True)
        if name is not None and name != subject:
            pet = " ".join(match["pet"].lower().split())
            article = "an" if pet[:1] in "aeiou" else "a"
            found.append(FrameFact(f"{name} is {article} {pet}.", (name, "animal"), durable=True))
    return found


def pets_named_after(text: str, subject: str, lexicon: NameLexicon) -> list[FrameFact]:
    """ "we have a cat. Feijão.": a pet, and its name in the next sentence (``text`` whole)."""
    found: list[FrameFact] = []
    for match in _HAVE_A_PET_NAME.finditer(text):
        said = match["name"] or match["bare_name"] or match["lead_name"] or match["own_name"]
        if match["lead_name"] and is_everyday_word(said.lower()):
            continue  # "sorted. lab." names no dog
        if said.islower() and said in _COAT_COLOURS:
            continue  # "cat. ginger. 4.": what it looks like, not what it is called
        name = lexicon.name(said, by_shape=True)
        if name is not None and name != subject:
            pet = (
                match["pet"] or match["bare_pet"] or match["own_pet"] or match["lead_breed"].lower()
            )
            found.append(pet_line(subject, pet, name))
    return found


# A coat said after the animal ("cat. ginger."); written with a capital, it may be the name.
_COAT_COLOURS = frozenset(
    words("ginger black white grey gray brown tortie tortoiseshell calico tabby brindle fawn")
)


def _breed_said(word: str, following: str) -> bool:
    """ "border" before "collie", "golden" before "retriever": the start of a breed."""
    after = following.split()[0].strip(",.;:!?)").lower() if following.split() else ""
    return after in _BREEDS or word.lower() in _BREEDS


_BREEDS = frozenset(breed.lower() for breed in BREED_WORDS)
