"""Rewrite what the user said about themselves into third-person memory lines.

"I prefer tabs" becomes "User prefers tabs", "my flight" mid-sentence becomes
"their flight", "we use Rust" becomes "The team uses Rust". The rules are small
and predictable rather than clever: the first mention of the speaker is named
(``User``, or the other person's name in a chat between two people), later
pronouns become "they/their/them", and the verb right after a named subject is
put in the third person singular.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from reverie.providers.offline.vocabulary import DEMONYMS, IRREGULAR_PAST, alternation, words

__all__ = ["TEAM", "conjugate", "finish_sentence", "to_third_person"]


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


_TOKEN = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?|[^A-Za-z]+")

# Words that may sit between a subject and its verb ("I really like …").
_ADVERBS = _wordset(
    "really strongly usually generally always never often sometimes also still just "
    "definitely absolutely totally mostly rarely actually truly much kind sort of "
    "kinda honestly personally only mainly mostly already now currently ever even finally "
    "recently probably literally seriously basically obviously apparently"
)
# Verbs that, after "and", go on about the speaker ("… and speak Turkish"); words that
# are also nouns ("… and fish") are left out.
_SECOND_VERBS = _wordset(
    "speak live love like hate prefer enjoy teach write drive own know want need use have don't "
    "take eat work run play study cook do go walk swim visit train "
    "haven't"
)
# ("… wants to quit in July and do a bootcamp": the second verb goes with the "to")
_BEFORE_AN_INFINITIVE = _wordset("will would can could should might must may")
# "to" before these goes somewhere ("I cycle to the depot"), before a verb it is an infinitive
_TO_A_PLACE = _wordset("the a an my his her their our work school bed town church uni")


def _second_verb_of_an_infinitive(before: list[str]) -> bool:
    """True when ``before`` holds a modal or "to" and a verb: what follows "and" shares it."""
    said = [token.lower() for token in before if token[:1].isalpha()]
    if _BEFORE_AN_INFINITIVE.intersection(said):
        return True
    return any(
        word == "to" and after not in _TO_A_PLACE and not after[:1].isdigit()
        for word, after in pairwise(said)
    )


# The first half of a compound verb ("we soft delete rows" → "The team soft deletes rows").
_VERB_PREFIXES = _wordset("soft hard double triple batch bulk lazy")
# Verbs ending in "-eed" that are not past tenses ("agreed" is, "need" is not).
_BASE_EED = _wordset("need feed seed speed bleed breed proceed succeed exceed heed weed")
_NOT_VERBS = _wordset(
    "to or too all both for in on at with the a an not so guys there here again when if as "
    "about from by into than that this these those forever again tomorrow today tonight "
    "later more back anyway lol"
)
_UNCHANGED = (
    _wordset(
        "can could will would shall should must might may ought "
        "can't cannot couldn't won't wouldn't shouldn't mustn't didn't moved"
    )
    | IRREGULAR_PAST
) - {"quit"}  # "I quit smoking" is a habit now: "User quits smoking"
# "I quit smoking" is a habit now, "I quit smoking 3 months ago" was an event.
_PRESENT_OR_PAST = _wordset("quit")
_PAST_TIME = re.compile(
    r"\b(?:ago|yesterday|last (?:week|month|year|night|summer|spring|autumn|winter|\w+day)|"
    r"in (?:19|20)\d\d|today|this (?:morning|week|month|year)|earlier|"
    # ("I quit my job in March": a month gone by; a job is left once, not as a habit)
    r"in (?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december)|quit (?:my|the|his|her|their|our) (?:\w+ )?(?:job|role|course|team|band|club)|"
    r"quit (?:work|uni|school|college)|"
    # ("so I quit and came to New Zealand": one step of a story told in the past)
    r"quit and (?:came|went|moved|left|started|got|found|took|joined|flew|bought))\b",
    re.IGNORECASE,
)
_IRREGULAR = {
    "am": "is",
    "are": "is",
    "have": "has",
    "do": "does",
    "go": "goes",
    "don't": "doesn't",
    "haven't": "hasn't",
    "aren't": "isn't",
    "were": "was",
    "weren't": "wasn't",
}
# Subjects at the start of a clause, as templates over the speaker's name
# ("{0}"); the bool says whether the next verb must be conjugated.
_START: dict[str, tuple[str, bool]] = {
    "i": ("{0}", True),
    "i'm": ("{0} is", False),
    "i've": ("{0} has", False),
    "i'll": ("{0} will", False),
    "i'd": ("{0} would", False),
    "my": ("{0}'s", False),
    "me": ("{0}", False),
}
TEAM = "The team"
"""What "we" means in talk about work."""
_TEAM_START: dict[str, tuple[str, bool]] = {
    "we": ("The team", True),
    "we're": ("The team is", False),
    "we've": ("The team has", False),
    "we'll": ("The team will", False),
    "we'd": ("The team would", False),
    "our": ("The", False),
}
# "we" as two named people ("User and Kai"): a plural subject.
_GROUP_START: dict[str, str] = {
    "we": "{0}",
    "we're": "{0} are",
    "we've": "{0} have",
    "we'll": "{0} will",
    "we'd": "{0} would",
    "our": "{0}'s",
}
_GROUP_MIDDLE: dict[str, str] = {
    "we": "they",
    "we're": "they're",
    "we've": "they've",
    "we'll": "they'll",
    "we'd": "they'd",
    "our": "their",
    "ours": "theirs",
    "us": "them",
    "ourselves": "themselves",
}
_MIDDLE: dict[str, str] = {
    "i": "they",
    "i'm": "they're",
    "i've": "they've",
    "i'll": "they'll",
    "i'd": "they'd",
    "my": "their",
    "me": "them",
    "mine": "theirs",
    "myself": "themselves",
}
_TEAM_MIDDLE: dict[str, str] = {
    "we": "the team",
    "we're": "the team is",
    "we've": "the team has",
    "we'll": "the team will",
    "we'd": "the team would",
    "our": "the",
    "ours": "the team's",
    "us": "the team",
    "ourselves": "the team",
}
# The listener: "you" is the assistant in a chat with one, or the other person.
_LISTENER: dict[str, str] = {
    "you": "{0}",
    "your": "{0}'s",
    "yours": "{0}'s",
    "yourself": "{0}",
    "you're": "{0} is",
    "you'll": "{0} will",
    "you've": "{0} has",
}
# After a mid-sentence "they", "I am" / "I was" must agree with "they".
_AFTER_THEY = {"am": "are", "was": "were", "wasn't": "weren't"}


# "User's husband Dayo and they are going to Japan": said of the two, "User and their …".
_NAMED_AND_THEY = re.compile(
    r"(?<!^)(?<!')\b(?P<name>(?!User\b)[A-ZÀ-Þ][a-zà-ÿ'’-]+) and they (?=(?:are|were)\b)"
)
_THEY_TOO = re.compile(
    r"^(?P<speaker>[A-ZÀ-Þ][\wÀ-ÿ'’-]*)'s (?P<who>(?:[\w-]+ ){0,2}?[\w-]+) and they "
    r"(?=(?:are|were|have|had|will|went|met|got|moved|live)\b)"
)


def conjugate(verb: str) -> str:
    """Third person singular of a verb that followed "I" or "we" ("like" → "likes")."""
    low = verb.lower()
    if low in _IRREGULAR:
        return _match_case(_IRREGULAR[low], verb)
    if (
        low in _UNCHANGED
        or (low.endswith("ed") and low not in _BASE_EED)
        or low.endswith(("n't", "'d"))
        or len(low) < 2
    ):
        return verb
    if low.endswith("s") and not low.endswith(("ss", "us", "is")):
        return verb  # "likes" written already, by a learner; "things" is no verb
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


# Words after which "you" is the object of a verb, or the subject of a question.
_BEFORE_YOU_THE_OBJECT = frozenset(
    words(
        """
        did do does will would can could should shall may might must are were have has had
        didn't don't doesn't won't wouldn't can't couldn't shouldn't aren't weren't haven't
        bring brought give gave send sent tell told show showed ask asked get got let make made
        help see saw hear heard owe pay paid call called text texted thank miss love buy bought
        take took drive drove meet met pick picked
        """
    )
)


def _you_as_object(tokens: list[str], index: int) -> bool:
    """Whether the word before ``tokens[index]`` ("you") makes it an object or asks a question."""
    word = next((t for t in reversed(tokens[:index]) if t[:1].isalpha()), "")
    return word.lower().replace("’", "'") in _BEFORE_YOU_THE_OBJECT


def _verb_follows(tokens: list[str], index: int) -> bool:
    """True when the word after ``tokens[index]``, past one space, could be a verb."""
    if index + 2 >= len(tokens) or tokens[index + 1] != " ":
        return False
    following = tokens[index + 2].lower()
    return following[:1].isalpha() and following not in _NOT_VERBS


def _match_case(word: str, like: str) -> str:
    return word.upper() if like.isupper() and len(like) > 1 else word


def to_third_person(
    text: str,
    *,
    at_start: bool = True,
    speaker: str = "User",
    listener: str | None = "the assistant",
    we: str | None = TEAM,
) -> str:
    """Rewrite one clause from the speaker's first person into the third person.

    Args:
        text: A clause as the speaker wrote it ("I really like hiking with my dog").
        at_start: False when ``text`` continues a sentence, so a leading "I"
            becomes "they" rather than the speaker's name.
        speaker: Who "I" is: ``"User"``, or the other person's name.
        listener: Who "you" is (``"the assistant"``, a name, ``"User"``); None
            leaves "you" as written (the caller then drops the clause).
        we: Who "we" is: :data:`TEAM` ("The team uses Rust"), or a group
            of named people ("User and Kai"); None leaves "we" as written.

    Returns:
        The clause about the speaker ("User really likes hiking with their dog").
    """
    out: list[str] = []
    seen_word = not at_start
    named = not at_start
    conjugate_next = False
    after_they = False
    tokens = _TOKEN.findall(text)
    for index, token in enumerate(tokens):
        if not token[0].isalpha():
            out.append(token)
            continue
        low = token.lower().replace("’", "'")
        if _in_a_code(tokens, index):
            out.append(token)  # "us-east-2", "me-central-1": a region's name, nobody's
            seen_word = True
            continue
        if (
            named
            and low in _SECOND_VERBS
            and index >= 2
            and tokens[index - 2].lower() == "and"
            and not _second_verb_of_an_infinitive(tokens[:index])
        ):
            # "I'm Turkish-Australian and speak Turkish": the speaker's second verb.
            out.append(conjugate(token))
            seen_word = True
            continue
        if conjugate_next:
            if low in _ADVERBS or (low in _VERB_PREFIXES and _verb_follows(tokens, index)):
                out.append(token)
                continue
            if low in _NOT_VERBS:
                # "I want you to be brief": "to" follows "you", no verb to conjugate.
                conjugate_next = False
                out.append(token)
                seen_word = True
                continue
            if low in ("and", "&"):
                # "I and Sofie are …": a compound subject keeps its plural verb.
                conjugate_next = False
                out.append(token)
                seen_word = True
                continue
            past = low in _PRESENT_OR_PAST and _PAST_TIME.search(text) is not None
            out.append(token if past else conjugate(token))
            conjugate_next = False
            seen_word = True
            continue
        if after_they and low in _AFTER_THEY:
            out.append(_AFTER_THEY[low])
            after_they = False
            continue
        after_they = False
        first_person = low in _START and (low != "i" or token == "I" or not seen_word)
        if first_person and not named:
            # The first mention names the speaker, wherever it is ("the hospital
            # moved me" → "moved User"); later ones are "they".
            template, conjugate_next = _START[low]
            if index >= 2 and tokens[index - 2].lower() == "and" and low == "i":
                conjugate_next = False  # "Ana and I live in Leeds": a plural subject
            out.append(template.format(speaker))
            named = True
        elif not seen_word and we == TEAM and low in _TEAM_START:
            replacement, conjugate_next = _TEAM_START[low]
            out.append(replacement)
        elif not seen_word and we and low in _GROUP_START:
            out.append(_GROUP_START[low].format(we))
        elif low in _MIDDLE and (low != "i" or token == "I"):
            replacement = _MIDDLE[low]
            after_they = replacement == "they"
            out.append(replacement)
        elif we == TEAM and low in _TEAM_MIDDLE and not (low == "us" and token == "US"):
            replacement = _TEAM_MIDDLE[low]
            conjugate_next = low == "we"  # ("for us excluding flights": no verb follows)
            out.append(replacement)
        elif we and low in _GROUP_MIDDLE and not (low == "us" and token == "US"):
            out.append(_GROUP_MIDDLE[low])
        elif listener is not None and low in _LISTENER:
            out.append(_LISTENER[low].format(listener))
            # "anything you write" → "anything the assistant writes"; "I should bring you
            # things", "did you tell them": "you" is no subject there
            conjugate_next = low == "you" and not _you_as_object(tokens, index)
        else:
            out.append(token)
        seen_word = True
    # "I'd been chasing him": before a past participle, "I'd" is "I had".
    said = _WOULD_HAD.sub("had ", "".join(out))
    # "my husband and I are going …": the two together, the speaker first
    said = _THEY_TOO.sub(r"\g<speaker> and their \g<who> ", said)
    # "… while Martin and I are away": the two by name
    return _NAMED_AND_THEY.sub(rf"\g<name> and {speaker} ", said)


def _in_a_code(tokens: Sequence[str], index: int) -> bool:
    """Whether the word at ``index`` is joined to the next or the one before by a hyphen."""
    after = tokens[index + 1] if index + 1 < len(tokens) else ""
    before = tokens[index - 1] if index else ""
    joined_after = after.startswith("-") and (
        after[1:2].isdigit() or (after == "-" and index + 2 < len(tokens))
    )
    joined_before = before == "-" and index >= 2 and tokens[index - 2][-1:].isalnum()
    return joined_after or joined_before


_WOULD_HAD = re.compile(
    r"\bwould (?=(?:(?:already|never|just|only) )?(?:been|gone|done|seen|taken|given|written|"
    r"had|got|forgotten|finished|booked|paid|told)\b)"
)


# Day and month names typed in lower case ("move date is 5 october"). "may" and
# "march" are also verbs: only next to a day's number are they the month.
_CALENDAR = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|"
    r"april|june|july|august|september|october|november|december)s?\b"
    r"|(?<=\d )(?:may|march|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b"
    r"|(?<=\d(?:st|nd|rd|th) )(?:may|march)\b"
    # "the 3rd of march", "the 10th of jan"
    r"|(?:(?<=\dst of )|(?<=\dnd of )|(?<=\drd of )|(?<=\dth of ))"
    r"(?:may|march|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b"
    # "promoted in march", "until may": after a word that only a time follows
    r"|(?:(?<=\bin )|(?<=\bsince )|(?<=\buntil )|(?<=\btill )|(?<=\blast )|(?<=\bnext )"
    r"|(?<=\bearly )|(?<=\blate ))(?:may|march)\b"
    r"|\b(?:may|march|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
    r"(?= \d{1,2}(?:st|nd|rd|th)?\b)"
)


_DEMONYM = re.compile(rf"\b(?:{alternation(DEMONYMS)})\b")


def finish_sentence(text: str) -> str:
    """Capitalise the first letter and end with exactly one full stop.

    Day and month names, and where someone is from, get their capital too
    ("5 october" → "5 October", "brazilian" → "Brazilian").
    """
    text = " ".join(text.split()).strip(" ,;:-")
    text = re.sub(r"[.!?]+$", "", text).rstrip(" ,;:-")
    if not text:
        return ""
    text = _CALENDAR.sub(lambda match: match[0].capitalize(), text)
    text = _DEMONYM.sub(lambda match: match[0].capitalize(), text)
    return text[0].upper() + text[1:] + "."
