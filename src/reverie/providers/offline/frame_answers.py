"""Facts in a short answer to the other side's question: "where do you live?" — "leeds".

A reply of a few words means nothing alone; with the question before it, it
fills one slot. Only questions of a known shape count (where someone lives,
a birthday, a pet's name, a favourite, a time zone), and only answers that
are not a dodge ("not sure yet", "why?"). A short "no keto then" turns down
an option the talk just named, and "fine, Advanced Choice Modelling it is" takes
one (:func:`choice_frames`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.frame_words import (
    ANIMAL,
    DATE,
    SPEAKER_OR_LISTENER,
    FrameFact,
    date_text,
    pet_line,
    recent_pet,
    sentences,
)
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS, NameLexicon
from reverie.providers.offline.rules import strip_fillers
from reverie.providers.offline.vocabulary import COMMON_WORDS, words

__all__ = ["answer_frames", "choice_frames"]

_I = re.IGNORECASE

_AFTER_QUESTION_WORDS = re.compile(r"^(?:uh+|um+|oh|well|hmm+|yeah|yep|yes|so|ah)\b[,.!\s]*", _I)
_NOT_AN_ANSWER = re.compile(
    r"^(?:no|nope|nah|not|idk|dunno|don't|i don't|no idea|depends|maybe|probably|kinda|"
    r"kind of|why|what|lol|haha|ha|hmm|same|you|ugh|both|neither|nowhere|nothing|none)\b",
    _I,
)
_ASKS_WHERE_LIVE = re.compile(
    r"\bwhere (?:do|d'you|did) you (?:live|end up living)\b|\bwhere are you (?:based|living|"
    r"located|now|these days)\b|\bwhich city\b|\bwhere(?:'s| is) home\b",
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
    r"(?:job|day job|line of work)\b|\bwhat (?:kind|sort|line) of work (?:do|are) you\b"
    r"|\bwhere do you work\b",
    _I,
)
_ASKS_TIMEZONE = re.compile(r"\bwhat(?:'s| is)? ?(?:your )?time ?zone\b|\btime ?zone are you\b", _I)


def _described(question: str, first: str, subject: str) -> FrameFact | None:
    """ "What do you do for work?" — "helpdesk at a uni": a job said without a verb.

    Other "what's your X?" answers are not kept: "what are your specs?" is
    answered with what is true that day, and the next upgrade makes it stale.
    """
    said = strip_fillers(first.rstrip(".!"))
    if not said or SPEAKER_OR_LISTENER.search(said) or not 1 <= len(said.split()) <= 15:
        return None
    if _ASKS_JOB.search(question):
        return FrameFact(f"{subject}'s job: {said}.", (subject, "job"))
    return None


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
    asked = sentences(question)
    if not asked or not asked[-1].endswith("?"):
        return []
    last = asked[-1]
    first = _AFTER_QUESTION_WORDS.sub("", sentences(answer)[0] if sentences(answer) else "")
    head = re.split(r"[,.;!?(]|\s+-\s+|\s+—\s+", first, maxsplit=1)[0].strip()
    head = strip_fillers(head)
    if not head or _NOT_AN_ANSWER.match(head):
        return []
    described = _described(last, first, subject)
    if described is not None or len(head.split()) > 4:
        return [described] if described is not None else []
    if _ASKS_WHERE_LIVE.search(last):
        if all(
            w.lower() not in FUNCTION_WORDS and w.lower() not in COMMON_WORDS for w in head.split()
        ):
            place = " ".join(word[:1].upper() + word[1:] for word in head.split())
            return [FrameFact(f"{subject} lives in {place}.", (subject, "home"))]
        return []
    if _ASKS_BIRTHDAY.search(last) and (date := re.match(DATE, head, _I)):
        return [
            FrameFact(f"{subject}'s birthday is {date_text(date.group(0))}.", (subject, "birthday"))
        ]
    if (pet_question := _ASKS_PET_NAME.search(last)) is not None and len(head.split()) == 1:
        name = lexicon.name(head, by_shape=True)
        pet = pet_question["pet"] or recent_pet([*recent, question])
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


# "ok no keto.", "no jr pass then": an option turned down, in a sentence of its own.
_DECLINED = re.compile(
    r"^(?:(?:ok|okay|so|fine|right|alright|yeah|then)[,.!]?\s+)*no (?P<what>\w[\w .'/-]{1,30}?)"
    r"(?:\s+(?:then|for now|after all|for me))?\s*[.!]?$",
    _I,
)
# "no problem", "no worries": "no" and a word that turns nothing down.
_NOT_AN_OPTION = frozenset(
    words(
        """
        problem problems worries worry way idea clue chance doubt pressure rush thanks thank
        kidding joke offence offense comment rest time need point reason one body sweat
        """
    )
)


# "fine, Advanced Choice Modelling it is.", "WAPE it is, with MAE as the secondary".
_TAKEN = re.compile(
    r"^(?:(?:ok|okay|so|fine|right|alright|yeah|then|decided)[,.:!]?\s+)*"
    r"(?P<what>\w[\w .+'/&-]{1,40}?) it is\b(?P<with>,? with [^,;.!?]{1,50})?",
    _I,
)


def choice_frames(said: str, before: str, subject: str) -> list[FrameFact]:
    """ "ok no keto." after "should I do keto?": ``subject`` decided: no keto.

    And "fine, Advanced Choice Modelling it is." after "Advanced Choice
    Modelling or Urban Design?": ``subject`` chose one over the other (without
    the option it beat, "X it is" says too little to keep).

    Args:
        said: The message.
        before: What was said just before it (both sides); the option must be
            named there (and, turned down, put forward: asked about,
            suggested), so a bare "no idea" or "no injuries so far" is never a
            choice.
        subject: Who wrote ``said``.
    """
    found: list[FrameFact] = []
    picked = _picked_from_list(said, before)
    if picked is not None:
        chosen, others = picked
        line = f"{subject} chose {chosen} over {' and '.join(others)}."
        found.append(FrameFact(line, (subject, _choice_slot(chosen, *others))))
    for sentence in sentences(said):
        taken = _TAKEN.match(sentence.strip())
        if taken is not None:
            what = taken["what"].strip()
            other = _other_option(what, before)
            if what.split()[0].lower() not in FUNCTION_WORDS and other is not None:
                line = f"{subject} chose {what} over {other}{(taken['with'] or '').rstrip()}."
                found.append(FrameFact(line, (subject, _choice_slot(what, other))))
            continue
        match = _DECLINED.match(sentence.strip())
        if match is None:
            continue
        what = match["what"].strip()
        if (
            len(what) < 3
            or what.split()[0].lower() in _NOT_AN_OPTION
            or what.lower() in FUNCTION_WORDS
        ):
            continue
        named = re.compile(rf"(?<!\w){re.escape(what)}(?!\w)", _I)
        offered = [
            s
            for s in sentences(before)
            if named.search(s) and _OFFERS.search(s) and not _ASKS_WHAT_IS.search(s)
        ]
        if offered:
            option = named.search(offered[-1])
            assert option is not None
            found.append(FrameFact(f"{subject} decided: no {option[0]}.", (subject, f"no {what}")))
    return found


# "- **pg-boss**: uses SKIP LOCKED …", "1. Polars — …": the options a list puts forward.
_LISTED_OPTION = re.compile(
    r"^\s*(?:[-*•]|\d+[.)])\s+(?:\*\*(?P<bold>[^*\n]{2,40})\*\*|(?P<plain>[^:\n—–]{2,30})\s*[:—–])",
    re.MULTILINE,
)
# "pg-boss.", "ok, graphile-worker then": one option named, alone, to open a reply.
_PICK = re.compile(
    r"^(?:(?:ok|okay|so|fine|right|alright|yeah|let's do|let's go with|going with)[,.!]?\s+)*"
    r"(?P<what>[^\s.,!?][^.,!?]{0,38}?)(?:\s+then)?\s*(?:[.!]|$)",
    _I,
)


def _picked_from_list(said: str, before: str) -> tuple[str, list[str]] | None:
    """ "pg-boss. tunde used it before" after a list of pg-boss and graphile-worker."""
    first = sentences(said)[0] if sentences(said) else ""
    match = _PICK.match(first.strip())
    if match is None:
        return None
    what = match["what"].strip().strip("`").lower()
    for block in re.split(r"\n\s*\n", before):  # one list at a time
        options = [
            (m["bold"] or m["plain"]).strip().strip("`") for m in _LISTED_OPTION.finditer(block)
        ]
        chosen = [option for option in options if option.lower() == what]
        if len(chosen) == 1 and 2 <= len(options) <= _MOST_OPTIONS:
            return chosen[0], [option for option in options if option.lower() != what]
    return None


_MOST_OPTIONS = 5


def _choice_slot(*options: str) -> str:
    """One slot per set of options: choosing again between them replaces the first choice."""
    return "chose among " + ", ".join(sorted(option.lower() for option in options))


_OPTION = r"(?P<other>\w[\w .+'/&-]{1,40}?)"


def _other_option(chosen: str, before: str) -> str | None:
    """What ``chosen`` was weighed against in ``before`` ("A or B", "between A and B")."""
    x = re.escape(chosen)
    for pattern in (
        rf"\bbetween {x} and {_OPTION}(?=\s*[?.,!;]|$)",
        rf"\bbetween {_OPTION} and {x}\b",
        rf"(?<!\w){x}\??,? (?:or|vs\.?|versus) {_OPTION}(?=\s*[?.,!;]|$)",
        rf"(?:^|[:,.?!]\s+|\b(?:like|prefer|use|try|do|take|pick|choose)\s+){_OPTION},? "
        rf"(?:or|vs\.?|versus) {x}\b",
    ):
        for sentence in sentences(before):
            match = re.search(pattern, sentence, _I)
            if match is not None and match["other"].split()[0].lower() not in FUNCTION_WORDS:
                # "MAPE for the headline": the option, not what it is for ("Urban
                # Design for Mobility" keeps its "for").
                return _PURPOSE.split(match["other"], maxsplit=1)[0].strip()
    return None


_PURPOSE = re.compile(r"\s+(?:for|in|on|as|at|with) (?:the|a|an|my|our|this|that|your)\b", _I)


# "Alcohol licence: do you have one?" — "No licence." says what is, not what was chosen.
_ASKS_WHAT_IS = re.compile(
    r"\b(?:do|did|does) (?:you|they|he|she) (?:have|own|get|hold)\b|\bhave you got\b"
    r"|\b(?:is|are) there\b|\bany\b",
    _I,
)
# "should I do keto?", "A JR Pass could cover it": a sentence that puts an option forward.
_OFFERS = re.compile(
    r"\?|\b(?:should|could|would|might|recommend|suggest|option|consider|worth|try|or)\b", _I
)
