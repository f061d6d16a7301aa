"""The stored line for one classified clause, said in its speaker's voice.

A clause the rules classified (:mod:`.rules`) is rewritten in the speaker's voice
(:mod:`.voice`), mended when it corrects something said before (:mod:`.mend`),
kept only if it reads on its own (:mod:`.quality`) and states something worth
keeping (:mod:`.salience`), and dated when it holds for now only.
"""

from __future__ import annotations

import re

from reverie.providers.offline.corrections import is_subjectless, strip_correction_lead
from reverie.providers.offline.fact import Fact
from reverie.providers.offline.frame_words import RELATION
from reverie.providers.offline.mend import figure_mended, mend_correction
from reverie.providers.offline.quality import COUNTED_US, fit_fact
from reverie.providers.offline.relative_days import with_dates
from reverie.providers.offline.rules import Classification, Tag
from reverie.providers.offline.salience import worth_keeping
from reverie.providers.offline.transcript import Turn
from reverie.providers.offline.voice import Voice, describe

__all__ = ["stored_line"]

_RULE_BODY = re.compile(r"^(?:please|always|never|don't|do not|no)\b", re.IGNORECASE)
# "don't forget the neighbours", said to a sibling: their errand, not the user's.
_ERRAND_FOR_THEM = re.compile(r"^(?:don'?t forget|do not forget|remember to)\b", re.IGNORECASE)
# "Anneli is User's sister.": said the way the frames say who someone is, so the two are one
_NAME_IS_KIN = re.compile(rf"^(?P<name>[A-ZÀ-Þ][\wÀ-ÿ'’-]*) is User's (?P<rel>{RELATION})\.$")


def stored_line(
    found: Classification,
    voice: Voice,
    turn: Turn,
    earlier: list[str],
    person: bool,
    *,
    note_ok: bool = True,
) -> Fact | None:
    """The stored line for one classified clause, or None when it would not read alone."""
    if (voice.other or person) and found.tag == "permanent" and _RULE_BODY.match(found.body):
        return None  # between two people, "don't apologise" is no rule for an assistant
    if person and found.tag == "ephemeral" and _ERRAND_FOR_THEM.match(found.body):
        return None
    text = describe(found, voice)
    tag: Tag = found.tag
    fitted: str | None
    if tag == "correction" and is_subjectless(strip_correction_lead(text)):
        fitted = mend_correction(text, voice.speaker, earlier, note_ok=note_ok, message=turn.text)
    elif tag == "correction" and (mended := figure_mended(text, earlier)) is not None:
        fitted = mended  # "the rate is 4.4%, not 4.1", when a line holds the 4.1
    elif (
        text.startswith(f"{voice.speaker} corrected")
        and fit_fact(strip_correction_lead(text), other_is_person=person) is None
    ):
        fitted = None  # "User corrected: sorry." says nothing
    else:
        fitted = fit_fact(text, original=found.body, other_is_person=person)
    if (
        fitted is None
        or COUNTED_US.search(fitted)
        or not worth_keeping(fitted, original=found.body)
    ):
        return None
    fitted = with_dates(fitted, turn.date)  # "turns 31 tomorrow" → "turns 31 on 12 November …"
    if (kin := _NAME_IS_KIN.match(fitted)) is not None:
        fitted, tag = f"User's {kin['rel']} is {kin['name']}.", "permanent"
    if voice.other and tag == "permanent":
        tag = "durable"  # facts about someone else belong with the durable facts
    if tag == "ephemeral" and turn.date:
        fitted = f"{fitted[:-1]} (as of {turn.date})."
    return Fact(tag, fitted)
