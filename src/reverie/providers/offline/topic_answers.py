"""Answers in fragments to "what's your X?": "specs?" — "ryzen 7 5800x3d, rtx 3070, 32gb".

An assistant sizing up a task asks what something is ("What are the work hours
like?", "Rough budget per person?", "Do you have any allergies?"), and people
answer in fragments: "nights. dpd depot trafford park. 10pm-6am.". The
fragments mean nothing alone; the question names what they are, so the pair
is one line: "User's work hours: nights, dpd depot trafford park, 10pm-6am.".

Questions put as a numbered list are paired with their answers by number
("1. … 2. …", in one reply or one reply each), or in order when the replies,
one a question, carry no numbers (:func:`question_pairs`). Only the answer's
leading fragments are taken, up to the first sentence that says something with
a verb or a person in it (the clause rules read those), and an answer that
dodges ("no idea yet", "not sure") gives nothing. What a question asks about
must be a thing with a value: "what's the problem?", "what's your plan?" or
"what's the weather like?" ask about the moment, and "any breed in mind?" a
wish; neither is a fact to keep.

Four more shapes name the line differently: "what do you use for backups?"
("User uses restic for backups."), "what are you playing?" ("User is playing
sf6."), "how old are the kids?" ("User's kids are 9 and 12."), and a question
offering named options ("Do you use a bank with pots,
like Monzo or Starling?" — "monzo yeh" → "User uses Monzo.").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.frame_words import (
    AUXILIARY,
    DATE,
    SPEAKER_OR_LISTENER,
    FrameFact,
    date_text,
    sentences,
)
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS
from reverie.providers.offline.normalise import normalise_chat
from reverie.providers.offline.rules import is_small_talk
from reverie.providers.offline.vocabulary import EVENT_VERBS, IRREGULAR_PAST, words

__all__ = ["asks_something", "question_pairs", "topic_answers"]

_I = re.IGNORECASE

# "yesss", "yep,": a yes before the words of the question said back
_YES_TO_IT = re.compile(r"^(?:y+e+s+|yeah+|yep|yup|correct|exactly)\b[\s,.!]*", _I)

_NUMBERED = re.compile(r"^\s*(?:\*\*)?(\d{1,2})[.)]\s*(?:\*\*)?\s*(.*)$")

# "What are the work hours like?", "what's your budget?", "when's the leave?"
_WHAT_IS = re.compile(
    r"^(?:what|which|when|where|who)(?:'s| is| are| was| were)? (?P<det>your|the|ur) "
    r"(?P<x>[a-z][a-z /'-]*?)"
    r"(?: (?:like|look like|going to be|at the moment|right now|now|these days|currently))?$"
    # ("What do your monthly outgoings come to roughly?": a sum asked for)
    r"|^what (?:does|do) (?P<det2>your|the|ur) (?P<x2>[a-z][a-z /'-]*?) (?:look like|come to|"
    r"add up to|cost|work out at)(?: roughly| approximately| in total| a month| per month)?$",
    _I,
)
# "What editor do you use?", "which bank are you with?", "which country are you in?"
_WHAT_DO_YOU = re.compile(
    r"^(?:what|which) (?P<x>[a-z][a-z /-]*?) (?:do|are|did) (?:you|u) (?:use|have|drive|run|play|"
    r"speak|take|work with|bank with|ride|prefer|use for work|with|in|from|at|based in)$",
    _I,
)
# "What do you use for backups?": the answer is a tool, and the line says what it is for.
_USE_FOR = re.compile(
    r"^what (?:do|are|did) (?:you|u|you guys|the team) (?:use|using) for (?P<x>[a-z][a-z /-]*?)$",
    _I,
)
# "What are you playing?" — "sf6.": what someone is doing these days.
_DOING = re.compile(
    r"^what (?:are|r) (?:you|u) (?P<verb>playing|reading|watching|learning|building|"
    r"making|writing|growing|knitting|training for|working on|listening to|using|driving|"
    r"riding|running|cooking)(?: (?:these days|at the moment|right now|now|lately|atm))?$",
    _I,
)
# "when do u start" — "5th jan.": a day of the asker's own plans, given bare.
_WHEN_DO_YOU = re.compile(
    r"^when (?:do|d'|are|r) (?:you|u) (?P<verb>start|finish|leave|fly|move|arrive|graduate|"
    r"go back|get back|come back|fly out|move in|move out)"
    r"(?P<rest> (?:the|your|ur) [a-z ]{2,25}?)?$",
    _I,
)
_PRESENT_THIRD = {"go back": "goes back", "get back": "gets back", "come back": "comes back",
                  "fly out": "flies out", "move in": "moves in", "move out": "moves out",
                  "finish": "finishes", "fly": "flies"}  # fmt: skip
# "Do you use a bank with pots, like Monzo or Starling?" — "monzo yeh": one option named.
_OPTION_QUESTION = re.compile(
    r"^(?:do|d'|would|are) (?:you|u) (?P<verb>use|have|drive|play|own|speak|take|eat|drink|"
    r"prefer|bank with|run|want)\b(?P<rest>.+)$",
    _I,
)
_THIRD_PERSON = {"have": "has", "bank with": "banks with"}
# "Do you have any allergies?", "any dietary needs?"
_ANY = re.compile(r"^(?:(?:and )?(?:do|d') ?(?:you|u) have )?any (?P<x>[a-z][a-z /-]*?)$", _I)
# "How many kids do you have?"
_HOW_MANY = re.compile(
    r"^how (?:many|much) (?P<x>[a-z][a-z -]*?) (?:do|have) (?:you|u)(?: have| got)?$", _I
)
# "How old are the kids?" — "9 and 12": their ages.
_HOW_OLD = re.compile(r"^how old (?P<verb>is|are) (?:your|the|ur) (?P<x>[a-z][a-z -]*?)$", _I)
# "Rough budget per person?", "Budget (for the car itself)?": a numbered list's bare noun.
_BARE = re.compile(
    r"^(?:(?:your|the|rough|roughly|approximate|approx) )?(?P<x>[a-z][a-z /-]*)$", _I
)
_LEAD = re.compile(r"^(?:(?:and|so|also|ok|okay|great|cool|next|then)[,:]?\s+)+", _I)

_QUALIFIERS = frozenset(words("other main usual current rough approximate"))
# What a question can ask about that is no fact: the moment, a feeling, the talk itself.
_MOMENT = frozenset(
    words(
        """
        problem problems issue issues error errors question questions thought thoughts idea ideas
        take status update plan plans situation context deal reason point catch difference vibe
        mood weather day week weekend morning evening night tonight today tomorrow rush hurry
        hesitation worry worries concern concerns priority priorities preference preferences
        feeling feelings gut sense guess answer best worst favourite favorite name job age
        first next last other one thing things stuff point option options else more goal
        anything something
        """
    )
)
# A verb in a bare question ("Rough budget per person?" has none; "Sounds good?" has one).
_VERB_IN_BARE = re.compile(
    r"\b(?:is|are|was|were|do|does|did|can|could|should|would|will|have|has|had|want|need|"
    r"sound|sounds|make|makes|work|works|mean|means|look|looks|help|go|get)\b",
    _I,
)
# Said where a value should be: the answer is that there is none yet.
_DODGE = re.compile(
    r"\b(?:no idea|not sure|unsure|idk|dunno|don't know|do not know|tbd|tbc|depends|"
    r"haven't decided|not decided|undecided|no clue|not yet|nothing yet|none yet|"
    r"whatever|anything|either|maybe|probably|possibly|perhaps|"
    r"all (?:of them|three|two|four|five)|the (?:first|second|third|last|other) one)\b"
    # "no", "nope", "later" alone: no value; "no pain" is one
    r"|^(?:no|nope|nah|none|nothing|later|skip|both|same)$|^no (?:chance|way|clue)\b",
    _I,
)
_OPENER = re.compile(
    r"^(?:(?:ok|okay|so|yeah|yep|yes|um+|uh+|well|hmm+|oh|ah|honestly|tbh|just|mainly|mostly)"
    r"[,.:!]?\s+)+",
    _I,
)
# "yes big one", "loads": how much, and nothing of what (the sentences after it say that).
_HOW_MUCH_ONLY = re.compile(
    r"(?:a )?(?:big|huge|massive|small|little|few|couple)(?: ones?)?|loads|lots|a lot|tons|"
    r"plenty|some|a few|a couple|yes|no|yeah|nope|yep|definitely|absolutely",
    _I,
)
# "1 and 4 mostly", after a question that listed options by number: which items, not a value
_ITEM_NUMBERS = re.compile(
    r"\d{1,2}(?:(?:,| and| or| &) ?\d{1,2})+(?: (?:mostly|only|both|probably))?", _I
)
_LISTS_BY_NUMBER = re.compile(r"(?:^|\s)1[.)]\s.*(?:^|\s)2[.)]\s", re.DOTALL)
# "monitor is 1440p": a clause with its own verb is for the clause rules.
_CLAUSE = re.compile(
    rf"\b(?:{AUXILIARY}|can't|could|should|don't|doesn't|didn't|won't|isn't|aren't|wasn't|"
    # ("Gareth's threatening a surprise party": someone doing something, after the value)
    r"gonna|wanna)\b|'s\s+(?:a|an|the|been|got|going|not|just|still|always|never)\b|'s\s+\w+ing\b"
    r"|\b(?:it|that|he|she|there|here|this|what|who)'s\b|\b[a-z]+'(?:ll|re|ve|d)\b",
    _I,
)
_LEFT_SIDE = re.compile(
    r"^left (?:knee|leg|arm|hand|foot|ankle|hip|shoulder|eye|ear|wrist|side|elbow|lung|kidney)",
    _I,
)
_POINTER = re.compile(r"\b(?:it|them|they|him|her|that|this|those|these)\b", _I)
_ASIDE = re.compile(r"\s*\([^()]*\)")
_BARE_WORDS = 2
_MAX_FRAGMENT_WORDS = 14
_MAX_VALUE_WORDS = 30
_MAX_FRAGMENTS = 4


_ONE_WORD = re.compile(
    r"(?!(?:yes|no|yeah|yep|nope|nah|ok|okay|sure|thanks|hi|hey|hello)\b)"
    r"[A-Za-zÀ-ÿ][\wÀ-ÿ'-]+\.",
    _I,
)


def question_pairs(question: str, answer: str, nth: int = 0) -> list[tuple[str, str]]:
    """Each question of ``question`` with the part of ``answer`` that answers it.

    Numbered questions answered by number pair up item by item. Answered
    without numbers, one message each, the ``nth`` reply since the questions
    (0 for the first) answers the ``nth`` question — unless one reply holds
    a fragment for every question ("jay. 22. salford. budget 4k"), which no
    rule can share out. Other questions meet the first reply whole.
    """
    asked = _questions(question)
    said = _items(answer)
    if len(asked) >= 2:
        if said:
            return [(asked[number], said[number]) for number in sorted(said) if number in asked]
        opening = sentences(answer)[:2]
        if (
            nth == 0
            and len(opening) == 2
            and _ONE_WORD.fullmatch(opening[0])
            and len(opening[1].split()) >= 3  # ("tariq. 23. sheffield.": no rule shares out)
            and re.match(r"\W*where\b", asked[min(asked)], _I)
        ):
            # "1. Where are you based? 2. Can you afford …?" — "adelaide. I work 4 days a
            # week …": a town on its own, first, answers the first question
            return [(asked[min(asked)], opening[0].rstrip("."))]
        if len(sentences(answer)) >= len(asked):
            return []
        # "budget 400 quid ish": a reply that opens with one question's word answers that one
        first = re.match(r"[a-z]{3,}", answer.lower())
        labelled = [n for n, q in asked.items() if first and re.search(rf"\b{first[0]}\b", q, _I)]
        if (
            nth < len(asked)  # ("budget now 2k" after every answer is news, not an answer)
            and len(labelled) == 1
            and first is not None
            and first[0] not in FUNCTION_WORDS
        ):
            return [(asked[labelled[0]], answer)]
        number = sorted(asked)[nth] if nth < len(asked) else None
        return [(asked[number], answer)] if number is not None else []
    return [(question, answer)] if nth == 0 else []


def topic_answers(
    question: str, pairs: Sequence[tuple[str, str]], subject: str, *, by_assistant: bool = False
) -> list[FrameFact]:
    """ "What are the work hours like?" — "nights. 10pm-6am.": ``subject``'s work hours.

    Args:
        question: The other side's message the answers reply to.
        pairs: Its questions with the parts of ``subject``'s reply that answer
            them (:func:`question_pairs`).
        subject: Who answered ("User", or a person's name).
        by_assistant: An assistant asked. It asks about the user's own things
            ("what's the budget?"), and a bare "Monitoring?" asks for a value;
            between two people a bare "keswick?" is a suggestion.
    """
    found: list[FrameFact] = []
    numbered = len(_questions(question)) >= 2
    for asked, said in pairs:
        bare = _bare_question(_last_question(asked))
        if by_assistant and (chosen := _option_chosen(bare, said, subject)) is not None:
            found.append(chosen)
            continue
        value = _value(said)
        if value is None:
            continue
        if (old := _HOW_OLD.match(bare)) is not None:
            if re.search(r"\d", value):
                whose = f"{subject}'s {old['x'].lower()}"
                found.append(FrameFact(f"{whose} {old['verb'].lower()} {value}.", (whose, "age")))
            continue
        if (when := _WHEN_DO_YOU.match(bare)) is not None:
            if (day := re.fullmatch(rf"(?:on )?(?:the )?(?P<date>{DATE})", value, _I)) is not None:
                verb = _PRESENT_THIRD.get(when["verb"].lower(), when["verb"].lower() + "s")
                rest, date = when["rest"] or "", date_text(day["date"])
                if verb == "starts" and not rest:
                    # ("start date" is the slot a later "start date is now the 12th" fills)
                    line = f"{subject}'s start date is {date}."
                    found.append(FrameFact(line, (subject, "start date")))
                    continue
                line = f"{subject} {verb}{rest} on {date}."
                found.append(FrameFact(line, (subject, f"{verb}{rest}")))
            continue
        if (doing := _DOING.match(bare)) is not None:
            verb = doing["verb"].lower()
            found.append(FrameFact(f"{subject} is {verb} {value}.", (subject, verb)))
            continue
        topic = _topic(bare, bare_ok=numbered, by_assistant=by_assistant)
        if topic is None or (_ITEM_NUMBERS.fullmatch(value) and _LISTS_BY_NUMBER.search(question)):
            continue
        owned, what = topic
        if not owned and _names_a_proper_noun(bare, what):
            continue  # "What is the Cenotaph?": a quiz, not something of the user's
        value = _without_label(value, what)
        if _YES_TO_IT.sub("", value).strip(" .!").lower() == what.lower():
            continue  # "Leopard gecko?" / "yesss leopard gecko.": a yes, no value
        if _USE_FOR.match(bare):
            found.append(
                FrameFact(f"{subject} uses {value} for {what}.", (subject, f"{what} tool"))
            )
        elif owned or by_assistant:  # "what's the budget?" asks an assistant's user
            found.append(FrameFact(f"{subject}'s {what}: {value}.", (subject, what)))
        else:
            found.append(FrameFact(f"The {what}: {value}.", ("the", what)))
    return found


def _names_a_proper_noun(question: str, what: str) -> bool:
    said = re.search(rf"\bthe ({re.escape(what)})\b", question, _I)
    # ("When's the FS exam?": letters standing for the user's course, not a name)
    return said is not None and re.match(r"[A-ZÀ-Þ][a-zà-ÿ]", said[1]) is not None


def _without_label(value: str, what: str) -> str:
    """ "code freeze?" — "code freeze Tuesday 29 April": the value is "Tuesday 29 April"."""
    label = re.match(rf"{re.escape(what)}(?:\s*[:=,.-]\s*|\s+(?:is\s+)?)(?=\S)", value, _I)
    return value[label.end() :] if label is not None else value


_NAMED_OPTION = re.compile(
    r"(?:\b(?P<article>a|an) )?(?P<option>\b[A-ZÀ-Þ][\wÀ-ÿ+#.-]*(?: [A-ZÀ-Þ][\wÀ-ÿ+#.-]*)*)"
)


def _option_chosen(bare: str, answer: str, subject: str) -> FrameFact | None:
    """ "Do you use a bank with pots, like Monzo or Starling?" — "monzo yeh" → "User uses Monzo."

    The answer must open with one of the options the question names with a
    capital (a brand, a language, a place), and say nothing else that reads as a no.
    """
    asked = _OPTION_QUESTION.match(bare)
    if asked is None:
        return None
    words_said = re.findall(r"[\wÀ-ÿ+#.-]+", normalise_chat(answer).lower())
    if not words_said or _DODGE.search(" ".join(words_said[:3])):
        return None
    for named in _NAMED_OPTION.finditer(asked["rest"]):
        option = named["option"].rstrip(".")
        # "General Employment Permit." after "a General Employment Permit or a Critical
        # Skills permit?": an option of several words is named whole, or not at all
        said = [word.rstrip(".") for word in words_said[: len(option.split())]]
        if said != option.lower().split():
            continue
        verb = asked["verb"].lower()
        verb = _THIRD_PERSON.get(verb, verb + "s")
        article = f"{named['article'].lower()} " if named["article"] else ""
        line = f"{subject} {verb} {article}{option}."
        return FrameFact(line, (subject, f"{verb} {option.lower()}"))
    return None


def _items(text: str) -> dict[int, str]:
    """A numbered list's items by number ("1. …" or "1) …"), continuation lines included."""
    items: dict[int, str] = {}
    current: int | None = None
    for line in text.splitlines():
        numbered = _NUMBERED.match(line)
        if numbered is not None:
            current = int(numbered.group(1))
            items[current] = numbered.group(2)
        elif current is not None and line.strip():
            items[current] += "\n" + line.strip()
        elif not line.strip():
            current = None
    return items


def _questions(text: str) -> dict[int, str]:
    """The numbered items of ``text`` that ask something (a numbered list of options does not)."""
    return {number: item for number, item in _items(text).items() if "?" in item}


# "when do u start": a question typed without its mark, the whole of a short message
_UNMARKED_QUESTION = re.compile(
    r"^(?:when|what|where|which)(?:'s| is| are| do| does| did| r)? (?:\w+ ){0,5}?(?:you|u)\b"
    r"[^.!]*$",
    _I,
)
_UNMARKED_WORDS = 8


def _unmarked_question(text: str) -> str | None:
    said = sentences(text.replace("**", ""))
    if len(said) != 1 or len(said[0].split()) > _UNMARKED_WORDS:
        return None
    return said[0] if _UNMARKED_QUESTION.match(said[0]) else None


def asks_something(text: str) -> bool:
    """True when ``text`` asks a question, marked or typed as chat does ("when do u start")."""
    return "?" in text or _unmarked_question(text) is not None


def _last_question(text: str) -> str:
    asked = [s for s in sentences(text.replace("**", "")) if s.endswith("?")]
    if not asked and (unmarked := _unmarked_question(text)) is not None:
        asked = [unmarked]
    return asked[-1] if asked else ""


def _bare_question(question: str) -> str:
    """The question's words alone: no aside in brackets, no guess after a dash, no lead-in."""
    text = re.sub(r"\s*\([^)]*\)", "", question).strip().rstrip("?").strip()
    # "What does your cluster look like — managed Kubernetes?": the guess after the dash.
    text = re.split(r"\s[—–-]\s", text, maxsplit=1)[0]
    # "What's your work pattern, and roughly how many hours …?": the first question of two.
    text = re.split(
        r",? and (?=(?:roughly |also )?(?:how|what|when|where|who|which|do|does|are|is|have|has|"
        r"did|can|will|were|was)\b)",
        text,
    )[0]
    text = re.sub(r"[,\s]+(?:btw|then|again|exactly|though|tho|atm|rn)$", "", text, flags=_I)
    # "Any injuries or medical conditions I should know about?": asks for the injuries.
    text = re.sub(
        r"\s+(?:that )?(?:i|we) (?:should|need to|ought to) know(?: about)?(?: for [\w /-]+)?$"
        r"|\s+(?:worth mentioning|to mention|to know about)$",
        "",
        text,
        flags=_I,
    )
    text = _LEAD.sub("", text.replace("’", "'"))
    asks = re.search(
        r"(?:^|[,;:]\s+|\s[-—]\s+)(?=(?:what|which|when|where|who|any|do|d'|how many)\b)",
        text,
        _I,
    )
    return text[asks.end() :] if asks is not None else text  # "hey Magda, what's your …"


def _topic(text: str, *, bare_ok: bool, by_assistant: bool) -> tuple[bool, str] | None:
    """What a question (its bare words, :func:`_bare_question`) asks the value of, and
    whether it is the answerer's own."""
    if re.search(r"\b(?:in mind|thinking of|considering|want|wanted|like to|hoping)\b", text, _I):
        return None  # "any breed in mind?" asks for a wish, which may not last the chat
    for shape in (_USE_FOR, _WHAT_IS, _WHAT_DO_YOU, _ANY, _HOW_MANY):
        match = shape.match(text)
        if match is not None:
            found = match.groupdict()
            det = found.get("det") or found.get("det2")
            what = found.get("x") or found.get("x2") or ""
            return _named(what, owned=det is None or det.lower() != "the")
    # "Got it: EKS, Terraform. Monitoring?": an assistant asks for the next value.
    bare = bare_ok or (by_assistant and len(text.split()) <= _BARE_WORDS)
    if bare and (match := _BARE.match(text)) is not None and _a_noun(match.group("x")):
        return _named(match.group("x"), owned=True)
    return None


def _a_noun(what: str) -> bool:
    """ "budget per person", "monitoring" name a thing; "flying from denver" does not."""
    said = what.lower().split()
    return (
        not _VERB_IN_BARE.search(what)
        and not is_small_talk(what)
        and all(len(word) >= 3 and word.isalpha() for word in said if word not in ("per", "of"))
        and not (len(said) > 1 and any(word.endswith("ing") for word in said))
        and all(word not in FUNCTION_WORDS or word in ("per", "of") for word in said)
    )


def _named(what: str, *, owned: bool) -> tuple[bool, str] | None:
    said = re.split(r" or ", what.lower())[0].split()  # "breed or type": the first names it
    while said[1:] and said[0] in _QUALIFIERS:
        said = said[1:]  # "your other main costs" asks for the costs
    if not 1 <= len(said) <= 4 or said[0] in FUNCTION_WORDS or said[-1] in FUNCTION_WORDS:
        return None
    if any(word in _MOMENT for word in said) or any(w in ("you", "your", "u", "ur") for w in said):
        return None
    if len(said) > 1 and said[-1].endswith("ing"):
        return None  # "what are the venues paying?" asks what they do
    return owned, " ".join(said)


def _value(answer: str) -> str | None:
    """The fragments that open ``answer``, joined; None when it opens with a sentence or a dodge."""
    fragments: list[str] = []
    for sentence in sentences(normalise_chat(answer)):
        said = _OPENER.sub("", sentence).strip().rstrip(".!;:,").strip()
        # "rent 550 with kyle (we share a flat)": an aside about "we" is not the value
        said = _ASIDE.sub(
            lambda aside: "" if SPEAKER_OR_LISTENER.search(aside[0]) else aside[0], said
        )
        if not said or (
            not fragments and re.fullmatch(r"\d{1,2}", said) and _NUMBERED.match(answer)
        ):
            continue  # "2. yes big one": the number of the question answered ("kev. 52." an age)
        if _DODGE.search(said) or said.endswith("?"):
            break
        first = said.split()[0].lower()
        if _LEFT_SIDE.match(said):
            first = ""  # "left knee": a side of the body, not "left" the verb
        if (
            SPEAKER_OR_LISTENER.search(said)
            or _POINTER.search(said)  # "love them": about something said before
            or _CLAUSE.search(said)
            or first in IRREGULAR_PAST  # "lost 7 in a row": news with its "I" left out
            or first in EVENT_VERBS
            or len(said.split()) > _MAX_FRAGMENT_WORDS
        ):
            break
        fragments.append(said)
        if len(fragments) == _MAX_FRAGMENTS:
            break
    value = ", ".join(fragments)
    if (
        not fragments
        or _HOW_MUCH_ONLY.fullmatch(value)
        or is_small_talk(value)
        or len(value.split()) > _MAX_VALUE_WORDS
        or not re.search(r"\w", value)
    ):
        return None
    return value
