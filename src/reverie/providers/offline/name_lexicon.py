"""Which words of a conversation are names, when a chat may type them in lower case.

A capitalised word where a name goes is one (unless it is a word that starts
sentences, see :func:`~.vocabulary.is_name`). "my sister jess" in a chat typed
all in lower case is harder: "jess" is taken for a name only when the
conversation writes it with a capital somewhere ("Jess", "JESS!!") or uses it
three times or more, never uses it like a common word (after "the" or "a"),
it is not a function word, a common word or a verb, and what follows it is not
a particle ("my colleague set up …").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence

from reverie.providers.offline.pasted import is_table_row
from reverie.providers.offline.vocabulary import (
    COMMON_WORDS,
    EVENT_VERBS,
    HABIT_VERBS,
    NOT_NAMES,
    PREFERENCE_VERBS,
    is_name,
    words,
)

__all__ = [
    "FUNCTION_WORDS",
    "TITLES",
    "NameLexicon",
    "looks_like_a_verb",
    "names_opening_sentences",
]

# A lower-case word never written with a capital is a name only if it recurs.
_TIMES_FOR_A_LOWER_CASE_NAME = 3

_I = re.IGNORECASE

# Words that are never a name in these slots, even when a chat types them in lower case.
FUNCTION_WORDS = frozenset(
    words(
        """
        is was are were be been being am has have had do does did will would can could should
        may might must shall and or but so if then than that this these those there here who
        whom whose which what when where why how not no yes also just still even really very
        too again always never ever now today tonight tomorrow yesterday soon later already
        it its it's he she they them his her their him me my mine you your we our us i
        a an the of in on at to for from with by about as into onto over under after before
        says said thinks thought told asked wants wanted went got gets getting keeps kept
        lol haha omg tho though btw tbh idk
        """
    )
)


class NameLexicon:
    """Which words of a conversation are names.

    A capitalised word in a name's position is one (unless it is a word that
    starts sentences, see :func:`~.vocabulary.is_name`). A lower-case word is
    one when the conversation writes it capitalised elsewhere, or never puts
    it after an article or a possessive and never uses it as a common word.
    """

    # (not "its": typed for "it's" as often as not, "its lottie btw" names her)
    _AFTER_DETERMINER = re.compile(
        r"\b(?:a|an|the|this|that|some|my|your|his|her|our|their)\s+([a-zà-ÿ][\wà-ÿ'-]+)", _I
    )
    _CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-ZÀ-Þ][a-zà-ÿ'’-]+")
    _SHOUTED = re.compile(r"\b[A-ZÀ-Þ]{3,}\b")

    def __init__(self, texts: Sequence[str], known: Collection[str] = ()) -> None:
        self._known = {name.lower() for name in known}
        self._common: set[str] = set()
        self._seen: Counter[str] = Counter()
        for text in texts:
            for raw in text.splitlines():
                if is_table_row(raw):
                    continue  # "| Landlord Gas Safety Certificate | £70 |": title case
                line = re.sub(r"^\s*(?:[-*•>#|]+|\d+[.)])\s*", "", raw)  # a list item starts a line
                for match in self._CAPITALISED.finditer(line):
                    if is_name(match.group(0)):
                        self._known.add(match.group(0).lower().removesuffix("'s"))
                for word in re.findall(r"[a-zà-ÿ][\wà-ÿ'-]*", line):
                    self._seen[word.removesuffix("'s")] += 1  # "nadia's nonna" says "nadia"
                for match in self._SHOUTED.finditer(line):
                    self._known.add(match.group(0).lower())
                for match in self._AFTER_DETERMINER.finditer(line):
                    self._common.add(match.group(1).lower())

    def written_as_a_name(self, word: str) -> bool:
        """True when the conversation writes ``word`` with a capital mid-sentence, or shouts it."""
        return word.lower() in self._known

    def name(self, token: str, following: str = "", *, by_shape: bool = False) -> str | None:
        """``token`` written as a name, or None when it is not one.

        Args:
            token: The word.
            following: What the sentence says after it: a lower-case word
                followed by a particle ("my colleague set up …") is a verb.
            by_shape: The sentence's shape says a name stands here ("pepper is
                a greyhound", "boz is what everyone calls me"): a name that is
                also a common word, or said only once, is not ruled out.
        """
        bare = token.rstrip(".,;:!?").removesuffix("'s").removesuffix("’s")
        lower = bare.lower()
        if lower.endswith(("n't", "n’t")):
            return None  # "Stanley, my beardie, hasn't eaten": a verb said short
        if _PRONOUN_SHORT.fullmatch(lower):
            return None  # "he's my lurcher, he'll be supervising": a pronoun said short
        if len(bare) < 2 or lower in FUNCTION_WORDS or lower.removesuffix("s") in NOT_NAMES:
            return None  # "wednesdays", "mondays": a day, however it is written
        if lower in TITLES:
            return None  # "our neighbour, Mrs Pritchard": the name is the word after it
        if not re.fullmatch(r"[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*", bare) or any(c.isdigit() for c in bare):
            return None
        titled = bare[:1].upper() + bare[1:]
        if "-" in bare and not all(part[:1].isupper() for part in bare.split("-")):
            return None  # "Non-smoker" starts a sentence; "Jean-Luc" is a name
        if bare[:1].isupper():
            return titled if is_name(titled) and not bare.isupper() else None
        if (lower in COMMON_WORDS and not by_shape) or lower in self._common:
            return None
        rare = self._seen[lower] < _TIMES_FOR_A_LOWER_CASE_NAME
        if lower not in self._known and rare and not by_shape:
            return None
        # ("my colleague set up …": a verb; "my partner nadia in may", said often: a name)
        if looks_like_a_verb(lower) or (_PARTICLE.match(following) and (rare or by_shape)):
            return None
        return titled


_PRONOUN_SHORT = re.compile(
    r"(?:i|you|he|she|it|we|they|that|there|who|what)['’](?:ll|s|d|re|ve|m)"
)

TITLES = frozenset(("mr", "mrs", "ms", "miss", "dr", "prof"))
"""Words written before a name ("Mrs Pritchard"), never a name of their own."""

_PARTICLE = re.compile(
    r"^\s*(?:up|out|off|in|on|down|over|back|away|to|the|a|an|me|him|her|us|them|it|that|this|"
    r"my|your|his|our|their|some|with|for|about|at)\b",
    _I,
)


def looks_like_a_verb(word: str) -> bool:
    verbs = {*HABIT_VERBS, *PREFERENCE_VERBS, *EVENT_VERBS}
    stems = {word, word.removesuffix("s"), word.removesuffix("es"), word.removesuffix("ed")}
    if word.endswith("ed"):
        stems.add(word.removesuffix("d"))  # "loved", "hated": the verb ends in "e"
    # "cried", "tried", "worried": no name ends so ("Ahmed", "Fred" and "Ted" do end in -ed).
    return bool(stems & verbs) or word.endswith(("ing", "ly", "ied"))


# "Lottie's pregnant!!", "Mabel's been scratching her ear": a name opening a sentence as its
# subject.
_OPENS_AS_SUBJECT = re.compile(
    r"(?:^|[.!?]\s+)(?P<word>[A-ZÀ-Þ][a-zà-ÿ]+)(?:'s|’s| is| has| was| had)\s", re.MULTILINE
)
_TIMES_OPENING_A_SENTENCE = 2


def names_opening_sentences(texts: Sequence[str]) -> frozenset[str]:
    """Capitalised words that open sentences as a subject and are never written in lower case.

    A capital at the start of a sentence proves nothing once ("Timeline is
    roughly a year"); a word that opens two sentences as their subject and that
    the conversation never writes in lower case is a name ("Lottie's pregnant",
    "Lottie's bump is showing"), unless it is a word every chat uses or one
    shaped like a verb or an adverb.
    """
    opened: Counter[str] = Counter()
    lower: set[str] = set()
    for text in texts:
        opened.update(match["word"] for match in _OPENS_AS_SUBJECT.finditer(text))
        lower.update(re.findall(r"(?<![\w'’-])[a-zà-ÿ]+", text))
    return frozenset(
        word
        for word, times in opened.items()
        if times >= _TIMES_OPENING_A_SENTENCE
        and word.lower() not in lower
        and word.lower() not in COMMON_WORDS
        and word.lower() not in FUNCTION_WORDS
        and not word.lower().endswith(("ing", "ed", "ly"))
        and is_name(word)
    )
