"""A body measure said as a bare fragment: "26. 86kg 178cm.", "weight 84.6 this morn".

Fitness and health chats give weight and height without a sentence around
them. A fragment that is nothing but a weight or a height (with "weight", "today"
or "now" at most) is the speaker's own; a later weight replaces the earlier one
(both lines fill the slot ``(speaker, "weight")``, as "User's weight: 96kg."
from a listed answer does). A message that mentions a pet gives the pet's
weight ("dog = bernese. 45kg"), and no adult weighs under 40 kg.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import ANIMAL, FrameFact, fragments

__all__ = ["measures"]

_I = re.IGNORECASE

_MEASURE = re.compile(r"\d{2,3}(?:\.\d)?\s?(?:kg|cm)", _I)
# "86kg 178cm": two measures side by side, one fragment each.
_SIDE_BY_SIDE = re.compile(rf"^(?:{_MEASURE.pattern}\s+)+{_MEASURE.pattern}$", _I)
_WEIGHT = re.compile(
    r"^(?:(?:my )?weight(?: is)?:? |weighed in at |weigh(?:ed)? )?"
    r"(?P<value>\d{2,3}(?:\.\d)?)\s?(?P<unit>kg|kgs|kilos)?"
    r"(?: (?:today|this morning|this morn|now|at the moment))?$",
    _I,
)
_HEIGHT = re.compile(
    r"^(?:(?:my )?height(?: is)?:? |i'm |im )?(?P<value>1[4-9]\d|2[01]\d)\s?cm$", _I
)
_PET = re.compile(rf"\b(?:{ANIMAL})s?\b|\b(?:puppy|kitten|pup|breed)\b", _I)
_LEAST_ADULT_KG = 40


def measures(text: str, subject: str) -> list[FrameFact]:
    """The weight and height ``text`` states as fragments of their own (module docstring)."""
    if _PET.search(text):
        return []
    pieces = [
        piece
        for part in fragments(text)
        for piece in (_MEASURE.findall(part) if _SIDE_BY_SIDE.match(part) else [part])
    ]
    found: list[FrameFact] = []
    for fragment in pieces:
        weight = _WEIGHT.match(fragment)
        # "86kg" says a weight; "84.6" says one only after the word "weight".
        said = weight is not None and (
            weight["unit"] is not None or fragment.lower().startswith(("weigh", "my w"))
        )
        if weight is not None and said and float(weight["value"]) >= _LEAST_ADULT_KG:
            line = f"{subject}'s weight: {weight['value']}kg."
            found.append(FrameFact(line, (subject, "weight")))
        elif (height := _HEIGHT.match(fragment)) is not None:
            found.append(
                FrameFact(f"{subject}'s height: {height['value']}cm.", (subject, "height"))
            )
    return found
