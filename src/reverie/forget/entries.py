"""Forgetting by position: one history entry (``--cursor``) or one session (``--session``).

``--cursor N`` forgets history entry N and the messages it was written from:

* the entry's line leaves ``memory/history.jsonl`` (and any copy of it in
  ``history.rejected.jsonl``); other entries keep their cursors;
* the messages of its ``source`` range become stubs (``"[forgotten]"``, the
  role, time and tool-call ids kept) in the session file and in the transcript
  archive, so every other message keeps its absolute index; their texts also
  leave the session's kept copies (``.corrupt-…``, ``.conflict-…``, ``.migrated``);
* the session's stored last summary goes when it is that entry's text.

``--session KEY`` forgets a whole conversation: its session file and kept
copies, its transcript archive, and every history entry written from it.

Either way, the Dream sessions whose prompt showed a forgotten entry are
deleted (with their archived transcripts), and the Dream commits that
processed one are reported: the memory files may hold facts drawn from it,
which ``reverie forget TEXT`` removes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from reverie.dream.sessions import DREAM_SESSION_PREFIX
from reverie.errors import UserError
from reverie.forget.files import TRANSCRIPTS_DIR, WorkspaceFiles
from reverie.forget.stubs import (
    digest,
    drop_summary,
    parse_line,
    scrub_copies,
    stub_live,
    stub_transcript,
)
from reverie.layout import MEMORY_DIR, SESSIONS_DIR
from reverie.sessions.jsonl_store import metadata_key
from reverie.sessions.keys import legacy_stem, session_filename
from reverie.store.records import HistoryEntry

__all__ = ["Selection", "apply_selection", "select_entry", "select_session"]

_HISTORY = f"{MEMORY_DIR}/history.jsonl"
_REJECTED = f"{MEMORY_DIR}/history.rejected.jsonl"


@dataclass
class Selection:
    """What a ``--cursor`` or ``--session`` forget removes, resolved once (no message text).

    It is stored in the forget journal, so a rerun after a crash finishes the
    same work even though the first run already removed the entries it was
    resolved from.
    """

    cursors: list[int] = field(default_factory=list)
    """History entries to delete."""
    session: str | None = None
    """A whole session to delete (``--session``)."""
    ranges: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    """Messages to stub: session key → ``[start, end)`` absolute ranges (``--cursor``)."""
    summaries: dict[str, list[str]] = field(default_factory=dict)
    """Digests of entry texts: a session whose last summary is one of them loses it."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON record kept in the journal."""
        return {
            "cursors": self.cursors,
            "session": self.session,
            "ranges": {k: [list(r) for r in v] for k, v in self.ranges.items()},
            "summaries": self.summaries,
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Selection:
        """Read back :meth:`to_dict`'s record."""
        ranges = {
            str(k): [(int(a), int(b)) for a, b in v] for k, v in dict(record["ranges"]).items()
        }
        return cls(
            cursors=[int(c) for c in record["cursors"]],
            session=record.get("session"),
            ranges=ranges,
            summaries={str(k): list(v) for k, v in dict(record.get("summaries", {})).items()},
        )


def select_entry(entries: Iterable[HistoryEntry], cursor: int) -> Selection:
    """The selection for ``--cursor cursor``.

    Raises:
        UserError: no history entry has that cursor.
    """
    for entry in entries:
        if entry.cursor != cursor:
            continue
        selection = Selection(cursors=[cursor])
        source = entry.source
        if source is not None and source.start < source.end:
            selection.ranges[source.session_key] = [(source.start, source.end)]
        if entry.session_key:
            selection.summaries[entry.session_key] = [digest(entry.content)]
        return selection
    raise UserError(f"no history entry has cursor {cursor} (see `reverie history tail`)")


def select_session(entries: Iterable[HistoryEntry], key: str, files: WorkspaceFiles) -> Selection:
    """The selection for ``--session key``.

    Raises:
        UserError: nothing in the workspace belongs to that session.
    """
    cursors = [entry.cursor for entry in entries if _entry_session(entry.to_dict()) == key]
    known = (files.root / SESSIONS_DIR / session_filename(key)).exists() or (
        files.root / TRANSCRIPTS_DIR / session_filename(key)
    ).exists()
    if not cursors and not known:
        raise UserError(
            f"no session {key!r} in {files.root} (see `reverie sessions list`); nothing was changed"
        )
    return Selection(cursors=cursors, session=key)


def _entry_session(record: Mapping[str, Any]) -> str | None:
    source = record.get("source")
    if isinstance(source, Mapping) and isinstance(source.get("session_key"), str):
        return str(source["session_key"])
    key = record.get("session_key")
    return key if isinstance(key, str) else None


@dataclass
class SelectionReport:
    """What applying a selection changed, per workspace-relative file."""

    entries: int = 0
    messages: int = 0
    files: dict[str, str] = field(default_factory=dict)
    """Path → what happened to it (``"3 entries removed"``, ``"deleted"`` …)."""
    dream_sessions: list[str] = field(default_factory=list)


def apply_selection(files: WorkspaceFiles, selection: Selection) -> SelectionReport:
    """Remove what ``selection`` names; safe to run again after an interruption."""
    report = SelectionReport()
    cursors = set(selection.cursors)
    dream_keys = _dream_sessions_showing(files, cursors)
    for relative in (_HISTORY, _REJECTED):
        removed = 0

        def drop(data: bytes) -> bytes:
            nonlocal removed
            kept, removed = _drop_entries(data, cursors, selection.session)
            return kept

        if files.rewrite(relative, drop) and removed:
            report.entries += removed if relative == _HISTORY else 0
            report.files[relative] = f"{removed} entr{'y' if removed == 1 else 'ies'} removed"
    if selection.session is not None:
        _delete_session(files, selection.session, report)
    for key, ranges in selection.ranges.items():
        _blank_messages(files, key, ranges, report)
    for key, digests in selection.summaries.items():
        relative = f"{SESSIONS_DIR}/{session_filename(key)}"
        if drop_summary(files, key, set(digests)):
            report.files.setdefault(relative, "last summary removed")
    for key in dream_keys:
        _delete_session(files, key, report)
        report.dream_sessions.append(key)
    return report


def _drop_entries(data: bytes, cursors: set[int], session: str | None) -> tuple[bytes, int]:
    kept: list[bytes] = []
    removed = 0
    for line in data.splitlines(keepends=True):
        record = parse_line(line)
        if isinstance(record, dict) and "line" in record and "cursor" not in record:
            inner = parse_line(str(record["line"]).encode("utf-8", "surrogatepass"))
            record = inner if isinstance(inner, dict) else record  # a rejected copy
        if isinstance(record, dict) and _selected(record, cursors, session):
            removed += 1
            continue
        kept.append(line)
    return b"".join(kept), removed


def _selected(record: Mapping[str, Any], cursors: set[int], session: str | None) -> bool:
    cursor = record.get("cursor")
    if isinstance(cursor, int) and not isinstance(cursor, bool) and cursor in cursors:
        return True
    return session is not None and _entry_session(record) == session


def _session_files(files: WorkspaceFiles, key: str) -> list[str]:
    """The session's file, its kept copies and its nanobot-era file, workspace-relative."""
    name = session_filename(key)
    found = []
    for relative in files.walk():
        folder, _, base = relative.rpartition("/")
        if folder != SESSIONS_DIR:
            continue
        ours = base == name or base.startswith(f"{name}.")
        legacy = base.startswith(f"{legacy_stem(key)}.jsonl")
        if ours or (legacy and metadata_key(files.root / relative) == key):
            found.append(relative)
    return found


def _delete_session(files: WorkspaceFiles, key: str, report: SelectionReport) -> None:
    for relative in [*_session_files(files, key), f"{TRANSCRIPTS_DIR}/{session_filename(key)}"]:
        if files.rewrite(relative, lambda _data: None):
            report.files[relative] = "deleted"


def _blank_messages(
    files: WorkspaceFiles, key: str, ranges: list[tuple[int, int]], report: SelectionReport
) -> None:
    wanted = {index for start, end in ranges for index in range(start, end)}
    texts: list[str] = []
    transcript = f"{TRANSCRIPTS_DIR}/{session_filename(key)}"
    live = f"{SESSIONS_DIR}/{session_filename(key)}"
    for relative, count in (
        (transcript, stub_transcript(files, key, wanted, texts)),
        (live, stub_live(files, key, wanted, texts)),
    ):
        if count:
            report.files[relative] = f"{count} message(s) blanked"
            report.messages += count
    copies = [relative for relative in _session_files(files, key) if relative != live]
    report.files.update(scrub_copies(files, copies, texts))


def _dream_sessions_showing(files: WorkspaceFiles, cursors: set[int]) -> list[str]:
    """Keys of Dream sessions (live or archived) whose prompt showed one of ``cursors``."""
    if not cursors:
        return []
    markers = [
        form
        for cursor in cursors
        for form in (
            f'<entry cursor="{cursor}" '.encode(),
            f'<entry cursor=\\"{cursor}\\" '.encode(),
        )
    ]
    keys: set[str] = set()
    for relative in files.walk():
        folder = relative.rpartition("/")[0]
        if folder not in (SESSIONS_DIR, TRANSCRIPTS_DIR) or ".jsonl" not in relative:
            continue
        data = files.read(relative)
        if data is None or not any(marker in data for marker in markers):
            continue
        key = _key_of(data)
        if key is not None and key.startswith(DREAM_SESSION_PREFIX):
            keys.add(key)
    return sorted(keys)


def _key_of(data: bytes) -> str | None:
    """The session key a session file (metadata line) or transcript (records) names."""
    first = parse_line(data.split(b"\n", 1)[0])
    if isinstance(first, dict):
        key = first.get("key") if first.get("_type") == "metadata" else first.get("session_key")
        if isinstance(key, str):
            return key
    return None
