"""``reverie mcp``: one workspace's memory as an MCP server (official ``mcp`` SDK).

Tools (names fixed): ``recall``, ``remember``, ``memory``, ``read_memory``,
``dream``, ``history``, ``expand``; each carries the MCP annotations a client
uses to decide what needs the user's confirmation. Resources: the memory files
(``reverie://memories/USER.md``, ``SOUL.md``, ``MEMORY.md``) and any other
``/memories`` path through the template ``reverie://memories/{+path}``.

One server serves one workspace, chosen when it is built; the HTTP front
(:mod:`reverie.mcp.http`) builds one per token, so a client can only ever
reach the workspace its token names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from anyio.to_thread import run_sync
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError
from mcp.types import CallToolResult, TextContent, ToolAnnotations

# Nested TypedDicts need typing_extensions' TypedDict on Python < 3.12 (pydantic says so).
from typing_extensions import TypedDict

from reverie import __version__
from reverie.errors import ReverieError
from reverie.integrations.memory_commands import MemoryCommands, MemoryToolError
from reverie.integrations.memory_paths import MEMORIES_ROOT
from reverie.mcp import answers
from reverie.workspace import Workspace

__all__ = ["INSTRUCTIONS", "SERVER_NAME", "build_server"]

SERVER_NAME = "reverie"

INSTRUCTIONS = """\
reverie is this user's long-term memory, kept in plain files.
- Before answering about the user, their projects or past conversations, call read_memory \
(what is known for sure) and recall (anything said before).
- When the user tells you something worth keeping, call remember with one self-contained \
sentence; reverie's Dream folds it into memory later.
- memory works like Claude's memory tool on /memories (USER.md, SOUL.md, MEMORY.md, skills/ \
and your own notes); every change is versioned in git.
"""

MemoryCommand = Literal["view", "create", "str_replace", "insert", "delete", "rename"]


class RecallHitData(TypedDict):
    """One ranked match."""

    kind: str | None
    score: float | None
    text: str | None
    session_key: str | None
    start: int | None
    end: int | None
    cursor: int | None
    path: str | None
    timestamp: str | None


class RecallData(TypedDict):
    """The matches for a query, best first."""

    query: str
    hits: list[RecallHitData]


class RememberData(TypedDict):
    """Where the note went."""

    cursor: int
    session_key: str


class MemoryText(TypedDict):
    """Text for the model (``read_memory``)."""

    text: str


class DreamData(TypedDict):
    """What a Dream run did."""

    status: str | None
    reason: str | None
    cursor_from: int | None
    cursor_to: int | None
    tool_calls: int | None
    commit: str | None


class HistoryEntryData(TypedDict):
    """One history entry."""

    cursor: int
    timestamp: str
    session_key: str | None
    content: str


class HistoryData(TypedDict):
    """The newest history entries, oldest first."""

    entries: list[HistoryEntryData]


class ExpandData(TypedDict):
    """The original messages, oldest first."""

    cursor: int | None
    session: str | None
    messages: list[dict[str, Any]]


def _result(answer: answers.Answer, *, ok: bool = True) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=answer.text)],
        structured_content=answer.data,
        is_error=not ok,
    )


def _error(message: str) -> CallToolResult:
    # Returned, not raised: the SDK would prefix a raised error with "Error executing tool",
    # and the memory tool's messages must read exactly as Claude's memory tool words them.
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


def _client(ctx: Context) -> str:
    params = ctx.session.client_params
    info = params.client_info if params is not None else None
    return answers.client_label(info.name if info else None, info.version if info else None)


def _read_only(title: str) -> ToolAnnotations:
    return ToolAnnotations(
        title=title, read_only_hint=True, idempotent_hint=True, open_world_hint=False
    )


def _writes(title: str, *, destructive: bool, open_world: bool = False) -> ToolAnnotations:
    return ToolAnnotations(
        title=title,
        read_only_hint=False,
        destructive_hint=destructive,
        idempotent_hint=False,
        open_world_hint=open_world,
    )


def build_server(ws: Workspace) -> MCPServer:
    """The MCP server of ``ws``: its tools and resources, nothing of any other workspace."""
    server: MCPServer = MCPServer(
        SERVER_NAME,
        title="reverie memory",
        version=__version__,
        instructions=INSTRUCTIONS,
        log_level="WARNING",
    )

    @server.tool(annotations=_read_only("Recall from memory"))
    async def recall(query: str, limit: int = 10) -> Annotated[CallToolResult, RecallData]:
        """Search everything the user ever said and everything memory holds, best first.

        Returns messages (with their session and message range), history
        summaries and memory-file sections; expand a hit to read it whole.
        """
        return await _call(answers.recall, ws, query, limit)

    @server.tool(annotations=_writes("Remember a fact", destructive=False))
    async def remember(content: str, ctx: Context) -> Annotated[CallToolResult, RememberData]:
        """Record something worth keeping about the user or their work.

        Write one self-contained statement ("Dana prefers tea to coffee"). It
        goes to history now; reverie's Dream folds it into the memory files.
        """
        client = _client(ctx)
        return await _call(lambda: answers.remember(ws, content, client=client))

    @server.tool(annotations=_writes("Memory files", destructive=True))
    async def memory(
        command: MemoryCommand,
        ctx: Context,
        path: str | None = None,
        view_range: list[int] | None = None,
        file_text: str | None = None,
        old_str: str | None = None,
        new_str: str | None = None,
        insert_line: int | None = None,
        insert_text: str | None = None,
        old_path: str | None = None,
        new_path: str | None = None,
    ) -> CallToolResult:
        """View and edit the memory folder /memories, as Claude's memory tool does.

        /memories holds USER.md (about the user), SOUL.md (how to behave),
        MEMORY.md (projects and decisions), skills/ and your own notes (any other
        path). Commands: view (path, optional view_range [first, last]), create
        (path, file_text), str_replace (path, old_str, new_str), insert (path,
        insert_line, insert_text), delete (path), rename (old_path, new_path).
        Every change is a git commit.
        """
        arguments = {
            "path": path,
            "view_range": view_range,
            "file_text": file_text,
            "old_str": old_str,
            "new_str": new_str,
            "insert_line": insert_line,
            "insert_text": insert_text,
            "old_path": old_path,
            "new_path": new_path,
        }
        commands = MemoryCommands(ws.path, via=f"mcp ({_client(ctx)})")
        try:
            text = await run_sync(commands.run, command, arguments)
        except MemoryToolError as exc:
            return _error(str(exc))
        return CallToolResult(content=[TextContent(type="text", text=text)])

    @server.tool(annotations=_read_only("Read memory"))
    async def read_memory() -> Annotated[CallToolResult, MemoryText]:
        """SOUL.md, USER.md and MEMORY.md as the assistant's system prompt holds them."""
        return await _call(answers.read_memory, ws)

    # Dream asks the workspace's configured model, which may be a remote service.
    @server.tool(annotations=_writes("Run Dream", destructive=True, open_world=True))
    async def dream() -> Annotated[CallToolResult, DreamData]:
        """Fold new history into the memory files now; returns the status and the commit."""
        try:
            answer, ok = await answers.run_dream(ws)
        except ReverieError as exc:
            return _error(str(exc))
        return _result(answer, ok=ok)

    @server.tool(annotations=_read_only("Recent history"))
    async def history(limit: int = 10) -> Annotated[CallToolResult, HistoryData]:
        """The newest history entries: summaries of past conversations and remembered notes."""
        return await _call(answers.history, ws, limit)

    @server.tool(annotations=_read_only("Expand a memory"))
    async def expand(
        cursor: int | None = None,
        session: str | None = None,
        start: int | None = None,
        end: int | None = None,
    ) -> Annotated[CallToolResult, ExpandData]:
        """The exact messages behind a history entry (cursor) or a recall hit.

        For a hit on messages, pass its session and start, end (end exclusive,
        as recall shows them); at most 40 messages per call.
        """
        return await _call(answers.expand, ws, cursor, session, start, end)

    _add_resources(server, ws)
    return server


async def _call(function: Callable[..., answers.Answer], *args: Any) -> CallToolResult:
    """Run a blocking answer in a worker thread; a reverie error becomes the tool's error."""
    try:
        answer = await run_sync(function, *args)
    except ReverieError as exc:
        return _error(str(exc))
    return _result(answer)


def _file_or_empty(read: Callable[[str], str], name: str) -> Callable[[], str]:
    def read_file() -> str:
        try:
            return read(name)
        except ResourceError:
            return ""  # not written yet: an empty memory file

    return read_file


def _add_resources(server: MCPServer, ws: Workspace) -> None:
    reader = MemoryCommands(ws.path, via="mcp resources")

    def read(path: str) -> str:
        try:
            target = reader.paths.parse(f"{MEMORIES_ROOT}/{path}")
        except MemoryToolError as exc:
            raise ResourceError(str(exc)) from exc
        if not target.path.is_file():
            raise ResourceError(f"{MEMORIES_ROOT}/{path} is not a memory file")
        try:
            return target.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ResourceError(f"cannot read {MEMORIES_ROOT}/{path}: {exc}") from exc

    descriptions = {
        "USER.md": "Stable facts about the user.",
        "SOUL.md": "How the assistant should behave.",
        "MEMORY.md": "Long-term memory: projects, decisions, conventions.",
    }
    for name, description in descriptions.items():
        server.resource(
            f"reverie://memories/{name}",
            name=name,
            description=description,
            mime_type="text/markdown",
        )(_file_or_empty(read, name))

    @server.resource(
        "reverie://memories/{+path}",
        name="memory file",
        description="Any file under /memories: notes, skills/<name>/SKILL.md, the memory files.",
        mime_type="text/markdown",
    )
    def memory_file(path: str) -> str:
        return read(path)
