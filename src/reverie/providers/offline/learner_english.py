"""A job said the way a learner of English says it, put the way the rules read it.

Many first languages have no articles, or put the place first: "I am engineer",
"in Turkey I was pharmacist, 11 years". :func:`as_the_rules_read` gives "I am
an engineer", "I was a pharmacist for 11 years in Turkey"; a sentence of any
other shape is returned as it was.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import JOB

__all__ = ["as_the_rules_read"]

_I = re.IGNORECASE

# "I was pharmacist", "I'm nurse": a job named without its article
_NO_ARTICLE = re.compile(rf"\bI (?P<be>am|was|'m) (?=(?P<job>{JOB})\b(?!['’]s))", _I)
# "in Turkey I was a pharmacist, 11 years": the place said first
_PLACE_FIRST = re.compile(
    r"^(?:back )?in (?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?),? "
    r"(?P<said>I (?:was|worked|lived|studied|taught) [^,.;!?]+)(?P<rest>.*)$",
    _I,
)
# "…, 11 years.": how long, said after a comma
_HOW_LONG = re.compile(r"^, (?P<years>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) years?")


def as_the_rules_read(sentence: str) -> str:
    """``sentence`` with a learner's article or word order put as the rules read it."""
    said = _NO_ARTICLE.sub(_with_article, sentence)
    first = _PLACE_FIRST.match(said)
    if first is None:
        return said
    rest = first["rest"]
    if (long := _HOW_LONG.match(rest)) is not None:
        return f"{first['said']} for {long['years']} years in {first['place']}{rest[long.end() :]}"
    return f"{first['said']} in {first['place']}{rest}"


def _with_article(match: re.Match[str]) -> str:
    article = "an" if match["job"][:1].lower() in "aeiou" else "a"
    return f"I {match['be']} {article} "
