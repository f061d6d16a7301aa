"""Turn what was said into tagged memory lines, as an archive answer.

:func:`extract_facts` reads each turn as it is meant (:mod:`.as_meant`), works
out who is talking (:mod:`.speakers`) and reads the chunk turn by turn
(:mod:`.reading`): clause by clause, each classified (:mod:`.rules`) and kept as a
line in its speaker's voice (:mod:`.stored_line`), corrections resolved against
what was said before, dates moved when the talk moves them, repeats dropped (also
of facts already in the previous summary), and the frames that read a message
whole adding what the clauses missed. :func:`render_answer` formats them the way
the archive prompt asks.

Only the user's own statements become facts about the user. When the other
side is a person, their statements become facts about them, by name; an
assistant's words are never stored.
"""

from __future__ import annotations

from collections.abc import Iterable

from reverie.providers.offline.as_meant import as_meant
from reverie.providers.offline.fact import Fact, fact_key
from reverie.providers.offline.reading import ChunkReading
from reverie.providers.offline.sentences import split_sentences
from reverie.providers.offline.speaker_note import carried_speakers, speakers_note
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn
from reverie.providers.offline.voice import USER_VOICE, Voice, describe

__all__ = [
    "USER_VOICE",
    "Fact",
    "Voice",
    "archive_answer",
    "describe",
    "extract_facts",
    "fact_key",
    "render_answer",
    "split_sentences",
]

NOTHING = "(nothing)"


def extract_facts(turns: Iterable[Turn], *, previous_summary: str | None = None) -> list[Fact]:
    """Facts found in what the user (and another person, by name) said, in order.

    Args:
        turns: The conversation.
        previous_summary: Facts already recorded; they are not repeated, and
            a correction may resolve against them.

    Returns:
        The tagged facts (empty for small talk).
    """
    turns = as_meant(turns)
    speakers = identify_speakers(turns, carried_speakers(previous_summary))
    return ChunkReading(turns, speakers, previous_summary).facts_found()


def archive_answer(turns: Iterable[Turn], *, previous_summary: str | None = None) -> str:
    """The archive answer for ``turns``: their facts, then a note of who is talking.

    With no facts to store, the ``[skip]`` note of who is talking is only worth
    an entry when the previous summary (which the next chunk sees) does not
    already carry it.
    """
    turns = as_meant(turns)
    speakers = identify_speakers(turns, carried_speakers(previous_summary))
    facts = ChunkReading(turns, speakers, previous_summary).facts_found()
    note = speakers_note(speakers)
    if note is not None and not facts and note in (previous_summary or "").splitlines():
        note = None
    return render_answer(facts, note)


def render_answer(facts: Iterable[Fact], note: str | None = None) -> str:
    """The archive answer: one ``[tag] text`` line per fact, or ``(nothing)``.

    ``note`` (a ``[skip]`` line, see :func:`archive_answer`) ends the answer, so
    that the next chunk of the chat is told who is talking.
    """
    lines = [fact.line() for fact in facts]
    if note:
        lines.append(note)
    return "\n".join(lines) if lines else NOTHING
