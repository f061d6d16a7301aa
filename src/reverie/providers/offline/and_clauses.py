"""Where a sentence splits at "and" (or "but") into clauses of their own.

"I live in Lisbon and I hate meetings" is two facts; "my wife and I live in Lisbon" is one;
"I play fiddle at the Orchard every Thursday and it's half my social life" is a habit and a
comment on it; "my 21st is on the 3rd of march and maya is already planning something" is
the speaker's birthday and someone else's plan. :func:`split_at_and` makes those cuts, for
:func:`~.sentences.split_sentences`.
"""

from __future__ import annotations

import re

from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.vocabulary import is_name, words

__all__ = ["MIN_CLAUSE_WORDS", "split_at_and"]

_I = re.IGNORECASE

# "I live in Lisbon and I hate meetings" is two facts; "my wife and I live in
# Lisbon" is one: split at "and I" only after a clause of three words or more.
# ("I am living in Dublin since 2022 and this is the first time …": a new thought, too)
_AND_SUBJECT = re.compile(
    # ("I'm veggie and right now I basically live on pasta": when, between "and" and "I")
    r"\s+and\s+(?:(?:right now|currently|these days|at the moment|lately),?\s+"
    r"(?=(?:i|i'm|i've|we|we're)\b))?(?=(?:i|i'm|i've|we|we're)\b|(?:this|that)(?:'s| is| was) "
    # "I play fiddle at the Orchard every Thursday and it's half my social life": a comment
    # on the habit ("and it's called Miso" still names what was just said)
    # ("… in 2023 and it still grumbles on long descents": how it has been since)
    r"|(?P<comment>it(?:'s|’s| is) (?!called|named|a |an )"
    r"|it (?:still |really |always |sometimes |often |just )?(?!is\b|was\b|has\b)[a-z]{2,}s\b)"
    r"|(?:he|she)(?:'ll| will) be "
    # ("my son Kayode turns 8 on 2 August and he has coeliac disease": more of him, apart)
    # (not "and she was lovely", "and he is "not on duty"": how they are, said of the moment)
    r"|(?:he|she) (?:has|had|has been|was diagnosed)\b"
    # "I am practice manager at Balmore Park and the partners like a long lead time"
    r"|the \w+s (?:like|want|need|are|were|have|had|say|said|think|love|hate|know)\b)"
    # "my 21st is on the 3rd of march and maya is already planning something": someone else,
    # by name (checked to be one where the split is made)
    r"|\s+and\s+(?=(?P<who>[A-Za-zÀ-ÿ][a-zà-ÿ'-]{2,}) (?:is|was|has|had|will|says|said|wants|"
    r"thinks|keeps|can't|won't|doesn't|didn't)\s)"
    # "I'm vegetarian and during exams I live on toast": a when, then its own clause
    r"|\s+and\s+(?=(?:during|in|at|on|after|before|over)\s+(?:[\w']+\s+){0,2}?[\w']+,?\s+"
    r"(?:i|i'm|i've|we|we're)\s)"
    # "This is my gran's recipe, but my son Arvid has a milk allergy": someone named, apart
    r"|,\s+but\s+(?=my (?:[a-z]+ ){1,2}(?-i:[A-ZÀ-Þ])[\wà-ÿ'-]+ (?:has|is|was|can't|cannot|"
    r"doesn't|won't)\b)"
    # "I was on vs code for years but actually I switched to Zed": what holds now, apart
    r"|\s+but\s+(?=(?:actually|now|then|in the end|eventually),?\s+(?:i|i've|i'm|we|we've)\b)",
    _I,
)
MIN_CLAUSE_WORDS = 3
"""The fewest words a clause split off at "and" may have ("my wife and I" is no clause)."""
# "I play fiddle at the Orchard every Thursday": something the speaker does
_OWN_DOING = re.compile(
    r"^\W*I (?!am\b|was\b|had\b|think\b|guess\b|mean\b)[a-z]+\b"
    # "I had keyhole surgery on the meniscus in 2023": something that happened, when
    r"|^\W*I had\b.*\b(?:in (?:19|20)\d\d|ago|last (?:year|month|week|summer|winter))\b"
)
_VERB_WORDS = frozenset(words("is are was were has have had 's do does did"))
# "I'm vegetarian and I'm so sick of pasta": a state of one's own is a clause of two words.
# ("I'm nervous and I want to …" is one mood, not a state and a plan)
_OWN_STATE = re.compile(
    r"^\W*I'm (?!nervous|scared|worried|anxious|stressed|excited|tired|exhausted|sad|happy|"
    r"sorry|glad|bored|terrified|desperate|confused|lost|ok|okay|fine|good|done)[\w-]+$",
    _I,
)
# The end of a clause that is the first half of "… and my siblings and I want …".
_JOINED_SUBJECT = re.compile(
    r"\s+and\s+(?:(?:my|our)\s+(?:\w+\s+)?\w+|(?-i:[A-ZÀ-Þ][\wà-ÿ'-]+))$", _I
)
# The end of a clause after which someone and the speaker do something together.
_PAIRED_AFTER_BUT = re.compile(
    r"\s+(?:but|so|because|cos|then)\s+(?P<who>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)$"
)


_PAIRED_AFTER_PREPOSITION = re.compile(
    r"\b(?:in|from|at|to|between|with|of|for|across) "
    # ("I'm 45 in August and Idris has asked …": a month is no place)
    r"(?!(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|(?:mon|tues|wednes|thurs|fri|satur|"
    r"sun)day)[a-z]*\b)(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+$",
    _I,
)


_SPEAKER_AFTER = re.compile(r"[^.;!?]*\b(?:me|my|us|our)\b", _I)


def _a_name_here(word: str) -> bool:
    """ "Maya" or "maya": a name, not an everyday word ("and Calf has been accepted")."""
    if word.isupper():
        return False  # "and RAM was at 5.1GB": a thing
    return is_name(word.capitalize()) and not is_everyday_word(word.lower())


def split_at_and(sentence: str) -> list[str]:
    """ "I live in Lisbon and I hate meetings" → the two clauses; "my wife and I live …" stays."""
    parts: list[str] = []
    rest = sentence
    start = 0
    while (match := _AND_SUBJECT.search(rest, start)) is not None:
        head = rest[: match.start()]
        if match["who"] is not None and (
            not _a_name_here(match["who"])
            or (
                _PAIRED_AFTER_PREPOSITION.search(head)
                and _SPEAKER_AFTER.match(rest, match.end()) is not None
            )
        ):
            # "salt and pepper is …": no one; "my experience in Japan and Canada will help
            # me": two places, one phrase, whose verb says what it does for the speaker
            start = match.end()
            continue
        if re.match(r"\s*I (?:are|were|'re)\b", rest[match.end() :]):
            start = match.end()  # "… while Martin and I are away": one plural subject
            continue
        if match["comment"] is not None and not _OWN_DOING.match(head):
            # ("the dorm is ¥58,000 and it's in the middle of nowhere", "I'm in PyCharm and it
            # keeps …": what "it" is said of is no habit of the speaker's)
            start = match.end()
            continue
        if len(head.split()) < MIN_CLAUSE_WORDS and not _OWN_STATE.match(head):
            # "My wife and I were approved … and we've just had the call": the pair is the
            # subject, and a later "and we" may still begin a clause of its own
            start = match.end()
            continue
        subject = head.rsplit(":", 1)[-1].split()
        if (
            subject
            # ("I'm Ines and I work as a pharmacist": "I'm Ines" is a clause, not "Ines and I")
            and not re.match(r"^\W*I(?:'m|’m| am)\b", head)
            and (
                (len(subject) <= 2 and (is_name(subject[-1]) or subject[0].lower() == "my"))
                # ("my husband Dayo and I are going …", not "my portuguese is PT-BR and I want";
                # "my husband Graham and I live in Sandy Bay" stays where the user lives)
                or (
                    len(subject) <= 4
                    and subject[0].lower() in ("my", "our")
                    and is_name(subject[-1])
                    and not any(w.lower() in _VERB_WORDS or "," in w for w in subject)
                    and not re.match(r"I (?:live|'ve lived|have lived)\b", rest[match.end() :])
                )
            )
        ):
            start = match.end()  # "Sofie and I are …", "topic: my wife and I live …": one subject
            continue
        paired = _PAIRED_AFTER_BUT.search(head)
        if paired is not None and rest[match.end() :].startswith("I ") and is_name(paired["who"]):
            # "unrelated but Callum and I broke up": the two are the subject of what follows
            parts.append(head[: paired.start()])
            rest = f"{paired['who']} and {rest[match.end() :]}"
            start = len(paired["who"]) + len(" and ")
            continue
        # "My mum turns 60 and my siblings and I want …": the siblings are not in the 60
        joined = _JOINED_SUBJECT.search(head)
        parts.append(head[: joined.start()] if joined is not None else head)
        rest = rest[match.end() :]
        start = 0
    parts.append(rest)
    return parts
