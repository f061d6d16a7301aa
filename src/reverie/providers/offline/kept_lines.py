"""The lines kept from one chunk, tidied as each is added.

One value per slot (one home, one partner at a time), a correction in place of
the line it mends, a description dropped once it is said again with more words,
a choice said with what it beat replacing "going with …", a name not said twice.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field

from reverie.providers.offline.fact import AS_OF, Fact, fact_key
from reverie.providers.offline.instead_of import replaced_instead
from reverie.providers.offline.mend import NOT_ASIDE, aged_again, mended_line

__all__ = [
    "CHOSE_OVER",
    "KeptLines",
    "add_in_place_of",
    "content_words",
    "fill_slot",
    "goes_with",
    "named_already",
    "names_the_user",
    "said_more_fully",
]


@dataclass
class KeptLines:
    """The lines a chunk keeps, in order, and every line said so far, with when.

    ``earlier`` starts with the lines of the previous summary (said at turn -1),
    so a line an earlier chunk stored is not kept twice and a correction can
    mend it.
    """

    earlier: list[str]
    facts: list[Fact] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    said_at: list[int] = field(default_factory=list)
    slots: dict[tuple[str, str], Fact] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seen |= {fact_key(line) for line in self.earlier}
        self.said_at = [-1] * len(self.earlier)

    def knows(self, text: str) -> bool:
        """Whether a line saying ``text`` was said already."""
        return fact_key(text) in self.seen

    def note(self, text: str, turn_no: int) -> None:
        """Count ``text`` as said at turn ``turn_no`` (a later line saying it is not kept)."""
        self.seen.add(fact_key(text))
        self.earlier.append(text)
        self.said_at.append(turn_no)

    def said_since(self, turn_no: int) -> list[str]:
        """The lines said at or after ``turn_no``; every line said for a negative one.

        A "no wait" correction mends only what was said since the latest mention of
        its old value (:func:`~.implied_corrections.repair_reach`).
        """
        return self.earlier if turn_no < 0 else self.earlier[bisect_left(self.said_at, turn_no) :]

    def first_new(self, before: set[int]) -> int:
        """Where a turn's own lines begin, given the ids of the lines kept before it.

        (Found by identity: a line kept before the turn may have gone since.)
        """
        return next((i for i, f in enumerate(self.facts) if id(f) not in before), len(self.facts))


_IS_A = re.compile(r"^(?P<who>\S+) is an? ")
CHOSE_OVER = re.compile(r"^(?P<who>.+?) chose (?P<what>.+?) (?:instead of|over) ")
# Words a frame's line adds to what a clause said: "User's flatmate is Mei." says no more
# than "User's flatmate Mei cooks for everyone."
_LINKING_WORDS = frozenset(("is", "a", "an", "the", "has", "have", "called", "named", "s"))


def said_more_fully(facts: list[Fact]) -> list[Fact]:
    """``facts`` less each description said again later with more words.

    "User is a setter." goes once "User is a full-time route setter at crux collective."
    follows: every word of the first is in the second.
    """
    described = [
        (opener["who"], len(fact.text), content_words(fact.text)) if opener else None
        for fact in facts
        for opener in (_IS_A.match(fact.text),)
    ]
    kept = []
    for index, fact in enumerate(facts):
        said = described[index]
        if said is not None and any(
            later is not None and later[0] == said[0] and later[1] > said[1] and said[2] <= later[2]
            for later in described[index + 1 :]
        ):
            continue
        kept.append(fact)
    return kept


def goes_with(fact: Fact, chose: re.Match[str]) -> bool:
    """Whether ``fact`` says only that its speaker is going with what ``chose`` chose."""
    said = rf"^{re.escape(chose['who'])} (?:is|are) (?:going|sticking|staying) with "
    return re.match(said + rf"{re.escape(chose['what'])}\.$", fact.text, re.IGNORECASE) is not None


def names_the_user(name: str, facts: list[Fact]) -> bool:
    """Whether a kept line about the user already says ``name``."""
    said = re.compile(rf"^User\b[^.]*\b{re.escape(name)}\b")
    return any(said.match(fact.text) for fact in facts)


def content_words(text: str) -> set[str]:
    """The words of ``text`` that say something, for "said already, with more"."""
    return set(fact_key(text).split()) - _LINKING_WORDS


def named_already(line: str, facts: list[Fact]) -> bool:
    """ "User's name is Jo." when "User is Jo, backend dev at Fernweh." was kept."""
    name = line.rstrip(".").split()[-1]
    said = re.compile(rf"^User (?:is|goes by|wants to be called) {re.escape(name)}\b")
    return any(said.match(fact.text) for fact in facts)


def fill_slot(
    slots: dict[tuple[str, str], Fact],
    facts: list[Fact],
    slot: tuple[str, str] | None,
    fact: Fact,
) -> None:
    """Record ``fact`` as the value of ``slot``, dropping the value it replaces.

    One home, one birthday, one partner at a time: "we just moved to Braga"
    makes "User lives in Porto." stale (see :func:`~.slots.slot_of`).
    """
    if slot is None:
        return
    stale = slots.get(slot)
    if stale is not None and stale in facts:
        facts.remove(stale)
    slots[slot] = fact


def add_in_place_of(facts: list[Fact], fact: Fact, old: str | None) -> None:
    """Add ``fact``, dropping the line it puts right or says it replaces.

    ``old`` is the value a correction took back ("osce isnt the 26th its the 27th":
    the 26th), None for a line that corrects nothing.
    """
    said = [AS_OF.sub("", f.text) for f in facts]
    if fact.tag == "correction" and not old and (aside := NOT_ASIDE.search(fact.text)):
        # ("it's Thursday" named no old value; its line says "(not Tuesday)")
        old = aside["old"] or old
    if fact.tag == "correction" and (aged := aged_again(fact.text, said)):
        facts[aged[0]] = Fact(facts[aged[0]].tag, aged[1])  # "No sorry, she has 8"
        return
    if fact.tag == "correction" and old:
        # ("… 3rd floor not 2nd": said without a comma, it mends the clause that held 2nd)
        mended = mended_line(fact.text, said, old, opening=", not " not in fact.text)
        if mended is not None:
            del facts[mended]
            said = [AS_OF.sub("", f.text) for f in facts]
    # "… so I'm on call 24–28 Nov instead of launch week": the line it replaces
    if " instead of " in fact.text and (stale := replaced_instead(fact.text, said)) is not None:
        del facts[stale]
    facts.append(fact)
