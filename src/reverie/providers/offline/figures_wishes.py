"""How figures and words are shown in every answer: units, tables, the one language.

"also please use km not miles, since all the guidebooks do", "Please put the numbers in a
table — I think better that way", "And please, only english in your answers, also the
explanations": :func:`figures_and_language` turns such a request into a rule for the
assistant, worded the way people ask for it (see :mod:`.answer_style`).
"""

from __future__ import annotations

import re

__all__ = ["UNIT", "figures_and_language"]

_I = re.IGNORECASE

UNIT = (
    r"km|kilometres|kilometers|kg|kilos|celsius|metric|miles|lbs|pounds|fahrenheit|imperial|"
    r"bar|psi|grams|cups|ounces|oz|ml|millilitres|litres|liters|metres|meters|feet|inches|cm"
)
"""Units people ask answers to use, or not to ("km", "grams", "fahrenheit")."""
# ("metric temperatures please": what the units are for)
_OF_WHAT = r"(?: units| temperatures| measurements| weights| quantities)?"
# "in km pls not miles", "kg please", "also please use km not miles, since all the guidebooks
# do": the units the answers should use.
_UNITS_PLEASE = re.compile(
    rf"^(?:(?:just|and|also) )?(?:in |use )?(?P<unit>{UNIT}){_OF_WHAT},? (?:please|pls)"
    rf"(?:,? (?:not|never|no) (?P<not>{UNIT}))?[.!]*$"
    rf"|^(?:(?:just|and|also) )?(?:please|pls|can you|could you) (?:always )?use "
    rf"(?P<unit2>{UNIT}){_OF_WHAT},? (?:not|instead of|rather than) (?P<not2>{UNIT})"
    r"(?:[.!]*$|,? (?:since|as|because|cos|bc)\b)",
    _I,
)
# "And please give temperatures in Celsius, the controller is in C": what figures are given in
_MEASURES_IN = re.compile(
    r"(?:^|\b(?:and|also|so|but)[,]?\s+)(?:(?:please|pls|plz|can you|could you)[,]? )"
    # ("And please keep recipes in metric, I can never work out cups.")
    r"(?:always )?(?:give|put|show|write|do|list|keep)(?: me)? (?:the |all |any )?"
    r"(?P<what>temperatures|temps|weights|distances|measurements|quantities|heights|amounts|"
    r"recipes|ingredients) "
    rf"in (?P<unit>{UNIT})\b",
    _I,
)
# "Grams please, I don't do cups.": a unit the answers should leave alone
_NO_UNIT = re.compile(rf"^I (?:don't|do not|can't) do (?P<unit>{UNIT})[.!]*$", _I)
_LANGUAGE = (
    r"english|portuguese|spanish|french|german|italian|polish|dutch|turkish|arabic|korean|"
    r"vietnamese|romanian|russian|ukrainian|japanese|chinese|mandarin|hindi|urdu|tagalog|greek"
)
# "And please, only english in your answers, also the explanations", "answer only in
# English", "no portuguese please": the one language answers are written in.
_ONLY_LANGUAGE = re.compile(
    r"^(?:(?:and|also|so|but|oh)[,]?\s+)*(?:(?:please|pls|plz)[,]?\s+)?"
    r"(?:(?:answer|reply|write|talk|speak)(?: to)?(?: me)? )?only (?:in )?"
    rf"(?P<language>{_LANGUAGE})(?: in (?:your|the) (?:answers|replies|explanations))?"
    r"(?:,? (?:please|pls|plz))?(?=\s*(?:[,.!;]|$))"
    r"|^(?:(?:and|also|so|but)[,]?\s+)*(?:(?:please|pls|plz),?\s+)?no (?P<not>"
    rf"{_LANGUAGE}),? (?:please|pls|plz)[.!]*$",
    _I,
)
# "Please put the numbers in a table — I think better that way": how figures are shown.
_IN_A_TABLE = re.compile(
    r"^(?:(?:also|and|so|oh)[,]?\s+)*(?:pls |please |plz |can you |could you )(?:always )?"
    r"(?:put|show|give|lay out|present|set out)(?: me)? (?:the |all the |any )?"
    r"(?P<what>numbers|figures|costs|prices|sums|maths|data|comparisons?|options)(?: out)? "
    r"(?:in|as) (?:a )?tables?\b",
    _I,
)


def figures_and_language(s: str) -> str | None:
    """The rule ``s`` asks for units, tables or the language of every answer, or None."""
    if (only := _ONLY_LANGUAGE.match(s)) is not None:
        if only["not"]:
            return f"please write no {only['not'].capitalize()} in answers"
        return f"please answer only in {only['language'].capitalize()}"
    if (table := _IN_A_TABLE.match(s)) is not None:
        return f"please put {table['what'].lower()} in tables"
    if (units := _UNITS_PLEASE.match(s)) is not None:
        unit, instead = (units["unit"] or units["unit2"]).lower(), units["not"] or units["not2"]
        unit = "metric units" if unit == "metric" else _unit_name(unit)
        return f"please use {unit}" + (f", not {_unit_name(instead)}" if instead else "")
    if (measures := _MEASURES_IN.search(s)) is not None:
        what = measures["what"].lower().replace("temps", "temperatures")
        unit = measures["unit"].lower()
        return f"please give {what} in {'metric units' if unit == 'metric' else _unit_name(unit)}"
    if (refused := _NO_UNIT.match(s)) is not None:
        return f"please don't use {refused['unit'].lower()}"
    return None


def _unit_name(unit: str) -> str:
    """``unit`` as it is written in a sentence ("km", "Celsius": a scale named for someone)."""
    low = unit.lower()
    return low.capitalize() if low in ("celsius", "fahrenheit") else low
