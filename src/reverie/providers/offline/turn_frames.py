"""Every frame that reads one message: its shapes, its answers, its choices.

:mod:`.extract` reads a message clause by clause; the frames read it whole
(:mod:`.frames` and the modules beside it). What a message answers depends on
what the other side asked last and how many replies came since ("1. flat",
then "2. hybrid": one numbered answer a message); a choice needs the options
the talk just put forward.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.age_frames import age_agreed
from reverie.providers.offline.choice_frames import choice_frames, scrapped_for
from reverie.providers.offline.done_answers import step_confirmed
from reverie.providers.offline.frame_answers import age_answer, answer_frames
from reverie.providers.offline.frame_words import FrameFact
from reverie.providers.offline.frames import message_frames
from reverie.providers.offline.listed_answers import introduced, listed_answers
from reverie.providers.offline.measures import measures
from reverie.providers.offline.name_lexicon import NameLexicon
from reverie.providers.offline.occasion_frames import (
    birthday_this_week,
    birthday_wish,
    role_accepted,
)
from reverie.providers.offline.people_frames import FIRST_MESSAGES
from reverie.providers.offline.profile_list import profile_list
from reverie.providers.offline.speakers import Speakers
from reverie.providers.offline.topic_answers import asks_something, question_pairs, topic_answers
from reverie.providers.offline.topic_news import topic_news
from reverie.providers.offline.transcript import Turn
from reverie.providers.offline.voice import Voice
from reverie.providers.offline.work_frames import work_frames

__all__ = ["turn_frames"]


def _option_offered(frame: FrameFact, asked: str) -> bool:
    """Whether ``frame`` names the user by a word the question offered as an option."""
    if frame.slot != ("User", "called"):
        return False
    name = re.escape(frame.text.rstrip(".").split()[-1])
    offered = rf"\b{name}(?: \w+){{0,2}} or\b|\bor (?:\w+ ){{0,2}}{name}\b"
    return re.search(offered, asked) is not None


def turn_frames(
    turn: Turn,
    voice: Voice,
    lexicon: NameLexicon,
    *,
    own: Sequence[str],
    asked: Turn | None,
    nth: int,
    speakers: Speakers,
    talk: Sequence[str] | None,
    chosen: Sequence[str],
) -> list[FrameFact]:
    """The lines the frames prove from ``turn``, in the order they are tried.

    Args:
        turn: The message.
        voice: Who wrote it.
        lexicon: The names of the conversation.
        own: The speaker's earlier messages.
        asked: The other side's latest message, which ``turn`` may answer.
        nth: How many messages the speaker sent since ``asked``.
        speakers: Who the two sides are.
        talk: Every message so far, when ``turn`` replies to the other side (a
            choice answers the options just put); None otherwise.
        chosen: Choices kept so far ("User chose QuickBooks over FreeAgent.").
    """
    person = voice.listener if voice.listener not in (None, "the assistant") else None
    framed = message_frames(turn.text, voice.speaker, lexicon, recent=own, listener=person)
    if asked is not None and nth == 0:
        # "It is Academic, because …", to "Is it IELTS Academic or General Training?": the
        # option picked, not the user's name
        framed = [f for f in framed if not _option_offered(f, asked.text)]
    if speakers.work:
        framed += work_frames(turn.text)
    if speakers.other_is_person and voice.listener == "User":
        # "happy birthday old man!! 42!!!", in one message or two
        framed += birthday_wish(turn.text, turn.date, own[-1] if own else "")
    if voice.speaker == "User":
        framed += birthday_this_week(turn.text, turn.date)  # "my bday friday lol. 27. old"
    framed += topic_news(turn.text, voice.speaker)
    framed += profile_list(turn.text, voice.speaker)
    if asked is not None and nth <= 2 and voice.listener not in (None, "the assistant"):
        # ("so. will you be my best man", asked without its question mark)
        framed += role_accepted(asked.text, turn.text, voice.speaker, voice.listener)
    if asked is not None and nth == 0:
        framed += age_agreed(asked.text, turn.text, voice.speaker)  # "yeah 34", to "you're 34"
        # "yep!! booked", to "did you book the sheffield half yet?"
        framed += step_confirmed(asked.text, turn.text, voice.speaker)
    if asked is not None and asks_something(asked.text):
        if nth == 0:
            early = len(own) < FIRST_MESSAGES
            framed += listed_answers(asked.text, turn.text, voice.speaker) or [
                *introduced(asked.text, turn.text, voice.speaker, lexicon, early=early),
                *age_answer(asked.text, turn.text, voice.speaker),
            ]
        pairs = question_pairs(asked.text, turn.text, nth)
        for question, answered in pairs:
            framed += answer_frames(question, answered, voice.speaker, lexicon, recent=own)
        framed += topic_answers(
            asked.text, pairs, voice.speaker, by_assistant=not speakers.other_is_person
        )
    framed += measures(turn.text, voice.speaker)  # after a listed answer that gave them
    framed += scrapped_for(turn.text, voice.speaker)
    if talk is not None:
        framed += choice_frames(turn.text, "\n".join(talk[-4:]), voice.speaker, list(chosen))
    return framed
