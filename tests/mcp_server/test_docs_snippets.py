"""Every client snippet in docs/integrations.md parses and starts a server that answers."""

from __future__ import annotations

import json
import re
import shlex
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.types import Implementation
from typer.testing import CliRunner

from reverie.cli.app import app
from reverie.mcp.tokens import TokenFile

DOC = Path(__file__).resolve().parents[2] / "docs" / "integrations.md"
STDIO = ["claude-desktop", "claude-code", "cursor", "vscode", "codex", "nanobot"]
HTTP = ["claude-code-http", "vscode-http"]
PLACEHOLDER = "rv_YOUR_TOKEN"


def snippets() -> dict[str, tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    found = re.findall(r"<!-- snippet: ([\w-]+) -->\n```(\w+)\n(.*?)```", text, flags=re.S)
    return {name: (language, body) for name, language, body in found}


def server_entry(name: str) -> dict[str, Any]:
    language, body = snippets()[name]
    if language == "toml":
        return dict(tomllib.loads(body)["mcp_servers"]["reverie"])
    data = json.loads(body)
    if "servers" in data:  # VS Code
        return dict(data["servers"]["reverie"])
    if "tools" in data:  # nanobot
        return dict(data["tools"]["mcpServers"]["reverie"])
    return dict(data["mcpServers"]["reverie"])


def stdio_command(name: str) -> tuple[str, list[str]]:
    language, body = snippets()[name]
    if language == "shell":
        words = shlex.split(body)
        assert words[:3] == ["claude", "mcp", "add"] and "--" in words
        command = words[words.index("--") + 1 :]
        return command[0], command[1:]
    entry = server_entry(name)
    assert entry.get("type", "stdio") == "stdio"
    return str(entry["command"]), [str(arg) for arg in entry["args"]]


def http_target(name: str) -> tuple[str, dict[str, str]]:
    language, body = snippets()[name]
    if language == "shell":
        words = shlex.split(body)
        assert words[:3] == ["claude", "mcp", "add"]
        assert words[words.index("--transport") + 1] == "http"
        url = next(word for word in words if word.startswith("http://"))
        key, _, value = words[words.index("--header") + 1].partition(": ")
        return url, {key: value}
    entry = server_entry(name)
    assert entry["type"] == "http"
    return str(entry["url"]), dict(entry["headers"])


def test_every_client_has_a_snippet() -> None:
    assert set(snippets()) == {*STDIO, *HTTP}


def _installed(command: str) -> tuple[str, list[str]]:
    # The snippets say `reverie`; here that is this environment's own script.
    script = Path(sys.executable).with_name(command)
    if script.exists():
        return str(script), []
    return sys.executable, ["-m", command]


@pytest.mark.parametrize("name", STDIO)
async def test_a_stdio_snippet_starts_a_server_that_answers(
    name: str, tmp_path: Path, child_env: dict[str, str]
) -> None:
    command, args = stdio_command(name)
    assert command == "reverie" and args[0] == "mcp"
    executable, prefix = _installed(command)
    home = Path(child_env["HOME"])
    parameters = StdioServerParameters(command=executable, args=[*prefix, *args], env=child_env)
    async with Client(
        parameters, mode="legacy", client_info=Implementation(name=name, version="0")
    ) as client:
        assert client.server_info is not None and client.server_info.name == "reverie"
        tools = {tool.name for tool in (await client.list_tools()).tools}
        assert "memory" in tools and "recall" in tools
    # `~` in the snippet is the user's home: the workspace was made there.
    assert (home / ".reverie" / "workspace" / "USER.md").is_file()


async def test_the_http_snippets_reach_a_server_with_their_header(
    tmp_path: Path, http_server: Callable[[Path], str]
) -> None:
    tokens = TokenFile(tmp_path / "tokens.json")
    token, _ = tokens.add("dana", tmp_path / "dana")
    served = urlsplit(http_server(tokens.path))
    for name in HTTP:
        url, headers = http_target(name)
        documented = urlsplit(url)
        assert (documented.hostname, documented.port, documented.path) == (
            "127.0.0.1",
            8765,
            "/mcp",
        )
        assert headers == {"Authorization": f"Bearer {PLACEHOLDER}"}
        live = urlunsplit(documented._replace(netloc=served.netloc))
        real = {key: value.replace(PLACEHOLDER, token) for key, value in headers.items()}
        async with httpx2.AsyncClient(headers=real, timeout=120) as http:
            transport = streamable_http_client(live, http_client=http)
            info = Implementation(name=name, version="0")
            async with Client(transport, mode="legacy", client_info=info) as client:
                assert client.server_info is not None and client.server_info.name == "reverie"


def test_the_documented_port_is_the_default() -> None:
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["mcp", "--help"])
    assert "[default: 8765]" in result.stdout and "[default: 127.0.0.1]" in result.stdout
