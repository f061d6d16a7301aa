"""What the frames that read a message whole add to the lines its clauses kept.

A frame's line (:mod:`.turn_frames`) is kept unless the clause rules already said
it with more words, it leans on the talk before it ("She runs on a schedule: …"),
or it still speaks to someone. Who someone is ("User's wife is Selin.") goes
before the turn's other lines, so that the lines about her are named by it; a
choice said with what it beat replaces the plain "going with …".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.fact import Fact
from reverie.providers.offline.frame_words import FrameFact
from reverie.providers.offline.kept_lines import (
    CHOSE_OVER,
    KeptLines,
    content_words,
    fill_slot,
    goes_with,
    named_already,
)
from reverie.providers.offline.owners import names_given
from reverie.providers.offline.quality import speaks_to_someone
from reverie.providers.offline.voice import Voice

__all__ = ["keep_frames"]

_SPACED_WORDS = re.compile(r"[.,;!?]")
_RELATION_LINE = re.compile(r"^User's (?P<rel>[\w -]+) is (?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)\.$")
# A line that opens with a pronoun leans on the talk before it.
_LEANS_BACK = re.compile(r"^(?:She|He|They|It|This|That|These|Those)\b(?!-)")


def keep_frames(
    kept: KeptLines,
    framed: Sequence[FrameFact],
    voice: Voice,
    *,
    turn_no: int,
    before: set[int],
    met: set[str],
) -> None:
    """Add the frames' lines of one turn to ``kept``.

    Args:
        kept: The lines kept so far; the turn's clause lines are its last.
        framed: The frames' lines for the turn, in order.
        voice: Who spoke.
        turn_no: The turn's place in the chunk.
        before: The ids of the lines kept before the turn.
        met: The people a frame named so far ("my husband tom"), added to.
    """
    facts = kept.facts
    said_here = [content_words(f.text) for f in facts[kept.first_new(before) :]]
    named = 0  # relation lines put first so far ("User's wife is Selin.")
    for frame in framed:
        if _LEANS_BACK.match(frame.text):
            continue  # "She runs on a schedule: …": whose schedule, only the talk says
        fact = _framed(frame, voice)
        # ("User and their partner Dami are going." says who Dami is only in passing: the
        # relation keeps its own line, which later lines about Dami are named by)
        said_with_more = any(content_words(fact.text) <= words for words in said_here)
        if (related := _RELATION_LINE.match(fact.text)) is not None:
            # ("User's flatmate Mei cooks for everyone.", "User's manager is Priya, not
            # Maria." say it as well as the line would)
            rel, name = related["rel"], related["name"]
            said_as = (f"User's {rel} {name} ", f"User's {rel} is {name} ")
            spaced = (_SPACED_WORDS.sub(" ", f.text) + " " for f in facts)
            said_with_more = any(said in line for line in spaced for said in said_as)
        if kept.knows(fact.text) or said_with_more:
            continue  # the clause rules already kept it, with more said
        if frame.slot == ("User", "called") and named_already(frame.text, facts):
            continue
        if speaks_to_someone(fact.text):
            continue  # "User's alternative you're weighing up: …": the question's words
        fill_slot(kept.slots, facts, frame.slot, fact)
        if (chose := CHOSE_OVER.match(fact.text)) is not None:
            # "going with sumup" said it first; the choice says it with what it beat
            start = kept.first_new(before)
            facts[start:] = [line for line in facts[start:] if not goes_with(line, chose)]
        met |= names_given(fact.text)
        kept.note(fact.text, turn_no)
        if related is not None:
            # "ya my gf. shes a conservator": who she is comes first, so that the line
            # about her is named by it
            facts.insert(kept.first_new(before) + named, fact)
            named += 1
        else:
            facts.append(fact)


def _framed(frame: FrameFact, voice: Voice) -> Fact:
    """A frame's line as a tagged fact: about someone else, it is a durable fact."""
    return Fact("durable" if frame.durable or voice.other else "permanent", frame.text)
