"""A line that says what it replaces: "User is on call 24–28 Nov instead of launch week".

"so I'm on call 24–28 Nov instead of launch week" puts right "I'm on call next week (17–21
Nov), which overlaps the launch" without repeating it. The earlier line is the one that
opens with the same words up to the new value ("User is on call") and names what "instead
of" names ("launch"); it is stale once the new line is kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.name_lexicon import FUNCTION_WORDS

__all__ = ["replaced_instead"]

_INSTEAD = re.compile(
    # the words before the value: "User is on call", "User is flying to"
    r"^(?P<head>[A-ZÀ-Þ][\wÀ-ÿ'’-]* (?:is|are|has|works|goes|starts|takes) (?:[a-z'’-]+ ){0,3}?)"
    r"(?=[\d£$€]|(?-i:[A-ZÀ-Þ]))[^()]*? instead of (?P<old>[^,.;()]+)",
)
# Fewer words before the value say too little of which line is meant ("User is 30 instead …").
_MIN_HEAD_WORDS = 3


def replaced_instead(line: str, earlier: Sequence[str]) -> int | None:
    """The index in ``earlier`` of the line ``line`` says it replaces, or None.

    Args:
        line: A line just kept ("User is on call 24–28 Nov instead of launch week.").
        earlier: The lines kept before it, oldest first.
    """
    match = _INSTEAD.match(line)
    if match is None or len(match["head"].split()) < _MIN_HEAD_WORDS:
        return None
    named = [
        word
        for word in re.findall(r"[\wÀ-ÿ'’-]+", match["old"].lower())
        if len(word) > 3 and word not in FUNCTION_WORDS
    ]
    for index in range(len(earlier) - 1, -1, -1):
        said = earlier[index]
        if said == line or not said.startswith(match["head"]):
            continue
        if any(re.search(rf"\b{re.escape(word)}", said, re.IGNORECASE) for word in named):
            return index
    return None
