"""``reverie mcp --http``: streamable HTTP for several people, each with their own workspace.

Every request must carry ``Authorization: Bearer <token>``; without one, or
with a token the tokens file does not hold, the answer is ``401`` and nothing
else happens. A valid token selects its entry's workspace, and the request is
handed to *that workspace's own* MCP server (built on first use, with its own
MCP sessions): there is no code path from one token to another person's
memory, even with a stolen MCP session id.

The tokens file is read again whenever it changes, so ``reverie mcp tokens
add`` and ``remove`` take effect on a running server (a removed token is
refused from its next request on).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import anyio
from anyio.abc import TaskGroup, TaskStatus
from anyio.to_thread import run_sync
from mcp.server.mcpserver import MCPServer
from starlette.types import ASGIApp, Receive, Scope, Send

from reverie._logging import get_logger
from reverie.errors import ReverieError
from reverie.mcp.server import build_server
from reverie.mcp.tokens import TokenEntry, TokenFile, match_token
from reverie.workspace import Workspace

__all__ = ["MCP_PATH", "TokenRouter"]

MCP_PATH = "/mcp"
"""Where the MCP endpoint is served."""

_log = get_logger("mcp.http")


@dataclass
class _Person:
    """One token's workspace and server, started on its first request."""

    ws: Workspace
    server: MCPServer
    app: ASGIApp
    started: bool = False


class TokenRouter:
    """The ASGI application: bearer token → that token's own MCP server.

    Args:
        tokens: The tokens file.
        host: The address the server binds (turns on DNS-rebinding protection
            for loopback addresses, as the MCP SDK does).
    """

    def __init__(self, tokens: TokenFile, *, host: str) -> None:
        self.tokens = tokens
        self.host = host
        self._people: dict[tuple[str, str, str], _Person] = {}
        self._entries: list[TokenEntry] = []
        self._signature: tuple[int, int, int] | None = None
        self._lock = anyio.Lock()
        self._tasks: TaskGroup | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        token = _bearer(scope)
        if token is None:
            await _unauthorized(send, "a bearer token is required (Authorization: Bearer <token>)")
            return
        try:
            entry = await self._find(token)
            if entry is None:
                await _unauthorized(send, "the token is not valid", error="invalid_token")
                return
            person = await self._person(entry)
        except ReverieError as exc:
            # A damaged tokens file or an unusable workspace: refuse, and say why in the log.
            _log.error("refused a request: %s", exc)
            await _respond(send, 503, {"error": "unavailable", "error_description": str(exc)})
            return
        await person.app(scope, receive, send)

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        await receive()  # lifespan.startup
        async with anyio.create_task_group() as tasks:
            self._tasks = tasks
            await send({"type": "lifespan.startup.complete"})
            await receive()  # lifespan.shutdown
            tasks.cancel_scope.cancel()
        self._tasks = None
        await send({"type": "lifespan.shutdown.complete"})

    async def _find(self, token: str) -> TokenEntry | None:
        signature = self.tokens.signature()
        if signature != self._signature:
            self._entries = await run_sync(self.tokens.entries)
            self._signature = signature
        return match_token(self._entries, token)

    async def _person(self, entry: TokenEntry) -> _Person:
        key = (entry.name, entry.sha256, entry.workspace)
        async with self._lock:
            person = self._people.get(key)
            if person is None:
                ws = await run_sync(Workspace.open, entry.workspace)
                server = build_server(ws)
                app = server.streamable_http_app(streamable_http_path=MCP_PATH, host=self.host)
                person = self._people[key] = _Person(ws, server, app)
                _log.info("serving %s's workspace %s", entry.name, ws.path)
            if not person.started:
                if self._tasks is None:
                    raise RuntimeError("the server was started without its lifespan")
                await self._tasks.start(_run_sessions, person)
                person.started = True
        return person


async def _run_sessions(person: _Person, *, task_status: TaskStatus[None]) -> None:
    try:
        async with person.server.session_manager.run():
            task_status.started()
            await anyio.sleep_forever()
    finally:
        person.ws.close()  # the recall index, at shutdown


def _bearer(scope: Scope) -> str | None:
    headers: list[tuple[bytes, bytes]] = scope.get("headers", [])
    for name, value in headers:
        if name.lower() == b"authorization":
            scheme, _, token = value.decode("latin-1").partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return token.strip()
    return None


async def _unauthorized(send: Send, message: str, *, error: str | None = None) -> None:
    challenge = 'Bearer realm="reverie"'
    if error:
        challenge += f', error="{error}"'
    body = {"error": error or "unauthorized", "error_description": message}
    await _respond(send, 401, body, [(b"www-authenticate", challenge.encode())])


async def _respond(
    send: Send, status: int, body: dict[str, Any], headers: Sequence[tuple[bytes, bytes]] = ()
) -> None:
    data = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})
