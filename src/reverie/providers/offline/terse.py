"""Terse chat: the subject a speaker leaves out.

People texting drop the "I": "got offered an apprenticeship", "gave notice to
marisol", "line cook 6 yrs at sauce & ember". :func:`with_subjects` gives such
clauses their "I" back, but only where the speaker is the one talking about
themselves: not after someone else was the subject ("dad had a fall. broke his
hip" is about dad), not in a message about him or her, and not in program
output. News said object first ("deposit paid 5k", "photographer lumen and co
booked") and experience said as years ("5 yrs of react", "ten years a tree surgeon"), a
birthday ("27 today"), the days worked ("Monday to Thursday, Fridays off") and the shifts
("nights at the sorting office") get their "I" too.
A name signed at the start ("This is Lukas, dad of three") is :mod:`.introductions`'; a
joke taken back, :mod:`.jokes`.
"""

from __future__ import annotations

import re

from reverie.providers.offline.dropped_subjects import with_dropped_subject
from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.frame_words import DATE, JOB, KIN_ADJ, MONTH, RELATION
from reverie.providers.offline.predicates import DOSE
from reverie.providers.offline.vocabulary import (
    EVENT_VERBS,
    alternation,
    is_name,
)

__all__ = ["got_the_job", "indefinite_article", "with_subjects"]

_I = re.IGNORECASE

# A verb that only a speaker's own news starts with ("booked flights", "got offered …"),
# not an imperative ("use postgres"), typed in lower case ("Found 2 errors in 1 file" is
# program output). Not "left hand"; "married to Sofie" and "retired" say what someone
# is, which the statements read without an "I" already.
_NEWS_VERBS = alternation(
    tuple(verb for verb in EVENT_VERBS if verb not in ("left", "married", "retired"))
)
_IMPLIED_I = re.compile(
    rf"^(?=(?:{_NEWS_VERBS}|have|live|want|went with|settled on|opted for|ended up with|"
    # "fly out 15th dec": a journey of one's own on a day
    r"fly (?:out|back|home)(?= (?:on )?(?:the )?\d)|"
    r"prefer|own|hate|enjoy)\s+[a-z0-9]"
    # "work 12h shifts 4 on 4 off", "work nights at the depot"
    r"|work (?:\d|nights|days|weekends|from|at|in|as|for|part|full|shifts))(?!(?:got|have) to\b)"
    r"(?!\w+ (?:has|have|is|was|were|been)\b)(?!(?:hate|enjoy) (?:it|that|this|them)\b)"
)
_IMPLIED_I_AM = re.compile(
    r"^(?=(?:moving|leaving|heading|flying) (?:to|back|home|out|abroad)\b"
    # "moving flat 1 feb", "moving in 1st nov", "turning 40 next month"
    r"|moving (?:flat|house|in|out) (?:on |in |at )?(?:the )?\d|turning \d\d\b"
    r"|(?:going|sticking|staying|switching) (?:with|to) [a-z0-9]"  # "going with polars for …"
    # "staying on nights", "keeping apple maps on ios", "registering Merienda by Mari"
    r"|staying on [a-z]|keeping [a-z]|registering [A-Za-z]|using [a-z0-9]"
    # "planning to start the bootcamp in september", "going to apply in january"
    r"|(?:planning|going) to [a-z]+ [a-z0-9]"
    # "doing 5/3/1 bbb 4 days", "training for a marathon": a programme of one's own
    r"|doing \d|training for [a-z0-9]"
    # "training 3 mornings a week now": a habit, how often
    r"|(?:training|swimming|running|cycling|climbing|lifting) \d+ (?:mornings|evenings|days|nights|"
    r"times) a week\b"
    # "due 3rd march now": a baby, said by whoever carries it
    rf"|(?i:due (?:on |in )?(?:the )?(?:{DATE}|\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{MONTH})))"
)
_DUE = re.compile(r"due\b", _I)
# "nights at the sorting office again this wk": the shifts worked, and where
_SHIFTS_AT = re.compile(
    r"^(?:on )?(?P<shift>nights|night shifts|earlies|lates|double shifts) (?P<at>at|in) "
    r"(?P<where>(?:the )?[a-z][\w&' -]{2,40}?)(?: again)?(?: this (?:wk|week|month))?[.!]*$",
    _I,
)
# "Monday to Thursday, Fridays off": the days worked, said beside the job
_WEEKDAY_WORD = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_DAYS_WORKED = re.compile(
    rf"^(?P<span>{_WEEKDAY_WORD} to {_WEEKDAY_WORD}),? (?:with |and )?"
    rf"(?P<off>{_WEEKDAY_WORD}s?|weekends) off[.!]*$",
    _I,
)
# "27 today", "im 40 today!!": a birthday, said the day it is
_AGE_TODAY = re.compile(
    r"^(?:(?:i'm|im|i am|turned|just turned) )?(?P<age>1[3-9]|[2-9]\d) today\b", _I
)
# "28 on sunday, treating myself to a proper soldering iron": the age turned, and the day
_AGE_ON_DAY = re.compile(
    rf"^(?P<age>1[3-9]|[2-9]\d) on (?P<day>{_WEEKDAY_WORD}|the \d{{1,2}}(?:st|nd|rd|th))\b",
    _I,
)
# Money or a payment in the same message: what is due there is a bill.
_BILLED = re.compile(
    r"[£$€]|\d{3,}|\b(?:invoice|bill|payment|paid|pay|fee|rent|deposit|tax|days|net \d+)\b", _I
)
# "photographer lumen and co 4200 booked.", "deposit paid 5k": what the speaker did, said
# object first.
# Not "the card signed by everyone", nor "theory test is booked for 3 April" (an
# appointment, see with_owner), nor a bare "van booked." that says too little, nor a
# "venue double booked" that befell someone.
_HAS_ALREADY = re.compile(r"['’]s (?:already|just|finally|also|now|actually|even)$", re.I)
_DONE_LAST = re.compile(
    r"^(?:(?:yep|yes|yeah|ok|okay|so|and|also|oh|ah)[,!]? )*"
    r"(?!(?:it|that|this|he|she|they|we|you|i|everything|all|nothing|one|which|yep|yes|ok)\b)"
    # ("because you just bought the car": a reason, with its own subject)
    r"(?!(?:because|cos|cause|since|when|if|as|after|before|until|though|although)\b)"
    r"(?P<what>(?:(?!(?:is|was|are|were|been|has|have|my|me|his|her|him|our|us|their|them|"
    r"your)\b)[a-z][\w&'-]*)(?: (?!(?:is|was|are|were|been|has|have|my|me|his|her|him|our|us|"
    r"their|them|your|you|u|i|we|he|she|they)\b)[\w&'-]+){0,5}?) "
    r"(?P<verb>booked|paid|ordered|bought|signed|submitted|"
    r"sent off|confirmed|renewed|cancelled|canceled)"
    r"(?<!fully booked)(?<!fully paid)(?<!double booked)"
    # ("the extension paid for itself": an idiom, not a payment)
    # ("dvsa cancelled my test": the one who did it is named, and it is not the speaker)
    rf"(?P<rest>(?: (?!by\b|my\b|me\b|our\b|us\b|for (?:the )?{DATE}|{DATE}|"
    r"for (?:it|them|him|her)sel(?:f|ves)\b)"
    # ("marcus ordered the mushrooms": an object after the verb makes the word before it a
    # subject)
    r"(?!(?:the|a|an|some|two|three|four|five|\d+|another|his|her|their|its|those|these)\b)"
    r"[^,.;!?]+)?)[.!]?$",
    _I,
)
# "5 yrs of react", "10 years in finance": experience, said without "I have".
_EXPERIENCE = re.compile(
    r"^(?=(?:\d+|a few|many|several|two|three|four|five|six|seven|eight|nine|ten|twenty)\+? "
    r"(?:yrs?|years) (?:of|in|as|doing) (?!my\b|your\b|our\b|that\b|this\b|the\b)[a-z])",
    _I,
)
# "folic acid 5mg on Mondays and hydroxychloroquine 200mg a day": what the speaker takes,
# said without "I take" (each medicine named before its dose).
_DOSED = re.compile(
    rf"^(?!(?:the|a|an|my|his|her|their|our|your|no|not|max|maybe|about|up to)\b)"
    # how often, which makes it a regime and not a pill taken once
    rf"(?:[a-z][\w-]* ){{1,2}}{DOSE} (?:once|twice|a|per|every|daily|weekly|at|on)\b[^,;]*"
    rf"(?:,? and (?:[a-z][\w-]* ){{1,2}}{DOSE}[^,;]*)*[.!]?$",
    _I,
)
# "ten years vegan", "6 yrs sober": a way of life and how long, said without "I've been".
_YEARS_AS = re.compile(
    r"^(?P<n>\d+|a few|many|two|three|four|five|six|seven|eight|nine|ten|twenty)\+? "
    r"(?:yrs?|years) (?P<what>vegan|vegetarian|veggie|pescatarian|sober|teetotal|married|"
    r"together|smoke-free|clean)\b(?=\s*(?:$|[,.;!]| and\b| but\b| now\b))",
    _I,
)
# "ten years a tree surgeon and ash dieback still gets me": how long in a job, said first
_YEARS_A_JOB = re.compile(
    r"^(?P<n>\d+|a few|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|"
    r"twenty|thirty)\+? "
    rf"(?:yrs?|years) (?:as )?(?:an? )(?P<job>(?:[a-z-]+ )?{JOB})(?=\s*(?:$|[,.;!]| and\b| but\b))",
    _I,
)
# "I got the job!!! Quality Engineer.": the news, then the title of the job
_GOT_THE_JOB = re.compile(
    r"^I (?:got|landed|was offered|accepted) the (?:job|role|offer)[.!]*$", _I
)
# ("Quality Engineer.", "Sound engineer!": a job's title, capital first)


def got_the_job(clauses: list[str]) -> bool:
    """Whether a message said only "I got the job!" (its details may follow in the next)."""
    return len(clauses) == 1 and _GOT_THE_JOB.match(clauses[0]) is not None


_TITLED_ROLE = re.compile(
    rf"^(?P<role>(?:[A-Z][a-z]+ ){{0,2}}(?=[A-Z])(?i:{JOB})|[A-Z][a-z]+ (?:[a-z]+ )?(?:{JOB}))"
    # ("Accounts assistant, 3 days a week, start 10 November.": the terms may follow)
    r"(?:[.!]*$|,\s)"
)
# "BBC Scotland!", "Kelpline.": an employer named alone, between the news and the job
_EMPLOYER_ALONE = re.compile(r"^(?P<who>[A-Z][\w&-]*(?: (?:[A-Z][\w&-]*|\d+)){0,3})[.!]*$")
_CALLED = re.compile(r"^(?P<who>[A-Z][\w&-]+(?: [A-Z][\w&-]+)?) (?:called|rang|phoned|emailed)\b")
# "update: booked flights to osaka": a label before terse news.
_LABEL = re.compile(r"^(?:decision|decided|update|plan|news|change of plan)\s*:\s*", _I)
# "line cook 6 yrs at sauce & ember", "maths teacher at cotswold edge academy": a job
# said without "I'm a", where it is done.
_IMPLIED_ROLE = re.compile(
    # Where or how long: "a dev." alone says too little; "icu nurse" says which kind.
    # ("been a plumber 15 years" has its verb: the clause rules read it.)
    r"^(?!(?:been|was|were|is|are|be|being|became|become|not|never|no)\b)"
    r"(?=.* (?:at|for|in|yrs?|years?)\b"
    r"|(?!(?:great|good|bad|terrible|new|old|best|worst|awful|amazing|lovely|nice|horrible|"
    r"useless|crap|shit|rubbish|real|proper|fake|future|former|ex|free|cheap|private|local|"
    # ("yes nurse", "ok doctor": said to someone, teasing)
    r"yes|yeah|yep|ok|okay|sure|thanks|thank|no|hi|hey|bye|right|dear|"
    # ("pairwise is cleaner": a comparison, its verb before the word)
    rf"a|an|the|my|his|her|their|our|your|this|that|such)\b)(?:(?!(?:is|are|was|were|looks|"
    rf"seems|gets)\b)(?:[a-z-]+|[A-Z]{{2,5}}) ){{1,2}}{JOB}[.!]?$)"
    # lower-case words or an acronym before the job ("ICU nurse"), never "the" or "my"
    rf"(?P<article>an? )?(?!(?:the|my|his|her|their|our|your|this|that) )"
    # ("asked my manager for fewer shifts": something done, to someone with a job)
    r"(?:(?!(?:the|my|his|her|their|our|your|this|that)\b)(?:[a-z-]+(?<!ed)|[A-Z]{2,5}) ){0,2}"
    rf"{JOB}"
    # "sre at trackly, parcel tracking": what the place is may follow
    r"(?: \d+ (?:yrs?|years?))?(?: (?:at|for|in) [^,.;!?]+(?:, [a-z][^,.;!?]*)?)?[.!]?$"
)
# "currently hotel receptionist": "currently" says it is the speaker's job now.
_CURRENT_ROLE = re.compile(
    rf"^(?P<when>currently|now|still) (?P<article>an? )?(?:[a-z-]+ ){{0,2}}{JOB}[.!]?$", _I
)
# "full time route setter at crux collective": hours and a workplace make any word a job
_HOURS_ROLE = re.compile(
    r"^(?P<hours>full|part)[- ]time (?P<what>(?:(?!(?:the|my|at|for|with)\b)[a-z-]+ ){1,3}"
    r"(?:at|for|with) \S.*)$",
    _I,
)
_I_SUBJECT = re.compile(r"^(?:i|i'm|i've|i'll|i'd)\b", _I)
# "dad had a fall", "my sister …", "Ana is …", "u'll be great": someone else is the subject
# now.
_OTHER_SUBJECT = re.compile(
    # "my news is boring. got the head of PE job": the speaker's own thing keeps them talking
    rf"^(?:(?:my|our) (?:{KIN_ADJ}(?:{RELATION})\b|friends?\b)"
    r"|(?:he|she|they|it|we|you|u|ur|this|that|there|his|her|their|the|a|an)\b)"
    r"|^(?-i:[A-Z])|^(?:mum|mom|dad|(?!name's)\w+'s)\b"
    # "dev got the promotion!!! site supervisor": someone's news, named in lower case
    r"|^(?!(?:just|finally|also|then|so|and|but|still|already|only|literally|actually|really|"
    r"ok|okay|well|lol|omg|yeah|yes|no|never)\b)[a-z]{2,} (?:got|gets|landed) (?:the|a|an|his|"
    r"her|their) (?:new )?(?:job|promotion|role|place|offer|contract)\b",
    _I,
)


# "finished school last year, works at the supermarket. her name's Mia": about her.
_SOMEONE_ELSE = re.compile(r"\b(?:he|she|his|him|her|hers|hes|shes|he's|she's)\b", _I)


_NAMED_SUBJECT = re.compile(
    r"^(?P<who>(?-i:[A-ZÀ-Þ])[a-zà-ÿ-]+)(?:'s|’s| (?:is|has|was|had|just|finally|also|"
    r"\w+ed|\w+s)\b)"
)


# "did she start the nursing thing", "how's your mum getting on?": a question about
# someone else, whose answer drops their subject, not the speaker's.
_ASKS_ABOUT_SOMEONE = re.compile(
    r"(?:^|[.!?]\s+)(?:so |and |wait |oh )?(?:did|does|has|is|was|will|can|could"
    r"|how(?:'s| is| was| did)|what(?:'s| is| did)|when(?:'s| is| does| did)"
    r"|where(?:'s| is| does| did))\s+"
    r"(?:she|he|they|your (?:mum|mom|dad|sister|brother|wife|husband|partner|gf|bf|girlfriend|"
    r"boyfriend|son|daughter|kids?|nan|gran|grandma|grandad|friend|boss))\b",
    _I,
)


# Job acronyms typed in lower case ("sre at trackly").
_ACRONYMS = frozenset(("sre", "swe", "sde", "qa", "pm", "ux", "ui", "hr", "gp", "ml", "icu", "hca"))


def indefinite_article(phrase: str) -> str:
    """ "a " or "an " before ``phrase``, by its sound: "an SRE", "a UX researcher".

    Nothing before a phrase that has its own: "(the social worker)" stays "the social worker".
    """
    word = phrase.split()[0] if phrase.split() else ""
    if word.lower() in ("a", "an", "the", "my", "our", "his", "her", "their", "your"):
        return ""
    acronym = word.isupper() or word.lower() in _ACRONYMS or not re.search(r"[aeiouy]", word, _I)
    if acronym:  # said letter by letter
        return "an " if word[:1].lower() in "aefhilmnorsx" else "a "
    return "an " if word[:1].lower() in "aeiou" else "a "


def _billed(clauses: list[str]) -> bool:
    """ "1850. 30 days. due 28 sep.": money in the message, so what is due is a bill."""
    return any(_BILLED.search(clause) for clause in clauses)


def with_subjects(clauses: list[str], *, asked: str = "") -> list[str]:
    """ "booked flights to osaka" → "I booked flights to osaka": terse news about oneself.

    Args:
        clauses: The clauses of one message.
        asked: What the other side said just before, when this message answers
            it: the answer to "did she start the nursing thing" is about her.
    """
    restored: list[str] = []
    # A message about him or her may drop their subject as well as the speaker's.
    mine = not any(_SOMEONE_ELSE.search(clause) for clause in clauses) and not (
        _ASKS_ABOUT_SOMEONE.search(asked)
    )
    employer_said: str | None = None
    named_before = False  # the clause before had someone else by name as its subject
    for clause in clauses:
        unlabelled = _LABEL.sub("", clause)
        # "Stuart's taken up road cycling. Bought a £2,000 bike …": he bought it
        after_named = named_before
        named = _NAMED_SUBJECT.match(clause)
        named_before = (
            named is not None
            and named["who"] != "I"
            and is_name(named["who"])
            and not is_everyday_word(named["who"])
        )
        if after_named:
            given = with_dropped_subject(unlabelled)
            if given != unlabelled and given.startswith(("I ", "I'm ")):
                restored.append("")
                continue
        if (
            restored
            and _GOT_THE_JOB.match(restored[-1])
            and (named := _EMPLOYER_ALONE.match(clause)) is not None
            and _TITLED_ROLE.match(clause) is None
            and is_name(named["who"].split()[0])
        ):
            # "I GOT THE JOB! BBC Scotland!! Sound engineer!!": who offered it, said first
            employer_said = named["who"]
            continue
        if (
            restored
            and _GOT_THE_JOB.match(restored[-1])
            and (titled := _TITLED_ROLE.match(clause)) is not None
        ):
            # "I got the job!!! Quality Engineer.": the job got, named after the news
            role = titled["role"]
            if not role.split()[-1][:1].isupper():
                role = role.lower()  # "Sound engineer!": the capital only opened the sentence
            got = restored[-1].rstrip("!. ")
            # ("Kelpline called this morning. I got the job!!!": who offered it)
            callers = (_CALLED.match(said) for said in restored[:-1])
            employer = employer_said or next(
                (c["who"] for c in callers if c and is_name(c["who"])), None
            )
            at = f" at {employer}" if employer else ""
            restored[-1] = f"{got}{at} as {indefinite_article(role)}{role}"
            restored.append("")
            continue
        if (
            (done := _DONE_LAST.match(unlabelled)) is not None
            and (done["rest"] or " " in done["what"])
            and not done["what"].endswith(("'s", "’s"))  # "dean's booked a table": he has
            # ("Sam's already bought a tiny kit": Sam has)
            and _HAS_ALREADY.search(done["what"]) is None
        ):
            what, verb = done["what"], done["verb"].lower()
            clause = f"I {verb} {what}{done['rest']}" if mine else ""
        elif (start := _START_ON.match(unlabelled)) is not None and any(
            _JOB_SAID.search(said) for said in clauses if said is not clause
        ):
            # "they offered early. junior dev at brightfold. start 16 feb": the job's first day
            said_i = _I_SUBJECT.match(unlabelled) is not None  # "I start on 5th january"
            mine = mine or said_i
            clause = f"I start the job on {start['day']}" if mine else ""
        elif (shifts := _SHIFTS_AT.match(unlabelled)) is not None:
            worked_at = f"{shifts['shift'].lower()} {shifts['at'].lower()} {shifts['where']}"
            clause = f"I work {worked_at}" if mine else ""
        elif (worked := _DAYS_WORKED.match(unlabelled)) is not None:
            clause = f"I work {worked['span']}, with {worked['off']} off" if mine else ""
        elif (aged := _AGE_TODAY.match(unlabelled)) is not None:
            clause = f"I turned {aged['age']} today" if mine else ""
        elif (turning := _AGE_ON_DAY.match(unlabelled)) is not None:
            rest = unlabelled[turning.end() :].split(",")[0].rstrip(".!")
            said = f"I turn {turning['age']} on {turning['day'].lower()}{rest}"
            clause = said if mine else ""
        elif _DOSED.match(unlabelled):
            clause = f"I take {unlabelled}" if mine else ""
        elif _EXPERIENCE.match(unlabelled):
            clause = f"I have {unlabelled}" if mine else ""
        elif (job_years := _YEARS_A_JOB.match(unlabelled)) is not None:
            job = job_years["job"].lower()
            been = f"I've been {indefinite_article(job)}{job} for {job_years['n'].lower()} years"
            clause = been if mine else ""
        elif (years := _YEARS_AS.match(unlabelled)) is not None:
            been = f"I've been {years['what'].lower()} for {years['n'].lower()} years"
            clause = been if mine else ""
        elif _IMPLIED_I.match(unlabelled) or (
            _IMPLIED_I_AM.match(unlabelled) and not (_DUE.match(unlabelled) and _billed(clauses))
        ):
            # Someone else's news, unnamed ("my sister moved. bought a flat"): not kept.
            am = _IMPLIED_I_AM.match(unlabelled) is not None
            clause = ("I'm " if am else "I ") + unlabelled if mine else ""
        elif (current := _CURRENT_ROLE.match(clause)) is not None:
            rest = clause[current.end("when") :].strip()
            article = "" if current["article"] else indefinite_article(rest)
            clause = f"I'm {current['when'].lower()} {article}{rest}" if mine else ""
        elif (hours := _HOURS_ROLE.match(clause)) is not None:
            said = f"{hours['hours'].lower()}-time {hours['what']}"
            clause = f"I'm a {said}" if mine else ""
        elif (role := _IMPLIED_ROLE.match(clause)) is not None:
            article = "" if role["article"] else indefinite_article(clause)
            clause = f"I'm {article}{clause}" if mine else ""
        elif _I_SUBJECT.match(clause):
            mine = True
        elif (
            _OTHER_SUBJECT.match(clause)
            and not _THEY_OFFERED.match(clause)
            and not _MY_OWN_THING.match(clause)
        ):
            # ("they offered early. junior dev at brightfold": an employer's offer, the news
            # still the speaker's)
            mine = False
        restored.append(clause)
    return restored


# "this was my learn rust before 30 project. turning 30 in november": a thing of the
# speaker's own, and the speaker still the one talked of
_MY_OWN_THING = re.compile(r"^(?:this|that|it)(?:'s| is| was) my\b", _I)
_THEY_OFFERED = re.compile(r"^they (?:offered|rang|called|emailed|phoned)\b", _I)
# "start 16 feb", "starting on the 3rd of march": a first day, said alone.
# ("I start in 3 of November", beside "I got a job as healthcare assistant …")
_START_ON = re.compile(
    rf"^(?:I |I'll |I will |I'm )?(?:start|starting) (?:on )?(?P<day>(?:the )?\d{{1,2}}"
    rf"(?:st|nd|rd|th)?(?: of)? {MONTH}\b|{MONTH} \d{{1,2}}(?:st|nd|rd|th)?\b)[.!]*$",
    _I,
)
# Words of a job offered or taken, said beside that first day.
_JOB_SAID = re.compile(rf"\b(?:job|role|offered|offer|contract|position|{JOB})\b", _I)
