"""Facts in a short answer to the other side's question: "where do you live?" — "leeds".

A reply of a few words means nothing alone; with the question before it, it
fills one slot. Only questions of a known shape count (where someone lives, is
moving to or is from, what they study, their name or a relative's, a birthday, a
pet's name, a favourite, a time zone, their height, how long they have been
something, "are you vegetarian?" answered yes or no; an age among the fragments
of an answer to "how old are you?"), and only answers that are not a dodge ("not
sure yet", "why?"). Choices made in a few words are in :mod:`.choice_frames`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.fillers import strip_fillers
from reverie.providers.offline.frame_words import (
    ANIMAL,
    DATE,
    JOB,
    MONTH,
    RELATION,
    SPEAKER_OR_LISTENER,
    TOKEN,
    FrameFact,
    bare_age,
    date_text,
    pet_line,
    recent_pet,
    relation_word,
    sentences,
    titled,
)
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS, NameLexicon
from reverie.providers.offline.terse import indefinite_article
from reverie.providers.offline.vocabulary import COMMON_WORDS, PAST_OF

__all__ = ["age_answer", "answer_frames"]

_I = re.IGNORECASE

_AFTER_QUESTION_WORDS = re.compile(r"^(?:uh+|um+|oh|well|hmm+|yeah|yep|yes|so|ah)\b[,.!\s]*", _I)
_NOT_AN_ANSWER = re.compile(
    r"^(?:no|nope|nah|not|idk|dunno|don't|i don't|no idea|depends|maybe|probably|kinda|"
    r"kind of|why|what|lol|haha|ha|hmm|same|you|ugh|both|neither|nowhere|nothing|none)\b",
    _I,
)
_ASKS_WHERE_LIVE = re.compile(
    r"\bwhere ?abouts? are you(?: (?:based|living|located|now|these days))?\?"
    r"|\bwhere (?:do|d'you|did) you (?:live|end up living)\b|\bwhere are you (?:based|living|"
    r"located|now|these days)\b|\bwhich city (?:do you live|are you (?:in|based|living))\b"
    r"|\bwhich city\?|\bwhere(?:'s| is) (?:home|\"?here\"?)",
    _I,
)
# "which city are you moving to?": where they will live, not where they do.
_ASKS_MOVING_TO = re.compile(
    r"\b(?:where|which (?:city|town|country))(?: are you|'re you| you're) (?:moving|relocating)\b",
    _I,
)
# "what's your name?", "under ur name?" (a booking, a prescription): the answer is a name.
_ASKS_NAME = re.compile(
    r"\bwhat(?:'s| is) (?:your|ur) (?:full )?name\b|\b(?:under|in) (?:your|ur) name\b"
    r"|\bwho(?:'s| is) this\b"
    # ("What name should I put in the closing line?", "what should I call you?")
    r"|\bwhat name (?:should|shall|do) I (?:put|use|sign|write)\b"
    r"|\bwhat (?:should|shall|do) I call you\b",
    _I,
)
# "oh right, I never said. Clara! Clara Brandt": a name said after a few words about it
_NAME_AFTER = re.compile(r"^(?:oh|ah|sorry|right|oops)\b[^.!?]{0,30}[.!]\s+(?P<name>[^.!?]+)[.!]?")
# "yes Priya Sharma", "Dana": a name or two, written as names.
_FULL_NAME = re.compile(
    r"(?:yes,? )?(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+){0,2}", _I
)
# "what's your partner's name?" — "Sam"
_ASKS_KIN_NAME = re.compile(
    rf"\bwhat(?:'s| is) (?:your|ur) (?P<rel>{RELATION})(?:'s|s)? name\b", _I
)
# "how long have you been running?" — "about 2 years"
_ASKS_HOW_LONG = re.compile(
    r"\bhow long have (?:you|u) been (?P<what>(?:a |an )?[a-z][\w' -]{1,40}?)\s*\?", _I
)
_POINTS_AWAY = re.compile(r"\b(?:there|here|it|this|that|together|him|her|them|waiting)\b", _I)
_DURATION = re.compile(
    r"(?:about |around |nearly |almost |over |just over |just under |roughly )?"
    r"(?:\d+(?:\.\d)?|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"a few|a couple of|a couple) (?:years?|yrs?|months?|weeks?)",
    _I,
)
_ASKS_HEIGHT = re.compile(r"\bhow tall are (?:you|u)\b", _I)
# Feet and inches or metres; a height in cm is a fragment of its own, read by :mod:`.measures`.
_HEIGHT = re.compile(r"\d['’]\s?\d{1,2}(?:\"|''|”)?|[12](?:\.\d{1,2})?\s?m", _I)
_ASKED_AFTER_OTHERS = re.compile(r"(?:,|\band)\s+where\b", _I)
_ASKS_WHERE_FROM = re.compile(
    r"\bwhere are you (?:originally )?from\b|\bwhere did you grow up\b", _I
)
_ASKS_STUDY = re.compile(
    r"\bwhat (?:do|are) you (?:study|studying)\b|\bwhat(?:'s| is) your (?:major|degree|course)\b",
    _I,
)
_ASKS_BIRTHDAY = re.compile(r"\bwhen(?:'s| is) your (?:birthday|bday)\b", _I)
_ASKS_PET_NAME = re.compile(
    rf"\bwhat(?:'s| is) (?:her|his|its|the|your (?:\w+ )?(?P<pet>{ANIMAL})'s) name\b"
    r"|\bwhat(?:'s| is) (?:she|he|it) called\b|\bwhat did you (?:call|name) (?:her|him|it)\b",
    _I,
)
_ASKS_FAVOURITE = re.compile(
    r"\bwhat(?:'s| is) your fav(?:ou?rite|e)? (?P<what>[a-z]+(?: [a-z]+)?)\s*\??$", _I
)
_ASKS_JOB = re.compile(
    r"\bwhat (?:do|d'you) you do(?: for (?:work|a living|money))?\s*\?$|\bwhat(?:'s| is) your "
    r"(?:job|day job|line of work)\b|\bwhat(?:'s| is) the new (?:job|role)\b"
    r"|\bwhat (?:kind|sort|line) of work (?:do|are) you\b"
    r"|\bwhere do you work\b",
    _I,
)
# "Q3: saw gets pinched in the cut. What do you do?", "If the alarm goes off, what do you do?":
# a quiz or a scenario, not the listener's job ("When you're not at work, what do you do?"
# asks about them).
_SCENARIO = re.compile(
    r"\bQ\d+\s*[:.)]|\bquestion \d+\b"
    r"|\b(?:if|suppose|say) [^.?!]*,\s*what (?:do|would) you do\b",
    _I,
)
# "How long have you been driving, and how old are you?": one of several questions.
# "how old are you?", "Anything else I should know — age, work schedule?"
_ASKS_AGE = re.compile(r"\bhow old are you\b|\byour age\b|\bage\?|(?:[—–:,]|\s-)\s*age\b", _I)
_ASKS_TIMEZONE = re.compile(r"\bwhat(?:'s| is)? ?(?:your )?time ?zone\b|\btime ?zone are you\b", _I)


def _described(question: str, first: str, subject: str) -> FrameFact | None:
    """ "What do you do for work?" — "helpdesk at a uni": a job said without a verb.

    Other "what's your X?" answers are read by :mod:`.topic_answers`.
    """
    said = strip_fillers(first.rstrip(".!"))
    if not said or SPEAKER_OR_LISTENER.search(said) or not 1 <= len(said.split()) <= 15:
        return None
    if _ASKS_JOB.search(question):
        return FrameFact(f"{subject}'s job: {said}.", (subject, "job"))
    return None


def age_answer(question: str, answer: str, subject: str) -> list[FrameFact]:
    """ "How long have you been driving, and how old are you?" — "jay. 22. salford.": 22.

    The age stands among the fragments of a reply to a message that asks it,
    wherever the question stands in that message.
    """
    return bare_age(answer, subject) if _ASKS_AGE.search(question) else []


def answer_frames(
    question: str, answer: str, subject: str, lexicon: NameLexicon, *, recent: Sequence[str] = ()
) -> list[FrameFact]:
    """Facts in a short ``answer`` to the other side's ``question`` ("where do you live?" "leeds").

    Args:
        question: The message just before, by the other side.
        answer: The reply, by ``subject``.
        subject: Who answered.
        lexicon: The conversation's names.
        recent: The answerer's earlier messages (for "what's her name?" about a pet).
    """
    if _SCENARIO.search(question):
        return []  # what the quiz asks is no fact of the answerer's
    asked = sentences(question)
    # "Nice! What's the new job, by the way? Job title affects the premium.": the one question
    # asked is what the reply answers, wherever it stands.
    # ("When did you get engaged?!": asked, and exclaimed)
    questions = [sentence.rstrip("!") for sentence in asked if sentence.rstrip("!").endswith("?")]
    if len(questions) == 1:
        last = questions[0]
    elif asked and asked[-1].rstrip("!").endswith("?"):
        last = asked[-1].rstrip("!")
    else:
        return []
    said_first = sentences(answer)[0] if sentences(answer) else ""
    if _ASKS_NAME.search(last) and (after := _NAME_AFTER.match(answer.strip())) is not None:
        said_first = after["name"]
    if (kin := _ASKS_IF_KIN.search(last)) is not None:
        return _kin_agreed(kin, re.split(r"[,.;!?(]", said_first, maxsplit=1)[0], subject, lexicon)
    first = _AFTER_QUESTION_WORDS.sub("", said_first)
    head = re.split(r"[,.;!?(]|\s+-\s+|\s+—\s+", first, maxsplit=1)[0].strip()
    head = strip_fillers(head)
    if (state := _ASKS_STATE.search(last)) is not None:
        return _state_answer(state["state"].lower(), sentences(answer)[:1], subject)
    if (habit := _ASKS_HABIT.search(last)) is not None:
        return _habit(habit["verb"].lower(), head, subject)
    if (when := _ASKS_WHEN.search(last)) is not None:
        return _when_answer(when, head, subject)
    if who := _who_answer(last, sentences(answer), head, subject, lexicon):
        # "boyfriend. paramedic.": what they do, said next
        said = sentences(answer)
        job = _BARE_JOB.fullmatch(said[1].strip(" .!")) if len(said) > 1 else None
        if job is not None and who[0].slot[1] != "pet":
            name = who[0].text.rstrip(".").rsplit(" is ", 1)[1]
            role = f"{indefinite_article(job[0])}{job[0].lower()}"
            who.append(FrameFact(f"{name} is {role}.", (name, "role"), durable=True))
        return who
    if not head or _NOT_AN_ANSWER.match(head):
        return []
    return _answered(last, first, head, subject, lexicon, [*recent, question])


# "Are you vegetarian?" — "yes": a state of one's life, said by agreeing or denying it.
_STATES = (
    r"vegetarian|vegan|pescatarian|veggie|teetotal|sober|married|divorced|single|engaged|"
    r"pregnant|retired|self-employed|freelance|unemployed|diabetic|coeliac|celiac|dyslexic|"
    r"autistic|left-handed|colou?r-?blind|allergic to [\w -]{2,25}?|lactose intolerant"
)
_ASKS_STATE = re.compile(
    rf"\bare (?:you|u) (?:still |currently |now )?(?P<state>{_STATES})\s*\?", _I
)
_YES = re.compile(r"^(?:yes|yeah|yep|yup|yea|i am|i'm afraid so|correct|definitely)\b", _I)
_NO = re.compile(r"^(?:no|nope|nah|not anymore|i'm not|i am not)\b", _I)


def _state_answer(state: str, reply: list[str], subject: str) -> list[FrameFact]:
    said = reply[0] if reply else ""
    if _YES.match(said) and not re.search(r"\b(?:but|not|kind of|sort of|ish)\b", said, _I):
        return [FrameFact(f"{subject} is {state}.", (subject, state))]
    if _NO.match(said) and not re.search(r"\bbut\b", said, _I):
        return [FrameFact(f"{subject} is not {state}.", (subject, state))]
    return []


# "Gem is…?", "who's Gem?" — "wife": who someone named is to the answerer.
_ASKS_WHO = re.compile(
    r"(?:^|[.!—–:,]\s+|^[-*•]\s+)"
    rf"(?:who(?:'s| is) (?P<name>{TOKEN})|(?P<name2>{TOKEN}) is(?:…|\.\.\.)?)\?$",
    _I,
)
# "Is Tui your partner?" — "ya my gf", "yes": who someone named is, agreed to.
_ASKS_IF_KIN = re.compile(rf"\bis (?P<name>{TOKEN}) (?:your|ur) (?P<rel>{RELATION})\?$", _I)
_AGREED = re.compile(r"^(?:yes|yeah|yep|yup|yea|ya|yah|correct|that's right)\b[,.!\s]*", _I)
_BARE_JOB = re.compile(rf"(?:[a-z&-]+ )?{JOB}", _I)
_RELATION_ANSWER = re.compile(rf"^(?:(?:she's |he's |they're )?my )?(?P<rel>{RELATION})$", _I)
# "Boaby is…?" — "cat. ginger. 4.": an animal of the answerer's
_PET_ANSWER = re.compile(
    rf"^(?:(?:she's |he's |it's )?(?:my |our |a |the )?)(?P<pet>{ANIMAL})$", _I
)
_BARE_PET_AGE = re.compile(r"^(?P<age>\d{1,2})(?: ?(?:yo|years? old|yrs?))?$", _I)


def _who_answer(
    last: str, said: list[str], head: str, subject: str, lexicon: NameLexicon
) -> list[FrameFact]:
    asked = _ASKS_WHO.search(last)
    kin = _RELATION_ANSWER.match(head.strip(" .!"))
    pet = _PET_ANSWER.match(head.strip(" .!")) if kin is None else None
    if asked is None or (kin is None and pet is None):
        return []
    name = lexicon.name(asked["name"] or asked["name2"], by_shape=True)
    if name is None or name == subject:
        return []
    if pet is not None:
        # the fragments after it: a bare number is the animal's age
        ages = [_BARE_PET_AGE.match(part.strip(" .!")) for part in said[1:3]]
        aged = [
            FrameFact(f"{name} is {age['age']}.", (name, "age"), durable=True)
            for age in ages
            if age is not None
        ]
        return [pet_line(subject, pet["pet"], name), *aged[:1]]
    if kin is None:
        return []
    rel = kin["rel"].lower()
    return [FrameFact(f"{subject}'s {rel} is {name}.", (subject, rel))]


def _kin_agreed(
    kin: re.Match[str], head: str, subject: str, lexicon: NameLexicon
) -> list[FrameFact]:
    agreed = _AGREED.match(head)
    if agreed is None or re.search(r"\b(?:not|no|ex|kind of|sort of|ish|was)\b", head, _I):
        return []
    name = lexicon.name(kin["name"], by_shape=True)
    if name is None or name == subject:
        return []
    said = _RELATION_ANSWER.match(head[agreed.end() :].strip(" .!"))
    rel = relation_word(said["rel"] if said is not None else kin["rel"])
    return [FrameFact(f"{subject}'s {rel} is {name}.", (subject, rel))]


# "when did you quit?" — "1st of september. patches.": the day of what was asked about
_ASKS_WHEN = re.compile(
    r"\bwhen did (?:you|u) (?P<verb>quit|start|stop|move|begin|graduate|qualify|retire|join|leave|"
    r"buy|pass|finish|sell|adopt|meet|split up|get married|get engaged|get divorced)"
    r"(?P<what>(?: (?!(?:tho|though|then|again)\b)[\w'-]+){0,3}?)\s*[?!]*$",
    _I,
)
# Verbs that say what happened without an object ("User got married in 2015.")
_SAYS_WHAT_HAPPENED = frozenset(
    ("graduated", "qualified", "retired", "moved", "got married", "got engaged", "got divorced")
)
_WHEN_SAID = re.compile(
    rf"^(?:(?:on|in) )?(?P<when>{DATE}|(?:{MONTH}) (?:19|20)\d\d|(?:19|20)\d\d)$", _I
)


def _when_answer(when: re.Match[str], head: str, subject: str) -> list[FrameFact]:
    said = _WHEN_SAID.match(head.strip(" .!"))
    if said is None:
        return []
    verb = PAST_OF[when["verb"].lower()]
    what = re.sub(r"\b(?:your|ur)\b", "their", when["what"].strip(), flags=_I)
    if not what and verb not in _SAYS_WHAT_HAPPENED:
        return []  # "when did you quit?" — quit what, the line would not say
    on = "in" if re.fullmatch(r"(?:[a-z]+ )?\d{4}", said["when"], _I) else "on"
    line = f"{subject} {verb}{' ' + what if what else ''} {on} {date_text(said['when'])}."
    return [FrameFact(line, (subject, f"{verb} when"))]


# "Do you smoke?" — "quit 2022" / "no" / "never": a habit, or its end.
_ASKS_HABIT = re.compile(r"\b(?:do|d') ?(?:you|u) (?P<verb>smoke|vape|drink)(?: alcohol)?\??$", _I)
_QUIT = re.compile(r"^(?:quit|stopped|gave (?:it )?up)(?: in)? (?P<year>(?:19|20)\d\d)$", _I)
_NEVER = re.compile(r"^(?:no|nope|nah|never|not at all|don't|i don't)$", _I)


def _habit(verb: str, head: str, subject: str) -> list[FrameFact]:
    doing = {"smoke": "smoking", "vape": "vaping", "drink": "drinking"}[verb]
    if (quit_ := _QUIT.match(head)) is not None:
        line = f"{subject} quit {doing} in {quit_['year']}."
        return [FrameFact(line, (subject, doing))]
    if _NEVER.match(head):
        return [FrameFact(f"{subject} doesn't {verb}.", (subject, doing))]
    return []


def _answered(
    last: str, first: str, head: str, subject: str, lexicon: NameLexicon, recent: Sequence[str]
) -> list[FrameFact]:
    """The fact a short answer ``head`` gives to the question ``last``."""
    described = _described(last, first, subject)
    if described is not None or len(head.split()) > 4:
        return [described] if described is not None else []
    moving = _ASKS_MOVING_TO.search(last) is not None
    if moving or _ASKS_WHERE_LIVE.search(last) or _ASKS_WHERE_FROM.search(last):
        if _ASKED_AFTER_OTHERS.search(last):
            return []  # "which race, when, and where do you live?" — "manchester. 19 april."
        if all(
            w.lower() not in FUNCTION_WORDS and w.lower() not in COMMON_WORDS for w in head.split()
        ):
            place = titled(head)
            if moving:
                return [FrameFact(f"{subject} is moving to {place}.", (subject, "home"))]
            if _ASKS_WHERE_FROM.search(last):
                return [FrameFact(f"{subject} is from {place}.", (subject, "from"))]
            return [FrameFact(f"{subject} lives in {place}.", (subject, "home"))]
        return []
    if _ASKS_STUDY.search(last) and not SPEAKER_OR_LISTENER.search(head):
        return [FrameFact(f"{subject} studies {head}.", (subject, "studies"))]
    if (kin := _ASKS_KIN_NAME.search(last)) is not None:
        if (named := _FULL_NAME.fullmatch(head)) is None or head.lower().startswith("yes"):
            return []
        rel = kin["rel"].lower()
        return [FrameFact(f"{subject}'s {rel} is {named.group(0)}.", (subject, rel))]
    if (how_long := _ASKS_HOW_LONG.search(last)) is not None:
        what = how_long["what"]
        if _DURATION.fullmatch(head) is None or SPEAKER_OR_LISTENER.search(what):
            return []
        if _POINTS_AWAY.search(what):
            return []  # "how long have you been there?": where, the talk says
        return [FrameFact(f"{subject} has been {what} for {head}.", (subject, what))]
    if _ASKS_HEIGHT.search(last) and _HEIGHT.fullmatch(head):
        return [FrameFact(f"{subject}'s height: {head}.", (subject, "height"))]
    if _ASKS_NAME.search(last) and (named := _FULL_NAME.fullmatch(head)) is not None:
        given = " ".join(word for word in named.group(0).split() if word.lower() != "yes")
        if all(lexicon.name(word, by_shape=True) for word in given.split()):
            return [FrameFact(f"{subject}'s name is {given}.", (subject, "called"))]
        return []
    if _ASKS_BIRTHDAY.search(last) and (date := re.match(DATE, head, _I)):
        return [
            FrameFact(f"{subject}'s birthday is {date_text(date.group(0))}.", (subject, "birthday"))
        ]
    if (pet_question := _ASKS_PET_NAME.search(last)) is not None and len(head.split()) == 1:
        name = lexicon.name(head, by_shape=True)
        pet = pet_question["pet"] or recent_pet(recent)
        if name is not None and pet is not None:
            return [pet_line(subject, pet, name)]
        return []
    if (favourite := _ASKS_FAVOURITE.search(last)) is not None:
        what = favourite["what"].lower()
        return [
            FrameFact(f"{subject}'s favourite {what} is {head}.", (subject, f"favourite {what}"))
        ]
    if _ASKS_TIMEZONE.search(last) and re.search(r"[A-Za-z]{2,}|\+\d", head):
        return [FrameFact(f"{subject}'s time zone is {head}.", (subject, "time zone"))]
    return []
