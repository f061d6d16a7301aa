"""A message cut into the clauses the rules read, one thought each.

Sentences first (:func:`~.sentences.split_sentences`), fillers stripped, then
three cuts a sentence may need: the name of whom it is said to ("i'm 29 tunde i
have responsibilities" is two sentences, "i'm 33 rosa" ends without the name),
an age apart from what follows it ("im 31 not running an empire"), and two
dated things apart ("exam is 14th jan and coursework due 9th jan"). What a
learner of English writes ("I am engineer", "My son go to school") is read as
a native's words would be (:mod:`.learner_english`), and a day denied then
said ("we don't move 1 October. It is 15 October") as the correction it is.
"""

from __future__ import annotations

import re

from reverie.providers.offline.age_frames import parted_age
from reverie.providers.offline.fillers import strip_fillers
from reverie.providers.offline.learner_english import as_the_rules_read
from reverie.providers.offline.owners import dated_parts
from reverie.providers.offline.put_right import put_right
from reverie.providers.offline.sentences import split_sentences
from reverie.providers.offline.told_plainly import message_said_plainly

__all__ = ["message_clauses"]

_I = re.IGNORECASE

# What opens a new sentence after a name said to someone ("… tunde i have …").
_CLAUSE_START = r"(?:i|i'm|im|i've|ive|we|we're|you|u|ur|you're)\b"
# "I've been with Dev 6 years, mum": whom it is said to ends the sentence.
_VOCATIVE_END = re.compile(
    r",\s*(?:mum|mom|mam|dad|mate|babe|love|hun|dude|bro|sis|man|girl|guys|buddy|pal)\s*([.!?]*)$",
    _I,
)


_OWN_SUBJECT = re.compile(r"^(?:i|i'm|im|i've|i'll|i'd|my|we|we're|our|me)\b", _I)


def message_clauses(text: str, listener: str | None) -> list[str]:
    """The clauses of one message, in order (see the module docstring).

    Args:
        text: The message.
        listener: Whom it is said to, when that is a person with a name.
    """
    # (only a message that says "keep it" needs to know what it asked for)
    piece = (
        (_PIECE_ASKED_FOR.search(text) or _PIECE_NEXT.search(text))
        if "keep it" in text.lower()
        else None
    )
    clauses = [
        part
        for sentence in split_sentences(put_right(message_said_plainly(text)))
        for said in _unaddressed(
            as_the_rules_read(_of_the_piece(strip_fillers(sentence), piece)), listener
        )
        for age_part in parted_age(said)
        for dated in dated_parts(age_part)
        for part in _own_lists(dated)
    ]
    return [
        clause
        for index, clause in enumerate(clauses)
        if not (
            index
            and (
                _for_someone_else(clause, clauses[index - 1])
                or _on_a_condition(clause, clauses[index - 1])
            )
        )
        and not _priced_out(clause, clauses[index + 1 : index + 2])
    ]


# "I'm a nurse, live in Leeds", "I'm vegetarian and so are most of my friends, want something
# simple": facts of one's own listed with "I" said once, and a "so are they" that adds no one
_LISTED_VERB = re.compile(
    r",\s+(?=(?:live|work|love|hate|have|need|want|play|study|teach|run|own|speak|use|"
    r"drive|prefer|started|began)\s+\w)",
    _I,
)
# "self-taught, started linocut in 2019 after a weekend course": what one is, "I'm" left out
_BARE_STATE = re.compile(
    r"^(?=(?:self-taught|vegan|vegetarian|married|retired|divorced|left-handed|freelance|"
    r"self-employed)\s*,\s+\w)",
    _I,
)
_ME_TOO = re.compile(r"\s+and so (?:are|is|do|does|did|has|have|was|were) [^,;.!?]*", _I)
_LISTING_I = re.compile(r"^I(?:'m| am| have|'ve| work| live)\b", _I)


def _own_lists(clause: str) -> list[str]:
    if "," not in clause:
        return [clause]
    if _BARE_STATE.match(clause):
        clause = f"I'm {clause}"
    elif not _LISTING_I.match(clause):
        return [clause]
    clause = _ME_TOO.sub("", clause)
    head, *rest = _LISTED_VERB.split(clause)
    return [head, *(f"I {part}" for part in rest)]


# "beacon is like £90 lol no.": a price said only to turn the thing down
_A_PRICE = re.compile(r"[£$€]\s?\d|\d\s?(?:quid|bucks|euros?|dollars|pounds)\b", _I)
_TURNED_DOWN = re.compile(r"^(?:lol |haha |lmao )?(?:no|nope|nah|no way|no chance)[.!]*$", _I)


def _priced_out(clause: str, after: list[str]) -> bool:
    return (
        bool(after)
        and _TURNED_DOWN.match(after[0]) is not None
        and (_A_PRICE.search(clause) is not None)
    )


# "She say if I get residency someday, she will come and live with me": what would follow
# if something came about, apart from the "if" at a comma
# (an "if" that opens the clause, or what someone says: "see if they'll move us" asks)
_IF_OPEN = re.compile(
    r"(?:^|\b(?:says?|said|thinks?|reckons?|told me|promised)\s+(?:that\s+)?)"
    r"if\b(?![^,;]*\b(?:then|so)\b)[^.!?]*$",
    _I,
)
_THEN_WOULD = re.compile(
    r"^(?:then )?(?:she|he|they|we|i|you|it|(?-i:[A-Z])[\w'-]+)(?:'ll|'d| will| would| could|"
    r" might| can)\b",
    _I,
)


# "Maybe later, when Arif finish PhD, I study nursing": a someday that waits on something,
# whatever tense the clause after it is in
_SOMEDAY_WHEN = re.compile(
    r"^(?:and |but )?(?:maybe|perhaps|one day|some ?day|eventually|in (?:the )?future)"
    r"(?: later| one day| some ?day| in (?:the )?future)?,? "
    r"(?:when|if|after|once|whenever)\b[^.!?]*$",
    _I,
)


def _on_a_condition(clause: str, before: str) -> bool:
    if _SOMEDAY_WHEN.match(before) is not None:
        return True
    return _THEN_WOULD.match(clause) is not None and _IF_OPEN.search(before) is not None


# "my husband Callum won't touch mushrooms, so no mushrooms please": what is left out for
# someone else's sake, no wish of the speaker's own
_NONE_PLEASE = re.compile(
    r"^(?:so |and )?(?:no|without|skip the|leave out the) (?P<what>[a-z]+)(?: please| pls)?[.!]*$",
    _I,
)
_SOMEONE_ELSES_DISLIKE = re.compile(
    r"^(?:(?:my|our) [a-z]+(?: [A-ZÀ-Þ][\wÀ-ÿ'-]*)?|(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]*|he|she|they) "
    r"(?:won't|doesn't|don't|can't|cannot|will not|does not|hates?|dislikes?|is allergic to|"
    r"are allergic to)\b",
    _I,
)


def _for_someone_else(clause: str, before: str) -> bool:
    none = _NONE_PLEASE.match(clause)
    return (
        none is not None
        and _SOMEONE_ELSES_DISLIKE.match(before) is not None
        and re.search(rf"\b{re.escape(none['what'])}\b", before, _I) is not None
    )


# "Can you draft a short runbook in markdown? … Keep it tight.": a piece of writing asked for,
# which "it" then means (the answers in general are not)
_PIECE_ASKED_FOR = re.compile(
    r"\b(?:draft|write|make|create|compose|prepare|put together)(?: me| up)? (?:a|an) "
    r"(?:[\w-]+ ){0,3}?(?P<what>(?!quick\b|short\b|simple\b)[a-z][a-z-]+)"
    r"(?=\s+(?:in|for|to|about|with|that|on|from)\b|\s*[?.!,]|\s*$)",
    _I,
)
# "Now the README for Ifeoma and Greg. Keep it tight": the next piece of the work, named
_PIECE_NEXT = re.compile(
    r"(?:^|[.!]\s+)(?:now|next|then|and now),? (?:the|a|an) (?P<what>[A-Za-z][\w-]+)"
    r"(?=\s+(?:for|to|about)\b|\s*[.!])",
    _I,
)
_KEEP_IT = re.compile(r"^(?P<keep>(?:please )?keep) it\b", _I)


def _of_the_piece(clause: str, piece: re.Match[str] | None) -> str:
    """ "Keep it tight." → "Keep the runbook tight." when the message asked for a runbook."""
    if piece is None:
        return clause
    return _KEEP_IT.sub(lambda keep: f"{keep['keep']} the {piece['what'].lower()}", clause)


def _unaddressed(clause: str, listener: str | None) -> list[str]:
    """ "i'm 33 rosa" → "i'm 33": the name of whom it is said to is not part of the fact.

    Mid-sentence, the name parts two sentences: "i'm 29 tunde i have responsibilities".
    """
    clause = _VOCATIVE_END.sub(r"\1", clause)
    if not listener or listener in ("User", "the assistant"):
        return [clause]
    said_to = re.sub(rf"[,\s]+{re.escape(listener)}\s*([.!?]*)$", r"\1", clause, flags=_I)
    if said_to != clause and len(said_to.split()) <= 2 and not _OWN_SUBJECT.match(said_to):
        return []  # "told you. freelance Oisín": a word or two about whom it is said to
    clause = said_to
    parts = re.split(rf",?\s+{re.escape(listener)},?\s+(?={_CLAUSE_START})", clause, flags=_I)
    return [part for part in parts if part]
