"""``reverie mcp --http``: a real server process, bearer tokens, one workspace per token."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx2
from mcp import Client, MCPError
from mcp.client.streamable_http import streamable_http_client
from mcp.types import Implementation

from reverie.mcp.tokens import TokenFile
from reverie.workspace import Workspace

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0"},
    },
}
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@contextlib.asynccontextmanager
async def connect(url: str, token: str, mode: str = "legacy") -> AsyncIterator[Client]:
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx2.AsyncClient(headers=headers, timeout=120) as http:
        transport = streamable_http_client(url, http_client=http)
        info = Implementation(name="vscode", version="1.99")
        async with Client(transport, mode=mode, client_info=info) as client:
            yield client


def text(result: Any) -> str:
    return str(result.content[0].text)


async def test_tokens_keep_each_persons_memory_apart(
    tmp_path: Path, http_server: Callable[[Path], str]
) -> None:
    tokens = TokenFile(tmp_path / "tokens.json")
    alice_token, alice = tokens.add("alice", tmp_path / "alice")
    bob_token, bob = tokens.add("bob", tmp_path / "bob")
    url = http_server(tokens.path)

    async with connect(url, alice_token) as client:
        noted = await client.call_tool("remember", {"content": "Alice's vault code is 4471."})
        assert not noted.is_error
        created = await client.call_tool(
            "memory",
            {"command": "create", "path": "/memories/alice.md", "file_text": "vault 4471\n"},
        )
        assert not created.is_error

    async with connect(url, bob_token, mode="auto") as client:
        history = await client.call_tool("history", {"limit": 50})
        assert "4471" not in text(history)
        listing = await client.call_tool("memory", {"command": "view", "path": "/memories"})
        assert "alice.md" not in text(listing)
        missing = await client.call_tool(
            "memory", {"command": "view", "path": "/memories/alice.md"}
        )
        assert missing.is_error
        try:
            leaked = await client.read_resource("reverie://memories/alice.md")
        except MCPError:
            leaked = None
        assert leaked is None
        await client.call_tool("remember", {"content": "Bob likes chess."})

    alice_ws, bob_ws = Workspace.open(alice.workspace), Workspace.open(bob.workspace)
    assert [e["content"] for e in alice_ws.store.read_unprocessed_history(0)] == [
        "Alice's vault code is 4471."
    ]
    assert [e["content"] for e in bob_ws.store.read_unprocessed_history(0)] == ["Bob likes chess."]
    assert not (bob_ws.path / "memory" / "notes" / "alice.md").exists()


async def test_no_token_no_service(tmp_path: Path, http_server: Callable[[Path], str]) -> None:
    tokens = TokenFile(tmp_path / "tokens.json")
    alice_token, _ = tokens.add("alice", tmp_path / "alice")
    bob_token, _ = tokens.add("bob", tmp_path / "bob")
    url = http_server(tokens.path)
    async with httpx2.AsyncClient(timeout=60) as http:
        bare = await http.post(url, json=INITIALIZE, headers=HEADERS)
        assert bare.status_code == 401
        assert bare.headers["www-authenticate"].startswith("Bearer")
        wrong = await http.post(
            url, json=INITIALIZE, headers={**HEADERS, "Authorization": "Bearer rv_not-a-token"}
        )
        assert (
            wrong.status_code == 401
            and 'error="invalid_token"' in wrong.headers["www-authenticate"]
        )
        basic = await http.post(
            url, json=INITIALIZE, headers={**HEADERS, "Authorization": f"Basic {alice_token}"}
        )
        assert basic.status_code == 401

        # Alice's MCP session id is worthless with Bob's token: his server never issued it.
        opened = await http.post(
            url, json=INITIALIZE, headers={**HEADERS, "Authorization": f"Bearer {alice_token}"}
        )
        assert opened.status_code == 200
        session_id = opened.headers["mcp-session-id"]
        call = {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "history", "arguments": {}},
        }
        hijack = await http.post(
            url,
            json=call,
            headers={
                **HEADERS,
                "Authorization": f"Bearer {bob_token}",
                "mcp-session-id": session_id,
                "mcp-protocol-version": "2025-06-18",
            },
        )
        assert hijack.status_code in (400, 404)


async def test_tokens_added_or_removed_count_at_once(
    tmp_path: Path, http_server: Callable[[Path], str]
) -> None:
    tokens = TokenFile(tmp_path / "tokens.json")
    alice_token, _ = tokens.add("alice", tmp_path / "alice")
    url = http_server(tokens.path)
    carol_token, carol = tokens.add("carol", tmp_path / "carol")
    async with connect(url, carol_token) as client:
        result = await client.call_tool("remember", {"content": "Carol joined later."})
        assert not result.is_error
    assert Workspace.open(carol.workspace).store.get_latest_cursor() == 1
    assert tokens.remove("alice")
    async with httpx2.AsyncClient(timeout=60) as http:
        refused = await http.post(
            url, json=INITIALIZE, headers={**HEADERS, "Authorization": f"Bearer {alice_token}"}
        )
    assert refused.status_code == 401
    # A tokens file damaged while the server runs lets nobody in, and says why.
    tokens.path.write_text("{ not json")
    async with httpx2.AsyncClient(timeout=60) as http:
        broken = await http.post(
            url, json=INITIALIZE, headers={**HEADERS, "Authorization": f"Bearer {carol_token}"}
        )
    assert broken.status_code == 503
    assert "tokens.json is not valid JSON" in broken.json()["error_description"]
