"""Turn what the user said into tagged memory lines, as an archive answer.

:func:`extract_facts` walks the user's turns sentence by sentence, classifies
each with :mod:`.rules`, rewrites it in the third person with :mod:`.person`,
and drops repeats (also of facts already in the previous summary).
:func:`render_answer` formats them the way the archive prompt asks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from reverie.providers.offline.person import finish_sentence, to_third_person
from reverie.providers.offline.rules import Classification, Tag, classify, strip_fillers
from reverie.providers.offline.transcript import Turn

__all__ = [
    "Fact",
    "describe",
    "extract_facts",
    "fact_key",
    "render_answer",
    "split_sentences",
]

NOTHING = "(nothing)"

# A "sentence" longer than this is pasted text, not something said about oneself.
_MAX_SENTENCE_CHARS = 400

_I = re.IGNORECASE
_CODE_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_BULLET = re.compile(r"^\s*(?:[-*•>]+|\d+[.)])\s+")
_SUBJECT_AHEAD = r"(?=(?:i|i'm|i've|i'll|i'd|my|we|we're|we'll|our|let's|please|call me)\b)"
_SPLIT = re.compile(
    rf"(?<=[.!?])\s+|;\s+|,\s*(?:and|but)\s+{_SUBJECT_AHEAD}|\s+but\s+{_SUBJECT_AHEAD}", _I
)
# "I live in Lisbon and I hate meetings" is two facts; "my wife and I live in
# Lisbon" is one: split at "and I" only after a clause of three words or more.
_AND_SUBJECT = re.compile(r"\s+and\s+(?=(?:i|i'm|i've|we|we're)\b)", _I)
_MIN_CLAUSE_WORDS = 3
_FIRST_PERSON = re.compile(r"^(?:i|i'm|i've|i'll|i'd|my|we|we're|we've|we'll|our)\b", _I)

# Fixed phrasings that read badly when only the pronouns are swapped.
_SPECIAL_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^(?:(?:can|could|would|will) you |please )*remind me\b\s*", _I), "reminder"),
    (re.compile(r"^(?:please )?call me\s+", _I), "User wants to be called "),
    (re.compile(r"^please (always|never)\s+", _I), "User wants the assistant to {0} "),
    (re.compile(r"^please (?:don'?t|do not)\s+", _I), "User wants the assistant not to "),
    (re.compile(r"^let'?s\s+", _I), "Decision: "),
    (re.compile(r"^(?:todo|to-do|to do)\b[:\s]*", _I), "To do: "),
    (re.compile(r"^don'?t (?:let me )?forget\s+", _I), "User must not forget "),
    (re.compile(r"^remember to\s+", _I), "User must remember to "),
)


@dataclass(frozen=True)
class Fact:
    """One memory line: ``[tag] text``."""

    tag: Tag
    text: str

    def line(self) -> str:
        """The line as it appears in an archive answer."""
        return f"[{self.tag}] {self.text}"


def split_sentences(text: str) -> list[str]:
    """Split a message into sentences; code blocks and bullet marks are dropped."""
    text = _CODE_FENCE.sub("\n", text)
    sentences: list[str] = []
    for line in text.splitlines():
        line = _BULLET.sub("", line).strip()
        if not line:
            continue
        for part in _SPLIT.split(line):
            if part and part.strip():
                sentences.extend(_split_and(part.strip()))
    return sentences


def _split_and(sentence: str) -> list[str]:
    parts: list[str] = []
    rest = sentence
    while (match := _AND_SUBJECT.search(rest)) is not None:
        head = rest[: match.start()]
        if len(head.split()) < _MIN_CLAUSE_WORDS:
            break
        parts.append(head)
        rest = rest[match.end() :]
    parts.append(rest)
    return parts


def _special_form(body: str) -> str | None:
    for pattern, template in _SPECIAL_FORMS:
        match = pattern.match(body)
        if match is None:
            continue
        rest = to_third_person(body[match.end() :], at_start=False)
        if template == "reminder":
            return f"User asked to be reminded {rest}" if rest else "User asked for a reminder"
        return template.format(*(group.lower() for group in match.groups())) + rest
    return None


def describe(classification: Classification) -> str:
    """The third-person memory text for a classified sentence."""
    body = classification.body
    text = _special_form(body) or to_third_person(body)
    if classification.cued and not _FIRST_PERSON.match(body) and _special_form(body) is None:
        about = classification.about
        subject = f" {to_third_person(about, at_start=False)}" if about else ""
        text = f"User corrected{subject}: {text}"
    return finish_sentence(text)


def fact_key(text: str) -> str:
    """Normalised form of a fact, for spotting repeats."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _known_keys(previous_summary: str | None) -> set[str]:
    keys: set[str] = set()
    for line in (previous_summary or "").splitlines():
        keys.add(fact_key(re.sub(r"^\s*\[[a-z]+\]\s*", "", line)))
    keys.discard("")
    return keys


def extract_facts(turns: Iterable[Turn], *, previous_summary: str | None = None) -> list[Fact]:
    """Facts found in the user's turns, in order, without repeats.

    Args:
        turns: The conversation; only ``user`` turns are read.
        previous_summary: Facts already recorded; they are not repeated.

    Returns:
        The tagged facts (empty for small talk).
    """
    seen = _known_keys(previous_summary)
    facts: list[Fact] = []
    for turn in turns:
        if turn.role != "user":
            continue
        for sentence in split_sentences(turn.text):
            # Phones and word processors type "I’m"; the rules are written for "I'm".
            sentence = strip_fillers(sentence.replace("\u2019", "'"))
            if len(sentence) > _MAX_SENTENCE_CHARS:
                continue
            found = classify(sentence)
            if found is None:
                continue
            text = describe(found)
            key = fact_key(text)
            if not key or key in seen:
                continue
            seen.add(key)
            if found.tag == "ephemeral" and turn.date:
                text = f"{text[:-1]} (as of {turn.date})."
            facts.append(Fact(found.tag, text))
    return facts


def render_answer(facts: Iterable[Fact]) -> str:
    """The archive answer: one ``[tag] text`` line per fact, or ``(nothing)``."""
    lines = [fact.line() for fact in facts]
    return "\n".join(lines) if lines else NOTHING
