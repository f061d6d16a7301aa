"""Words the rules would misread, put plainly where they stand.

"I have the Care Certificate" (a qualification, not a thing at hand), "I've got carpal
tunnel in it" and "osteoarthritis at the base of it" (the part named before), "full name is
rafferty doyle but …" (a name typed in lower case), "my ferret. i have 2, noodle and pesto"
(the names, as names), a learner's "hernia de disc, how you say, slipped disc?" (the
English word asked for is the one meant), "I've bumped the budget to £15,000" (the value it
stands at now), "No mushrooms please, I can't stand them" (what "them" is), "From 1
December I live in East Vancouver" (a move to come), "ditched thonny. vscode now" (a switch),
"new shifts are …" (the shifts now), "I ended up buying …" (bought), "my partner's due"
(is due), "Kayode is turning 8 on 2 August" (turns 8 then, not 8 now), "£140 a week chair
rent" (the rent), "we've moved! Leith now" (a move), "retired teacher here" (who speaks),
"I'm … at Kinetica Health — we run 14 clinics" (the place runs them), "we're five on the
team" (the team's size): :func:`put_plainly` rewrites each in place, before
:mod:`.in_passing` adds the facts said on the way and the rules read the message.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from reverie.providers.offline.frame_words import DATE, JOB
from reverie.providers.offline.predicates import WEEKDAY
from reverie.providers.offline.vocabulary import CONDITION_WORDS, alternation

__all__ = ["put_plainly"]

_I = re.IGNORECASE
_ENDS = r"(?=\s*(?:[,.;!?)]|$))"

# "my ferret. i have 2, noodle and pesto": how many, and their names, said after the animal
_HOW_MANY_PETS = re.compile(
    r"\bmy (?P<pet>ferret|cat|dog|rabbit|hamster|guinea pig|rat|budgie|parrot|hen|chicken|"
    r"gecko|tortoise|horse|goat)s?\b[.!,]?\s+i have (?P<n>\d|two|three|four),?\s+"
    r"(?P<names>[a-z][\w'-]+(?:, [a-z][\w'-]+)* and [a-z][\w'-]+)" + _ENDS,
    _I,
)
_QUALIFICATIONS = ("certificate", "diploma", "award", "licence", "license")
# "I have the Care Certificate": a qualification held, named as it is called.
_THE_QUALIFICATION = re.compile(
    r"\bI (?:have|hold|got|did) the (?=(?:(?-i:[A-Z])[\w'-]* ){1,3}(?:Certificate|Diploma|Award|"
    r"Licence|License)\b)",
    _I,
)

# "I've got carpal tunnel in it": the condition, in whatever part was named before.
_CONDITION_IN_IT = re.compile(
    rf"\b(?P<condition>{alternation(CONDITION_WORDS)}) in (?:it|them)\b", _I
)
# "I have hernia de disc, how you say, slipped disc?": the English word asked for is meant.
_HOW_YOU_SAY = re.compile(
    r"\b(?P<verb>I (?:have|had|got)) [^,.!?\n]{2,30}?,\s*how (?:you|do you|to) say,?\s*"
    r"(?P<word>[a-z][a-z' -]{2,30}?)\?",
    _I,
)

# "full name is rafferty doyle but nobody calls me that": a full name, typed in lower case
_FULL_NAME = re.compile(
    r"\b(?:my )?full name(?:'s| is) (?P<name>[a-z][a-z'-]+ [a-z][a-z'-]+)\b(?! (?:is|was)\b)"
    r"(?P<but>,? but\b)?"
)


def _full_name(full: re.Match[str]) -> str:
    return f"my full name is {full['name'].title()}." + (" But" if full["but"] else "")


# "my left thumb is killing me. I've got osteoarthritis at the base of it": the part named
_PART = (
    r"(?:thumb|finger|wrist|knee|hip|shoulder|ankle|elbow|hand|foot|heel|toe|back|neck|spine|"
    r"jaw|eye|ear)"
)
_CONDITION_OF_IT = re.compile(
    rf"\b(?P<condition>{alternation(CONDITION_WORDS)}) (?P<where>(?:at|in) the (?:base|top|back|"
    r"front|side|tip|joint|bottom) of) it\b",
    _I,
)
_MY_PART = re.compile(rf"\bmy (?P<part>(?:(?:left|right) )?{_PART})\b", _I)


def _condition_of_the_part(said: re.Match[str]) -> str:
    """ "osteoarthritis at the base of it" → "… of my left thumb", the part named before."""
    parts = list(_MY_PART.finditer(said.string, 0, said.start()))
    if not parts:
        return said[0]
    return f"{said['condition']} {said['where']} my {parts[-1]['part']}"


def _the_word_meant(asked: re.Match[str]) -> str:
    word = asked["word"].strip()
    # ("slipped disc": "a slipped disc", as the conditions are known)
    word = f"a {word}" if f"a {word.lower()}" in CONDITION_WORDS else word
    return f"{asked['verb']} {word}."


def _pets_named(pets: re.Match[str]) -> str:
    names = re.sub(r"\b[a-z]", lambda first: first[0].upper(), pets["names"])
    names = names.replace(" And ", " and ")
    kept = pets[0][: pets.start("n") - pets.start()]
    return f"{kept}{pets['n']} {pets['pet'].lower()}s, {names}"


# "new shifts are Monday and Wednesday evening": what is the user's now, said as new
_NEW_VALUE = re.compile(
    r"(?:^|(?<=[.!?:]\s))(?:my |our )?new (?P<what>shifts|hours|working hours|days|work days|"
    r"working days|rota|schedule|days off|address|rent|salary|pay|start date|contract hours) "
    r"(?P<verb>is|are) (?!going\b|the same\b|not\b|much\b|so\b|better\b|worse\b)",
    _I,
)


# "I ended up buying a Ribble instead": what the speaker did, in the end
_ENDED_UP = re.compile(
    r"\bI (?:ended up|wound up|went and) (?P<doing>buying|getting|booking|choosing|picking|"
    r"going with|ordering|renting|taking|signing up for|joining)\b",
    _I,
)
_DONE = {
    "buying": "bought",
    "getting": "got",
    "booking": "booked",
    "choosing": "chose",
    "picking": "picked",
    "going with": "went with",
    "ordering": "ordered",
    "renting": "rented",
    "taking": "took",
    "signing up for": "signed up for",
    "joining": "joined",
}


# "my partner's due with our second in mid-December": "'s" there is "is", not whose
_SHES_DUE = re.compile(
    r"\b(?P<who>my (?:wife|partner|girlfriend|fianc[ée]e?|sister|daughter|cousin|friend|"
    r"sister-in-law|best friend))['’]s due\b",
    _I,
)


# "My son Kayode is turning 8 on 2 August": someone's next birthday, said as the rules read it
_IS_TURNING = re.compile(
    r"\b(?P<who>(?:my (?:[\w-]+ ){1,2})?(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+|my [\w-]+|he|she)"
    r"(?: is|'s) turning (?P<age>\d{1,3})\b(?= (?:on|in|next|this)\b)",
    _I,
)


# "no emojis in readme pls. or anywhere tbh": nowhere, then
_NONE_ANYWHERE = re.compile(
    r"\bno (?P<thing>emojis?|emoji|exclamation marks|jargon|hashtags) in (?:the |my |any )?"
    r"[\w -]{2,30}?,?(?: (?:pls|please|plz))?[.,]?\s+(?:or|and) anywhere(?: else)?"
    r"(?: (?:tbh|really|pls|please|plz))?(?=\s*(?:[.!]|$))",
    _I,
)


# "signed today. £140 a week chair rent, …": what the speaker pays, said as a figure first
_FIGURE_THEN_RENT = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=\n))(?P<money>[£$€]\d[\d,.]*k?) (?:a|per) "
    r"(?P<per>week|month|year|wk|mo)\s+(?P<what>(?:[a-z-]+ )?(?:rent|mortgage))\b",
    _I,
)


# "we've moved! Chapel Allerton now": where the move went, said after it
_MOVED_THEN_WHERE = re.compile(
    r"(?:\b(?:we|I)(?:'ve| have)? (?:finally |just |officially )?|(?:^|(?<=[.!?]\s))"
    r"(?:finally|just|officially) )moved[!.]+\s+"
    r"(?:(?:we're|we are|I'm|I am) (?:in|living in) )?"
    rf"(?!{WEEKDAY}\b)"
    r"(?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+){0,2}) now\b",
    _I,
)


# "retired teacher here": who is speaking, said as one says it on a forum
_ROLE_HERE = re.compile(
    rf"(?:^|(?<=[.!?]\s))(?:hi,? |hello,? |hey,? )?(?:an? )?(?P<role>(?:[a-z-]+ ){{0,2}}{JOB}) "
    r"here(?:(?P<more>\s*[,;]\s*)|(?=\s*[.!]|\s*$))",
    _I,
)


def _role_here(said: re.Match[str]) -> str:
    role = said["role"].lower()
    # (a sentence of its own: "nurse here, quick question …" asks after it)
    return f"I'm {'an' if role[0] in 'aeiou' else 'a'} {role}" + (". " if said["more"] else "")


# "Let's cap the trip at $2,500 for the two of us instead of $3,000": the budget, set
_CAP_AT = re.compile(
    r"\b(?:let's|let us|we(?:'ll| will| have to| need to)?|I(?:'ll| will| have to| need to)?) "
    r"cap (?:the|our|my) (?:trip|holiday|budget|spend|spending|costs?) at (?=[£$€]?\d)",
    _I,
)
# "I'd be on the boat on my birthday otherwise, which is the 9th": the day, said aside
_BIRTHDAY_WHICH_IS = re.compile(
    r"\bmy (?P<day>birthday|anniversary)(?P<aside>[^.!?;]{0,30}?),? which is (?:on )?"
    r"(?P<date>(?:the )?(?:[12]\d|3[01]|[1-9])(?:st|nd|rd|th)?(?: of [A-Z][a-z]+| [A-Z][a-z]+)?)\b",
    _I,
)
# "choir concert confirmed: friday 12th dec, st john's, 7pm": the day, settled
_CONFIRMED_FOR = re.compile(
    r"(?:^|(?<=[.!]\s))(?:(?:my|our|the) )?(?P<what>[a-z][\w'-]*(?: [a-z][\w'-]*){0,3}) "
    rf"(?:is |now )?confirmed\s*:\s*(?=(?:{WEEKDAY}|\d|the \d))",
    _I | re.MULTILINE,
)
# "I'm WFH today (Mondays and Fridays I'm at home)": the days at home are the days worked
# from home, in a message that says so
_WORKDAYS = (
    r"(?:mon|tues|wednes|thurs|fri)days(?:(?:,| and| &) (?:mon|tues|wednes|thurs|fri)days){0,2}"
)
_DAYS_AT_HOME = re.compile(
    rf"\b(?:on )?(?P<days>{_WORKDAYS}),? I(?:'m|’m| am) (?:at )?home\b"
    rf"|\bI(?:'m|’m| am) (?:at )?home (?:on )?(?P<after>{_WORKDAYS})\b",
    _I,
)
# "im jsut going to be pescatarian while im here": the diet from now on
_DIET_FROM_NOW = re.compile(
    r"\bI(?:'m|’m| am|m) (?:[a-z]+ )?(?:going to|gonna) (?:be|go) (?P<diet>vegetarian|vegan|"
    r"pescatarian|pescetarian|veggie|plant-based)\b"
    r"(?:,? (?:while I(?:'m|’m| am|m) here|from now on|for now))?",
    _I,
)
# "I'm best man at my brother's wedding": a part at an occasion, said without its "the"
_WEDDING_PART = re.compile(
    r"\bI(?:'m| am) (?=(?:best man|maid of honou?r|chief bridesmaid|matron of honou?r|"
    r"ring bearer|flower girl) (?:at|for)\b)",
    _I,
)
# "I freelance as a copywriter": work, said as a verb of its own
_I_FREELANCE = re.compile(r"\bI freelance (?=as |for |in )", _I)
# "i do subs freelance", "I do freelance translation": the work, said with "do"
_I_DO_FREELANCE = re.compile(
    r"\bI do (?:freelance (?P<before>[\w -]{2,30}?)|(?P<after>[\w -]{2,30}?) freelance)"
    r"(?=\s*(?:[.,;!]|$))",
    _I,
)


# "so we're five on the team now": how many the team is, not who "we" are
_WE_ARE_HOW_MANY = re.compile(
    r"\bwe(?:'re| are) (?P<n>\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r" (?:people )?(?:on|in) the team\b",
    _I,
)


# "I've bumped the budget to £15,000", "Bumping the target to £750": the value it stands at
# now, as a value of the user's
_VALUE_CHANGED = re.compile(
    r"(?:\bI(?:'ve| have)? |\bI(?:'m| am) |^|(?<=[.!?]\s))(?:just |now |finally )?"
    r"(?:bumped|raised|increased|upped|lowered|reduced|cut|dropped|put|"
    r"bumping|raising|increasing|upping|lowering|reducing|cutting|dropping|putting)"
    r" (?:up |down )?(?:the|my|our) (?P<what>(?:[a-z]+ )?(?:budget|"
    r"target|goal|limit|rent|offer|price|hours|savings goal|asking price|deposit|"
    r"contribution))(?: up| down)? to (?P<value>[£$€]?\d[\d,.]*k?\b(?:\s?(?:an hour|a week|a "
    r"month|a year|per \w+|hours|hrs|miles|km))?)",
    _I,
)


def _value_now(changed: re.Match[str]) -> str:
    now = f"my {changed['what'].lower()} is now {changed['value']}"
    after = changed.string[changed.end() :].lstrip()
    # ("… to £9,500 after the quote came in": why is said apart, the value stands alone)
    return now if not after or after[0] in ".,;:!?)" else f"{now}."


# "No mushrooms in it please, I can't stand them": what "them" is, named just before
_REFUSED_THEN_THEM = re.compile(
    r"\b(?:no|without|hold the|leave out the) (?P<what>[a-z]+s)\b"
    r"(?: (?:in|on) (?:it|there|them|top))?"
    r"(?:,? (?:please|pls))?[,.;!]?\s+I (?:really |just )?(?:can't stand|cannot stand|"
    r"hate|loathe|detest|can't eat|don't eat|can't have|am allergic to|'m allergic to) them\b",
    _I,
)


# "From 1 December I live in East Vancouver": a move to come, said in the present
_LIVE_FROM = re.compile(
    rf"\bfrom (?P<when>{DATE}|next (?:week|month|year|{WEEKDAY})),? I (?:live|will live|am living|"
    r"'m living) in (?P<place>[^.;!?]+)",
    _I,
)


def _moving_on(future: re.Match[str]) -> str:
    when = future["when"]
    on = "" if when.lower().startswith("next") else "on "
    return f"I'm moving to {future['place'].rstrip(', ')} {on}{when}"


# "also ditched thonny. vscode + micropico ext now": the tool left, then the one taken up
_DITCHED_FOR = re.compile(
    r"\b(?:I(?:'ve| have|'m| am)? )?(?:finally |just |also )?(?:ditched|dropped|binned|"
    r"uninstalled|got rid of|ditching|dropping) (?P<old>[\w.+-]+(?: [\w.+-]+)?)[.,;]\s+"
    # ("ok ditching micropython. platformio + arduino + gxepd2": a stack, said with "+")
    r"(?:(?P<new>[\w.+-]+(?: [\w.+&-]+){0,5}) now\b"
    r"|(?P<stack>[\w.-]+(?: \+ [\w.-]+){1,4})(?=\s*(?:[.!]|$)))",
    _I,
)


# "I'm on the platform team at Kinetica Health — we run 14 physio clinics": "we", said of
# the place just named, is that place (not the speaker: the speaker runs no clinics)
_WE_THE_PLACE = re.compile(
    r"\bI(?:'m| am| [a-z]+)\b[^.!?\n—–]{0,60}?\b(?:at|for) "
    r"(?P<place>(?-i:[A-Z])[\w&'’-]*(?: (?:of |& )?(?-i:[A-Z])[\w&'’-]*){0,3})"
    r"(?P<gap>\s*(?:[—–-]+|,)\s*)"
    # ("we build inventory software": what the team makes, said well as the team's)
    r"(?P<we>we(?: (?P<verb>run|have|serve|cover|employ|operate|own|manage)|(?P<are>'re| are)))\b",
    _I,
)
_ITS_FORM = {"have": "has"}


def _the_place_does(said: re.Match[str]) -> str:
    place, verb = said["place"], said["verb"]
    does = "is" if said["are"] else _ITS_FORM.get(verb.lower(), verb.lower() + "s")
    # (a sentence of its own: what the place does is no part of the speaker's job)
    return said[0][: said.start("gap") - said.start()] + f". {place} {does}"


def _turns(turning: re.Match[str]) -> str:
    if turning["who"].split()[0] in ("I", "I'm"):
        return turning[0]
    return f"{turning['who']} turns {turning['age']}"


def _any(*cues: str) -> Callable[[str], bool]:
    return lambda low: any(cue in low for cue in cues)


def _both(first: Callable[[str], bool], second: Callable[[str], bool]) -> Callable[[str], bool]:
    return lambda low: first(low) and second(low)


_Replacement = str | Callable[[re.Match[str]], str]
# Each rewrite, in the order it is made: when the message (in lower case) holds one of its
# cues (most messages hold none, and a cue costs less than a search), the pattern, and what
# it is put as.
_REWRITES: tuple[tuple[Callable[[str], bool], re.Pattern[str], _Replacement], ...] = (
    (
        _both(_any("the "), _any(*_QUALIFICATIONS)),
        _THE_QUALIFICATION,
        lambda held: held[0][: -len("the ")] + "a ",
    ),
    (_any(" in it", " in them"), _CONDITION_IN_IT, r"\g<condition>"),
    (_any("full name"), _FULL_NAME, _full_name),
    (_any(" of it"), _CONDITION_OF_IT, _condition_of_the_part),
    (_any("i have"), _HOW_MANY_PETS, _pets_named),
    (_any(" say"), _HOW_YOU_SAY, _the_word_meant),
    (_any(" to "), _VALUE_CHANGED, _value_now),
    (
        _any("ditch", "dropped", "dropping", "binned", "got rid"),
        _DITCHED_FOR,
        lambda left: f"I switched from {left['old']} to {left['new'] or left['stack']}",
    ),
    (_any(" up ", "went and"), _ENDED_UP, lambda ended: f"I {_DONE[ended['doing'].lower()]}"),
    (_any("s due"), _SHES_DUE, r"\g<who> is due"),
    (_any(" turning "), _IS_TURNING, _turns),
    (_any("anywhere"), _NONE_ANYWHERE, r"no \g<thing> anywhere please"),
    (
        _any(" rent", " mortgage"),
        _FIGURE_THEN_RENT,
        lambda paid: f"my {paid['what'].lower()} is {paid['money']} a {paid['per']}",
    ),
    (_both(_any("moved"), _any(" now")), _MOVED_THEN_WHERE, r"I moved to \g<place>"),
    (_any(" here"), _ROLE_HERE, _role_here),
    (_any(" at ", " for "), _WEDDING_PART, "I'm the "),
    (_any("going to", "gonna"), _DIET_FROM_NOW, r"I'm \g<diet> now"),
    (
        _both(_any("home"), _any("wfh", "from home")),
        _DAYS_AT_HOME,
        lambda home: f"I work from home on {home['days'] or home['after']}",
    ),
    (_any("confirmed"), _CONFIRMED_FOR, r"the \g<what> is confirmed for "),
    (_any("which is"), _BIRTHDAY_WHICH_IS, r"my \g<day>\g<aside>. My \g<day> is \g<date>"),
    (_any("cap "), _CAP_AT, "our budget is "),
    (_any("freelance"), _I_FREELANCE, "I work freelance "),
    (
        _any("freelance"),
        _I_DO_FREELANCE,
        lambda done: f"I work freelance doing {done['before'] or done['after']}",
    ),
    (_any(" the team"), _WE_ARE_HOW_MANY, r"my team is \g<n> people"),
    (_any("new "), _NEW_VALUE, r"my \g<what> \g<verb> now "),
    (_both(_any(" we "), _any(" at ", " for ")), _WE_THE_PLACE, _the_place_does),
    (_both(_any("from "), _any(" live")), _LIVE_FROM, _moving_on),
    (
        _any(" them"),
        _REFUSED_THEN_THEM,
        lambda refused: refused[0][: -len("them")] + refused["what"].lower(),
    ),
)


def put_plainly(message: str, low: str) -> str:
    """``message`` (``low`` is it in lower case) with each word the rules would misread put
    plainly (see the module docstring)."""
    said = message
    for cue, pattern, replacement in _REWRITES:
        if cue(low):
            said = pattern.sub(replacement, said)
    return said
