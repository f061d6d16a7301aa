"""Choices made in a few words: "ok no keto", "WAPE it is", "pg-boss." after a list.

A reply that names one option means nothing alone; with the options the talk
just put forward, it records a decision. :func:`choice_frames` keeps three
shapes: an option turned down ("no JR Pass then", after it was suggested), one
taken over another ("fine, Advanced Choice Modelling it is", after "Advanced
Choice Modelling or Urban Design?"), and one named alone after a list of them
("pg-boss." after "- **pg-boss**: … - **graphile-worker**: …"). Choosing again
between the same options replaces the first choice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from reverie.providers.offline.frame_words import FrameFact, sentences
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS
from reverie.providers.offline.vocabulary import words

__all__ = ["choice_frames", "scrapped_for"]

_I = re.IGNORECASE

# "ok no keto.", "no jr pass then": an option turned down, in a sentence of its own.
_DECLINED = re.compile(
    r"^(?:(?:ok|okay|so|fine|right|alright|yeah|then)[,.!]?\s+)*no (?P<what>\w[\w .'/-]{1,30}?)"
    # ("No sharding for now — we're on the Team plan": the reason after a dash)
    r"(?:\s+(?:then|for now|after all|for me))?\s*(?:[.!]|\s[—–-]\s.*)?$",
    _I,
)
# "no problem", "no worries", "no charge": "no" and a word that turns nothing down.
_NOT_AN_OPTION = frozenset(
    words(
        """
        problem problems worries worry way idea clue chance doubt pressure rush thanks thank
        kidding joke offence offense comment rest time need point reason one body sweat
        charge fee fees cost extra
        """
    )
)


# "fine, Advanced Choice Modelling it is.", "WAPE it is, with MAE as the secondary".
_TAKEN = re.compile(
    r"^(?:(?:ok|okay|so|fine|right|alright|yeah|then|decided)[,.:!]?\s+)*"
    r"(?P<what>\w[\w .+'/&-]{1,40}?) it is\b(?P<with>,? with [^,;.!?]{1,50})?",
    _I,
)


# "freeagent then", "ok the blue one then": an option taken, after the options were put.
_THEN = re.compile(
    r"^(?:(?:ok|okay|so|fine|right|alright|yeah)[,.!]?\s+)*"
    r"(?!no\b)(?P<what>\w[\w .+'/&-]{1,30}?) then\s*[.!]?$",
    _I,
)

# "going with sumup" after "SumUp or Zettle?": an option taken, said as what one does.
_GOING_WITH = re.compile(
    r"^(?:(?:ok|okay|so|fine|right|alright|yeah)[,.!]?\s+)*(?:I'm |I am |we're |we are )?"
    r"(?:going|gonna go|I'll go|we'll go|let's go) with (?P<what>\w[\w .+'/&-]{1,30}?)\s*[.!]?$",
    _I,
)


# "Do you want me to mention the new employer, or keep it vague?" "Keep it vague.": how the
# assistant writes this answer, not a choice of the speaker's life
_WRITER_WORDS = frozenset(words("me you it i"))


def _how_to_write(chosen: str, others: Sequence[str]) -> bool:
    return any(
        word in _WRITER_WORDS for option in (chosen, *others) for word in option.lower().split()
    )


def choice_frames(
    said: str, before: str, subject: str, chosen_before: Sequence[str] = ()
) -> list[FrameFact]:
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
        chosen_before: Lines kept so far. Naming another option of a choice made
            earlier ("freeagent it is" after "User chose QuickBooks instead of FreeAgent
            or Xero.") makes that choice again, and the new line replaces the old.
    """
    found: list[FrameFact] = []
    said_sentences = sentences(said)
    told = sentences(before)
    picked = (
        _picked_from_list(said_sentences, before)
        or _picked_from_question(said_sentences, before)
        or _ditched_for(said_sentences, told)
    )
    if picked is not None and not _how_to_write(*picked):
        chosen, others = picked
        line = f"{subject} chose {chosen} instead of {' or '.join(others)}."
        found.append(FrameFact(line, (subject, _choice_slot(chosen, *others))))
    else:
        found += _chosen_again(said_sentences, subject, chosen_before)
    for sentence in said_sentences:
        taken = (
            _TAKEN.match(sentence.strip())
            or _THEN.match(sentence.strip())
            or _GOING_WITH.match(sentence.strip())
        )
        if taken is not None:
            what = _as_told(taken["what"].strip(), told)
            # "so no JR pass. individual tickets it is": the option turned down in the same
            # breath is the one this beat
            other = _other_option(what, told) or _declined_beside(said_sentences, sentence)
            if what.split()[0].lower() not in FUNCTION_WORDS and other is not None:
                with_ = taken.groupdict().get("with") or ""
                line = f"{subject} chose {what} instead of {other}{with_.rstrip()}."
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
        # "if you have diabetes … you don't, I assume?" asks what they have, offers nothing
        had = re.compile(rf"\b(?:have|has|had|any)\s+(?:\w+\s+)?{re.escape(what)}(?!\w)", _I)
        offered = [
            s
            for s in told
            if named.search(s) and _offers(s) and not _ASKS_WHAT_IS.search(s) and not had.search(s)
        ]
        if offered:
            option = named.search(offered[-1])
            assert option is not None
            found.append(FrameFact(f"{subject} decided: no {option[0]}.", (subject, f"no {what}")))
    return found


# "ok scrap Piran, Cian won, we're doing Plitvice instead": one named option for another.
_PLACE_OR_NAME = r"(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?"
_SCRAPPED_FOR = re.compile(
    rf"^(?:(?:ok|okay|so|right)[,]?\s+)?scrap (?P<old>{_PLACE_OR_NAME})\b[^.!?]*?"
    r"\b(?:we're|we are|I'm|I am) (?:doing|going with|going to|booking|picking) "
    rf"(?P<new>{_PLACE_OR_NAME}) instead\b",
    _I,
)


# "ditching the nano, got a raspberry pi pico instead": a thing of one's own swapped for another
_DITCHED_FOR = re.compile(
    r"^(?:(?:ok|okay|so|right)[,]?\s+)?(?:ditching|dropping|scrapping|binning|ditched|dropped|"
    r"scrapped|binned) (?:the |my )?(?P<old>[\w.+-]+(?: [\w.+-]+){0,3}?),? (?:I've |I )?"
    r"(?:got|went with|going with|bought|ordered|using|switched to) (?:an? |the )?"
    r"(?P<new>[\w.+-]+(?: [\w.+-]+){0,4}?) instead\b",
    _I,
)


def scrapped_for(said: str, subject: str) -> list[FrameFact]:
    """ "ok scrap Piran, …, we're doing Plitvice instead": both options named, so the message
    needs no talk before it."""
    found: list[FrameFact] = []
    for sentence in sentences(said):
        swapped = _SCRAPPED_FOR.match(sentence.strip()) or _DITCHED_FOR.match(sentence.strip())
        if swapped is not None:
            new, old = swapped["new"], swapped["old"]
            line = f"{subject} chose {new} instead of {old}."
            found.append(FrameFact(line, (subject, _choice_slot(new, old))))
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


# An option is named in a few words; a longer item is a step or an answer to a quiz.
_OPTION_WORDS = 4


def _picked_from_list(said: list[str], before: str) -> tuple[str, list[str]] | None:
    """ "pg-boss. tunde used it before" after a list of pg-boss and graphile-worker.

    ``said`` is the reply's sentences; ``before`` the talk, whose lists hold the options.
    """
    first = said[0] if said else ""
    match = _PICK.match(first.strip())
    if match is None:
        return None
    what = match["what"].strip().strip("`").lower()
    if _THANKS.fullmatch(what):
        return None  # "obrigada!!" after a list of phrases to learn thanks for them
    for block in re.split(r"\n\s*\n", before):  # one list at a time
        if _TASK_LIST.match(block.strip()):
            continue  # "**Still to do**\n- infra …": steps to take, not options to pick
        options = [
            (m["bold"] or m["plain"]).strip().strip("`") for m in _LISTED_OPTION.finditer(block)
        ]
        if any(len(option.split()) > _OPTION_WORDS for option in options):
            continue  # "- Look it over for 30 seconds …\n- Never stop …": steps, not options
        chosen = [option for option in options if option.lower() == what]
        if len(chosen) == 1 and 2 <= len(options) <= _MOST_OPTIONS:
            return chosen[0], [option for option in options if option.lower() != what]
    return None


# "- Arduino (C++) or MicroPython?": two options asked between, in a sentence of their own
_EITHER_OR = re.compile(
    r"^\s*(?:[-*•]|\d+[.)])?\s*(?:(?:do|would|will|should|shall|are|is|can) (?:you|we|it) "
    r"(?:want|prefer|like|use|go with|be|rather|need)?(?: to (?:use|go with|do|be))?\s*)?"
    r"(?P<a>[\w][\w .+#/&()-]{0,30}?),? or (?P<b>[\w][\w .+#/&()-]{0,30}?)\s*\?\s*$",
    _I,
)


# "Which board exactly, and are you using Arduino IDE, PlatformIO or ESPHome?": the tool asked
# about, among three or so, at the end of a question about something else too
_USING_ONE_OF = re.compile(
    r"\b(?:are|do|will|would) you (?:be )?(?:using|use|on|running|run|prefer|want)\s+"
    r"(?P<options>(?:[\w][\w .+#/&()-]{0,30}?, ){1,3}[\w][\w .+#/&()-]{0,30}?,? or "
    r"[\w][\w .+#/&()-]{0,30}?)\s*\?\s*$",
    _I,
)


def _picked_from_question(said: list[str], before: str) -> tuple[str, list[str]] | None:
    """ "micropython. dont really know c++" after "Arduino (C++) or MicroPython?"; "esp32-c3.
    platformio." after "… are you using Arduino IDE, PlatformIO or ESPHome?"."""
    picks = [
        m["what"].strip().strip("`").lower() for s in said[:3] if (m := _PICK.match(s.strip()))
    ]
    # ("both", "either": no one option picked)
    picks = [pick for pick in picks if pick not in _NO_ONE_OPTION]
    if not picks:
        return None
    for line in reversed(before.splitlines()):
        plain = line.strip().replace("**", "")
        if (asked := _EITHER_OR.match(plain)) is not None:
            options = [asked["a"].strip(), asked["b"].strip()]
            picks = picks[:1]  # ("A or B?" alone: the reply's first words answer it)
        elif (listed := _USING_ONE_OF.search(plain)) is not None:
            options = [o.strip() for o in re.split(r",\s*(?:or\s+)?|\s+or\s+", listed["options"])]
        else:
            continue
        for what in picks:
            named = [o for o in options if _bare_option(o) == what]
            if len(named) == 1:
                return named[0], [o for o in options if o is not named[0]]
        return None  # the question just before is the one answered
    return None


_NO_ONE_OPTION = frozenset(
    words("both either neither all none whichever anything dunno idk unsure undecided")
)


# "ditch influx. sqlite. grafana too": one option dropped, the next sentence the one taken
_DITCH = re.compile(
    r"^(?:(?:ok|okay|so|right|nah)[,.!]?\s+)*(?:ditch|scrap|drop|bin) (?:the )?"
    r"(?P<old>[\w][\w .+#/-]{1,25}?)\s*[.!]?$",
    _I,
)
_BARE_TOOL = re.compile(r"^(?P<new>[\w][\w.+#-]{0,19}[\w+#])\s*[.!]?$")


def _ditched_for(said: list[str], told: list[str]) -> tuple[str, list[str]] | None:
    """ "ditch influx. sqlite." after the options were put: SQLite over Influx."""
    for first, second in pairwise(said):
        ditched, taken = _DITCH.match(first.strip()), _BARE_TOOL.match(second.strip())
        if ditched is None or taken is None:
            continue
        old = _as_told(ditched["old"].strip(), told, capital=True)
        new = _as_told(taken["new"], told, capital=True)
        both_told = all(
            any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", t, _I) for t in told)
            for word in (old, new)
        )
        if both_told and new.lower() not in FUNCTION_WORDS and new.lower() != old.lower():
            return new, [old]
    return None


def _bare_option(option: str) -> str:
    """ "Arduino (C++)" → "arduino": an option as a one-word answer names it."""
    return re.sub(r"\s*\([^()]*\)", "", option).strip().lower()


_MOST_OPTIONS = 5
_THANKS = re.compile(
    r"thanks?(?: you| so much| a lot)?|ta|cheers|obrigad[oa]|gracias|merci|danke|grazie|"
    r"dzi[eę]kuj[eę]|dzi[eę]ki|asante|arigato|dank je|tack|takk|kiitos|spasibo|salamat"
)
_TASK_LIST = re.compile(
    r"^[*_#\s]*(?:still )?(?:to ?do|next(?: steps?)?|steps|done|checklist|tasks|timeline|"
    r"the plan|plan)\b[^\n]*\n",
    _I,
)
# ("… over …": the wording of lines kept by earlier versions)
_CHOSE = re.compile(r"^(?P<who>.+?) chose (?P<chosen>.+?) (?:instead of|over) (?P<others>.+?)\.$")


def _chosen_again(said: list[str], subject: str, lines: Sequence[str]) -> list[FrameFact]:
    """ "ok switching. freeagent it is." after "User chose QuickBooks instead of FreeAgent …"."""
    for line in reversed(lines):
        earlier = _CHOSE.match(line)
        if earlier is None or earlier["who"] != subject:
            continue
        options = [earlier["chosen"], *re.split(r" (?:and|or) ", earlier["others"])]
        for sentence in said:
            for match in (_TAKEN.match(sentence.strip()), _PICK.match(sentence.strip())):
                what = match["what"].strip().strip("`").lower() if match is not None else ""
                now = [option for option in options if option.lower() == what]
                if now and now[0] != earlier["chosen"]:
                    others = [option for option in options if option != now[0]]
                    text = f"{subject} chose {now[0]} instead of {' or '.join(others)}."
                    return [FrameFact(text, (subject, _choice_slot(*options)))]
    return []


def _as_told(what: str, told: list[str], *, capital: bool = False) -> str:
    """ "sumup" as the talk wrote it: "SumUp" (with ``capital``, as anyone wrote it with one)."""
    said = [
        match[0]
        for sentence in told
        for match in re.finditer(rf"(?<!\w){re.escape(what)}(?!\w)", sentence, _I)
    ]
    if capital:
        return next((word for word in said if not word.islower()), said[0] if said else what)
    return said[0] if said else what


def _declined_beside(said: list[str], taken: str) -> str | None:
    """The option another sentence of the same message turns down ("so no JR pass.")."""
    for sentence in said:
        if sentence is not taken and (match := _DECLINED.match(sentence.strip())) is not None:
            what = match["what"].strip()
            if what.split()[0].lower() not in _NOT_AN_OPTION and what.lower() not in FUNCTION_WORDS:
                return what
    return None


def _choice_slot(*options: str) -> str:
    """One slot per set of options: choosing again between them replaces the first choice."""
    return "chose among " + ", ".join(sorted(option.lower() for option in options))


_OPTION = r"(?P<other>\w[\w .+'/&-]{1,40}?)"


def _other_option(chosen: str, told: list[str]) -> str | None:
    """What ``chosen`` was weighed against in the sentences ``told`` ("A or B")."""
    x = re.escape(chosen)
    for pattern in (
        rf"\bbetween {x} and {_OPTION}(?=\s*[?.,!;]|$)",
        rf"\bbetween {_OPTION} and {x}\b",
        # ("Somerset 300 or Colorplan 350?": a model number is part of the option)
        rf"(?<!\w){x}(?: \d[\w.]*)?\??,? (?:or|vs\.?|versus) {_OPTION}(?=\s*[?.,!;]|$)",
        rf"(?:^|[:,.?!]\s+|\b(?:like|prefer|use|try|do|take|pick|choose)\s+){_OPTION},? "
        rf"(?:or|vs\.?|versus) {x}\b",
    ):
        for sentence in told:
            match = re.search(pattern, sentence, _I)
            if match is not None and match["other"].split()[0].lower() not in FUNCTION_WORDS:
                # "MAPE for the headline": the option, not what it is for ("Urban
                # Design for Mobility" keeps its "for").
                other = _PURPOSE.split(match["other"], maxsplit=1)[0].strip()
                # "freeagent or xero or quickbooks": every other option
                return re.sub(r",? (?:or|vs\.?|versus) ", " or ", other, flags=_I)
    # "was going to go for N2 but … should i do N3 instead": the plan it replaces
    if any(re.search(rf"(?<!\w){x} instead\b", sentence, _I) for sentence in told):
        for sentence in told:
            match = _PLANNED.search(sentence)
            if match is not None and match["other"].lower() != chosen.lower():
                return match["other"]
    return None


_PLANNED = re.compile(
    r"\b(?:was|were) (?:going to|gonna|planning to|thinking of) (?:go for|do|take|sit|use|get|"
    r"book|pick|going for|doing|taking|using|getting) (?P<other>\w[\w+'/&-]{0,30})"
    r"(?=\s+(?:but|and)\b|\s*[,.;!?]|$)",
    _I,
)


_PURPOSE = re.compile(r"\s+(?:for|in|on|as|at|with) (?:the|a|an|my|our|this|that|your)\b", _I)


# "Alcohol licence: do you have one?" — "No licence." says what is, not what was chosen.
_ASKS_WHAT_IS = re.compile(
    r"\b(?:do|did|does) (?:you|they|he|she) (?:have|own|get|hold)\b|\bhave you got\b"
    r"|\b(?:is|are) there\b|\bany\b"
    # "Did you take it with water?", "garden or not?": asks how things are, so "no water" is
    # an answer, not an option turned down.
    r"|\b(?:did|do|does) (?:you|u) (?:take|use|eat|drink|bring|get|do|wear|need|live|rent|"
    r"feel|hear|notice|see)\b"
    r"|\b(?:are|were) (?:you|u)\b|\bor not\b",
    _I,
)
# "should I do keto?", "A JR Pass could cover it": a sentence that puts an option forward.
_OFFERS = re.compile(
    r"\?|\b(?:should|could|would|might|recommend|suggest|option|consider|worth|try)\b", _I
)
# "keto or paleo" puts two options forward; "numbness, or it happened with a pop and
# bruising" (a long list of warning signs) puts none.
_MOST_WORDS_WITH_OR = 12


def _offers(sentence: str) -> bool:
    """True when ``sentence`` puts an option forward."""
    if _OFFERS.search(sentence):
        return True
    return re.search(r"\bor\b", sentence, _I) is not None and (
        len(sentence.split()) <= _MOST_WORDS_WITH_OR
    )
