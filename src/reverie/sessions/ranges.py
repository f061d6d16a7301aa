"""Reading a session's messages by absolute index: archive and file joined in one place.

A session's message ``i`` (absolute, for its whole life) is in the transcript
archive when ``i < archived_offset``, lost when its line was damaged (recorded in
the metadata), or at its position in the session file otherwise. History
expansion, ``reverie history expand``, blame and the recall tools all read ranges
through :func:`read_message_range`.
"""

from __future__ import annotations

from reverie.errors import StoreError, UserError
from reverie.messages import Message
from reverie.sessions.lost import lost_stand_in
from reverie.sessions.session import Session
from reverie.sessions.transcripts import TranscriptArchive

__all__ = ["read_message_range"]


def read_message_range(
    session: Session,
    transcripts: TranscriptArchive,
    start: int,
    end: int,
    *,
    complete: bool = True,
) -> list[Message]:
    """Messages ``start`` to ``end`` (end exclusive) of ``session``, as stored.

    A lost message is shown by a stand-in in its place, so positions hold.
    Copies are returned, ``timestamp`` included.

    Args:
        session: The session (its file as loaded, or the cached object).
        transcripts: The workspace's transcript archive.
        start: First absolute index.
        end: One past the last.
        complete: Raise when a message of the range is missing from both the
            archive and the file. With False, a range running past the
            session's end returns the messages there are.

    Raises:
        UserError: a negative or reversed range.
        StoreError: (``complete``) messages of the range are in neither place;
            both are named.
    """
    key = session.key
    if start < 0 or end < start:
        raise UserError(f"message range {start}:{end} of session {key!r} is not a range")
    if not complete:
        end = min(end, max(start, session.total_messages))
    offset, lost = session.archived_offset, set(session.lost_indexes)
    archived = transcripts.read(key, start, min(end, offset)) if start < offset else []
    live = session.messages[session.count_before(start) : session.count_before(end)]
    wanted = sum(1 for index in range(start, end) if index not in lost)
    found = [*archived, *(message.copy() for message in live)]
    if len(found) != wanted:
        if complete:
            raise StoreError(
                f"messages {start}-{end - 1} of session {key!r}: only {len(found)} of "
                f"those {wanted} are in {transcripts.path_for(key)} and the session file"
            )
        return found
    messages = iter(found)
    return [
        lost_stand_in(index) if index in lost else next(messages) for index in range(start, end)
    ]
