"""A step taken, said by saying yes: "did you book the sheffield half yet?" — "yep!! booked".

The reply holds no verb of its own; the question says what was done. Only steps
that last are read (booked, bought, signed up for, applied for, passed …), only a
plain yes answers (not "yes but not yet", "nearly"), and a day the reply gives
("12th april") goes with the line.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import DATE, FrameFact
from reverie.providers.offline.vocabulary import PAST_OF

__all__ = ["step_confirmed"]

_I = re.IGNORECASE

# The steps a "did you …?" asks about, each with its past in PAST_OF.
_STEPS = (
    "book",
    "buy",
    "order",
    "sign up for",
    "apply for",
    "enter",
    "register for",
    "pass",
    "accept",
    "join",
    "hand in",
    "finish",
    "sell",
)
_PAST = {step: PAST_OF[step] for step in _STEPS}
_STEP = "|".join(sorted((*_PAST, *_PAST.values()), key=len, reverse=True))
# "did you book the sheffield half yet?", "have you bought the ring?", "Did you end up signing
# up for the course?"
_DID_YOU = re.compile(
    r"\b(?:did|have|has) (?:you|u) (?:(?:already|actually|finally|ever|end up) )?"
    rf"(?P<step>{_STEP}) (?P<what>(?:the|a|an|your|that|ur) [^?,.!;]{{2,40}}?)"
    r"(?: (?:yet|already|in the end|then))?\s*\?",
    _I,
)
_ASKS = ("did you", "have you", "has you", "did u", "have u")
_YES = re.compile(
    r"^\W*(?:yes|yep|yup|yeah|ya|yea|i did|i have|done|sure did|course)\b"
    r"(?![^.!?]*\b(?:but|not yet|nearly|almost|tomorrow|later|going to|gonna)\b)",
    _I,
)
_DAY = re.compile(rf"\b(?P<day>{DATE})", _I)
_YOUR = re.compile(r"\b(?:your|ur)\b", _I)
# "did you book a date?": which date, the line would not say
_VAGUE = re.compile(r"(?:a|an|the|that) (?:date|time|day|slot|thing|one)", _I)


def step_confirmed(question: str, answer: str, subject: str) -> list[FrameFact]:
    """ "did you book the sheffield half yet?" — "yep!! booked. 12th april" →
    "User booked the sheffield half (12th april)."."""
    low = question.lower()
    if not any(ask in low for ask in _ASKS):
        return []  # (most messages ask no such thing, and the search costs time)
    asked = _DID_YOU.search(question)
    if asked is None or _YES.match(answer) is None or _VAGUE.fullmatch(asked["what"]):
        return []
    step = asked["step"].lower()
    done = _PAST.get(step, step)
    what = _YOUR.sub("their", asked["what"])
    line = f"{subject} {done} {what}"
    if (day := _DAY.search(answer)) is not None:
        line += f" ({day['day']})"
    return [FrameFact(f"{line}.", (subject, f"{done} {what.lower()}"))]
