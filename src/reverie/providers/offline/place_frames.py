"""Where someone lives or comes from: "I live in Porto", "lisbon is home", "grew up in Sevilla".

A frame (see :mod:`.frames`) for places: the user's home ("I'm based in
Leeds", "we just moved to Braga", a lower-case "i live in leeds"), where the
people in their life live ("my parents are in Leicester", never a trip such as
"in Berlin this week") and where someone comes from ("I grew up in Sevilla").
The user's home is one slot: a later line replaces the earlier one.
"""

from __future__ import annotations

import re

from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.fillers import strip_fillers
from reverie.providers.offline.frame_words import PLACE, RELATION, FrameFact, relation_word, titled
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS, looks_like_a_verb
from reverie.providers.offline.predicates import SHORT_WEEKDAY
from reverie.providers.offline.vocabulary import COMMON_WORDS
from reverie.providers.offline.work_frames import is_a_tool

__all__ = ["place_frames"]

_I = re.IGNORECASE

_LIVES = re.compile(
    rf"\b(?:i|we) (?:currently |now |still |both )?live (?:in|near) {PLACE}"
    rf"|\bi(?:'m| am) (?:based|living) in {PLACE}",
)
# "my parents are in Leicester", "my sister lives in Leeds": where the people in one's life live.
_THEIR_HOME = re.compile(
    # ("me and my wife live in Leeds": the two of them, the speaker's home)
    rf"(?<!\bme and )\bmy (?P<who>parents|folks|grandparents|kids|{RELATION})"
    r"(?P<verb>'s| is| are| lives?| still lives?) (?P<prep>in|near) "
    r"(?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]*(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]*)?)\b"
    # "my boss is in Berlin this week" is a trip, not a home.
    r"(?!\s+(?:this|next|today|tonight|tomorrow|until|till|for|at the moment|right now|on|over))",
    _I,
)
# "dad is in lagos anyway", "mum lives in dereham": where family live, said without "my".
_KIN_HOME = re.compile(
    r"^(?:(?:so|and|also|but|well)[,?]? )?(?P<who>mum|mam|mom|mummy|dad|daddy|parents|"
    r"grandma|gran|nan|grandad|grandpa|sister|brother)"
    r"(?P<verb> is| lives| are| live|'s) (?P<prep>in|near) (?P<place>[A-Za-zÀ-ÿ][\wÀ-ÿ'-]+)"
    r"(?:,? (?:anyway|now|still|tho|though))?\s*[.!?]*$",
    _I,
)
# "moved house last month (hackney -> bristol, bishopston)": a move, written as an arrow.
_MOVED_ARROW = re.compile(
    r"\b(?:i |we )?moved(?: house| flat)?(?P<when> (?:last|this) \w+| in \w+)? \("
    r"(?P<old>[A-Za-zÀ-ÿ][\wÀ-ÿ' ]{1,25}?) ?(?:->|→|=>|to) ?(?P<new>[A-Za-zÀ-ÿ][\wÀ-ÿ' ]{1,25}?)"
    r"(?:, (?P<area>[A-Za-zÀ-ÿ][\wÀ-ÿ' ]{1,25}?))?\)",
    _I,
)
# "my mum is from Freiburg", "I grew up in Sevilla": where someone comes from.
_FROM = re.compile(
    rf"\bmy (?P<who>parents|folks|grandparents|{RELATION}) (?P<verb>is|are|was|were|'s) "
    r"(?:originally )?from (?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]*(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]*)?)\b"
    r"|\bi grew up in (?P<grew>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]*(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]*)?)\b",
    _I,
)
_LIVES_LOWER = re.compile(
    r"(?:\b(?:i|we) (?:currently |now |still |both )?live (?:in|near)|^(?:so )?(?:i'm |i am |im )?"
    r"staying in|\bi (?:still )?stay in) "
    r"(?P<place>[a-zà-ÿ][\wà-ÿ'-]+)(?=\s*(?:[,.;!]|$| now| these days| with| and))"
    r"|\bi(?:'m| am) (?:based|living) in (?P<place2>[a-zà-ÿ][\wà-ÿ'-]+)(?=\s*(?:[,.;!]|$| now))"
    # "1pm for me here in accra", "St Peter's here in Harrogate": where the speaker is.
    # "40 min from me in gateshead", "move near me in Chester": measured from home.
    # ("i need you HERE in march": when, not where)
    r"|\b(?:(?:me |us )?here|(?:from|near) (?:me|us)) in (?!(?:the )?(?:jan|feb|mar|apr|may|jun|"
    r"jul|aug|sep|oct|nov|dec)[a-z]*\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)"
    r"(?P<place3>[a-zà-ÿ][\wà-ÿ'-]+)"
    # ("the house here in Shrewsbury is in both our names")
    r"(?=\s*(?:[,.;!)]|$| and| with| for| is\b| are\b| has\b| but\b| so\b))"
    # "perks of living in broughty ferry": home, said in passing
    r"|\b(?:perks|joys?|downsides?|upsides?|benefits?|beauty|price|problem) of living in "
    r"(?P<place5>[a-zà-ÿ][\wà-ÿ'-]+(?: [a-zà-ÿ][\wà-ÿ'-]+)?)(?=\s*(?:[,.;!)]|$))"
    # "(we're in norwich)", "i'm in nairobi. just photos": a town typed in lower case
    r"|\b(?:we're|we are|i'm|im|i am) in (?P<place4>(?-i:[a-zà-ÿ])[\wà-ÿ'-]+)"
    r"(?=\s*(?:[,.;)]|$| so\b| and\b))",
    _I,
)
# "brighton based", "based in hove": a terse user's town, as a sentence of its own.
_BASED = re.compile(
    r"^(?:i'm |im |i am )?(?:based (?:in|out of) (?P<place>[A-Za-zÀ-ÿ][\wÀ-ÿ'-]+)"
    r"|(?P<place2>[A-Za-zÀ-ÿ][\wÀ-ÿ'-]+)[- ]based)\s*[.!]?$",
    _I,
)
# "it's sunny here in Lisbon, day 3 of the holiday": somewhere visited, not home.
_VISIT = re.compile(r"\b(?:holiday|vacation|trip|visit\w*|hotel|airbnb|hostel|conference)\b", _I)
# "oh lisbon is home btw": where someone lives, said the other way round.
# ("Declan is home in July": a visit, and Declan is someone)
_IS_HOME = re.compile(
    r"(?:^|(?<=[.!,;]\s))(?P<place>[A-Za-zÀ-ÿ][\wÀ-ÿ'-]+) is home\b"
    r"(?! (?:to|in|on|for|from|at|by|next|this|soon|tomorrow|tonight|today|again|early|late|"
    r"safe|now)\b)",
    _I,
)
_MOVING = re.compile(
    rf"\b(?:i'm|i am|we're|we are) (?:now )?moving to {PLACE}"
    rf"|\b(?:i|we) (?:just |finally )?moved to {PLACE}"
    # ("I grew up in Utrecht and moved to Scotland in 1998": the "I" said once for both)
    rf"|\bI (?:grew up|was born|was raised) [^.!?;]*? and (?:then )?moved to {PLACE}",
    _I,
)


# "we're in leeds, you're in manchester": where the other person lives, said to them.
_YOU_ARE_IN = re.compile(
    r"\b(?:you're|youre|you are|ur|u r) in (?P<place>[A-Za-zÀ-ÿ][\wà-ÿ'-]+)"
    r"(?=\s*(?:[,.;)]|$| so\b| and\b))",
    _I,
)


def place_frames(sentence: str, subject: str, listener: str | None = None) -> list[FrameFact]:
    """The places one sentence by ``subject`` states (see the module docstring); ``listener``
    is whom "you" means when it is a person."""
    found: list[FrameFact] = []
    for match in _FROM.finditer(sentence):
        if match["grew"]:
            line = f"{subject} grew up in {match['grew']}."
            found.append(FrameFact(line, (subject, "grew up")))
            continue
        who = relation_word(match["who"])
        verb = match["verb"].replace("'s", "is")
        line = f"{subject}'s {who} {verb} from {match['place']}."
        found.append(FrameFact(line, (f"{subject}'s {who}", "origin"), durable=True))
    for match in _THEIR_HOME.finditer(sentence):
        who = relation_word(match["who"])
        verb = match["verb"].strip().replace("'s", "is")
        line = f"{subject}'s {who} {verb} {match['prep'].lower()} {match['place']}."
        found.append(FrameFact(line, (f"{subject}'s {who}", "home"), durable=True))
    plain = strip_fillers(sentence).strip()
    if (kin := _KIN_HOME.match(plain)) is not None:
        place = kin["place"]
        if not is_everyday_word(place) and place.lower() not in FUNCTION_WORDS:
            who = relation_word(kin["who"]).replace("mummy", "mum").replace("daddy", "dad")
            verb = kin["verb"].strip().replace("'s", "is")
            line = f"{subject}'s {who} {verb} {kin['prep'].lower()} {titled(place)}."
            found.append(FrameFact(line, (f"{subject}'s {who}", "home"), durable=True))
    for match in _LIVES.finditer(sentence):
        place = next(p for p in match.groups() if p)
        found.append(FrameFact(f"{subject} lives in {place}.", (subject, "home")))
    if not found:
        for match in _LIVES_LOWER.finditer(sentence):
            place = next(p for p in match.groups() if p)
            if (match["place3"] or match["place4"]) and _VISIT.search(sentence):
                continue
            if match["place4"] and is_everyday_word(place):
                continue  # "we're in debit", "i'm in pain": a state, not a town
            if any(w in FUNCTION_WORDS or w in COMMON_WORDS for w in place.lower().split()):
                continue
            if looks_like_a_verb(place.lower()):
                continue
            if re.match(rf"{SHORT_WEEKDAY}s?\b", place, re.IGNORECASE):
                continue  # "im in mondays and fridays": at work, on those days
            found.append(FrameFact(f"{subject} lives in {titled(place)}.", (subject, "home")))
    if not found and "based" in plain and (based := _BASED.match(plain)) is not None:
        place = based["place"] or based["place2"]
        if not is_everyday_word(place) and place.lower() not in FUNCTION_WORDS:
            found.append(FrameFact(f"{subject} is based in {titled(place)}.", (subject, "home")))
    for match in _IS_HOME.finditer(plain):
        place = match["place"]
        if match.group(0).isupper():
            continue  # "BISCUIT IS HOME": an arrival shouted, not where anyone lives
        if place.lower() not in FUNCTION_WORDS and place.lower() not in COMMON_WORDS:
            found.append(FrameFact(f"{subject} lives in {titled(place)}.", (subject, "home")))
    if subject == "User" and (arrow := _MOVED_ARROW.search(sentence)) is not None:
        old, new = (titled(arrow[group]) for group in ("old", "new"))
        area = f" ({titled(arrow['area'])})" if arrow["area"] else ""
        when = arrow["when"] or ""
        line = f"User moved from {old} to {new}{area}{when}."
        found.append(FrameFact(line, (subject, "home")))
    for match in _MOVING.finditer(sentence):
        place = next(p for p in match.groups() if p).rstrip(".")
        if not place[:1].isupper() or is_a_tool(place):
            continue  # ("We're moving to Snowflake": a tool, not a town)
        verb = "moved to" if re.search(r"\bmoved to\b", match.group(0), _I) else "is moving to"
        found.append(FrameFact(f"{subject} {verb} {place}.", (subject, "home")))
    if listener is not None and (you := _YOU_ARE_IN.search(sentence)) is not None:
        place = you["place"]
        if not is_everyday_word(place.lower()) and not _VISIT.search(sentence):
            found.append(FrameFact(f"{listener} lives in {titled(place)}.", (listener, "home")))
    return found
