"""A date that moved: "they've moved the interview to the 28th" makes the stored date stale.

People rarely correct a date with "X, not Y". They say what happened to it: "my op has
been moved from the third of October to the twenty-fourth", "move's pushed back … now
15th sept", "the flat is free not 1 November, now 15 November". :func:`reschedules`
reads such a message as ``(thing, old date, new date)``; :func:`rescheduled_line` then
moves the one date of a stored line that talks about the thing (or holds the old date)
to the new one. A date is swapped for a date as the user wrote it; nothing else in the
line changes, and a line with two dates ("11th to 21st") is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from reverie.providers.offline.fact import AS_OF, Fact, fact_key
from reverie.providers.offline.frame_words import (
    MONTH,
    RELATION_WORDS,
    date_text,
    ordinal_suffix,
)
from reverie.providers.offline.memory_index import stem
from reverie.providers.offline.vocabulary import words

__all__ = [
    "Reschedule",
    "move_dates",
    "rescheduled_line",
    "reschedules",
    "tells_a_move",
    "told_moves",
]

_I = re.IGNORECASE
_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?"
_MONTHS = words("jan feb mar apr may jun jul aug sep oct nov dec")  # "\bsep" finds "september"
_MONTH = rf"{MONTH}\b"
_UNITS = words("first second third fourth fifth sixth seventh eighth ninth")
_TEENS = words(
    "tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth "
    "nineteenth"
)
_ORDINAL_WORD = (
    rf"(?:(?:twenty|thirty)[- ]?)?(?:{'|'.join(_UNITS)})|{'|'.join(_TEENS)}|twentieth|thirtieth"
)
_DAY = rf"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b|(?:{_ORDINAL_WORD})\b"
# ("the 3rd floor", "for the 2nd time": an ordinal that is no day)
_ORDINAL_DAY = (
    rf"(?:(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)\b|(?:{_ORDINAL_WORD})\b)"
    r"(?!\s+(?:floor|time|place|row|year|grade|round|gear|attempt|try|level|person|draft|one))"
)
_DAYS = rf"(?:{_DAY})(?:\s*[-–]\s*(?:{_DAY}))?"
# A date as people write one: "the 28th", "friday 28th nov", "15 November", "nov 10",
# "the twenty-fourth of October", "19-21 March", "Tuesday". A bare number is a day only
# beside a month.
_DATE = (
    rf"(?:{_WEEKDAY},?\s+)?(?:the\s+)?(?:(?:{_DAYS})(?:\s+of)?\s+{_MONTH}"
    rf"|{_MONTH}\s+(?:the\s+)?(?:{_DAYS})|{_ORDINAL_DAY})"
    rf"(?:,?\s+(?:19|20)\d\d\b)?"
    rf"|{_WEEKDAY}(?=\W|$)"
)
_DATE_RE = re.compile(rf"(?<![\w-])(?:{_DATE})", _I)
_MOVED = (
    r"(?:moved|pushed(?: back| forward)?|put back|postponed|rescheduled|brought forward|"
    r"bumped|delayed|shifted|changed)"
)
_MOVED_WORD = re.compile(rf"\b{_MOVED}\b")
_BY = r"(?:\s+(?:by\s+)?(?:a|an|one|two|three|four|\d)\s+(?:days?|weeks?|months?))?,?"
_TO = (
    rf"(?:\s+(?:back|forward|again))?{_BY}(?:\s+from\s+(?P<old>{_DATE}))?"
    rf"(?:\s+(?:to|till|until)|(?<=rescheduled)\s+for|(?<=postponed)\s+for)\s+"
    # ("it's moved to tomorrow, Friday 11am": the day named after the word for it)
    r"(?:(?:tomorrow|today),?\s+(?=[A-Za-z]))?"
)
# "… pushed to 6th dec now not 29th nov": the old date said after the new one
_WAS = rf"(?:,?\s+(?:now\s+)?(?:not|instead of|rather than)\s+(?P<was>{_DATE}))?"
_THING = (
    r"(?P<thing>(?:(?:my|the|our|his|her|their|[a-z]+['’]s(?!\s+(?:been|got|being|just)\b))\s+)?"
    r"[a-z][a-z-]*"
    r"(?:\s+(?!(?:has|have|had)\b)[a-z][a-z-]*){0,2}?)"
)
# "my cataract operation has been moved from … to …", "the knee op's been moved to …"
_PASSIVE = re.compile(
    rf"(?:^|[,;:.!]\s*|\b(?:and|so|but)\s+){_THING}(?:['’]s(?:\s+been)?|\s+(?:has|have|had)\s+been|"
    rf"\s+(?:is|was|were|got|has|have)|\s+(?:is|was)\s+being)?\s+{_MOVED}{_TO}(?P<new>{_DATE}){_WAS}",
    _I,
)
# "Demo's moved: 21 Oct instead of 14": the new date after a colon, the old one maybe a
# bare day.
_MOVED_COLON = re.compile(
    rf"(?:^|[,;:.!]\s*|\b(?:and|so|but)\s+){_THING}(?:['’]s(?:\s+been)?|\s+(?:has|have)\s+been"
    rf"|\s+(?:is|was|got))?\s+{_MOVED}\s*:\s*(?P<new>{_DATE})(?:,?\s+(?:instead of|not|rather than)"
    rf"\s+(?P<was>{_DATE}|(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b))?",
    _I,
)
# "they've moved the interview to the 28th", "the hospital has pushed discharge to …"
_ACTIVE = re.compile(
    r"\b(?:they|we|she|he|i|someone|the \w+|[A-Z][a-z]+)(?:['’]ve|\s+have|\s+has|['’]s)?\s+"
    rf"{_MOVED}\s+(?P<thing>(?:(?:my|the|our|his|her|their)\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)"
    rf"{_TO}(?P<new>{_DATE}){_WAS}",
    _I,
)
# "the rally is now on the 29th", "the rally's the 29th now"
_NOW_ON = re.compile(
    rf"(?:^|[,;:.!]\s*|\b(?:and|so|but)\s+){_THING}\s*(?:\s(?:is|are)|['’]s)\s+"
    rf"(?:now\s+(?:on\s+)?(?P<new>{_DATE})(?!\s*(?:[-–]|to\b|and\b))"
    rf"|(?:on\s+)?(?P<new2>{_DATE}),?\s+now\b)"
    rf"{_WAS}",
    _I,
)
# "dvsa cancelled my test. new date 2 december", "my op got cancelled, new date is the 9th"
_NEW_DATE = rf"[.!,;]?\s+(?:the\s+|a\s+)?new date(?:\s+is|\s*:)?\s+(?:on\s+)?(?P<new>{_DATE})"
# ("they cancel my test on 14 February because of problem with computers. New date is 28
# February": a learner's present, the old date and the reason between)
_CANCELLED = r"(?:cancel(?:l?ed)?|moved|changed|postponed|rescheduled)"
_CANCELLED_THING = re.compile(
    rf"\b{_CANCELLED}\s+{_THING}(?:\s+(?:on|for)\s+(?P<old>{_DATE}))?"
    r"(?:,?\s+(?:because|due to|bc|cos)\b[^.!?;]{1,60})?"
    rf"{_NEW_DATE}",
    _I,
)
_THING_CANCELLED = re.compile(rf"{_THING}\s+(?:got|was|has been)\s+{_CANCELLED}{_NEW_DATE}", _I)
# "interview on Thursday is not possible. New time is Tuesday 25 November, same hour"
_THING_OFF = re.compile(
    rf"{_THING}(?:\s+on\s+{_WEEKDAY})?\s+(?:is|was)\s+(?:not possible|off|not happening)"
    rf"[.!,;]?\s+(?:the\s+)?new (?:date|time|day)(?:\s+is|\s*:)?\s+(?:on\s+)?(?P<new>{_DATE})",
    _I,
)
# "the flat is free not 1 November, now 15 November"
_NOT_NOW = re.compile(
    rf"{_THING}\s+(?:is|are|was|will be|['’]s)\b[^.;!?]{{0,20}}?\s+not\s+(?P<old>{_DATE}),?\s+"
    rf"(?:(?:it['’]?s|its)\s+)?now\s+(?:on\s+)?(?P<new>{_DATE})",
    _I,
)
# "the survey's not on the 22nd any more. The dry dock had a problem … so it's now the 29th":
# the old date given up, the reason, then the new one
_NOT_ANY_MORE = re.compile(
    rf"{_THING}(?:\s+is|['’]s)\s+not\s+(?:on\s+)?(?P<old>{_DATE})\s+any ?more\b"
    rf"[^.!?]{{0,40}}(?:[.!?]\s+[^.!?]{{0,100}}?)?\s(?:so\s+)?(?:it['’]?s|its|it is)\s+now\s+"
    rf"(?:on\s+)?(?P<new>{_DATE})",
    _I,
)
# "move's pushed back. previous tenants asked for 2 more weeks. now 15th sept", "orla moved
# the wedding. venue double booked. 6 june now"
_PUSHED = re.compile(
    rf"\b(?:they|she|he|I|[A-Za-z][a-z]+)\s+{_MOVED}\s+(?P<moved>(?:(?:the|my|our|his|her|their)\s+)?"
    r"[a-z][a-z-]*)(?=\s*[.!;,]|\s*$)"
    rf"|{_THING}(?:['’]s(?:\s+been)?|\s+(?:has|have)\s+been|\s+(?:is|was|got))?\s+{_MOVED}\b"
    # ("The test centre changed my exam": the exam moved)
    r"(?!\s+(?:to|from|my|the|our|his|her|their)\b)",
    _I,
)
_NOW = re.compile(
    rf"(?:^|[.!;]\s+|,\s*|\bso\s+(?=it['’]?s\s|its\s|it is\s))(?:(?:so|it['’]?s|its|it is)\s+)?"
    # ("now is Monday 19 January": a learner's "it's now")
    # ("It was 12 December, now it's 9 January")
    rf"(?:now,?\s+(?:is\s+|starting\s+|starts\s+|it['’]?s\s+|its\s+|it is\s+)?(?:on\s+)?"
    rf"(?P<new>{_DATE})"
    # "its sunday 29 june now not the 22nd"
    rf"|(?:on\s+)?(?P<new2>{_DATE})\s+now\s*(?:,?\s*not\s+(?P<was>{_DATE})|[.!;,]|$)"
    # "Not 14 March now, it is 21 March": the old day given up, then the new one
    rf"|not\s+(?P<was2>{_DATE})\s+(?:now|any ?more),?\s+(?:it['’]?s|its|it is)\s+(?:now\s+)?"
    rf"(?:on\s+)?(?P<new3>{_DATE}))",
    _I,
)
# "completion's been pushed back … New completion date is 12th September"
_NEW_DATE_IS = re.compile(
    rf"\bnew (?:[a-z]+ )?date(?:\s+is|\s*:)?\s+(?:on\s+)?(?P<new>{_DATE})", _I
)
_NOT_A_THING = frozenset(
    words(
        """
        it this that everything everyone something anything nothing which who they we he she i
        you me us them one plan plans things stuff all has have had
        """
    )
)
# ("the date moved", "the day got moved": a word for time is a thing only named, "brew day")
_TIME_WORDS = frozenset(words("date day days week weeks month months time"))
_THING_STOP = frozenset(words("my the our his her their a an"))
_LEADING = frozenset(words("so and but then now update ok okay well also oh plus"))


_IT = "it"
_THE_DATE = "the date"
_DONE = re.compile(r"\b(?:turned|was|were|had|did|went|got)\b")
# ("the date's moved": the newest line of a plan to come with its day, "… is getting married
# on 28 March")
_A_DATED_PLAN = re.compile(
    rf"\b(?:is|are) (?:\w+ing|due|on|booked)\b[^.]*?(?<![\w-])(?:{_DATE})", _I
)
# "User is planning a 4-night trip …, 9–13 October": a plan, though told as lasting
_A_PLAN = re.compile(r"\b(?:is|are) (?:planning|booked|going on)\b")


@dataclass(frozen=True)
class Reschedule:
    """A date that moved: what moved, the date it had (when said) and the new one."""

    thing: str
    old: str
    new: str
    mine: bool = False  # "my op has been moved": the speaker's own
    kin: str = ""  # "mam's op got moved": whose of the speaker's family it is

    @property
    def of_it(self) -> bool:
        """ "they've moved it to the 9th": what moved is only the plan just told."""
        return self.thing == _IT

    @property
    def of_the_date(self) -> bool:
        """ "the date's moved, it's 4 April now": the date of the plan talked about last."""
        return self.thing == _THE_DATE


# "I change my test. Now is October 25", "The test centre change my exam. Not 14 March now, it
# is 21 March": a learner's "changed"
_CHANGE_NOW = re.compile(
    r"\b(?P<who>I|they|he|she|the [a-z]+(?: [a-z]+)?) change "
    r"(?=(?:my|the|our) [a-z]+\. (?:now|it['’]?s now|not [^.!?]{1,30} now)\b)",
    _I,
)


def reschedules(message: str) -> list[Reschedule]:
    """The dates ``message`` says moved, in the order said."""
    found: list[Reschedule] = []
    message = _CHANGE_NOW.sub(r"\g<who> changed ", message)
    lower = message.lower()
    moved = _MOVED_WORD.search(lower) is not None
    now = "now" in lower
    for pattern, worth_trying in (
        # (each pattern only where its key words are: most messages tell no move)
        (_PASSIVE, moved),
        (_ACTIVE, moved),
        (_MOVED_COLON, moved and ":" in lower),
        (_NOT_NOW, now and " not " in lower),
        (_NOT_ANY_MORE, now and " not " in lower and "any" in lower),
        (_NOW_ON, now),
        (_CANCELLED_THING, "new date" in lower),
        (_THING_CANCELLED, "new date" in lower),
        (_THING_OFF, "new " in lower),
    ):
        if not worth_trying:
            continue
        for match in pattern.finditer(message):
            # ("they've moved it to Thursday the 9th": the plan just told, see move_dates)
            # ("Moving day: … so it's pushed to the 7th": "it" is what the label named)
            last_word = match["thing"].lower().split()[-1:]
            said_it = pattern in (_PASSIVE, _ACTIVE) and last_word == ["it"]
            named, meant = _named_before(message[: match.start()]) if said_it else ("", "")
            moved_it = said_it and ":" not in message[: match.start()].rsplit(".", 1)[-1]
            thing = named or (_IT if moved_it else _thing(match["thing"]))
            said = match.groupdict()
            if thing:
                old = said.get("old") or said.get("was") or meant
                new = said.get("new") or said.get("new2") or ""
                change = Reschedule(
                    thing, old.strip(), new.strip(), _mine(match["thing"]), _kin(match["thing"])
                )
                if change not in found:
                    found.append(change)
    if not found and moved and (now or "new" in lower or "any" in lower):
        found += _moved_then_dated(message)
    return found


# "the earlies thing got pushed. depot moved it to 17th nov", "UAT was meant to be 14 November,
# but Alasdair moved it to the 21st": "it" is the thing the message named just before.
_NAMED_BEFORE = re.compile(
    r"(?:^|[.!;]\s+|\b(?:also|and|so)\s+)(?:the|my|our)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    rf"\s+(?:got|has been|was|is)\s+{_MOVED}\b"
    r"|(?:^|[.!;:–—]\s+|\b(?:also|and|so)\s+)(?:the\s+|my\s+|our\s+)?"
    # ("demo to finance was meant to be today at 2": a thing of three words, a day said loosely)
    r"(?P<meant_thing>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    # ("The pilot with the Manchester depot was Monday 8 December but it's been pushed …")
    r"(?:\s+(?:with|for|at)\s+(?:the\s+)?[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?)?"
    r"\s+(?:was|is)\s+(?:(?:meant|supposed|due|going)\s+to\s+be\s+)?"
    rf"(?:on\s+)?(?:(?P<meant>{_DATE})|today|tomorrow|this week)",
    _I,
)


def _named_before(said: str) -> tuple[str, str]:
    """What "it" names in ``said`` (the message up to "moved it"), and its old date if said."""
    named = list(_NAMED_BEFORE.finditer(said))
    if not named:
        return "", ""
    last = named[-1]
    return _thing(last["thing"] or last["meant_thing"]), last["meant"] or ""


def _moved_then_dated(message: str) -> list[Reschedule]:
    """ "move's pushed back. … now 15th sept": the move said first, its new date after."""
    for pushed in _PUSHED.finditer(message):
        what = pushed["thing"] or pushed["moved"]
        if not (thing := _thing(what)):
            continue  # "the hospital has pushed discharge": the thing is the one after
        then = _NOW.search(message, pushed.end()) or _NEW_DATE_IS.search(message, pushed.end())
        if then is None:
            return []
        said = then.groupdict()
        new = said.get("new") or said.get("new2") or said.get("new3") or ""
        was = said.get("was") or said.get("was2") or ""
        return [Reschedule(thing, was.strip(), new.strip(), _mine(what), _kin(what))]
    return []


def _mine(phrase: str) -> bool:
    return "my" in phrase.lower().split()


def _kin(phrase: str) -> str:
    """The relation whose thing moved: "mam" of "mam's op", "my sister's flight"."""
    said = [w for w in phrase.lower().split() if w not in ("my", "the", "our")]
    owner = re.sub(r"['’]s$", "", said[0]) if said and re.search(r"['’]s$", said[0]) else ""
    return owner if owner in RELATION_WORDS else ""


def _thing(phrase: str) -> str:
    said = phrase.lower().split()
    while said and said[0] in _LEADING:
        said = said[1:]
    kept = [w for w in said if w not in _THING_STOP and not re.search(r"['’]s$", w)]
    if kept == ["date"] and said[:1] == ["the"]:
        return _THE_DATE
    if not kept or any(w in _NOT_A_THING for w in kept) or kept[0] in _TIME_WORDS:
        return ""
    return " ".join(kept)


_ORDINALS = {word: n for n, word in enumerate([*_UNITS, *_TEENS], start=1)}
_ORDINALS |= {"twentieth": 20, "thirtieth": 30}
_SPELLED_DAY = re.compile(rf"\b(?:(?P<tens>twenty|thirty)[- ]?)?(?P<word>{'|'.join(_ORDINALS)})\b")


def _parts(date: str) -> tuple[int | None, int | None]:
    """``(day, month)`` of a date as written; None where it does not say."""
    text = date.lower()
    day: int | None = None
    if (number := re.search(r"(?<!\d)(\d{1,2})(?:st|nd|rd|th)?\b", text)) is not None:
        day = int(number[1])
    elif (spelled := _SPELLED_DAY.search(text)) is not None:
        tens = {"twenty": 20, "thirty": 30}.get(spelled["tens"] or "", 0)
        day = tens + _ORDINALS[spelled["word"]]
    month = next(
        (n for n, name in enumerate(_MONTHS, start=1) if re.search(rf"\b{name}", text)), None
    )
    return day, month


def _same_date(said: str, written: str) -> bool:
    day, month = _parts(said)
    has_day, has_month = _parts(written)
    if day is None and month is None:
        return said.strip().lower() == written.strip().lower()
    return (day is None or day == has_day) and (month is None or month == has_month)


def rescheduled_line(line: str, change: Reschedule) -> tuple[str, str] | None:
    """``line`` with its date moved to ``change.new``, and the date it held; else None.

    The line must talk about the thing that moved (one of its words), or hold the old
    date in full (day and month): "the flat is free not 1 November" moves "User moves 1
    November." too. Without an old date the line must hold exactly one date.
    """
    dates = list(_DATE_RE.finditer(line))
    if (change.of_it or change.of_the_date) and not change.old:
        dates = [d for d in dates if _parts(d.group(0))[0] is not None]  # a day of a month
    if change.old:
        dates = [d for d in dates if _same_date(change.old, d.group(0))]
    if len(dates) != 1:
        return None
    held = dates[0]
    # "… due 28th nov, the day before the move": the date there is not the move's
    about = {stem(w) for w in re.findall(r"[a-z]+", line[: held.start()].lower())}
    day, month = _parts(change.old) if change.old else (None, None)
    talks_about = (
        change.of_it
        or change.of_the_date
        or any(stem(w) in about for w in re.findall(r"[a-z]+", change.thing))
    )
    if not talks_about and (day is None or month is None):
        return None
    if _same_date(change.new, held.group(0)) and _same_date(held.group(0), change.new):
        return None  # already says it
    written = held.group(0)
    new = _named(change.new)
    if (later := _later_day(written, new)) is not None:
        # "21st November" moved "to the 28th": the 28th of the same month
        return line[: held.start()] + later + line[held.end() :], written
    if written.lower().startswith("the ") and new.lower().startswith("the "):
        new = new[4:]
        written_start = held.start() + 4
    else:
        written_start = held.start()
    return line[:written_start] + new + line[held.end() :], line[written_start : held.end()]


_NUMBERED_DAY = re.compile(r"(?<!\d)(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b", _I)


def _later_day(written: str, new: str) -> str | None:
    """``written`` with its day moved to ``new``'s, when ``new`` is a later day alone."""
    day, month = _parts(new)
    old_day, old_month = _parts(written)
    if day is None or month is not None or old_day is None or old_month is None:
        return None
    number = _NUMBERED_DAY.search(written)
    said = _NUMBERED_DAY.search(new)
    if day <= old_day or number is None or said is None:
        return None
    return written[: number.start()] + said.group(0) + written[number.end() :]


_TELLS_A_MOVE = re.compile(
    rf"\b(?:{_MOVED}|cancel+ed)\b|(?:^|[.!;,]\s*|\s(?:is|are)\s|['’]s\s)(?:(?:so|it['’]?s|its)\s+)?now\s+"
    rf"(?:on\s+)?(?:{_DATE})|(?:{_DATE}),?\s+now\b",
    _I,
)


def tells_a_move(clause: str) -> bool:
    """True when ``clause`` says a date moved, or only gives the new one ("now 15th sept")."""
    return _TELLS_A_MOVE.search(clause) is not None


def move_dates(
    changes: list[Reschedule],
    facts: list[Fact],
    seen: set[str],
    date: str | None,
    said_last: Sequence[Fact] = (),
) -> list[Reschedule]:
    """Move the date of each line of ``facts`` (one chunk's) that ``changes`` are about.

    Returns the changes no line took. ``seen`` gets the moved lines' keys; ``date`` is the
    day the move was told, for an open item's "(as of …)". "they've moved it to …" moves
    only a plan ``said_last`` (the speaker's message before) ends with. A line recorded
    before this chunk is moved by Dream (:func:`~.dream_correct.apply_move`), from the line
    that tells the move (:func:`told_moves`).
    """
    left = []
    for change in changes:
        # "it" is the plan of the line said last, and only a plan with one date
        last = len(facts) - 1
        lines = range(last, max(last - 1, -1), -1) if change.of_it else range(last, -1, -1)
        if change.of_the_date:
            # (only the newest line of a plan with its day: "the date" is that plan's)
            dated = (i for i in lines if _A_DATED_PLAN.search(AS_OF.sub("", facts[i].text)))
            newest = next(dated, None)
            lines = range(newest, newest + 1) if newest is not None else range(0)
        for index in lines:
            fact = facts[index]
            if change.of_it and (
                (fact.tag != "ephemeral" and _A_PLAN.search(fact.text) is None)
                or fact not in said_last[-1:]
                or _DONE.search(fact.text) is not None  # "User turned 31 on …" is over
            ):
                continue
            found = rescheduled_line(AS_OF.sub("", fact.text), change)
            if found is None:
                continue
            text = found[0]
            if fact.tag == "ephemeral" and date:
                text = f"{text[:-1]} (as of {date})."
            facts[index] = Fact(fact.tag, text)
            seen.add(fact_key(found[0]))
            break
        else:
            left.append(change)
    return left


def told_moves(changes: list[Reschedule], told: list[Fact], speaker: str = "User") -> list[Fact]:
    """Lines that tell the moves in ``changes``, unless a line of ``told`` tells one already.

    "move's pushed back … now 15th sept" gives "The move moved to 15th Sept.", which Dream
    applies to the line holding the old date; "my op has been moved …" gives "User's op
    moved to …" (``speaker``'s, whoever said it).
    """
    if not changes or any(reschedules(fact.text) for fact in told):
        return []
    lines = []
    for change in changes:
        if change.of_it or change.of_the_date:
            continue  # what "it" was is in no line of this chunk
        whose = f"{speaker}'s" if change.mine or change.kin else "The"
        if change.kin:
            whose += f" {change.kin}'s"  # "User's mam's op moved …"
        said = f"{whose} {change.thing} moved {_from(change.old)}to {_named(change.new)}."
        lines.append(Fact("durable", said))
    return lines


def _from(old: str) -> str:
    if old.isdigit():  # "instead of 14": the 14th, as a day that reads back as one
        old = f"the {old}{ordinal_suffix(int(old))}"
    return f"from {_named(old)} " if old else ""


_WEEKDAY_NAME = re.compile(rf"\b{_WEEKDAY}(?=\W|$)", _I)


def _named(date: str) -> str:
    """ "sat 6 june" → "Sat 6 June": a month (see ``date_text``) or a weekday is a name."""
    return _WEEKDAY_NAME.sub(lambda name: name[0][:1].upper() + name[0][1:], date_text(date))
