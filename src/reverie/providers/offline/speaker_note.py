"""Who talks, carried from one consolidation chunk to the next in a ``[skip]`` note.

A long chat between two people is archived a few messages at a time, and a
chunk of a few messages rarely names both of them. When a chunk finds who is
talking, its answer ends with a note the Consolidator keeps with the summary
(``[skip] Speakers: the user is Dev; the other person is Magda.``); the next
chunk gets that summary back as the previous one and reads the note
(:func:`carried_speakers`). ``[skip]`` lines never reach the memory files. A
summary of facts without the note was written for a chat with an assistant,
and the next chunk, however friendly its few replies read, stays one.
"""

from __future__ import annotations

import re
from typing import get_args

from reverie.providers.offline.predicates import Tag
from reverie.providers.offline.speakers import Speakers

__all__ = ["carried_speakers", "speakers_note"]

_NAME = r"[A-ZÀ-Þ][\wÀ-ÿ'’-]*"
_UNNAMED = "a person not named yet"
_FACT_LINE = re.compile(rf"^\[(?:{'|'.join(get_args(Tag))})\] \S")
_NOTE = re.compile(
    rf"^\[skip\] Speakers: (?:the user is (?P<user>{_NAME})(?:; |, | and ))?"
    rf"the other person is (?:(?P<other>{_NAME})|{_UNNAMED})"
    r"(?P<shared>, who shares the user's home)?\.$",
    re.MULTILINE,
)


def speakers_note(speakers: Speakers) -> str | None:
    """The ``[skip]`` note on the two people of a chat, or None for a chat with an assistant.

    A person not named yet is noted too: the next chunk, whose few messages may
    read like an assistant's ("Done. Installation is Friday"), still knows who
    talks.
    """
    if not speakers.other_is_person:
        return None
    user = f"the user is {speakers.user_name}; " if speakers.user_name else ""
    shared = ", who shares the user's home" if speakers.shared_home else ""
    other = speakers.other_name or _UNNAMED
    return f"[skip] Speakers: {user}the other person is {other}{shared}."


def carried_speakers(previous_summary: str | None) -> Speakers | None:
    """Who an earlier chunk found talking, from its note in ``previous_summary``.

    A summary of facts with no note was written for a chat with an assistant
    (a chat between people always carries its note); with no summary, None.
    """
    notes = list(_NOTE.finditer(previous_summary or ""))
    if not notes:
        if any(_FACT_LINE.match(line) for line in (previous_summary or "").splitlines()):
            return Speakers(False, None, None)
        return None
    note = notes[-1]
    return Speakers(True, note["other"], note["user"], shared_home=note["shared"] is not None)
