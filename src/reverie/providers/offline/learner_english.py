"""What a learner of English says about themselves, put the way the rules read it.

Many first languages have no articles, put the place first, repeat the subject,
make a noun of a state or say a verb as it is: "I am engineer", "in Turkey I
was pharmacist, 11 years", "My daughter she is 9", "My husband name is Minho",
"I am allergy to peanut", "I am work in a hospital", "My son go to school",
"I am since 2019 in Berlin", "I am having two kids".
:func:`as_the_rules_read` gives "I am an engineer", "I was a pharmacist for 11
years in Turkey", "My daughter is 9", "My husband's name is Minho", "I am
allergic to peanut", "I work in a hospital", "My son goes to school", "I have
been in Berlin since 2019", "I have two kids"; a sentence of any other shape is
returned as it was.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import DATE, JOB, MONTH, OWNED_THINGS, RELATION
from reverie.providers.offline.predicates import WEEKDAY
from reverie.providers.offline.vocabulary import PAST_OF, alternation

__all__ = ["as_the_rules_read"]

_I = re.IGNORECASE

# "I was pharmacist", "I'm nurse": a job named without its article
# ("I was piano teacher in Seoul": what kind of one, before the job)
_NO_ARTICLE = re.compile(
    r"\bI (?P<be>am|was|'m) "
    r"(?=(?P<job>(?:(?!(?:a|an|the|my|not|no|also|still|now|very|so|just|only|really)\b)"
    rf"[a-z]+ )?{JOB})"
    r"\b(?!['’]s))",
    _I,
)
# "quality inspector in factory in Dyce": a workplace without its article
_AT_NO_ARTICLE = re.compile(
    r"(?<=\b(?:in|at) )(?=(?:factory|hotel|warehouse|restaurant|supermarket|bakery|laboratory|"
    r"lab|call centre|call center|care home|nursing home)\b)",
    _I,
)
# "in Turkey, …": a place named first, before what the speaker did or does there
_IN_A_PLACE = r"in (?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?),? "
# "in Turkey I was a pharmacist, 11 years": the place said first
_PLACE_FIRST = re.compile(
    rf"^(?:back )?{_IN_A_PLACE}"
    r"(?P<said>I (?:was|worked|lived|studied|taught) [^,.;!?]+)(?P<rest>.*)$",
    _I,
)
# "in Ireland now I work in pharmacy in Salthill": where, said first, of how things are now
_PLACE_FIRST_NOW = re.compile(
    rf"^(?:and )?{_IN_A_PLACE}"
    r"(?:now |currently |at the moment )?(?P<said>I (?:work|live|study|teach)\b[^.;!?]*)"
    r"(?P<end>[.;!?]*)$",
    _I,
)


def _place_after(first: re.Match[str]) -> str:
    said = first["said"]
    if re.search(r"\b(?:in|at) (?-i:[A-ZÀ-Þ])", said):
        return said + first["end"]  # ("… in Salthill": a nearer place is named already)
    head, comma, tail = said.partition(",")
    return f"{head} in {first['place']}{comma}{tail}{first['end']}"


# "…, 11 years.": how long, said after a comma
_HOW_LONG = re.compile(r"^, (?P<years>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) years?")
# "My daughter she is 9": the subject said twice
_SAID_TWICE = re.compile(
    rf"^(?P<who>(?:my|our) (?:\w+ )?{RELATION}) (?:he|she) (?=(?:is|was|has|works|lives|goes|"
    r"likes|loves|studies|speaks)\b)",
    _I,
)
# "she come from Crete 10 December", "my brother comes on the 3rd of May": a visit to come,
# told in the present
_COMES_ON_A_DAY = re.compile(
    rf"^(?P<who>she|he|they|(?:my|our) (?:\w+ )?{RELATION}(?:-in-law)?(?: (?-i:[A-ZÀ-Þ])\w+)?"
    r"|(?-i:[A-ZÀ-Þ])\w+) (?:come|comes) (?P<from>from (?-i:[A-ZÀ-Þ])[\w-]+ )?(?:on )?"
    r"(?=(?:the )?\d{1,2}(?:st|nd|rd|th)? "
    rf"(?:of )?{MONTH}\b)",
    _I,
)
# "My husband name is Minho", "my husband salary is postdoc salary": whose, without its "'s"
_WHOSE_THING = re.compile(
    rf"\b(?P<who>(?:my|our) {RELATION}) (?P<thing>{alternation(tuple(OWNED_THINGS))}) "
    r"(?=is|was|are|has)\b",
    _I,
)
# "I am allergy to peanut", "she has allergy to egg", "I have allergy with shrimp"
_ALLERGY = re.compile(
    r"\b(?P<be>am|is|are|'m|'s) allergy (?:to|with|of|for)\b"
    r"|\b(?P<has>has|have) (?:an )?allergy (?:to|(?:with|of|for)(?! (?:the|this|that|it)\b))\b",
    _I,
)
# "I am work in a hospital": the "am" of a present said twice
_AM_AND_VERB = re.compile(r"^I am (?=(?:work|live|study|speak|teach|drive)\b)", _I)
# "I am come from Shenzhen", "I come from Busan": where one is from
_COME_FROM = re.compile(r"^I (?:am )?come from (?=(?-i:[A-ZÀ-Þ]))", _I)
# "I working in warehouse": the "am" left out
_NO_AM = re.compile(r"^I (?=(?:working|living|studying|staying|renting|learning|teaching)\b)", _I)
# "My son go to school in Ealing": the "-s" of he or she left out
_NO_S = re.compile(
    rf"^(?P<who>(?:my|our) (?:\w+ )?{RELATION}(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?) "
    r"(?P<verb>go|work|live|study|like|love|speak|play|have|teach|drive|say|think|want)\b",
    _I,
)
# "Before in Indonesia I am kindergarten teacher": what one was, said in the present
_BEFORE_I_AM = re.compile(
    r"^before,? (?P<where>in (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?,? )?I am\b",
    _I,
)
# "My passport expire January 2027": a document's date, the "-s" left out
_EXPIRE_NO_S = re.compile(
    r"^(?P<what>(?:my|our) (?:\w+ )?(?:passport|visa|licen[cs]e|card|permit|contract|lease|"
    r"insurance|tenancy|membership|registration|warranty)) (?:expire|finish|end)\b",
    _I,
)
_WITH_S = {"go": "goes", "study": "studies", "have": "has"}
# "I am since 2019 in Berlin", "Since 3 years I live in Lyon": since when, said first
_AM_SINCE = re.compile(
    r"^I am since (?P<when>[\w ]{2,20}?) in (?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)(?P<rest>.*)$", _I
)
_SINCE_FIRST = re.compile(
    r"^since (?P<when>[\w ]{2,20}?),? I (?P<said>(?:live|work|study|teach) [^,.;!?]+)(?P<rest>.*)$",
    _I,
)
# "I start in 3 of November", "Is in 29 of November": a day of the month, "in" for "on"
_IN_A_DAY = re.compile(rf"\bin (?P<day>\d{{1,2}}(?:st|nd|rd|th)?) of (?P<month>{MONTH})\b", _I)
# "I am having two kids": a family had, not a meal
_AM_HAVING = re.compile(
    r"^I am having (?=(?:a|an|one|two|three|four|five|\d+) (?:kids?|children|sons?|daughters?|"
    r"brothers?|sisters?|dogs?|cats?)\b)",
    _I,
)

# "Saturday he goes to Hungarian school": the day said first
# ("So on Wednesdays I'm offline from 2:45": anyone may say it so)
_DAY_FIRST = re.compile(
    r"^(?:(?:also|and|so|but)[,]? )?(?:on )?"
    # ("Mondays and Fridays I'm at home": two days, or three)
    rf"(?P<day>{WEEKDAY}s?(?:(?:,| and| &|, and) {WEEKDAY}s?){{0,2}}),? "
    r"(?P<said>(?:he|she|I|we|they|I'm|I am|we're|he's|she's) "
    r"(?!(?:will|would|can|could|might|was|were|had)\b)[^,.;!?]+)"
    r"(?P<rest>.*)$",
    _I,
)
# "from next week my school pickup day moves from Tuesdays to Wednesdays", "From 2 February I
# work Monday to Friday, 7 until 3": from when, first
_FROM_WHEN_FIRST = re.compile(
    r"^(?:(?:also|and|so|but|oh)[,]? )*(?P<when>(?:from|starting|as of) (?:next (?:week|month|"
    rf"term|year)|{DATE})),? (?P<said>(?:I|I'm|I am|my [\w-]+(?: [\w-]+){{0,2}}) "
    r"(?!(?:will|would|can|could|might|was|were|had)\b)[^.;!?]+?)(?P<end>[.!]?)$",
    _I,
)

# "When I go to college: Monday and Wednesday evening, 6 until 9": what one does, then when
_WHEN_I_DO = re.compile(
    r"^When I (?P<does>(?:go to|have|train|work at|study at|teach at|volunteer at) [^:,.]{2,30}):"
    rf"\s*(?=(?:on |every |at |{WEEKDAY}|\d))(?P<when>.+)$",
    _I,
)


def _when_after(first: re.Match[str]) -> str:
    when = first["when"]
    return f"{first['said']} {when[:1].lower()}{when[1:]}{first['end']}"


# "I have MSc in chemistry", "I have Hungarian licence": a thing had, without its article
_HAVE_NO_ARTICLE = re.compile(
    r"^I (?P<verb>have|had) (?=(?P<thing>(?:(?!(?:a|an|the|my|no|not|to|been|got|some|any|"
    r"one|two|three|this|that|it|[0-9]+)\b)[A-Za-z]+ ){0,2}?(?:MSc|BSc|MA|BA|MBA|PhD|degree|"
    r"diploma|licen[cs]e|certificate|qualification|master|masters|bachelor|car|dog|cat)\b))",
    _I,
)
# "HACCP level 3 I have from work": the thing said first
_THING_FIRST = re.compile(
    r"^(?!(?:what|that|which|all|this|everything|anything|nothing)\b)"
    r"(?P<thing>(?-i:[A-Z0-9])[\w'-]*(?: [\w'-]+){0,3}) I have"
    r"(?P<rest> (?:from|since|for) [^.!?]*)?(?P<end>[.!]?)$",
    _I,
)


# "I do already the Science Café at the library": the adverb after the verb, as in many
# languages ("I already do …")
_ADVERB_AFTER = re.compile(
    r"^I (?P<verb>do|have|go|work|play|take|teach|speak|use|run|organise|organize|host) "
    r"(?P<adverb>already|also|still|often|usually|always|sometimes|never) "
    r"(?=(?:the|a|an|my|to|in|at|some|two|three|\d)\b)",
    _I,
)

# "I have lactose intolerant": a state, said with "have" as in many languages
_HAVE_A_STATE = re.compile(
    # ("I have allergic rhinitis" names a condition: only the state alone, or "allergic to")
    r"\bI have (?=(?:(?:lactose|gluten|dairy) intolerant|diabetic|asthmatic|allergic|"
    r"colou?r ?blind|vegetarian|vegan)(?:\s*(?:[,.;!?]|$)|\s+(?:to|and|so|but)\b))",
    _I,
)
# "please every time correct my mistakes": how often, said before the verb
_PLEASE_EVERY_TIME = re.compile(r"^(?P<please>please|pls|plz) (?:every|each) time (?=[a-z]+ )", _I)
# "please correct my mistakes like this": as was just done, which every answer should do
_LIKE_THIS = re.compile(
    r"\b(?P<asked>(?:correct|fix) (?:me|my (?:\w+ )?(?:mistakes|errors|grammar|english)))"
    r" like (?:this|that)\b",
    _I,
)


# "I do the full practice test from the website yesterday": the present said of a day gone
_SAID_OF_A_DAY_GONE = (
    "do",
    "go",
    "take",
    "make",
    "get",
    "see",
    "meet",
    "buy",
    "write",
    "send",
    "pay",
    "eat",
    "speak",
    "finish",
    "start",
    "visit",
    "watch",
    "call",
    "record",
    "practise",
    "practice",
    "try",
    "pass",
)
_PRESENT_OF_A_DAY_GONE = re.compile(
    # (the day gone close after the verb: "I take the bus, the car broke last year" is no past)
    rf"^I (?P<verb>{'|'.join(_SAID_OF_A_DAY_GONE)}) (?=(?:[^\s.!?(),;]+ ){{0,8}}(?:yesterday|last "
    r"(?:night|week|weekend|month|year)|\w+ days ago)\b)",
    _I,
)


def _was_before(was: re.Match[str]) -> str:
    where = (was["where"] or "").strip(", ")
    return f"{where[:1].upper()}{where[1:]} I was" if where else "I was"


# "I do 24 hour a week", "I am married with Irish man": a learner's singular, a learner's "with"
_HOUR_NO_S = re.compile(
    r"\b(?P<n>(?!1\b)\d+(?:\.\d+)?) (?P<unit>hour|day|shift)(?= (?:a|per|every) )", _I
)
# "is stamp 4 not 1G!": a learner's "it's", left out before a value put right
_IT_LEFT_OUT = re.compile(r"^is (?=[^?]*\bnot\b[^?]*$)", _I)
_MARRIED_WITH = re.compile(
    r"\bmarried with (?P<article>an? )?"
    r"(?=(?P<kind>[a-z]+ )?(?:man|woman|guy|girl)\b|(?P<name>(?-i:[A-ZÀ-Þ]))[\wÀ-ÿ'-]+\b)",
    _I,
)


def _married_to(said: re.Match[str]) -> str:
    if said["article"] or said["name"]:
        return f"married to {said['article'] or ''}"  # "married with a Scot", "… with Tomas"
    first = (said["kind"] or "man")[:1].lower()
    return f"married to {'an' if first in 'aeiou' else 'a'} "


def as_the_rules_read(sentence: str) -> str:
    """``sentence`` with a learner's article or word order put as the rules read it."""
    sentence = _IT_LEFT_OUT.sub("it's ", sentence)
    sentence = _MARRIED_WITH.sub(_married_to, _HOUR_NO_S.sub(r"\g<n> \g<unit>s", sentence))
    sentence = _BEFORE_I_AM.sub(_was_before, sentence)
    sentence = _PRESENT_OF_A_DAY_GONE.sub(
        lambda gone: f"I {PAST_OF[gone['verb'].lower()]} ", sentence
    )
    said = _NO_ARTICLE.sub(_with_article, sentence)
    if said != sentence:
        said = _AT_NO_ARTICLE.sub("a ", said)
    said = _SAID_TWICE.sub(r"\g<who> ", said)
    said = _ADVERB_AFTER.sub(r"I \g<adverb> \g<verb> ", said)
    said = _LIKE_THIS.sub(r"\g<asked>", _PLEASE_EVERY_TIME.sub(r"\g<please> always ", said))
    said = _HAVE_A_STATE.sub("I am ", said)
    said = _COMES_ON_A_DAY.sub(_coming, _IN_A_DAY.sub(r"on \g<day> \g<month>", said))
    said = _WHOSE_THING.sub(r"\g<who>'s \g<thing> ", said)
    said = _ALLERGY.sub(_allergic, said)
    said = _NO_AM.sub("I am ", _AM_AND_VERB.sub("I ", _COME_FROM.sub("I am from ", said)))
    said = _NO_S.sub(_with_s, _AM_HAVING.sub("I have ", said))
    said = _EXPIRE_NO_S.sub(lambda date: date[0] + ("es" if date[0].endswith("sh") else "s"), said)
    said = _DAY_FIRST.sub(_day_after, _HAVE_NO_ARTICLE.sub(_had_with_article, said))
    said = _FROM_WHEN_FIRST.sub(_when_after, said)
    said = _WHEN_I_DO.sub(r"I \g<does> \g<when>", said)
    said = _THING_FIRST.sub(r"I have \g<thing>\g<rest>\g<end>", said)
    said = _AM_SINCE.sub(r"I have been in \g<place> since \g<when>\g<rest>", said)
    said = _SINCE_FIRST.sub(r"I \g<said> since \g<when>\g<rest>", said)
    first = _PLACE_FIRST.match(said)
    if first is None:
        return _PLACE_FIRST_NOW.sub(_place_after, said)
    rest = first["rest"]
    if (long := _HOW_LONG.match(rest)) is not None:
        return f"{first['said']} for {long['years']} years in {first['place']}{rest[long.end() :]}"
    return f"{first['said']} in {first['place']}{rest}"


def _coming(match: re.Match[str]) -> str:
    be = "are" if match["who"].lower() == "they" else "is"
    return f"{match['who']} {be} coming {match['from'] or ''}on "


def _with_article(match: re.Match[str]) -> str:
    article = "an" if match["job"][:1].lower() in "aeiou" else "a"
    return f"I {match['be']} {article} "


def _day_after(match: re.Match[str]) -> str:
    days = re.sub(r"\b[a-z]+days?\b", lambda day: day[0].capitalize(), match["day"].lower())
    return f"{match['said']} on {days}{match['rest']}"


def _had_with_article(match: re.Match[str]) -> str:
    first = match["thing"].split()[0]
    # ("an MSc", "an MBA": letters read out, the first said with a vowel sound)
    letters = sum(c.isupper() for c in first) >= 2
    sounds_open = first[:1].lower() in "aeiou" or (letters and first[:1] in "AEFHILMNORSX")
    return f"I {match['verb']} {'an' if sounds_open else 'a'} "


def _allergic(match: re.Match[str]) -> str:
    if match["be"]:
        return f"{match['be']} allergic to"
    return f"{match['has']} an allergy to"


def _with_s(match: re.Match[str]) -> str:
    verb = match["verb"].lower()
    return f"{match['who']} {_WITH_S.get(verb, verb + 's')}"
