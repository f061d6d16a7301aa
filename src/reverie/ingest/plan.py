"""Decide what an import does with each conversation: new, resume, extend or skip.

Every imported session carries a marker in its metadata
(:data:`~reverie.ingest.model.IMPORT_METADATA_KEY`)::

    {"file": "chat.jsonl", "messages": 42, "complete": true, "first": 0, "digest": "…"}

``messages`` is how many messages of the conversation the import covers,
``complete`` whether all of them were replayed, ``first`` the absolute index
(see :mod:`reverie.sessions.session`) of the conversation's first message (not
0 when the key was used before and deleted), and ``digest`` a SHA-256 of the
imported messages' role, content and tool fields, kept once the import is
complete.

A conversation met again is compared with what the session holds, message by
message, by absolute index: messages that left the session file are read back
from the transcript archive (or, when that is gone, checked against the
digest). Three outcomes add to a session: an interrupted import resumes after
its last saved message; a conversation that grew since it was imported (a
re-downloaded export, a file the user keeps appending to) gets only its new
tail. Anything else (an edited or different history, a session continued in a
chat) is skipped with a reason, and nothing stored is rewritten or duplicated.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from reverie.errors import StoreError
from reverie.ingest.model import IMPORT_METADATA_KEY, ImportedConversation
from reverie.messages import Message
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import WIRE_FIELDS, Session

__all__ = ["ImportPlan", "import_marker", "messages_digest", "plan_import"]

_COMPARED = ("role", "content", *WIRE_FIELDS)
"""The fields that make two messages the same one (times may be re-stamped by a source)."""


@dataclass(frozen=True)
class ImportPlan:
    """What an import does with one conversation.

    ``action`` is ``"import"`` (a new session), ``"resume"`` (an interrupted
    import: replay from message ``start``), ``"extend"`` (the conversation
    grew since it was imported: replay its messages from ``start`` on) or
    ``"skip"`` (``reason`` says why).
    """

    action: Literal["import", "resume", "extend", "skip"]
    start: int = 0
    """The first message of the conversation to replay (0-based, in the conversation)."""
    reason: str = ""
    label: str = ""
    """A few words for a table cell (``already imported``), when skipping."""


def _same_message(stored: Mapping[str, Any], imported: Mapping[str, Any]) -> bool:
    return all(stored.get(name) == imported.get(name) for name in _COMPARED)


def messages_digest(messages: Sequence[Mapping[str, Any]]) -> str:
    """SHA-256 (hex) of the compared fields of ``messages``, in order."""
    digest = hashlib.sha256()
    for message in messages:
        fields = [message.get(name) for name in _COMPARED]
        line = json.dumps(fields, sort_keys=True, ensure_ascii=False, default=str)
        # surrogatepass: a lone surrogate (half an emoji) hashes like any other text
        digest.update(line.encode("utf-8", "surrogatepass") + b"\n")
    return digest.hexdigest()


def import_marker(
    conversation: ImportedConversation, *, first: int, complete: bool
) -> dict[str, Any]:
    """The marker an import stores in its session's metadata (see the module docstring)."""
    marker: dict[str, Any] = {
        "file": conversation.file.name,
        "messages": len(conversation.messages),
        "complete": complete,
        "first": first,
    }
    if complete:
        marker["digest"] = messages_digest(conversation.messages)
    return marker


def _count(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


def marker_first(marker: Mapping[str, Any]) -> int:
    """The absolute index of the imported conversation's first message (0 for old markers)."""
    return _count(marker.get("first")) or 0


def _first_difference(
    sessions: SessionManager,
    session: Session,
    first: int,
    incoming: Sequence[Mapping[str, Any]],
    count: int,
) -> int | None:
    """Where stored messages ``first…first+count`` first differ from ``incoming[:count]``.

    Returns ``count`` when they agree, and None when they agree as far as can
    be told but some of them left the session file and the transcript archive
    no longer has them (the caller decides on other evidence).
    """
    offset = session.archived_offset
    end = first + count
    archived: list[Message] = []
    if first < offset:
        try:
            archived = sessions.transcripts.read(session.key, first, min(end, offset))
        except StoreError:
            archived = []  # unreadable: judged like a lost archive
        if len(archived) < min(end, offset) - first:
            return _first_known(session, first, incoming, count)
    lost = set(session.lost_indexes)
    stored = iter(
        archived + session.messages[session.count_before(first) : session.count_before(end)]
    )
    for position in range(count):
        if first + position in lost:
            continue  # its line was damaged: nothing stored to compare
        item = next(stored, None)
        if item is None:
            break  # fewer stored than asked: they agree as far as they go
        if not _same_message(item, incoming[position]):
            return position
    return count


def _first_known(
    session: Session, first: int, incoming: Sequence[Mapping[str, Any]], count: int
) -> int | None:
    """Compare only the messages still in the session file; None when those agree."""
    for index in range(max(first, session.archived_offset), first + count):
        position = session.position_of(index)
        if position is None:
            continue  # lost to a damaged line, or not stored yet
        if not _same_message(session.messages[position], incoming[index - first]):
            return index - first
    return None


def plan_import(sessions: SessionManager, conversation: ImportedConversation) -> ImportPlan:
    """Decide what to do with ``conversation``; see the module docstring.

    A key never used, or whose session was deleted, is a new import. A key
    held by a session that did not come from an import is never touched.
    """
    key = conversation.key
    session = sessions.get_or_create(key)
    marker = session.metadata.get(IMPORT_METADATA_KEY)
    on_disk = bool(session.messages) or sessions.session_path(key).exists()
    if not on_disk and not isinstance(marker, Mapping):
        # A deleted session's messages live on in the transcript archive; the
        # key can be used again, continuing after the archive's last index.
        return ImportPlan("import")
    again = f"delete it with `reverie sessions delete {key}` to import it again"
    if not isinstance(marker, Mapping):
        return ImportPlan(
            "skip",
            reason="a session with this key exists and did not come from an import; "
            f"nothing was added to it (delete it with `reverie sessions delete {key}` "
            "to import this conversation in its place)",
            label="key in use",
        )
    if marker.get("complete") is False:
        return _plan_resume(sessions, session, marker, conversation, again)
    return _plan_grown(sessions, session, marker, conversation, again)


def _plan_resume(
    sessions: SessionManager,
    session: Session,
    marker: Mapping[str, Any],
    conversation: ImportedConversation,
    again: str,
) -> ImportPlan:
    """An interrupted import: continue after the last saved message if it is this conversation."""
    first = marker_first(marker)
    done = session.total_messages - first
    total = len(conversation.messages)
    if not 0 <= done <= total or _differs(
        _first_difference(sessions, session, first, conversation.messages, done), done
    ):
        return ImportPlan(
            "skip",
            reason=f"an interrupted import of a different version of this conversation ({again})",
            label="an interrupted import of another version",
        )
    return ImportPlan("resume", start=done, reason=f"resumed after message {done} of {total}")


def _differs(position: int | None, count: int) -> bool:
    # None: the messages still in the session file agree, and the archived
    # ones cannot be read back; those were saved by this very import.
    return position is not None and position < count


def _plan_grown(
    sessions: SessionManager,
    session: Session,
    marker: Mapping[str, Any],
    conversation: ImportedConversation,
    again: str,
) -> ImportPlan:
    """A completed import met again: the same, grown since, or something else."""
    first = marker_first(marker)
    held = session.total_messages - first
    imported = _count(marker.get("messages"))
    imported = held if imported is None else imported
    incoming = conversation.messages
    total = len(incoming)
    if held < imported:
        # Lines of the session file were lost (damaged, edited by hand): indexes
        # no longer line up, so nothing can be added safely.
        detail = f"{imported} were imported; "
        return _taken(marker, conversation, max(held, 0), again, detail=detail)
    compared = min(imported, total)
    same = _first_difference(sessions, session, first, incoming, compared)
    if same is None:
        if not _digest_matches(marker, incoming, imported):
            detail = "the imported messages that left the session file are missing from "
            detail += "memory/transcripts/, so they cannot be compared; "
            return _taken(marker, conversation, held, again, detail=detail)
        same = compared
    if same < compared:
        detail = f"message {same + 1} differs from the one imported; "
        return _taken(marker, conversation, held, again, detail=detail)
    if total <= imported:
        older = (
            f"; this file holds an older version, {total} of its {imported} messages"
            if total < imported
            else ""
        )
        return ImportPlan(
            "skip", reason=f"already imported{older} ({again})", label="already imported"
        )
    if held > imported:
        return ImportPlan(
            "skip",
            reason="the conversation grew since it was imported, but the session was "
            f"continued after the import ({held - imported} message(s) added to it since); "
            f"nothing was added ({again})",
            label="session continued since the import",
        )
    return ImportPlan(
        "extend",
        start=imported,
        reason=f"{total - imported} new message(s) after the {imported} imported",
    )


def _digest_matches(
    marker: Mapping[str, Any], incoming: Sequence[Mapping[str, Any]], imported: int
) -> bool:
    """When the archive lost the imported messages, the digest alone vouches for them."""
    digest = marker.get("digest")
    if not isinstance(digest, str) or len(incoming) < imported:
        return False
    return digest == messages_digest(incoming[:imported])


def _taken(
    marker: Mapping[str, Any],
    conversation: ImportedConversation,
    held: int,
    again: str,
    *,
    detail: str,
) -> ImportPlan:
    """Skip a conversation whose key names an import of other messages."""
    total = len(conversation.messages)
    # Keys default to the file's name, so chat.json and chat.jsonl can meet on
    # one key with other messages, as can an export whose history was edited.
    origin = marker.get("file")
    source = origin if isinstance(origin, str) and origin else "an earlier import"
    named_by_file = conversation.key.startswith(f"ingest:{conversation.file.stem}")
    hint = "rename this file to import it under another key" if named_by_file else again
    return ImportPlan(
        "skip",
        reason=f"the key is taken by different messages, imported from {source} ({detail}"
        f"{held} in the session, {total} in this conversation); nothing was added ({hint})",
        label=f"key taken by {source}",
    )
