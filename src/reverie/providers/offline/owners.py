"""Whose a clause is: the household's "we", the speaker's own things, a person named before.

Said to an assistant outside work, "we" is the user's household: "we're
redoing our bathroom" is the user's news (:func:`as_household`), though not
what is said of the group ("we're a friendly shop"). "bike is a Canyon …",
"recheck booked 17 july" and "feb 28 is my last day" are the speaker's own
(:func:`with_owner`). "tom wants …" is about Tom once the chat has named him,
by a relation ("my husband tom") or with a capital (:func:`named_subject`).
A short bracketed aside need not hide the fact around it
(:func:`without_asides`).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.frame_words import DATE, MONTH
from reverie.providers.offline.name_lexicon import NameLexicon
from reverie.providers.offline.vocabulary import COUNT_WORDS

__all__ = [
    "as_household",
    "dated_parts",
    "named_subject",
    "names_given",
    "with_owner",
    "without_asides",
]

_I = re.IGNORECASE


# "we're redoing our bathroom", said to an assistant outside work: the user and their
# household, and what the household does, the user does.
_WE_AS_I = {
    "we": "I",
    "we're": "I'm",
    "we've": "I've",
    "we'll": "I'll",
    "we'd": "I'd",
    "our": "my",
    "ours": "mine",
    "ourselves": "myself",
    "us": "me",
}
_WE_WORD = re.compile(
    # (not "us-west-2": a region's name)
    r"\b(?:we're|we’re|we've|we’ve|we'll|we’ll|we'd|we’d|we|our|ours|ourselves|us)\b(?!-\w)",
    _I,
)
_WE_ARE = re.compile(r"\bwe (are|were)\b", _I)


# What is said of the group, not of each one in it: "we're a friendly shop", "we're both
# teachers", "we have to cut back".
_GROUP_ONLY = re.compile(
    # ("we're seven now": a count of people, never an age of the speaker's)
    rf"^we(?:'re|’re| are| were) (?:a|an|the|both|all|{COUNT_WORDS}|\d+|each|open|closed)\b"
    r"|^we(?:'ve|’ve)? (?:have to|need to|should|must|could|might|can|gotta|got to)\b",
    _I,
)


def as_household(clause: str) -> str:
    """ "we're redoing our bathroom" → "I'm redoing my bathroom": "we" is the user's household."""
    if _GROUP_ONLY.match(clause):
        return clause
    clause = _WE_ARE.sub(lambda m: "I am" if m[1].lower() == "are" else "I was", clause)

    def swap(match: re.Match[str]) -> str:
        word = match[0]
        if word == "US":
            return word
        return _WE_AS_I[word.lower().replace("’", "'")]

    return _WE_WORD.sub(swap, clause)


# "bike is a canyon endurace", "contractor is Kowalski Renos": the speaker's own things and
# the people who serve them, said without "my". Only with a value that names or counts
# something: "bike is fine" says nothing lasting. Not a home or its rent: "rent is £3,200"
# is as often the place being looked at as the one lived in.
_OWN_THING = re.compile(
    r"^(?:(?:the )?(?P<thing>bike|car|van|phone|laptop|monitor|keyboard|camera|watch|"
    r"contractor|builder|landlord|landlady|letting agent|physio|physiotherapist|therapist|"
    r"doctor|gp|dentist|vet|surgeon|consultant|midwife|trainer|coach|tutor|lawyer|"
    # ("Instructor was called Malcolm, very calm, ex-RAF.")
    r"(?:driving |flying )?instructor|"
    r"solicitor|accountant|mortgage|salary|gym|"
    r"(?:home|work|daily) commute|wifi|internet|insurer|bank|energy supplier|provider)"
    # "job is Sustainability Officer at GreenGrid", "office is in HafenCity"; "the job is …"
    # may be one being talked about.
    r"|(?P<work>(?:new )?job|role|job title|employer|office|uni|university|major|degree|"
    r"programme|thesis|dissertation|supervisor|manager|boss|pay|take-home|take home|wage|wages"
    # "new flat is in Hackney": the home moved into ("the flat is …" may be one viewed)
    r"|new (?:flat|house|apartment|place|home)))"
    r" (?:is|was|=) (?=[^.!?]*(?:[0-9]|\b(?-i:[A-ZÀ-Þ])))",
    _I,
)


# "yep, …", "wait …": the words that open a chat reply.
_LEAD = r"(?:(?:yep|yes|yeah|ok|okay|so|and|also|oh|ah|wait|no wait|sorry)[,!]? )*"
# "coach is rach": someone in the speaker's life, named in lower case.
_ROLE_NAMED = re.compile(
    r"(?:the )?(?P<role>coach|physio|physiotherapist|therapist|doctor|gp|dentist|tutor|"
    r"trainer|consultant|midwife|landlord|landlady|boss|manager|supervisor|advisor|"
    # "baby is mabel", "cat is called biryani": family and pets, named without "my"
    r"mentor|teacher|baby|partner|husband|wife|boyfriend|girlfriend|fiancée?|son|daughter|"
    # ("accountant is priya, does my tax return": what they do may follow)
    r"cat|dog|puppy|kitten|accountant|solicitor|lawyer|vet|cleaner|childminder)"
    r"(?:'s| is) (?:called |named )?(?P<name>[a-z][a-z'-]+)(?:[.!]?$|(?=, \S))",
    _I,
)
_CORRECTION_CUE = re.compile(r"(?:no|nope|sorry|actually|oh)[,!]? (?:wait[,!]? )?", _I)
# "recheck booked 17 july", "Bike fit is booked for March 14", "rego is due 12 september":
# the speaker's appointment or deadline.
_BOOKED = re.compile(
    rf"^{_LEAD}(?:the )?"
    r"(?!(?:it|that|this|everything|all|one|which|what|nothing|he|she|they|we|you|i|my|your|"
    r"his|her|our|their)\b)"
    r"(?P<thing>(?:(?!is\b|was\b)[a-z][\w-]*)(?: (?!is\b|was\b)[a-z][\w-]*){0,2})"
    r" (?:is |was |now |all )?(?P<how>booked|scheduled|due)"
    rf" (?:in )?(?:for |on )?(?:the )?(?P<date>{DATE})\b",
    _I,
)
# "feb 28 is my last day at harbor mutual": the date said first.
_DATE_FIRST = re.compile(rf"^{_LEAD}(?:on )?(?P<date>{DATE}) (?:is|was) (?P<mine>my [^,.;!?]+)", _I)


# "interview is the 28th aug", "flight is 17 feb, 9:30am": the speaker's own appointment,
# said without "my" ("the start date" may be anyone's).
_OWN_DATED = re.compile(
    # "biomechanics exam is 14th jan": a word may say which one
    rf"^{_LEAD}(?P<thing>(?:(?!(?:the|a|an|my|your|his|her|their|our|this|that|its)\b)[a-z]+ )?"
    r"(?:interview|appointment|exam|surgery|operation|scan|flight|induction|graduation|viva|"
    r"assessment|hearing|start date|move date|moving day|last day|first day|due date|"
    r"entry date|completion date|exchange date|coursework|dissertation|deadline|check-?up)"
    # "last day at caledon 29 aug", "flight to lisbon 24 sept": where, then the date
    r"(?: (?:at|with|in|to|for) (?!(?:the|a|my)\b|\d)[\w&'-]+"
    rf"(?: (?!{MONTH}\b|\d|is\b|was\b|on\b|now\b)[\w&'-]+)?)?)"
    # ("exam 14 june": the date right after it, in a terse message)
    rf"(?= (?:(?:is|was) (?:now |moved to |on )?)?(?:the )?{DATE})",
    _I,
)
# "residence card (zairyu card) expires 15th august": one's own document and when it lapses.
_EXPIRES = re.compile(
    rf"^{_LEAD}(?P<thing>(?:(?!(?:the|a|an|my|your|his|her|their|our|this|that)\b)[a-z]+ )?"
    r"(?:passport|visa|card|licence|license|lease|contract|"
    r"tenancy|insurance|mot|permit|railcard|warranty))(?: \([^()]{1,30}\))?"
    rf"(?= (?:expires|runs out|ends|lapses|is up) (?:on )?(?:the )?{DATE})",
    _I,
)
# "service is called belay-api": the name of something of one's own, said without "my".
_CALLED = re.compile(
    r"^(?P<thing>(?:(?!(?:the|a|an|this|that|his|her|their)\b)[a-z]+ )?"
    r"(?:service|app|project|repo|company|business|shop|startup|band|"
    r"podcast|channel|blog|newsletter|boat|car|van|bike|house|allotment|plot|team|club))"
    r"(?= is called [\w])",
    _I,
)
# "business is saltmarsh studio": its name, typed in lower case ("business is slow" is not).
_BUSINESS_IS = re.compile(
    r"^(?:(?:also|and|so|oh)[,]? )?(?P<thing>business|company|studio|shop|startup|band|podcast|"
    r"channel|brand|label) is (?P<first>[a-z][\w&'-]+)(?: [\w&'-]+){0,2}[.!]?$",
    _I,
)
# "twins due march", "baby's due in june": a pregnancy's due month, said without "my".
_BABY_DUE = re.compile(
    rf"^{_LEAD}(?P<who>baby|twins)(?:'s| is| are)? due (?:in |on |end of |early |late )?"
    r"(?=(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)",
    _I,
)
# "new job at deloitte from feb": news of one's own work, said without "I've got".
_NEW_JOB = re.compile(rf"^{_LEAD}(?=new job (?:at|with) \S)", _I)


# "dad had a stroke in february": a parent said without "my", in news about their health
# or life (not "mum runs a tight ship", an opinion).
_KIN_NEWS = re.compile(
    r"^(?P<kin>mum|mom|mam|dad|grandma|grandpa|granny|grandad|granddad|nan|nana|gran)"
    r"(?= (?:(?:just |finally |officially )?(?:had|has|got|was|is|broke|fell|passed|died|retired|"
    r"moved|lives|starts|started|needs)\b).*\b(?:stroke|fall|heart attack|operation|surgery|"
    r"hip|knee|cancer|dementia|alzheimer'?s|parkinson'?s|diabetes|diabetic|diagnosed|dialysis|"
    r"chemo|hospital|hospitali[sz]ed|passed away|died|retired|moved to|lives in|broke)\b)",
    _I,
)


# "budget 45k total", "budget for the trip: ~2,500": the speaker's budget, said as a label.
_BUDGET = re.compile(
    rf"^{_LEAD}(?:the |our |total |overall |new )?budget(?P<purpose> for [^,.;:!?]+?)?"
    r"(?: is| is now| now| now is| went up to| is up to| up to| down to|:|=)? "
    r"(?P<amount>(?:about |around |max |roughly |~)?[£$€]?\s?\d[\d,.]*\s?k?"
    r"(?: ?(?:eur|euros?|gbp|usd|pounds|dollars|quid))?)\b",
    _I,
)


# "day rate 350 now", "rent 1400": the speaker's own figure, said as a label.
_OWN_FIGURE = re.compile(
    rf"^{_LEAD}(?:(?P<thing>day rate|hourly rate|salary|notice(?: period)?|take-home|wage|"
    # "parkrun pb 27:48", "commute 40 mins each way"
    r"(?:[a-z0-9]+ )?(?:pb|personal best)|commute)"
    # ("rent is £3,200" is as often a place looked at; "rent 550 w kyle" is a budget line)
    # ("rent is 735 now" is one's own, changed)
    r"(?: is| is now| now)?|(?P<rent>rent)(?: is(?= [£$€]?\d[\d,.]*k? now\b))?) (?=[£$€]?\d)",
    _I,
)
# "i get 12.40 an hour", "I'm on 38k a year", "I'm now on 31 an hour": what the speaker is paid.
_PAY = re.compile(
    r"^I(?: get| make|'m(?: now)? on| am(?: now)?(?: on)?) "
    r"(?P<amount>(?:about |around |roughly )?[£$€]?\d[\d,.]*k?"
    r"(?: ?(?:eur|euros?|gbp|usd|pounds|dollars|quid))?)"
    r"(?= (?:an?|per) (?:hour|day|week|month|year)\b| ?(?:a|per) (?:year|yr)\b)",
    _I,
)


# "our Callum's away at uni in Newcastle": "our" before a name, said of family.
_OUR_NAMED = re.compile(r"^our (?=(?-i:[A-ZÀ-Þ])[\wÀ-ÿ-]+(?:'s| is| has| was) )", _I)


# "Callum's away", "Callum's doing …": "'s" before these is "is", not a possessive.
_IS_AFTER_NAME = re.compile(
    r"^(?P<name>[A-ZÀ-Þ][\wÀ-ÿ-]*)'s (?=(?:away|home|at|in|off|back|on|doing|going|coming|"
    r"starting|moving|working|studying|living|staying|a|an|the|very|so|really|nearly|almost|"
    r"\d)\b)"
)


# "asthma been bad lately", "sciatica's flared up again": a condition said without "my".
_CONDITION_NEWS = re.compile(
    r"^(?P<what>asthma|eczema|sciatica|migraines?|ibs|crohn'?s|colitis|anxiety|arthritis|"
    r"psoriasis|endo|endometriosis|tinnitus|gout|hay ?fever|insomnia)(?:'s| has| is)? "
    r"(?=(?:been|flared|flaring|playing up|acting up|bad|worse|back)\b)",
    _I,
)


def _as_typed(thing: str) -> str:
    """ "Entry date" → "entry date"; "ARR deadline", "Beckett interview" keep their capitals."""
    first, _, rest = thing.partition(" ")
    if first.isupper() or not is_everyday_word(first):
        return thing
    return f"{first.lower()} {rest}".strip()


# "biomechanics exam is 14th jan and physiology coursework due 9th jan": two dated things.
_TWO_DATED = re.compile(
    rf"^(?P<one>.+?\b(?:is|due|on) (?:the )?{DATE}) and (?P<two>(?!(?:i|we|it|that)\b)[a-z]"
    rf"[\w -]{{2,40}}? (?:is |are )?(?:due|on) (?:the )?{DATE}.*)$",
    _I,
)


def dated_parts(clause: str) -> list[str]:
    """ "exam is 14th jan and coursework due 9th jan" → one clause for each dated thing."""
    match = _TWO_DATED.match(clause) if " and " in clause else None
    return [clause] if match is None else [match["one"], match["two"]]


# "Survey's booked – out of the water at the dry dock …": "is", said short after the thing
_THING_IS_SHORT = re.compile(
    r"^(?P<thing>(?:[a-z]+ )?(?:survey|interview|appointment|exam|surgery|operation|scan|flight|"
    r"viewing|induction|test|hearing))['’]s "
    r"(?=(?:booked|confirmed|scheduled|set)\b)",
    _I,
)


def with_owner(clause: str, names: Collection[str] = ()) -> str:
    """ "bike is a Canyon Endurace CF 7" → "my bike is …": the speaker's own thing.

    Also "recheck booked 17 july" → "my recheck is booked for 17 july", "feb 28
    is my last day at …" → "my last day at … is feb 28", "budget 45k total" →
    "my budget is 45k total", "dad had a stroke" → "my dad had a stroke",
    "asthma been bad lately" → "my asthma has been bad lately", "i get 12.40
    an hour" → "I earn 12.40 an hour", and "our Callum's away at uni" →
    "Callum is away at uni".

    ``names`` are the conversation's names: "Ines is due 3 Dec" is news of Ines,
    not a bill of the speaker's.
    """
    if (short := _THING_IS_SHORT.match(clause)) is not None:
        return f"my {short['thing'].lower()} is {clause[short.end() :]}"
    if (condition := _CONDITION_NEWS.match(clause)) is not None:
        rest = clause[condition.end() :]
        verb = (
            "is"
            if rest.startswith(("bad", "worse", "back", "flaring", "playing", "acting"))
            else "has"
        )
        return f"my {condition['what'].lower()} {verb} {rest}"
    if (ours := _OUR_NAMED.match(clause)) is not None:
        return _IS_AFTER_NAME.sub(r"\g<name> is ", clause[ours.end() :], count=1)
    if (pay := _PAY.match(clause)) is not None:
        return f"I earn {pay['amount']}{clause[pay.end('amount') :]}"
    if (figure := _OWN_FIGURE.match(clause)) is not None:
        thing = (figure["thing"] or figure["rent"]).lower()
        return f"my {thing} is {clause[figure.end() :]}"
    if (budget := _BUDGET.match(clause)) is not None:
        purpose = budget["purpose"] or ""
        return f"my budget{purpose} is {budget['amount']}{clause[budget.end() :]}"
    if (dated := _OWN_DATED.match(clause)) is not None:
        rest = clause[dated.end() :]
        verb = "" if re.match(r" (?:is|was)\b", rest) else " is"
        return f"my {_as_typed(dated['thing'])}{verb}{rest}"
    if (lapses := _EXPIRES.match(clause)) is not None:
        return f"my {lapses['thing'].lower()}{clause[lapses.end() :]}"
    if (biz := _BUSINESS_IS.match(clause)) is not None and not is_everyday_word(biz["first"]):
        return f"my {biz['thing'].lower()} is {clause[biz.start('first') :]}"
    if (called := _CALLED.match(clause)) is not None:
        its_name = clause[called.end() :].split(",", 1)[0]  # ", axum 0.7 + …": another thing
        return f"my {called['thing'].lower()}{its_name}"
    if (due := _BABY_DUE.match(clause)) is not None:
        who = due["who"].lower()
        verb = "are" if who == "twins" else "is"
        return f"my {who} {verb} due in {clause[due.end() :]}"
    if (job := _NEW_JOB.match(clause)) is not None:
        return f"I've got a {clause[job.end() :]}"
    if (kin := _KIN_NEWS.match(clause)) is not None:
        return f"my {kin['kin'].lower()}{clause[kin.end() :]}"
    booked = _BOOKED.match(clause)
    if booked is not None and not any(word in names for word in booked["thing"].split()):
        thing, rest = booked["thing"].lower(), clause[booked.end() :]
        verb = "are" if thing.endswith("s") and not thing.endswith("ss") else "is"
        how = booked["how"].lower()
        when = "on" if how == "due" else "for"
        return f"my {thing} {verb} {how} {when} {booked['date']}{rest}"
    if (dated := _DATE_FIRST.match(clause)) is not None:
        return f"{dated['mine']} is {dated['date']}{clause[dated.end() :]}"
    # "no wait salary is 39k now": a correction's cue stays before the owned thing
    cue = _CORRECTION_CUE.match(clause)
    start = cue.end() if cue is not None else 0
    match = _OWN_THING.match(clause[start:])
    if match is None:
        named = _ROLE_NAMED.match(clause[start:])
        if named is None or is_everyday_word(named["name"]):  # (common words included)
            return clause
        name = named["name"]
        said = f"my {named['role'].lower()} is {name[:1].upper()}{name[1:]}"
        return f"{clause[:start]}{said}{clause[start + named.end() :]}"
    what = "thing" if match["thing"] else "work"
    return f"{clause[:start]}my {match[what].lower()}{clause[start + match.end(what) :]}"


# "User's husband is Tom.": a frame that names someone in the user's life.
_FRAMED_NAME = re.compile(r"^\w+'s [\w -]+ is (?P<name>[A-ZÀ-Þ][\wÀ-ÿ'-]+)\.$")
_BE = re.compile(r"^(?:'s)? (?:\w+ )?(?:is|are|was|were)\b")
_LOWER_SUBJECT = re.compile(
    r"^(?P<lead>(?:and|but|also|btw|plus|oh and) )?(?P<name>[a-zà-ÿ][\wà-ÿ-]+)(?=(?:'s)? )"
)


def named_subject(clause: str, lexicon: NameLexicon, met: set[str], names: set[str]) -> str:
    """ "tom wants a walk-in shower" → "Tom wants …" when tom is a name in this chat."""
    match = _LOWER_SUBJECT.match(clause)
    if match is None:
        return clause
    word = match["name"]
    rest = clause[match.end() :]
    if word in met:
        name: str | None = word.title()
    elif lexicon.written_as_a_name(word) or not _BE.match(rest):
        # A word only said often is a name when it does something ("josh plays drums"),
        # not when something is said of it ("budget is about £600" is a thing).
        name = lexicon.name(word, rest)
    else:
        name = None
    if name is None:
        return clause
    names.add(name)
    return name + clause[match.end() :]


def names_given(line: str) -> set[str]:
    """ "User's husband is Tom." → {"tom"}: whom a frame's line names, in lower case."""
    named = _FRAMED_NAME.match(line)
    return {named["name"].lower()} if named is not None else set()


# "my residence permit (study) expires on …": a short aside the rules need not read.
_ASIDE = re.compile(r"\s*\([^()]{1,40}\)")


def without_asides(clause: str) -> str | None:
    """The clause with its short bracketed asides left out, or None when it has none."""
    bare = _ASIDE.sub("", clause)
    return bare if bare != clause and bare.strip() else None
