"""Blanking messages in place: what ``--cursor`` does to the messages an entry covers.

A message is replaced by a stub that keeps its role, time and tool-call ids (so
every other message keeps its absolute index, and a tool result still follows
its call) and says nothing: its content is ``"[forgotten]"``. The session's kept
copies (``.corrupt-…``, ``.conflict-…``) are not indexed like the live file, so
the blanked messages' texts are removed from them as texts.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, TypeGuard

from reverie.forget.files import TRANSCRIPTS_DIR, Rewrite, WorkspaceFiles
from reverie.forget.scrub import PLACEHOLDER, Scrubber, json_line_bytes
from reverie.message_format import message_text
from reverie.messages import as_message
from reverie.sessions.keys import session_filename
from reverie.sessions.lost import absolute_index, lost_indexes
from reverie.sessions.session import LAST_SUMMARY_KEY, Session

__all__ = [
    "digest",
    "drop_summary",
    "index_value",
    "parse_line",
    "scrub_copies",
    "stub",
    "stub_live",
    "stub_transcript",
]

_MIN_COPY_TEXT = 4
"""Texts shorter than this are not searched for in copies ("ok" is everywhere)."""


def digest(text: str) -> str:
    """A stable fingerprint of an entry's text (the journal stores it, not the text)."""
    return hashlib.sha256(text.strip().encode("utf-8", "surrogatepass")).hexdigest()


def parse_line(line: bytes) -> Any:
    """One JSON line decoded; None when it is not JSON."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def index_value(value: object) -> TypeGuard[int]:
    """True for a message index: an int >= 0 that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def stub(message: Mapping[str, Any]) -> dict[str, Any]:
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


def stub_transcript(files: WorkspaceFiles, key: str, wanted: set[int], texts: list[str]) -> int:
    """Blank messages ``wanted`` (absolute indexes) in the session's transcript archive.

    The texts of the blanked messages are added to ``texts``. Returns how many.
    """
    stubbed = 0

    def change(data: bytes) -> bytes:
        nonlocal stubbed
        out = []
        for line in data.splitlines(keepends=True):
            record = parse_line(line)
            index = record.get("index") if isinstance(record, dict) else None
            message = record.get("message") if isinstance(record, dict) else None
            if index in wanted and isinstance(message, dict) and message != stub(message):
                texts.extend(_texts(message))
                record["message"] = stub(message)
                line = json_line_bytes(record) + (b"\n" if line.endswith(b"\n") else b"")
                stubbed += 1
            out.append(line)
        return b"".join(out)

    files.rewrite(f"{TRANSCRIPTS_DIR}/{session_filename(key)}", change)
    return stubbed


def scrub_copies(files: WorkspaceFiles, copies: list[str], texts: list[str]) -> dict[str, str]:
    """Remove ``texts`` from the session's kept copies; what changed, by path."""
    changed: dict[str, str] = {}
    scrubbers = [
        Scrubber(text)
        for text in sorted(set(texts), key=len, reverse=True)
        if len(text.strip()) >= _MIN_COPY_TEXT and text != PLACEHOLDER
    ]
    for relative in copies:
        counted: list[int] = []
        rewritten = files.rewrite(relative, _scrub_all(relative, scrubbers, counted))
        removed = sum(counted)
        if rewritten and removed:
            changed[relative] = f"{removed} forgotten text(s) removed"
    return changed


def _scrub_all(relative: str, scrubbers: list[Scrubber], counted: list[int]) -> Rewrite:
    def change(data: bytes) -> bytes:
        for scrubber in scrubbers:
            result = scrubber.file_bytes(relative, data)
            data = result.data
            counted.append(result.count)
        return data

    return change


def stub_live(files: WorkspaceFiles, key: str, wanted: set[int], texts: list[str]) -> int:
    """Blank messages ``wanted`` in the live session file; their texts go to ``texts``."""
    stubbed = 0

    def change(session: Session) -> bool:
        nonlocal stubbed
        offset, lost = session.archived_offset, lost_indexes(session.metadata)
        for position, message in enumerate(session.messages):
            if absolute_index(offset, lost, position) in wanted and message != stub(message):
                texts.extend(_texts(message))
                session.messages[position] = as_message(stub(message))
                stubbed += 1
        return stubbed > 0

    files.edit_session(key, change)
    return stubbed


def drop_summary(files: WorkspaceFiles, key: str, digests: set[str]) -> bool:
    """Remove the session's stored last summary when its text is one of ``digests``."""

    def change(session: Session) -> bool:
        summary = session.metadata.get(LAST_SUMMARY_KEY)
        text = summary.get("text") if isinstance(summary, Mapping) else None
        if not isinstance(text, str) or digest(text) not in digests:
            return False
        del session.metadata[LAST_SUMMARY_KEY]
        return True

    return files.edit_session(key, change)
