"""A fact said in a roundabout way, restated the way the rules read it.

"Before I work Tuesday to Saturday, now Wednesday to Sunday" is a correction of a
habit: "I work Wednesday to Sunday now, not Tuesday to Saturday". "Longer term: I'd
love to do the RoR intro dressage" is a goal: "My long-term goal is to do the RoR
intro dressage". A wish without such a word ("I'd love to see that") stays a wish.
"""

from __future__ import annotations

import re

__all__ = ["restated"]

_I = re.IGNORECASE

# "Before I work Tuesday to Saturday, now Wednesday to Sunday", "I used to live in Leeds, now
# I live in York": the old value of a habit, then the new one.
_BEFORE_NOW = re.compile(
    r"^(?:(?:before|previously|until now|until recently),? I (?P<verb>[a-z]+)"
    r"|I used to (?P<was>[a-z]+)) (?P<old>[^,;.!?]{2,40}?),? (?:but )?now,? "
    r"(?:I (?P<again>[a-z]+) )?(?P<new>[^,;.!?]{2,40}?)[.!]*$",
    _I,
)
# "Longer term: I'd love to do the RoR intro dressage", "one day I'd love to run a marathon",
# "I'd really like to open a bakery eventually": what one means to do in the long run.
_IN_THE_LONG_RUN = re.compile(
    r"^(?:(?:longer|long)[- ]term|eventually|one day|someday|some day|in the long run)[,:]?\s+"
    r"I(?:'d| would) (?:really |so )?(?:love|like) to (?P<goal>[^?]{4,120}?)[.!]*$"
    r"|^I(?:'d| would) (?:really |so )?(?:love|like) to (?P<later>[^?]{4,120}?),? "
    r"(?:one day|someday|some day|eventually|in the long run|long[- ]term)[.!]*$",
    _I,
)


def restated(sentence: str) -> str:
    """``sentence`` restated as the rules read it, or as it was."""
    if (changed := _BEFORE_NOW.match(sentence)) is not None:
        verb = (changed["verb"] or changed["was"]).lower()
        again = (changed["again"] or verb).lower()
        if again in (verb, f"{verb}s", f"{verb}es"):
            return f"I {verb} {changed['new']} now, not {changed['old']}"
    if (goal := _IN_THE_LONG_RUN.match(sentence)) is not None:
        return f"My long-term goal is to {goal['goal'] or goal['later']}"
    return sentence
