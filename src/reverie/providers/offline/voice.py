"""Who says a clause, and how it reads in the third person.

A :class:`Voice` is the speaker of a clause and whom their "you" and "we" mean:
the user talking to an assistant (:data:`USER_VOICE`), or, in a chat between
two people, either of them by name (:func:`voices`). :func:`describe` turns a
classified clause into its memory text in that voice ("I really like hiking"
→ "User really likes hiking."), with fixed phrasings for the few shapes that
read badly when only the pronouns are swapped ("remind me to …", "call me …",
"please always …").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reverie.providers.offline.person import TEAM, finish_sentence, to_third_person
from reverie.providers.offline.rules import Classification
from reverie.providers.offline.speakers import Speakers

__all__ = ["USER_VOICE", "Voice", "describe", "voices"]

_I = re.IGNORECASE
_FIRST_PERSON = re.compile(r"^(?:i|i'm|i've|i'll|i'd|my|we|we're|we've|we'll|our)\b", _I)
# Fixed phrasings that read badly when only the pronouns are swapped.
_SPECIAL_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"^(?:(?:can|could|would|will) you (?:please )?|please )*remind me\b\s*", _I),
        "reminder",
    ),
    (re.compile(r"^(?:please )?call me\s+", _I), "{speaker} wants to be called "),
    (re.compile(r"^don'?t (?:let me )?forget\s+", _I), "{speaker} must not forget "),
    (re.compile(r"^remember to\s+", _I), "{speaker} must remember to "),
    (re.compile(r"^please no\s+", _I), "User wants no "),
    (re.compile(r"^please (always|never)\s+", _I), "User wants the assistant to {0} "),
    (re.compile(r"^please (?:don'?t|do not)\s+", _I), "User wants the assistant not to "),
    (re.compile(r"^please\s+", _I), "User wants the assistant to "),
    (re.compile(r"^(always|never)\s+", _I), "User wants the assistant to {0} "),
    (re.compile(r"^(?:don'?t|do not)\s+", _I), "User wants the assistant not to "),
    (re.compile(r"^let'?s\s+", _I), "Decision: "),
    (re.compile(r"^(?:todo|to-do|to do)\b[:\s]*", _I), "To do: "),
)


@dataclass(frozen=True)
class Voice:
    """Who said a clause, and whom "you" and "we" mean in it.

    Attributes:
        speaker: ``"User"``, or the other person's name.
        listener: Whom "you" means (``"the assistant"``, a name, ``"User"``);
            None when unknown, so clauses about "you" are dropped.
        we: Who "we" is: ``"The team"`` at work, or None when it cannot be
            told (two friends and their own people), so clauses about "we"
            are dropped. Said to an assistant outside work, "we" is read as
            the user's household before this (:func:`~.owners.as_household`).
        other: The speaker is the other person in a chat between two people.
    """

    speaker: str = "User"
    listener: str | None = "the assistant"
    we: str | None = TEAM
    other: bool = False


USER_VOICE = Voice()
"""The user talking to an assistant, about work or not."""


def _special_form(body: str, voice: Voice) -> str | None:
    for pattern, template in _SPECIAL_FORMS:
        match = pattern.match(body)
        if match is None:
            continue
        rest = to_third_person(
            body[match.end() :],
            at_start=False,
            speaker=voice.speaker,
            listener=voice.listener,
            we=voice.we,
        )
        if template == "reminder":
            who = voice.speaker
            return f"{who} asked to be reminded {rest}" if rest else f"{who} asked for a reminder"
        groups = (group.lower() for group in match.groups())
        return template.format(*groups, speaker=voice.speaker) + rest
    return None


def describe(classification: Classification, voice: Voice = USER_VOICE) -> str:
    """The third-person memory text for a classified clause."""
    body = classification.body
    # ('never write "I hope this email finds you well"': the words quoted stay as written)
    quoted = _QUOTED_WORDS.findall(body)
    if quoted:
        count = iter(range(len(quoted)))
        body = _QUOTED_WORDS.sub(lambda _: f"⟦{next(count)}⟧", body)
    special = _special_form(body, voice)
    text = special or to_third_person(
        body, speaker=voice.speaker, listener=voice.listener, we=voice.we
    )
    for index, words in enumerate(quoted):
        text = text.replace(f"⟦{index}⟧", words)
    if classification.cued and not _FIRST_PERSON.match(body) and special is None:
        about = classification.about
        subject = f" {to_third_person(about, at_start=False)}" if about else ""
        text = f"{voice.speaker} corrected{subject}: {text}"
    # "User's name is christopher." — a name is written with its capital.
    text = _NAME_GIVEN.sub(lambda m: m[1] + m[2].upper(), text)
    return finish_sentence(text)


_QUOTED_WORDS = re.compile(r"[\"“][^\"”]*\s[^\"”]*[\"”]")
_NAME_GIVEN = re.compile(r"^(\S+'s name is |\S+ wants to be called )([a-zà-ÿ])")


def voices(speakers: Speakers) -> dict[str, Voice | None]:
    # Between two people outside work, "we" may be the two of them or the speaker's
    # household ("we're moving to Glasgow" said by Maya of herself and Ines): never guessed.
    we = TEAM if speakers.work else None
    if not speakers.other_is_person:
        return {"user": Voice(we=we), "assistant": None}
    other = speakers.other_name
    if other is None:
        return {"user": Voice(listener=other, we=we), "assistant": None}
    if speakers.shared_home and we is None:  # "our flat", said by both: "we" is the two
        return {
            "user": Voice(listener=other, we=f"User and {other}"),
            "assistant": Voice(other, "User", f"{other} and User", other=True),
        }
    return {"user": Voice(listener=other, we=we), "assistant": Voice(other, "User", we, other=True)}
