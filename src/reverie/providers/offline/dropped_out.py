"""Someone who dropped out of a plan: "Bad news — Meena's out. … So it's just me now."

"User and Meena are switching to the coastal route" stops being true of Meena when she
pulls out, but stays true of the user. :func:`drop_companion` rewrites the speaker's lines
that pair them in the present or future ("User and Meena are …", "… will …", "… have …") as
the speaker's alone; what they did together stays as it was.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (facts are only read and rebuilt here)
    from reverie.providers.offline.fact import Fact

__all__ = ["drop_companion"]

_NAME = r"(?P<who>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+)"
# "Meena's out", "Meena dropped out", "Meena can't come any more", "Meena pulled out"
_OUT = re.compile(
    # ("Meena's out of hospital", "… out tonight": somewhere else, not out of the plan)
    rf"\b{_NAME}(?:'s|’s| is| has) (?:out(?!\s+(?:of|tonight|today|at|for|with|on|and|now|"
    r"shopping|walking|running)\b)|dropped out|pulled out|not coming)\b"
    rf"|\b{_NAME.replace('who', 'who2')} (?:dropped out|pulled out|can't come|cannot come|"
    r"can't make it|isn't coming|bailed)\b",
    re.IGNORECASE,
)
_ALONE = {"are": "is", "were": "was", "have": "has", "will": "will", "'re": "is"}


def drop_companion(message: str, facts: list[Fact], speaker: str) -> None:
    """Make the speaker's lines with whoever ``message`` says dropped out the speaker's alone."""
    if "out" not in message and "com" not in message and "make it" not in message:
        return  # (most messages say nothing of the kind)
    for said in _OUT.finditer(message):
        who = said["who"] or said["who2"]
        pair = re.compile(
            rf"^{re.escape(speaker)} and {re.escape(who)} (?P<verb>are|were|have|will)\b"
        )
        for index, fact in enumerate(facts):
            together = pair.match(fact.text)
            if together is not None:
                alone = f"{speaker} {_ALONE[together['verb']]}{fact.text[together.end() :]}"
                facts[index] = type(fact)(fact.tag, alone)
