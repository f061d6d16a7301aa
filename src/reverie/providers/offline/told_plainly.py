"""Facts told in a roundabout way, put as the plain statement the rules read.

"bc im allergic to penicillin" said alone is "im allergic to penicillin"; "you try
being coeliac in a house that …" says the speaker is coeliac; "coach moved me from
blocker to jammer" says what the speaker is now, and what they no longer are; "for
the past twenty-two years I have worked as a conservator" puts how long after the
job; "boss bumped me to 28 an hr" is the speaker's pay; "We're in Observatory in
Cape Town, small semi with a back yard" is where they live. :mod:`.fillers` calls
these while it strips a sentence's fillers.
"""

from __future__ import annotations

import re

from reverie.providers.offline.sentences import REASON_STATE
from reverie.providers.offline.terse import indefinite_article

__all__ = ["home_told_plainly", "told_plainly"]

_I = re.IGNORECASE

# "how i like answers: commands first, explanation after": a taste, given as a heading.
_HOW_I_LIKE = re.compile(
    r"^how i (?P<verb>like|want|prefer) (?:my |the )?(?P<what>answers|replies|responses|"
    r"explanations|code|messages)\s*:\s*(?=\w)",
    _I,
)
# "coach moved me from blocker to jammer at practice tonight": the speaker's new role, and the
# old one it replaces.
_MOVED_ME = re.compile(
    r"^(?:my |the )?(?:coach|boss|manager|captain|teacher|director|conductor|gaffer) "
    r"(?:has )?(?:moved|switched|put|promoted|bumped|changed) me (?:up )?from (?:an? |the )?"
    r"(?P<old>[\w-]+(?: [\w-]+)?) to (?:an? |the )?(?P<new>[\w-]+(?: (?!(?:at|in|on|for|"
    r"tonight|today|yesterday|last|this|after|during|now)\b)[\w-]+)?)\b.*$",
    _I,
)
# "you try being lactose intolerant in a family that …": the speaker's own lot.
_YOU_TRY_BEING = re.compile(r"^you try being (?=\w)", _I)
# "doxy something. bc im allergic to penicillin": the reason, said alone, is the fact.
_OWN_REASON = re.compile(rf"^(?:because|cause|cos)\s+(?={REASON_STATE})", _I)
# "for the past twenty-two years I have worked as a conservator": how long goes after it.
_FOR_HOW_LONG = re.compile(
    r"(?:^|(?<=\band ))(?P<long>for the (?:past|last) [\w-]+ (?:years|months|decades)),?\s+"
    r"(?P<fact>I (?:have|'ve) (?:worked|lived|been)\b[^,;]*?)(?P<stop>[.!]?)(?=[,;]|$)",
    _I,
)
# "boss bumped me to 28 an hr", "pay went up to $31 an hour", "im on 28 an hour now": a wage.
_RATE = (
    r"[£$€]?\d+(?:[.,]\d\d)?k?(?: (?:dollars|pounds|euros|bucks|quid))? (?:an?|per|/) ?"
    r"(?:hr|hour|year|yr|week|month)\b"
)
_PAY_NOW = re.compile(
    # ("My boss give me raise, now I am 26 dollars per hour": the news, then the wage)
    # ("which is better now bc boss bumped me to 28 an hr": the reason is the news)
    r"^(?:[^,]*\braise\b[^,]*,\s*|[^,]*?\bbecause\s+)?"
    r"(?:(?:my )?boss (?:bumped|put|moved|raised) me (?:up )?to|"
    r"(?:my )?(?:pay|wage|rate) (?:went up|got bumped|was bumped|was raised|rose|is going up) to|"
    r"I(?:'m| am) now(?: on)?|now I(?:'m| am)(?: on)?|"
    rf"I(?:'m| am) on(?= {_RATE} now))\s+(?={_RATE})",
    _I,
)
# "We're in Observatory in Cape Town, small semi with a back yard": where one lives, said with
# the home ("we're in Lisbon for a week" says no home).
_HOME_IN = re.compile(
    r"^(?:I(?:'m| am)|we(?:'re| are)) in (?=(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?"
    r"(?:,| in) (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?[,.;:]\s+(?:a |an |our |my )?"
    r"(?:small |tiny |little |big |rented |old )?(?:semi|terrace|flat|house|apartment|bungalow|"
    r"cottage|studio|\d-bed|two-bed|three-bed)\b)",
    _I,
)


def told_plainly(text: str) -> str:
    """``text`` with a reason, a lot, a role moved, a taste, a career or a wage said plainly."""
    text = _YOU_TRY_BEING.sub("I'm ", _OWN_REASON.sub("", text))
    text = _MOVED_ME.sub(
        lambda moved: (
            f"I'm {indefinite_article(moved['new'])}{moved['new']}, "
            f"not {indefinite_article(moved['old'])}{moved['old']}"
        ),
        text,
    )
    text = _HOW_I_LIKE.sub(lambda said: f"I {said['verb'].lower()} my {said['what']}: ", text)
    text = _FOR_HOW_LONG.sub(
        lambda said: f"{said['fact']} {said['long'][:1].lower()}{said['long'][1:]}{said['stop']}",
        text,
    )
    return _PAY_NOW.sub(
        lambda said: "my pay is " if said[0].lower().startswith("i") else "my pay is now ", text
    )


def home_told_plainly(text: str) -> str:
    """ "We're in Observatory in Cape Town, small semi …" → "I live in Observatory in …"."""
    return _HOME_IN.sub("I live in ", text)
