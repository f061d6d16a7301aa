"""Who someone is to the user and their name, in one line: "User's boyfriend Dev is a medic."

Once the talk has named someone the user has one of at a time ("dev (my boyfriend)"), a
later line about them says whom it means: "he's a paramedic" is stored as "User's boyfriend
Dev is a paramedic." rather than leaving the reader to find the name elsewhere (sisters and
friends may be many, so only one-at-a-time relations are named this way). The other way
round, a line about someone by name says who they are to the user: "Helen is a vet in
Bristol." after "User's daughter is Helen." is "User's daughter Helen is a vet in
Bristol.".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.fact import AS_OF, Fact
from reverie.providers.offline.frame_words import ONE_AT_A_TIME, RELATION
from reverie.providers.offline.vocabulary import alternation

__all__ = ["name_the_relations"]

_NAME = r"[A-ZÀ-Þ][\wÀ-ÿ'’-]*"
# "User's boyfriend is Dev.": whom the user has as a relation, by name
_NAMING = re.compile(rf"^User's (?P<rel>{RELATION}) is (?P<name>{_NAME})\.$")
# "User's daughter Helen lives in Bristol.": who Helen is, said in passing
_NAMED_IN_PASSING = re.compile(rf"^User's (?P<rel>{RELATION}) (?P<name>{_NAME}) (?!is {_NAME}\.$)")
# "User's boyfriend is a paramedic.", "User's wife's mum is Joan.": about them, unnamed
_ABOUT = re.compile(
    rf"^User's (?P<rel>{alternation(tuple(ONE_AT_A_TIME))})(?=['’]s |\s)(?! is {_NAME}\.$)"
)


def name_the_relations(earlier: Sequence[str], facts: list[Fact]) -> list[Fact]:
    """``facts`` with the name of whom a line is about and who they are to the user.

    The name of a one-at-a-time relation is the latest one given before the line, in
    ``earlier`` (lines already recorded) or in ``facts`` themselves; see the module
    docstring.
    """
    known: dict[str, str] = {}
    for line in earlier:
        if (naming := _naming_one(line)) is not None:
            known[naming["rel"]] = naming["name"]
    named: list[Fact] = []
    for fact in facts:
        if (naming := _naming_one(fact.text)) is not None:
            known[naming["rel"]] = naming["name"]
        elif (about := _ABOUT.match(fact.text)) is not None and (
            name := known.get(about["rel"])
        ) is not None:
            rest = fact.text[about.end() :]
            if rest.lower().startswith(f" {name.lower()} "):
                # "User's partner sofie is a midwife": the name was said, in lower case
                fact = Fact(fact.tag, f"{fact.text[: about.end()]} {name}{rest[len(name) + 1 :]}")
            elif not re.search(rf"\b{re.escape(name)}\b", fact.text, re.IGNORECASE):
                fact = Fact(fact.tag, f"{fact.text[: about.end()]} {name}{rest}")
        named.append(fact)
    return _with_roles(earlier, named)


def _naming_one(line: str) -> re.Match[str] | None:
    """The naming of a relation one has one of at a time ("User's wife is Selin.")."""
    naming = _NAMING.match(AS_OF.sub("", line))
    return naming if naming is not None and naming["rel"] in ONE_AT_A_TIME else None


def _with_roles(earlier: Sequence[str], facts: list[Fact]) -> list[Fact]:
    """ "Helen is a vet." → "User's daughter Helen is a vet." once Helen was named so."""
    roles: dict[str, set[str]] = {}
    for line in [*earlier, *(fact.text for fact in facts)]:
        line = AS_OF.sub("", line)
        naming = _NAMING.match(line) or _NAMED_IN_PASSING.match(line)
        if naming is not None:
            roles.setdefault(naming["name"], set()).add(naming["rel"].lower())
    out = list(facts)
    for index, fact in enumerate(out):
        first = re.match(rf"(?P<name>{_NAME}?)(?=['’]s |\s)", fact.text)
        name = first["name"] if first is not None else ""
        rels = roles.get(name, set())
        if len(rels) == 1 and not re.match(rf"{re.escape(name)} is User's\b", fact.text):
            out[index] = Fact(fact.tag, f"User's {next(iter(rels))} {fact.text}")
    return out
