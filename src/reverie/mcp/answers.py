"""What each MCP tool does to a workspace, and its answer as text plus structured data.

Nothing here knows about MCP: :mod:`reverie.mcp.server` wraps these functions
as tools. Each returns an :class:`Answer`, the text a model reads and the same
facts as JSON for a program; a refusal raises :class:`~reverie.errors.ReverieError`
with the message to show.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from reverie.errors import UserError
from reverie.ops.history import expand_history_entry, tail_history
from reverie.recall.tools import MAX_EXPAND_MESSAGES, format_hits
from reverie.store.text import cap_text
from reverie.workspace import Workspace

__all__ = [
    "Answer",
    "client_label",
    "expand",
    "history",
    "read_memory",
    "recall",
    "remember",
    "run_dream",
]

MAX_LIMIT = 100
"""Most hits or entries one call returns."""

_SHOWN_CHARS = 2_000
"""Cap on each hit, entry or message in the text answer (the structured one has it all)."""


@dataclass
class Answer:
    """A tool's answer: ``text`` for the model, ``data`` for a program (JSON-safe)."""

    text: str
    data: dict[str, Any] = field(default_factory=dict)


def client_label(name: str | None, version: str | None) -> str:
    """``claude-ai 0.1.0`` (or ``unknown client``): how a client is named in records."""
    label = " ".join(part for part in (name, version) if part)
    return " ".join(label.split()) or "unknown client"


def _limit(value: int, name: str = "limit") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_LIMIT:
        raise UserError(f"{name} must be an integer from 1 to {MAX_LIMIT}, got {value!r}")
    return value


# -- recall -----------------------------------------------------------------------


def recall(ws: Workspace, query: str, limit: int = 10) -> Answer:
    """The ``limit`` best matches for ``query`` in everything the workspace remembers.

    The text is what reverie's own agent gets from its ``recall`` tool (each hit
    with the handle ``expand`` takes); the data holds every field of each hit.

    Raises:
        UserError: an empty query or a bad limit.
    """
    if not isinstance(query, str) or not query.strip():
        raise UserError("query is empty; give the words, names or dates to look for")
    hits = ws.recall(query, k=_limit(limit))
    return Answer(format_hits(hits), {"query": query, "hits": [hit.to_dict() for hit in hits]})


# -- remember ---------------------------------------------------------------------


def remember(ws: Workspace, content: str, *, client: str) -> Answer:
    """Keep ``content`` as a note from an MCP client; Dream picks it up like any entry.

    The note becomes a message of session ``mcp:<client name>`` (recording
    ``via: mcp`` and the client's name and version) and a history entry whose
    source is that message, so ``expand`` leads back to it. The message counts
    as consolidated at once: the entry already holds it, and it is never
    summarised a second time.

    Raises:
        UserError: empty content.
    """
    if not isinstance(content, str) or not content.strip():
        raise UserError("content is empty; give the text to remember")
    text = content.strip()
    session_key = f"mcp:{client.split(' ')[0]}"
    sessions = ws.sessions
    with sessions.lock(session_key):
        sessions.invalidate(session_key)  # another process may have added notes since
        session = sessions.get_or_create(session_key)
        index = len(session.messages)
        session.add_message("assistant", text, via="mcp", client=client)
        sessions.save(session)  # the words are on disk before anything refers to them
        source = session.source_range(index, index + 1)
        cursor = ws.store.append_history(text, session_key=session_key, source=source)
        if session.consolidated_count() == index:
            session.last_consolidated = index + 1
            sessions.save(session)
    return Answer(
        f"Recorded as history entry {cursor}. Dream folds it into long-term memory "
        "on its next run.",
        {"cursor": cursor, "session_key": session_key},
    )


# -- read_memory --------------------------------------------------------------------


def read_memory(ws: Workspace) -> Answer:
    """SOUL.md, USER.md and MEMORY.md as the agent's system prompt holds them."""
    sections = ws.context.memory_sections()
    text = (
        "\n\n".join(sections) if sections else "Memory is empty: no SOUL.md, USER.md or MEMORY.md."
    )
    return Answer(text, {"text": text})


# -- dream --------------------------------------------------------------------------


async def run_dream(ws: Workspace) -> tuple[Answer, bool]:
    """Run Dream now; return its answer and whether it did what was asked."""
    result = await ws.dream_commands().dream()
    fields = ("status", "reason", "cursor_from", "cursor_to", "tool_calls", "commit")
    return Answer(result.text, {key: result.data.get(key) for key in fields}), result.ok


# -- history and expand ---------------------------------------------------------------


def history(ws: Workspace, limit: int = 10) -> Answer:
    """The newest ``limit`` history entries, oldest first."""
    entries = tail_history(ws.store, _limit(limit))
    rows: list[dict[str, Any]] = [
        {
            "cursor": entry.cursor,
            "timestamp": entry.timestamp,
            "session_key": entry.session_key,
            "content": entry.content,
        }
        for entry in entries
    ]
    if not rows:
        return Answer("History is empty.", {"entries": []})
    lines = []
    for row in rows:
        session = f" {row['session_key']}" if row["session_key"] else ""
        lines.append(f"[{row['cursor']}] {row['timestamp']}{session}")
        lines.append(cap_text(str(row["content"]).strip(), _SHOWN_CHARS))
        lines.append("")
    return Answer("\n".join(lines).rstrip(), {"entries": rows})


def expand(
    ws: Workspace,
    cursor: int | None = None,
    session: str | None = None,
    start: int | None = None,
    end: int | None = None,
) -> Answer:
    """The original messages behind a history entry, or messages ``start:end`` of a session.

    Arguments and limits are those of reverie's own ``expand`` tool: a session
    range shows at most :data:`~reverie.recall.tools.MAX_EXPAND_MESSAGES` messages.

    Raises:
        UserError: neither a cursor nor a session with a range, or an unknown one.
    """
    if cursor is not None and session is not None:
        raise UserError("give either a history cursor or a session with start and end, not both")
    if cursor is not None:
        expansion = expand_history_entry(ws.store, cursor)
        messages = expansion.messages
        if not messages:
            text = (
                f"History entry {cursor} records no source messages; its text is all that "
                f"was kept:\n{expansion.entry.content}"
            )
            return Answer(text, {"cursor": cursor, "session": None, "messages": []})
        key, first = expansion.session_key, expansion.start or 0
    elif session is not None and start is not None:
        stop = start + 10 if end is None else end
        if start < 0 or stop <= start:
            raise UserError(f"start must be >= 0 and end greater than start, got {start}-{stop}")
        messages = ws.sessions.read_range(session, start, min(stop, start + MAX_EXPAND_MESSAGES))
        key, first = session, start
    else:
        raise UserError("give a history cursor, or a session with start (and end)")
    shown = [_message_row(message) for message in messages]
    data = {"cursor": cursor, "session": key, "messages": shown}
    if not shown:
        return Answer(f"No messages of session {key} in that range.", data)
    lines = [f"Session {key}, messages {first}-{first + len(shown) - 1}:"]
    for number, row in enumerate(shown, start=first):
        lines.append(f"#{number} {row['role']} {row.get('timestamp') or ''}".rstrip())
        lines.append(cap_text(row["content"], _SHOWN_CHARS))
    return Answer("\n".join(lines), data)


def _message_row(message: Mapping[str, Any]) -> dict[str, Any]:
    content = message.get("content")
    row: dict[str, Any] = {
        "role": str(message.get("role", "")),
        "content": content if isinstance(content, str) else str(content or ""),
    }
    for name in ("timestamp", "name", "tool_call_id"):
        if isinstance(message.get(name), str):
            row[name] = message[name]
    calls = message.get("tool_calls")
    if isinstance(calls, list) and calls:
        row["tool_calls"] = [
            call.get("function", {}).get("name") for call in calls if isinstance(call, Mapping)
        ]
    return row
