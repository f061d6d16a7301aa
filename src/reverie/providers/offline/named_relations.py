"""The name of the one partner or boss a line talks about: "User's boyfriend Dev is a paramedic."

Once the talk has named someone the user has one of at a time ("dev (my boyfriend)"), a
later line about them says whom it means: "he's a paramedic" is stored as "User's boyfriend
Dev is a paramedic." rather than leaving the reader to find the name elsewhere. Sisters and
friends may be many, so only one-at-a-time relations are named this way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.fact import AS_OF, Fact
from reverie.providers.offline.frame_words import ONE_AT_A_TIME
from reverie.providers.offline.vocabulary import alternation

__all__ = ["name_the_relations"]

_ONE = alternation(tuple(ONE_AT_A_TIME))
_NAMING = re.compile(rf"^User's (?P<rel>{_ONE}) is (?P<name>[A-ZÀ-Þ][\wÀ-ÿ'’-]*)\.$")
# "User's boyfriend is a paramedic.", "User's wife's mum is Joan.": about them, unnamed
_ABOUT = re.compile(rf"^User's (?P<rel>{_ONE})(?=['’]s |\s)(?! is [A-ZÀ-Þ][\wÀ-ÿ'’-]*\.$)")


def name_the_relations(earlier: Sequence[str], facts: list[Fact]) -> list[Fact]:
    """``facts`` with the name of each one-at-a-time relation put after it, where known.

    The name is the latest one given before the line, in ``earlier`` (lines already
    recorded) or in ``facts`` themselves.
    """
    known: dict[str, str] = {}
    for line in earlier:
        if (naming := _NAMING.match(AS_OF.sub("", line))) is not None:
            known[naming["rel"]] = naming["name"]
    named: list[Fact] = []
    for fact in facts:
        if (naming := _NAMING.match(AS_OF.sub("", fact.text))) is not None:
            known[naming["rel"]] = naming["name"]
        elif (
            (about := _ABOUT.match(fact.text)) is not None
            and (name := known.get(about["rel"])) is not None
            and not re.search(rf"\b{re.escape(name)}\b", fact.text)
        ):
            fact = Fact(fact.tag, f"{fact.text[: about.end()]} {name}{fact.text[about.end() :]}")
        named.append(fact)
    return named
