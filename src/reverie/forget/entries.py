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

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from reverie.dream.sessions import DREAM_SESSION_PREFIX
from reverie.errors import UserError
from reverie.forget.files import TRANSCRIPTS_DIR, Rewrite, WorkspaceFiles
from reverie.forget.scrub import PLACEHOLDER, Scrubber, json_line_bytes
from reverie.layout import MEMORY_DIR, SESSIONS_DIR
from reverie.message_format import message_text
from reverie.sessions.jsonl_store import metadata_key
from reverie.sessions.keys import legacy_stem, session_filename
from reverie.sessions.session import LAST_SUMMARY_KEY
from reverie.store.records import HistoryEntry

__all__ = ["Selection", "apply_selection", "select_entry", "select_session"]

_HISTORY = f"{MEMORY_DIR}/history.jsonl"
_REJECTED = f"{MEMORY_DIR}/history.rejected.jsonl"
_MIN_COPY_TEXT = 4
"""Texts shorter than this are not searched for in copies ("ok" is everywhere)."""


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


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.strip().encode("utf-8", "surrogatepass")).hexdigest()


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
            selection.summaries[entry.session_key] = [_digest(entry.content)]
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


def _index(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


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
        _stub_messages(files, key, ranges, report)
    for key, digests in selection.summaries.items():
        _drop_summary(files, key, set(digests), report)
    for key in dream_keys:
        _delete_session(files, key, report)
        report.dream_sessions.append(key)
    return report


def _drop_entries(data: bytes, cursors: set[int], session: str | None) -> tuple[bytes, int]:
    kept: list[bytes] = []
    removed = 0
    for line in data.splitlines(keepends=True):
        record = _parse(line)
        if isinstance(record, dict) and "line" in record and "cursor" not in record:
            inner = _parse(str(record["line"]).encode("utf-8", "surrogatepass"))
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


def _parse(line: bytes) -> Any:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


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


def _stub(message: Mapping[str, Any]) -> dict[str, Any]:
    """A message's place, kept so indexes hold, without anything it said."""
    stub: dict[str, Any] = {"role": message.get("role", "user"), "content": PLACEHOLDER}
    for kept in ("timestamp", "tool_call_id"):
        if kept in message:
            stub[kept] = message[kept]
    calls = message.get("tool_calls")
    if isinstance(calls, list) and calls:
        # Providers reject a tool result whose call is gone, so calls stay, emptied.
        stub["tool_calls"] = [
            {
                "id": call.get("id"),
                "type": "function",
                "function": {"name": (call.get("function") or {}).get("name"), "arguments": "{}"},
            }
            for call in calls
            if isinstance(call, Mapping)
        ]
    if "name" in message and message.get("role") == "tool":
        stub["name"] = message["name"]
    return stub


def _texts(message: Mapping[str, Any]) -> list[str]:
    """The texts a message carries (content, tool arguments, reasoning)."""
    texts = [message_text(message)]
    for call in message.get("tool_calls") or []:
        if isinstance(call, Mapping):
            arguments = (call.get("function") or {}).get("arguments")
            if isinstance(arguments, str):
                texts.append(arguments)
    reasoning = message.get("reasoning_content")
    if isinstance(reasoning, str):
        texts.append(reasoning)
    return [text for text in texts if len(text.strip()) >= _MIN_COPY_TEXT and text != PLACEHOLDER]


def _stub_messages(
    files: WorkspaceFiles, key: str, ranges: list[tuple[int, int]], report: SelectionReport
) -> None:
    wanted = {index for start, end in ranges for index in range(start, end)}
    texts: list[str] = []
    transcript = f"{TRANSCRIPTS_DIR}/{session_filename(key)}"
    stubbed = 0

    def in_transcript(data: bytes) -> bytes:
        nonlocal stubbed
        out = []
        for line in data.splitlines(keepends=True):
            record = _parse(line)
            index = record.get("index") if isinstance(record, dict) else None
            message = record.get("message") if isinstance(record, dict) else None
            if index in wanted and isinstance(message, dict) and message != _stub(message):
                texts.extend(_texts(message))
                record["message"] = _stub(message)
                line = json_line_bytes(record) + (b"\n" if line.endswith(b"\n") else b"")
                stubbed += 1
            out.append(line)
        return b"".join(out)

    if files.rewrite(transcript, in_transcript) and stubbed:
        report.files[transcript] = f"{stubbed} message(s) blanked"
    stubbed_live = _stub_live(files, key, wanted, texts)
    if stubbed_live:
        report.files[f"{SESSIONS_DIR}/{session_filename(key)}"] = (
            f"{stubbed_live} message(s) blanked"
        )
    report.messages += stubbed + stubbed_live
    live = f"{SESSIONS_DIR}/{session_filename(key)}"
    copies = [relative for relative in _session_files(files, key) if relative != live]
    scrubbers = [Scrubber(text) for text in sorted(set(texts), key=len, reverse=True)]
    for relative in copies:
        counted: list[int] = []
        changed = files.rewrite(relative, _scrub_all(relative, scrubbers, counted))
        total = sum(counted)
        if changed and total:
            report.files[relative] = f"{total} forgotten text(s) removed"


def _scrub_all(relative: str, scrubbers: list[Scrubber], counted: list[int]) -> Rewrite:
    def change(data: bytes) -> bytes:
        for scrubber in scrubbers:
            result = scrubber.file_bytes(relative, data)
            data = result.data
            counted.append(result.count)
        return data

    return change


def _stub_live(files: WorkspaceFiles, key: str, wanted: set[int], texts: list[str]) -> int:
    relative = f"{SESSIONS_DIR}/{session_filename(key)}"
    stubbed = 0

    def change(data: bytes) -> bytes:
        nonlocal stubbed
        lines = data.splitlines(keepends=True)
        if not lines:
            return data
        header = _parse(lines[0])
        offset = 0
        if isinstance(header, dict) and header.get("_type") == "metadata":
            meta = header.get("metadata")
            archived = meta.get("archived_offset") if isinstance(meta, dict) else None
            offset = archived if _index(archived) else 0
            body = lines[1:]
        else:
            header, body = None, lines
        position = offset
        out = [lines[0]] if header is not None else []
        for line in body:
            message = _parse(line)
            if not isinstance(message, dict):
                out.append(line)  # a damaged line is not a message: it holds no index
                continue
            if position in wanted and message != _stub(message):
                texts.extend(_texts(message))
                line = json_line_bytes(_stub(message)) + (b"\n" if line.endswith(b"\n") else b"")
                stubbed += 1
            out.append(line)
            position += 1
        return b"".join(out)

    files.rewrite(relative, change)
    return stubbed


def _drop_summary(
    files: WorkspaceFiles, key: str, digests: set[str], report: SelectionReport
) -> None:
    relative = f"{SESSIONS_DIR}/{session_filename(key)}"

    def change(data: bytes) -> bytes:
        first, newline, rest = data.partition(b"\n")
        header = _parse(first)
        meta = header.get("metadata") if isinstance(header, dict) else None
        summary = meta.get(LAST_SUMMARY_KEY) if isinstance(meta, dict) else None
        text = summary.get("text") if isinstance(summary, dict) else None
        if not isinstance(text, str) or _digest(text) not in digests:
            return data
        assert isinstance(meta, dict) and isinstance(header, dict)
        del meta[LAST_SUMMARY_KEY]
        return json_line_bytes(header) + newline + rest

    if files.rewrite(relative, change):
        report.files.setdefault(relative, "last summary removed")


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
    first = _parse(data.split(b"\n", 1)[0])
    if isinstance(first, dict):
        key = first.get("key") if first.get("_type") == "metadata" else first.get("session_key")
        if isinstance(key, str):
            return key
    return None
