"""What was called off: "scratch the sheaf view" drops the booking said before it, and a new
date for what was called off ("my driving test on 14 November is cancelled. New date is 28
November") says when the test now is.

"New date is …" alone names no event; the event is the thing called off earlier in the
same message ("interview on Thursday is not possible", "health visitor cancelled"). The
new date is said again as that thing's, so that the line stands on its own.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (facts are only read here; fact.py imports the rules that import this)
    from reverie.providers.offline.fact import Fact

__all__ = ["drop_scratched", "new_date_named", "scratched"]

_I = re.IGNORECASE

_EVENT = (
    r"(?:[a-z]+ ){0,2}?(?:test|interview|appointment|exam|scan|check|check-up|checkup|meeting|"
    r"viewing|session|lesson|class|flight|operation|surgery|hearing|consultation|induction|"
    r"inspection|assessment|audition)"
)
# "my driving test on 14 November is cancelled", "interview on Thursday is not possible"
_EVENT_OFF = re.compile(
    rf"\b(?P<owner>(?:my|our|the) )?(?P<event>{_EVENT})\b(?: on [^.,;!?]{{1,30}}?| (?:at|for) "
    r"[^.,;!?]{1,20}?)? (?:is|was|has been|got|been|are|were)? ?(?:cancelled|canceled|"
    r"not possible|off|postponed|called off|moved)\b",
    _I,
)
# "health visitor cancelled", "the midwife cancelled": someone coming, not coming after all
_VISIT_OFF = re.compile(
    r"\b(?:my |our |the )?(?P<who>(?:[a-z]+ )?(?:visitor|midwife|nurse|plumber|electrician|"
    r"engineer|builder|surveyor|inspector|tutor))\b (?:has |just )?(?:cancelled|canceled|"
    r"called off|rang to cancel)\b",
    _I,
)
# "My practical driving test was booked for 20 January, but DVSA cancelled it": the booking
# is history, said as what was called off
_BOOKED_THEN_OFF = re.compile(
    rf"\b(?P<owner>my|our|the) (?P<event>{_EVENT}) (?:was|had been|is) (?:booked|set|scheduled|"
    r"planned|arranged) (?:for|on) (?P<when>[^,.;!?]{1,30}?),? but (?:[\w]+ ){0,2}?"
    r"(?:cancelled|canceled|called off|postponed|moved) it\b",
    _I,
)
_NEW_DATE = re.compile(r"\b[Nn]ew (?:date|time|day) is:? (?=\S)")
_DAY_FIRST = re.compile(
    r"(?:on |at )?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|the \d|next )", _I
)


def new_date_named(text: str) -> str:
    """``text`` with "New date is X" said as the date of what was called off before it."""
    text = _BOOKED_THEN_OFF.sub(r"\g<owner> \g<event> on \g<when> is off", text)
    new = _NEW_DATE.search(text)
    if new is None:
        return text
    before, after = text[: new.start()], text[new.end() :]
    before = re.sub(r"\bnow,? $", "", before, flags=_I)  # "Now new date is …": "now" is said
    if _DAY_FIRST.match(after) is None:
        return text
    on = "" if after.lower().startswith(("on ", "at ")) else "on "
    if (event := _last(_EVENT_OFF, before)) is not None:
        owner = (event["owner"] or "my ").lower()
        said = f"{owner}{event['event'].lower()} is now {on}"
    elif (visit := _last(_VISIT_OFF, before)) is not None:
        said = f"the {visit['who'].lower()} is now coming {on}"
    else:
        return text
    if not before.rstrip() or before.rstrip()[-1] in ".!?":
        said = said[0].upper() + said[1:]
    return before + said + after


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    found = list(pattern.finditer(text))
    return found[-1] if found else None


# "so scratch the sheaf view", "forget Kestrel", "scrap the marina": what was said is off.
_SCRATCHED = re.compile(
    r"^(?:(?:so|ok|okay|right|yeah|also|and)[,]? )*(?:scratch|scrap|forget|ditch) (?:the |my )?"
    r"(?P<what>(?!(?:that|this|it|what|about|everything|all)\b)[\w'&-]{3,}(?: [\w'&-]+){0,3}?)"
    r"\s*(?:[.,!;–—]|$)"
    # "I've deferred my Bath place to 2027", "I've pulled out of the Leeds 10k": an entry given up
    r"|^I(?:'ve| have)? (?:just )?(?:deferred|pulled out of|withdrawn from|withdrew from) "
    r"(?:the |my )?(?P<entry>[\w'&-]{3,}(?: [\w'&-]+){0,2}?)(?: (?:place|entry|spot))?"
    r"(?: (?:to|until|till) [^.,;!?]{2,20})?\s*(?:[.,!;–—]|$)"
    # "also ditched thonny. vscode + micropico ext now": a tool given up
    r"|^(?:(?:so|ok|okay|right|yeah|also|and)[,]? )*(?:I(?:'ve| have)? )?(?:finally )?"
    r"(?:ditched|binned|uninstalled|stopped using|got rid of|moved off|gave up on) (?:the |my )?"
    r"(?P<gone>(?!(?:that|this|it|them|everything|all)\b)[\w'&.+-]{3,}(?: [\w'&.+-]+){0,2}?)"
    r"\s*(?:[.,!;–—]|$)"
    # "I quit St James's last week": the job there is over
    r"|^I(?:'ve| have)? (?:just |finally |officially )?(?:quit|left|resigned from) "
    r"(?P<job>(?-i:[A-Z])[\w'’&-]+(?: (?-i:[A-Z])[\w'’&-]+){0,3})"
    r"(?: (?:last|this) \w+| today| yesterday| on \w+)?\s*(?:[.,!;–—]|$)"
    # "I switched from gedit to helix": the tool left
    r"|^(?:(?:so|ok|okay|right|yeah|also|and|finally)[,]? )*I(?:'ve| have)? (?:finally )?"
    r"(?:switched|moved) from (?P<left>[\w'&.+-]{3,}(?: [\w'&.+-]+){0,2}?) to \S",
    _I,
)


# A line that holds a plan, a booking or a choice: what scratching it takes back ("User bought
# kamau.family on cloudflare" stays when the cloudflare tunnel is scrapped)
_PLANNED = re.compile(
    r"\b(?:booked|is going to|will|plans?|planning|thinking|considering|wants? to|would like|"
    r"is getting|is using|uses|is switching|is going with|went with|chose|settled on|decided|"
    r"is training for|is running|entered|signed up for)\b",
    _I,
)


def scratched(clauses: list[str]) -> list[re.Pattern[str]]:
    """What the clauses call off, each as a pattern that finds it in a line of a plan said
    before."""
    plan = _PLANNED.pattern
    found = []
    for clause in clauses:
        if (match := _SCRATCHED.match(clause.strip())) is not None:
            if match["job"]:
                # (only the job there: "User met Sam at St James's" stays)
                at = r"\b(?:works?|worked|is (?:an? |the )?[\w' -]{2,40}?) (?:at|for) "
                found.append(re.compile(at + re.escape(match["job"]) + r"\b", _I))
                continue
            said = (match["what"] or match["entry"] or match["gone"] or match["left"]).rstrip(".")
            what = rf"\b{re.escape(said)}\b"
            found.append(re.compile(rf"{plan}.*{what}|{what}.*{plan}", _I))
    return found


def drop_scratched(clauses: list[str], facts: list[Fact], speaker: str) -> None:
    """Drop from ``facts`` the lines of ``speaker``'s plans the clauses call off."""
    for called_off in scratched(clauses):
        facts[:] = [
            fact
            for fact in facts
            if not (fact.text.startswith(speaker) and called_off.search(fact.text))
        ]
