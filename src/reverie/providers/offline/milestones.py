"""Milestones of a life told in the first person: a step that changes what someone is.

"I was diagnosed with type 2 diabetes", "I was born and brought up in Delhi", "we were
approved as foster carers", "I was made redundant in March", "I qualified as a nurse in
2010", "I failed the G2 yesterday", "I'm taking on an apprentice in feb", "I had knee
surgery in January". Most are said in the passive, or with "had", which the event rules
(a verb the speaker did to something) do not read.
"""

from __future__ import annotations

import re

from reverie.providers.offline.predicates import ADV, HEALTH_NEWS, TIME_BOUND, Tag

__all__ = ["milestone", "step_taken"]

_I = re.IGNORECASE

_BEFORE = r"(?:just |recently |finally |officially |only |actually )?"

# Where someone comes from, and what they live with: said once, true for good.
_I_WAS_LIFE = re.compile(
    rf"^I(?: was|'ve been| have been| got) {_BEFORE}"
    r"(?:diagnosed with \S|(?:born|raised|brought up|born and (?:brought up|raised|bred)) in \S)",
    _I,
)

# A step in work or standing that someone else decided: approved, accepted, promoted, let go.
# (An offer is not yet a step: "I was offered the job" is often turned down.)
_I_WAS_MADE = re.compile(
    rf"^I(?: was|'ve been| have been| got| am|'m) {_BEFORE}"
    r"(?:made redundant|laid off|let go\b|sacked|fired\b|promoted\b|headhunted|ordained|"
    r"called to the bar|naturali[sz]ed|"
    r"(?:approved|registered|licensed|certified|accredited) (?:as|to (?:foster|adopt))\b|"
    r"(?:accepted|admitted) (?:on|onto|into|to|at|for) (?!hospital\b|a&e\b)\S)",
    _I,
)

# "I qualified as a nurse in 2010", "I've qualified as an electrician": a trade earned.
_I_QUALIFIED = re.compile(rf"^I(?:'ve| have)? {_BEFORE}qualified as (?:an? )?\w", _I)

# "I failed the G2 yesterday", "I failed my theory test": a test not passed, to be taken again
# ("I failed to book it" is no test).
_I_FAILED = re.compile(
    r"^I (?:just |actually )?failed (?:my|the) (?:[\w-]+ ){0,2}(?:test|exam|assessment|resit|"
    r"theory|practical|audition|mot|(?-i:[A-Z]\d))\b",
    _I,
)

# "I'm taking on an apprentice in feb": someone to work for the speaker, a step in the trade.
_I_HIRE = re.compile(
    r"^I(?:'m| am) (?:taking on|hiring|employing|getting) (?:an? |my first |a second |a new )"
    r"(?:apprentice|trainee|intern|employee|assistant|junior|receptionist|bookkeeper)\b",
    _I,
)

# "I withdrew my application for that manager job", "we've cancelled the trip to Aberystwyth":
# a plan given up, which Dream lets replace the plan's line (:mod:`.dream_called_off`).
_I_CALLED_OFF = re.compile(
    rf"^I(?:'ve| have)? {_BEFORE}cancell?ed going to \S"
    rf"|^I(?:'ve| have)? {_BEFORE}(?:withdrew|withdrawn|pulled out of|backed out of|dropped out of|"
    r"(?:cancell?ed|called off) (?=(?:my|our|the|that) (?:[\w-]+ ){0,3}(?:trip|holiday|visit|"
    r"party|wedding|booking|flight|flights|plans?|membership|subscription|course|move|"
    r"appointment|operation|surgery)\b)|(?:withdrew|withdrawn) from) "
    r"(?:my|our|the|that|from) \S",
    _I,
)
# "Staying freelance.", "I'm staying put at Bedford": a choice to keep things as they are,
# after a change was weighed (an offer turned down, a move not made).
_I_STAYING = re.compile(
    r"^I(?:'m| am) (?:just |still |now )?(?:staying|remaining) (?:put\b|on at \S|"
    r"(?:freelance|self-employed|part-time|full-time|in my (?:job|role|post))\b)",
    _I,
)
# "I went freelance in April 2024", "I'm handing in my notice at DHL today": a step out of
# one job or into working for oneself.
_I_STEPPED = re.compile(
    rf"^I {_BEFORE}went (?:freelance|self-employed|part-time|full-time|solo|independent)\b"
    r"(?=[^.;!?]*\b(?:in|last|this|on|since|after|when)\b)"
    r"|^I(?:'m| am) (?:handing in|giving in|putting in) (?:my )?notice\b"
    rf"|^I(?:'ve| have)? {_BEFORE}(?:handed in|gave in|given in|put in) (?:my )?notice\b",
    _I,
)
# "I had knee surgery in January"; "I'm having my tonsils out on the 15th": care of the body
# done, or booked for a day.
_I_HAD = re.compile(rf"^I {ADV}had (?P<rest>\S.*)$", _I)
_I_AM_HAVING = re.compile(r"^I(?:'m| am) (?:having|getting|booked in for) (?P<rest>\S.*)$", _I)


def milestone(s: str) -> Tag | None:
    """The tag of a clause telling a milestone of the speaker's life, or None."""
    if _I_WAS_LIFE.match(s):
        return "permanent"
    if _I_WAS_MADE.match(s) or _I_QUALIFIED.match(s) or _I_FAILED.match(s) or _I_HIRE.match(s):
        return "durable"
    if _I_CALLED_OFF.match(s) or _I_STAYING.match(s) or _I_STEPPED.match(s):
        return "durable"
    if (had := _I_HAD.match(s)) is not None and HEALTH_NEWS.match(had["rest"]):
        return "durable"
    having = _I_AM_HAVING.match(s)
    if having is not None and HEALTH_NEWS.match(having["rest"]) and TIME_BOUND.search(s):
        return "durable"
    return None


def step_taken(s: str) -> bool:
    """ "I'm handing in my notice today", "I was made redundant today": a step that stays taken
    once the day has passed (an operation booked is a plan until then)."""
    return milestone(s) is not None and _I_AM_HAVING.match(s) is None
