"""Someone who dropped out of a plan: "Bad news — Meena's out. … So it's just me now."

"User and Meena are switching to the coastal route" stops being true of Meena when she
pulls out, but stays true of the user. :func:`drop_companion` rewrites the speaker's lines
that pair them in the present or future ("User and Meena are …", "… will …", "… have …") as
the speaker's alone; what they did together stays as it was. When no such line is in the
chunk and the speaker is left on their own ("So it's just me now"), the drop-out is told
as a line of its own ("Meena dropped out."), from which Dream rewrites the pairing lines of
the memory files (:func:`alone_line`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from reverie.providers.offline.vocabulary import is_name

if TYPE_CHECKING:  # (facts are only read and rebuilt here)
    from reverie.providers.offline.fact import Fact

__all__ = ["alone_line", "drop_companion", "dropped_out", "who_dropped_out"]

# (a name, not "They've" or "I've")
_NAME = r"(?-i:[A-ZÀ-Þ])[\wÀ-ÿ-]+(?!['’](?:ve|re|d|ll)\b)"
# "Meena's out", "Meena dropped out", "Meena can't come any more", "Meena pulled out"
_OUT = re.compile(
    # ("Meena's out of hospital", "… out tonight": somewhere else, not out of the plan)
    rf"\b(?P<who>{_NAME})(?:'s|’s| is| has) (?:(?P<bare>out)(?!\s+(?:of|tonight|today|at|for|"
    r"with|on|and|now|shopping|walking|running)\b)|dropped out|pulled out|not coming)\b"
    rf"|\b(?P<who2>{_NAME}) (?:dropped out|pulled out|can't come|cannot come|can't make it|"
    r"isn't coming|bailed)\b",
    re.IGNORECASE,
)
# ("So it's just me now. Walking solo.": a bare "Meena's out" is a drop-out only beside this)
_ON_MY_OWN = re.compile(r"\b(?:just me|solo|on my own|by myself|alone)\b", re.IGNORECASE)
_DROPPED_LINE = re.compile(rf"^(?P<who>{_NAME}) dropped out\.$")
_ALONE = {"are": "is", "were": "was", "have": "has", "will": "will"}


def dropped_out(message: str) -> list[str]:
    """The people ``message`` says dropped out of a plan, in the order said."""
    if "out" not in message and "com" not in message and "make it" not in message:
        return []  # (most messages say nothing of the kind)
    found = []
    for said in _OUT.finditer(message):
        if said["bare"] and _ON_MY_OWN.search(message) is None:
            continue
        who = said["who"] or said["who2"]
        if who not in found:
            found.append(who)
    return found


def alone_line(line: str, who: str, speaker: str = "User") -> str | None:
    """``line`` as the speaker's alone, when it pairs them with ``who``; else None."""
    together = re.match(
        rf"^{re.escape(speaker)} and {re.escape(who)} (?P<verb>are|were|have|will)\b", line
    )
    if together is None:
        return None
    return f"{speaker} {_ALONE[together['verb']]}{line[together.end() :]}"


def drop_companion(message: str, facts: list[Fact], speaker: str) -> list[str]:
    """Make the speaker's lines with whoever ``message`` says dropped out the speaker's alone.

    Returns:
        The lines that tell a drop-out no line of ``facts`` showed ("Meena dropped out."),
        for Dream to apply to lines kept from earlier chunks.
    """
    told = []
    for who in dropped_out(message):
        changed = False
        for index, fact in enumerate(facts):
            if (alone := alone_line(fact.text, who, speaker)) is not None:
                facts[index] = type(fact)(fact.tag, alone)
                changed = True
        # ("Tom dropped out of the course", "They've dropped out": nothing of the speaker's
        # plans, unless the speaker is left on their own; and a name, not a word)
        if not changed and _ON_MY_OWN.search(message) and is_name(who):
            told.append(f"{who} dropped out.")
    return told


def who_dropped_out(line: str) -> str | None:
    """The name a told drop-out line names ("Meena dropped out." → "Meena"), or None."""
    match = _DROPPED_LINE.match(line)
    return match["who"] if match is not None else None
