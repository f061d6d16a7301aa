"""The agent's recall tools: ``recall(query, limit)`` and ``expand(cursor | session + range)``.

With them a model can look up a detail nobody put into MEMORY.md or USER.md:
``recall`` returns the best hits (short windows of old turns, memory
sections, history entries) each with the handle ``expand`` takes to read the
exact words around it. :data:`RECALL_TOOLS_PROMPT` is the paragraph the system
prompt adds so the model knows they exist.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reverie.errors import ReverieError, ToolError
from reverie.recall.hits import RecallHit
from reverie.recall.index import RecallIndex
from reverie.recall.search import format_turn
from reverie.recall.text import message_speaker, message_text, normalise_time
from reverie.tools.registry import Tool

__all__ = [
    "MAX_EXPAND_MESSAGES",
    "RECALL_TOOLS_PROMPT",
    "ExpandTool",
    "RecallTool",
    "build_recall_tools",
    "format_hits",
]

IndexSource = RecallIndex | Callable[[], RecallIndex]
"""An index, or a function that opens it on first use (so offering the tools opens nothing)."""

MAX_EXPAND_MESSAGES = 40
"""Most messages one ``expand`` call returns (the model can page with start/end)."""
MAX_RECALL_LIMIT = 20

RECALL_TOOLS_PROMPT = (
    "You can search everything this user ever said to you, beyond what the memory above "
    "holds: call `recall` with a few words, names or dates to get the best matching "
    "passages of past conversations, notes and summaries; call `expand` with a hit's "
    "session and start/end (or a history cursor) to read the exact turns around it. "
    "Look things up before saying you do not know or asking again."
)
"""What the system prompt says about the recall tools."""


def format_hits(hits: list[RecallHit]) -> str:
    """Hits as a numbered text for a model, each with its handle for ``expand``."""
    if not hits:
        return "No match in past conversations, history or memory files."
    blocks: list[str] = []
    for rank, hit in enumerate(hits, start=1):
        if hit.kind == "message":
            handle = f"session={hit.session_key!r} start={hit.start} end={hit.end}"
        elif hit.kind == "history":
            handle = f"history cursor={hit.cursor}"
            if hit.session_key is not None and hit.start is not None:
                handle += f" (session={hit.session_key!r} start={hit.start} end={hit.end})"
        else:
            handle = f"file {hit.path}"
        when = f" {hit.timestamp}" if hit.timestamp else ""
        blocks.append(f"{rank}. [{hit.kind}{when}; {handle}]\n{hit.text}")
    return "\n\n".join(blocks)


def _recall_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1, "description": "What to look for."},
            "limit": {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_RECALL_LIMIT,
                "description": "How many passages (default 5).",
            },
        },
        "required": ["query"],
        "additionalProperties": False,
    }


class RecallTool(Tool):
    """``recall(query, limit=5)``: search every conversation, history entry and memory file."""

    name = "recall"
    description = (
        "Search everything remembered: all past conversations (also long archived ones), "
        "history summaries and memory files. Give a few distinctive words, names, numbers "
        "or dates. Returns the best passages, best first, each with where it comes from; "
        "read more around one with expand."
    )

    def __init__(self, index: IndexSource) -> None:
        self._source = index
        self.parameters = _recall_schema()

    @property
    def _index(self) -> RecallIndex:
        return _opened(self._source)

    async def execute(self, args: dict[str, Any]) -> str:
        """Run the search and format the hits."""
        query = str(args["query"])
        if not query.strip():
            raise ToolError("query is empty: give the words, names or dates to look for")
        try:
            hits = self._index.search(query, k=int(args.get("limit", 5)))
        except ReverieError as exc:
            raise ToolError(f"recall failed: {exc}") from exc
        return format_hits(hits)


def _expand_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "cursor": {"type": "integer", "minimum": 1, "description": "A history cursor."},
            "session": {"type": "string", "minLength": 1, "description": "A session key."},
            "start": {"type": "integer", "minimum": 0, "description": "First message index."},
            "end": {"type": "integer", "minimum": 1, "description": "One past the last."},
        },
        "additionalProperties": False,
    }


class ExpandTool(Tool):
    """``expand(cursor)`` or ``expand(session, start, end)``: the exact turns of a passage."""

    name = "expand"
    description = (
        "Read the exact messages of a past conversation: either the messages a history "
        "entry summarises (cursor), or messages start to end (end exclusive, absolute "
        f"indexes as recall shows them) of a session. At most {MAX_EXPAND_MESSAGES} "
        "messages per call; widen the range to read around a recall hit."
    )

    def __init__(self, index: IndexSource) -> None:
        self._source = index
        self.parameters = _expand_schema()

    @property
    def _index(self) -> RecallIndex:
        return _opened(self._source)

    async def execute(self, args: dict[str, Any]) -> str:
        """Read the messages and format them with their absolute indexes."""
        cursor = args.get("cursor")
        session = args.get("session")
        try:
            if cursor is not None:
                if session is not None:
                    raise ToolError("give either cursor or session with start/end, not both")
                messages = self._index.store.expand_entry(int(cursor))
                first = _entry_start(self._index, int(cursor))
                label = f"history entry {cursor}"
            elif session is not None:
                start = int(args.get("start", 0))
                end = int(args.get("end", start + 10))
                if end <= start:
                    raise ToolError(f"end ({end}) must be greater than start ({start})")
                end = min(end, start + MAX_EXPAND_MESSAGES)
                messages = self._index.sessions.read_range(str(session), start, end)
                first = start
                label = f"session {session!r}"
            else:
                raise ToolError("give a history cursor, or a session with start and end")
        except ToolError:
            raise
        except ReverieError as exc:
            raise ToolError(str(exc)) from exc
        if not messages:
            return f"No messages found for {label} in that range."
        shown = messages[:MAX_EXPAND_MESSAGES]
        lines = [f"{label}, messages {first}-{first + len(shown) - 1}:"]
        lines.extend(f"#{first + offset} " + _turn(message) for offset, message in enumerate(shown))
        if len(messages) > len(shown):
            lines.append(f"[{len(messages) - len(shown)} more; expand the session by range]")
        return "\n".join(lines)


def _opened(source: IndexSource) -> RecallIndex:
    return source if isinstance(source, RecallIndex) else source()


def _turn(message: Mapping[str, Any]) -> str:
    role = message.get("role")
    return format_turn(
        normalise_time(message.get("timestamp")),
        role if isinstance(role, str) else "?",
        message_text(message),
        message_speaker(message),
    )


def _entry_start(index: RecallIndex, cursor: int) -> int:
    for entry in index.store.history.read_since(cursor - 1, limit=1):
        if entry.cursor == cursor and entry.source is not None:
            return entry.source.start
    return 0


def build_recall_tools(index: IndexSource) -> list[Tool]:
    """The ``recall`` and ``expand`` tools over ``index``, ready to register."""
    return [RecallTool(index), ExpandTool(index)]
