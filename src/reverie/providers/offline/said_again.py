"""A value put right by saying it again, without naming the old one.

"mum's 60th is on friday 14th nov" … "oh god you're right. saturday 15th": after the other
side's "isn't it the 15th?", or on their own ("sorry, it's the 15th"), people mend a day by
saying the new one alone. After an apology or an agreement it can only replace the one day
of the speaker's latest message, so the message is read as "the 15th not the 14th", which
the correction rules apply. "my plot is 17" … "Sorry, I'm an idiot — I'm plot 23" is the
same for a numbered thing of one's own. A latest message with two days, or none, leaves it
as written: which one is meant is not known. "we bumped to 1.22 last sprint" is a version said
again: it mends the line that holds the one version of the same major number ("Stack: Go
1.21, …").
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import MONTH, ordinal_suffix
from reverie.providers.offline.predicates import WEEKDAY

__all__ = ["said_again", "version_bumped"]

_I = re.IGNORECASE
# "the 15th", "saturday 15th", "15th of nov": a day said alone, to the end of the sentence
_THE_DAY = (
    rf"(?:the\s+)?(?:{WEEKDAY}\s+)?(?:the\s+)?(?P<day>3[01]|[12]\d|[1-9])(?P<suffix>st|nd|rd|th)?"
    rf"(?:\s+of)?(?:\s+(?:{MONTH}))?(?=\s*(?:[.!]|$))"
)
_DAY_ALONE = re.compile(
    r"^(?P<cue>(?:(?:oh|ah|oops|whoops|god|oh god|ugh|argh|yes|yeah|yep|ha|haha)[,!.\s]+)*"
    r"(?:sorry|so sorry|you're right|youre right|you are right|my bad|my mistake|i meant|"
    r"i mean|typo|no wait|wait no|correction)(?: again)?[,!.:\s—–-]+)"
    r"(?:(?:it's|its|it is|that's|make that|should be)\s+)?" + _THE_DAY,
    _I,
)
# A day of the calendar in the message before: "friday 14th nov", "the 3rd", "May 4th".
_DAY_SAID = re.compile(
    rf"\b(?:{MONTH})\.?\s+(?P<after>3[01]|[12]\d|[1-9])(?:st|nd|rd|th)?\b"
    r"|\b(?P<day>3[01]|[12]\d|[1-9])(?:st|nd|rd|th)\b",
    _I,
)


# "omg yes 29th": a yes to the other side's "didnt u say the 29th?", with the day it says
_YES_TO_DAY = re.compile(
    r"^(?P<cue>(?:(?:omg|oh|ah|god|oh god|oops|ha|haha|argh|ugh|doh)[,!.\s]+)*"
    r"(?:yes|yeah|yep|ya|yh)[,!.:\s—–-]+)(?:(?:it's|its|it is)\s+)?" + _THE_DAY,
    _I,
)


def said_again(text: str, before: str | None, asked: str | None = None) -> str:
    """``text``, with a value said again to mend ``before`` made "the 15th not the 14th".

    Args:
        text: The speaker's message ("oh god you're right. saturday 15th. I'm a mess").
        before: The speaker's latest message before it, or None.
        asked: The other side's latest message, or None: "yes 29th" mends a day only as
            the answer to a question that named it ("wait didnt u say the 29th?").
    """
    if before is None:
        return text
    if (numbered := _I_AM_NUMBER.search(text)) is not None:
        return _number_said_again(text, numbered, before)
    if (figure := _FIGURE_AGAIN.match(text.strip())) is not None:
        return _figure_said_again(text.strip(), figure, before)
    match = _DAY_ALONE.match(text.strip())
    if match is None and asked is not None and "?" in asked:
        match = _YES_TO_DAY.match(text.strip())
        if match is not None and not re.search(
            rf"(?<!\d){match['day']}(?:st|nd|rd|th)?\b[^.!?]*\?", asked
        ):
            match = None
    if match is None:
        return text
    days = {int(m["day"] or m["after"]) for m in _DAY_SAID.finditer(before)}
    new = int(match["day"])
    if len(days) != 1 or new in days:
        return text
    (old,) = days
    said = f"Correction: the {new}{ordinal_suffix(new)} not the {old}{ordinal_suffix(old)}"
    stripped = text.strip()
    return said + stripped[match.end() :]


# "Sorry, I check the paper: overall is 7.0.": a figure with a point, said again after an apology
_FIGURE_AGAIN = re.compile(
    r"^(?:(?:oh|ah|oops|whoops|ugh)[,!.\s]+)*(?:sorry|my bad|my mistake|correction)\b"
    r"[^.!?\d]{0,40}?\b(?:is|it's|its|it is|was) (?P<figure>\d+\.\d+%?)(?!\.?\d)"
    # ("Sorry, it's 4.29%, not 4.79": the old figure is named, as the rules read it)
    r"(?![^.!?]*\bnot\b)[.!]?",
    _I,
)
_POINTED = re.compile(r"(?<![\d.])\d+\.\d+(?!\.?\d)")


def _figure_said_again(text: str, figure: re.Match[str], before: str) -> str:
    said = set(_POINTED.findall(before))
    if len(said) != 1 or figure["figure"] in said:
        return text
    (old,) = said
    return f"Sorry, it's {figure['figure']} not {old}." + text[figure.end() :]


# "Sorry, I'm an idiot — I'm plot 23": the number of a thing of one's own, said as what one is
_I_AM_NUMBER = re.compile(
    r"\b(?:sorry|oops|my bad|my mistake|correction|wait|no)\b[^.!?]{0,30}?"
    r"\b(?P<i>I(?:'m| am)) (?P<thing>plot|flat|room|seat|table|desk|unit|bay|pitch|locker"
    r"|stall|house|apartment|cabin|berth|number) (?:no\.? ?|number )?(?P<number>\d+[a-z]?)\b",
    _I,
)


def _number_said_again(text: str, numbered: re.Match[str], before: str) -> str:
    thing = numbered["thing"].lower()
    old = re.search(
        rf"\bmy {thing} (?:is|was|number is) (?:no\.? ?|number )?(?P<number>\d+[a-z]?)\b",
        before,
        _I,
    )
    if old is None or old["number"].lower() == numbered["number"].lower():
        return text
    said = f"my {thing} is {numbered['number']}, not {old['number']}"
    return text[: numbered.start("i")] + said + text[numbered.end() :]


# "actually we bumped to 1.22 last sprint", "we've upgraded to 3.12": a new version of a tool a
# line holds ("Stack: Go 1.21, …"), its old number left unsaid
_BUMPED = re.compile(
    r"\b(?:we|we've|we have|i|i've|i have)\s+(?:just\s+|finally\s+|already\s+)?"
    r"(?:bumped|upgraded|moved|updated|jumped)\s+(?:it\s+|everything\s+|up\s+)?to\s+"
    r"(?:v)?(?P<new>\d+\.\d+(?:\.\d+)?)\b"
    # ("we moved to 3.5 days a week": an amount, not a version)
    r"(?!\s*(?:%|days?|hours?|hrs?|k\b|kg|km|miles?|times|x\b|percent|per\b|an?\b))",
    _I,
)
# "Just checked go.mod: it's `go 1.22`, Tegan bumped it in September": the version now, and
# who moved it
_IT_IS_BUMPED = re.compile(
    r"\bit(?:'s| is) [`'\"]?(?:[A-Za-z][\w.+-]* )?(?P<new>\d+\.\d+(?:\.\d+)?)[`'\"]?,? "
    r"(?:[A-Za-z]+ |we |I )?(?:bumped|upgraded|updated|moved) it\b",
    _I,
)
_VERSION = re.compile(r"(?<![\d.])(?P<major>\d+)\.(?P<minor>\d+)(?:\.\d+)?(?![\d.]*\d)")
# "we're on Python 3.12, not 3.11": a version put right, the tool named with it
_ON_VERSION_NOT = re.compile(
    r"\b(?:we're|we are|I'm|I am|it's|its|it is) (?:now |actually )?on (?:[A-Za-z][\w.+-]* )?"
    r"(?P<new>\d+\.\d+(?:\.\d+)?)(?: actually| now)?,? not (?P<old>\d+\.\d+(?:\.\d+)?)\b",
    _I,
)


def version_bumped(text: str, lines: list[str]) -> str:
    """``text`` with "we bumped to 1.22" read as "We're on 1.22, not 1.21" when the latest of
    ``lines`` with a version of the same major number holds 1.21 (and only one such); "we're
    on Python 3.12, not 3.11" is read as "it's 3.12, not 3.11" when a line holds the 3.11."""
    put_right = _ON_VERSION_NOT.search(text)
    if put_right is not None:
        # ("Stack: Python 3.11, …" holds the 3.11: the line is mended, as "it's 3.12" would)
        old = re.compile(rf"(?<![\d.]){re.escape(put_right['old'])}(?![\d.]*\d)")
        if any(len(old.findall(line)) == 1 for line in lines):
            said = f"it's {put_right['new']}, not {put_right['old']}"
            # ("… not 3.11 – the new worker image went out": why, a sentence of its own)
            rest = re.sub(r"^\s*(?:[–—]|-\s|,)\s*", ". ", text[put_right.end() :])
            return text[: put_right.start()] + said + rest
    bumped = _BUMPED.search(text) or _IT_IS_BUMPED.search(text)
    if bumped is None:
        return text
    new = bumped["new"]
    major = new.split(".")[0]
    for line in reversed(lines):
        held = [m for m in _VERSION.finditer(line) if m["major"] == major]
        if len(held) == 1 and held[0][0] != new:
            return f"{text.rstrip()}\nWe're on {new}, not {held[0][0]}."
        if held:
            return text
    return text
