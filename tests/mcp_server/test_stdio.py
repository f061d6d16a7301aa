"""``reverie mcp`` over stdio: a real child process, the MCP SDK's own client."""

from __future__ import annotations

import json
import selectors
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

from mcp import Client, StdioServerParameters
from mcp.types import Implementation

from reverie.workspace import Workspace


def _read_until_answered(stdout: IO[bytes], *, answer_id: int, deadline: float = 120) -> bytes:
    """Read whole lines from ``stdout`` until the answer to ``answer_id`` arrives."""
    end = time.monotonic() + deadline
    data = b""
    with selectors.DefaultSelector() as selector:
        selector.register(stdout, selectors.EVENT_READ)
        while time.monotonic() < end:
            if not selector.select(timeout=max(0.0, end - time.monotonic())):
                continue
            line = stdout.readline()
            if not line:
                break
            data += line
            if json.loads(line).get("id") == answer_id:
                return data
    raise AssertionError(f"no answer to request {answer_id}; stdout so far: {data!r}")


def params(workspace: Path, env: dict[str, str], *extra: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "reverie", *extra, "mcp", "--workspace", str(workspace)],
        env=env,
    )


async def test_a_client_talks_to_the_command(tmp_path: Path, child_env: dict[str, str]) -> None:
    ws = Workspace.open(tmp_path / "ws")
    client = Client(
        params(ws.path, child_env),
        mode="legacy",
        client_info=Implementation(name="cursor", version="1.2"),
    )
    # Leaving the block closes stdin, waits, and kills the child if it lingers.
    async with client:
        assert client.server_info is not None and client.server_info.name == "reverie"
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert {
            "recall",
            "remember",
            "memory",
            "read_memory",
            "dream",
            "history",
            "expand",
        } == names
        remembered = await client.call_tool("remember", {"content": "Dana's cat is called Miso."})
        assert not remembered.is_error
        created = await client.call_tool(
            "memory", {"command": "create", "path": "/memories/pets.md", "file_text": "Miso\n"}
        )
        assert created.content[0].text == "File created successfully at: /memories/pets.md"  # type: ignore[union-attr]
    entry = ws.store.read_unprocessed_history(0)[0]
    assert entry["session_key"] == "mcp:cursor"
    assert ws.store.expand_entry(entry["cursor"])[0]["client"] == "cursor 1.2"
    assert (ws.path / "memory" / "notes" / "pets.md").read_text() == "Miso\n"


def test_stdout_carries_nothing_but_the_protocol(tmp_path: Path, child_env: dict[str, str]) -> None:
    ws = Workspace.open(tmp_path / "ws")
    ws.store.append_history("kept")
    with ws.store.history_file.open("a") as log:
        log.write("{not json\n")  # read back with a logged warning
    requests = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "probe", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "history", "arguments": {"limit": 5}},
        },
    ]
    process = subprocess.Popen(
        [sys.executable, "-m", "reverie", "-vv", "mcp", "--workspace", str(ws.path)],
        env=child_env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # Unbuffered: a line Python buffered would never wake the selector again.
        bufsize=0,
    )
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("".join(json.dumps(r) + "\n" for r in requests).encode())
        process.stdin.flush()
        received = _read_until_answered(process.stdout, answer_id=2)
        # communicate() closes stdin: at the end of its input the server exits on its own.
        rest, err = process.communicate(timeout=120)
        out = received + rest
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=20)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()
    lines = [json.loads(line) for line in out.decode().splitlines()]
    assert all(line["jsonrpc"] == "2.0" for line in lines)
    answers = {line["id"]: line for line in lines if "id" in line}
    assert answers[1]["result"]["serverInfo"]["name"] == "reverie"
    assert "kept" in answers[2]["result"]["content"][0]["text"]
    # The warning about the damaged line went to stderr, as did the debug logs.
    assert b"malformed JSON" in err
