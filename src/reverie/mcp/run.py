"""Start ``reverie mcp``: over stdio for one workspace, or over HTTP for every token.

Over stdio, standard output carries the protocol and nothing else: logs and
messages go to standard error.
"""

from __future__ import annotations

import ipaddress
import sys
from pathlib import Path

import anyio

from reverie.errors import UserError
from reverie.mcp.http import MCP_PATH, TokenRouter
from reverie.mcp.server import build_server
from reverie.mcp.tokens import TokenFile
from reverie.workspace import Workspace

__all__ = ["is_loopback", "serve_http", "serve_stdio"]


def serve_stdio(workspace: Workspace) -> None:
    """Serve ``workspace`` over stdin/stdout until the client closes the pipe."""
    try:
        anyio.run(build_server(workspace).run_stdio_async)
    finally:
        workspace.close()


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach (``127.0.0.1``, ``::1``, ``localhost``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve_http(tokens_path: Path | None, *, host: str, port: int) -> None:
    """Serve every token of the tokens file over streamable HTTP at ``http://host:port/mcp``.

    Raises:
        UserError: the tokens file holds no token yet.
    """
    import uvicorn

    tokens = TokenFile(tokens_path)
    if not tokens.entries():
        raise UserError(
            f"{tokens.path} holds no token: create one with `reverie mcp tokens add NAME` "
            "(each token opens one workspace)"
        )
    where = f"http://{host}:{port}{MCP_PATH}"
    print(f"reverie mcp: serving {where} (tokens: {tokens.path})", file=sys.stderr, flush=True)
    if not is_loopback(host):
        print(
            f"reverie mcp: {host} is reachable from other machines; put TLS in front "
            "(tokens travel in every request)",
            file=sys.stderr,
            flush=True,
        )
    config = uvicorn.Config(
        TokenRouter(tokens, host=host),
        host=host,
        port=port,
        lifespan="on",
        log_level="warning",
    )
    uvicorn.Server(config).run()
