"""The MCP server's tools and resources, driven in process by the MCP SDK's own client."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from anthropic.lib.tools import ToolError as AnthropicToolError
from anthropic.tools import BetaLocalFilesystemMemoryTool
from dulwich.repo import Repo
from mcp import Client, MCPError
from mcp.types import CallToolResult, Implementation

from reverie.mcp.server import build_server
from reverie.workspace import Workspace

CLIENT = Implementation(name="claude-code", version="2.1.3")


@pytest.fixture
def ws(tmp_path: Path) -> Iterator[Workspace]:
    opened = Workspace.open(tmp_path / "ws")
    try:
        yield opened
    finally:
        opened.close()  # the recall index


def connect(ws: Workspace) -> Client:
    """The SDK's client on ``ws``'s server, in process, through the initialize handshake."""
    return Client(build_server(ws), mode="legacy", client_info=CLIENT)


def text(result: CallToolResult) -> str:
    assert len(result.content) == 1
    return result.content[0].text  # type: ignore[union-attr]


async def test_the_seven_tools_with_their_annotations(ws: Workspace) -> None:
    async with connect(ws) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert set(tools) == {
            "recall",
            "remember",
            "memory",
            "read_memory",
            "dream",
            "history",
            "expand",
        }
        for name in ("recall", "read_memory", "history", "expand"):
            hints = tools[name].annotations
            assert (
                hints is not None and hints.read_only_hint is True and hints.idempotent_hint is True
            )
        memory = tools["memory"].annotations
        assert (
            memory is not None
            and memory.read_only_hint is False
            and memory.destructive_hint is True
        )
        remember = tools["remember"].annotations
        assert remember is not None and remember.destructive_hint is False
        assert remember.read_only_hint is False
        for name in ("recall", "remember", "read_memory", "dream", "history", "expand"):
            assert tools[name].output_schema is not None, name
        assert set(tools["memory"].input_schema["properties"]) == {
            "command", "path", "view_range", "file_text", "old_str", "new_str",
            "insert_line", "insert_text", "old_path", "new_path",
        }  # fmt: skip


async def test_remember_records_a_history_entry_naming_the_client(ws: Workspace) -> None:
    async with connect(ws) as client:
        result = await client.call_tool("remember", {"content": "Dana prefers tea to coffee."})
        assert not result.is_error
        assert result.structured_content == {"cursor": 1, "session_key": "mcp:claude-code"}
        entry = ws.store.read_unprocessed_history(0)[0]
        assert entry["content"] == "Dana prefers tea to coffee."
        assert entry["session_key"] == "mcp:claude-code"
        assert entry["source"] == {"session_key": "mcp:claude-code", "start": 0, "end": 1}
        note = ws.store.expand_entry(entry["cursor"])[0]
        assert note["content"] == "Dana prefers tea to coffee."
        assert (note["via"], note["client"]) == ("mcp", "claude-code 2.1.3")
        # Already in history: consolidation never summarises the note again.
        assert ws.sessions.get_or_create("mcp:claude-code").last_consolidated == 1
        # Dream picks it up like any entry.
        prompt = ws.store.build_dream_prompt()
        assert prompt is not None and "Dana prefers tea to coffee." in prompt[0]
        empty = await client.call_tool("remember", {"content": "   "})
        assert empty.is_error and "content is empty" in text(empty)


async def test_memory_answers_as_claudes_memory_tool(ws: Workspace, tmp_path: Path) -> None:
    async with connect(ws) as client:
        reference = BetaLocalFilesystemMemoryTool(str(tmp_path / "sdk"))
        for name, body in (("USER.md", ws.store.read_user()), ("SOUL.md", ws.store.read_soul())):
            (reference.memory_root / name).write_text(body)
        (reference.memory_root / "MEMORY.md").write_text(ws.store.read_memory())
        commands: list[dict[str, Any]] = [
            {"command": "create", "path": "/memories/trip.md", "file_text": "Lisbon\nin May\n"},
            {"command": "create", "path": "/memories/trip.md", "file_text": "again"},
            {
                "command": "str_replace",
                "path": "/memories/trip.md",
                "old_str": "May",
                "new_str": "June",
            },
            {
                "command": "insert",
                "path": "/memories/trip.md",
                "insert_line": 9,
                "insert_text": "x",
            },
            {"command": "view", "path": "/memories/trip.md", "view_range": [2, -1]},
            {
                "command": "rename",
                "old_path": "/memories/trip.md",
                "new_path": "/memories/t/trip.md",
            },
            {"command": "delete", "path": "/memories/nothing.md"},
            {"command": "view", "path": "/memories/USER.md"},
        ]
        for command in commands:
            try:
                expected, failed = reference.call(dict(command)), False
            except AnthropicToolError as exc:
                expected, failed = exc.content, True
            result = await client.call_tool("memory", command)
            assert (text(result), result.is_error) == (expected, failed), command
        assert (ws.path / "memory" / "notes" / "t" / "trip.md").read_text() == "Lisbon\nin June\n"


async def test_memory_commits_name_the_mcp_client(ws: Workspace) -> None:
    async with connect(ws) as client:
        insert = {"command": "insert", "path": "/memories/USER.md", "insert_line": 0}
        await client.call_tool("memory", {**insert, "insert_text": "- Dana"})
        with Repo(str(ws.path)) as repo:
            message = repo[repo.head()].message.decode()
        assert message.startswith("memory: insert USER.md")
        assert message.rstrip().endswith("Memory-Tool: mcp (claude-code 2.1.3)")


async def test_memory_refuses_what_is_not_memory(ws: Workspace) -> None:
    async with connect(ws) as client:
        for path in ("/memories/../reverie.toml", "/memories/.git/HEAD", "/memories/a/../b.md"):
            result = await client.call_tool("memory", {"command": "view", "path": path})
            assert result.is_error, path
        missing = await client.call_tool(
            "memory", {"command": "str_replace", "path": "/memories/x"}
        )
        assert (
            missing.is_error
            and text(missing) == "The str_replace command needs `old_str` and `new_str`"
        )


async def test_read_memory_is_what_the_prompt_holds(ws: Workspace) -> None:
    async with connect(ws) as client:
        (ws.path / "USER.md").write_text("# User\n\n- Dana, in Lisbon\n")
        result = await client.call_tool("read_memory", {})
        assert text(result) == "\n\n".join(ws.context.memory_sections())
        assert "## USER.md\n# User\n\n- Dana, in Lisbon" in text(result)
        assert "## Long-term Memory" in text(result)


async def test_history_and_expand(ws: Workspace) -> None:
    async with connect(ws) as client:
        session = ws.sessions.get_or_create("cli:dana")
        session.add_message("user", "I moved to Lisbon last week.")
        session.add_message("assistant", "Welcome to Lisbon!")
        ws.sessions.save(session)
        await ws.consolidator.archive(
            session.messages, session_key=session.key, source=session.source_range(0, 2)
        )
        await client.call_tool("remember", {"content": "Dana likes trams."})
        history = await client.call_tool("history", {"limit": 5})
        entries = history.structured_content["entries"]  # type: ignore[index]
        assert [entry["cursor"] for entry in entries] == [1, 2]
        assert "Dana likes trams." in text(history)
        expanded = await client.call_tool("expand", {"cursor": 1})
        messages = expanded.structured_content["messages"]  # type: ignore[index]
        assert [m["content"] for m in messages] == [
            "I moved to Lisbon last week.",
            "Welcome to Lisbon!",
        ]
        by_range = await client.call_tool("expand", {"session": "cli:dana", "start": 1, "end": 2})
        assert [m["content"] for m in by_range.structured_content["messages"]] == [  # type: ignore[index]
            "Welcome to Lisbon!"
        ]
        note = await client.call_tool("expand", {"cursor": 2})
        assert [m["content"] for m in note.structured_content["messages"]] == [  # type: ignore[index]
            "Dana likes trams."
        ]
        ws.store.history.append("written by hand, no source")
        bare = await client.call_tool("expand", {"cursor": 3})
        assert "records no source messages" in text(bare)
        unknown = await client.call_tool("expand", {"cursor": 99})
        assert unknown.is_error and "99" in text(unknown)
        bad = await client.call_tool("history", {"limit": 0})
        assert bad.is_error and "limit" in text(bad)


async def test_dream_runs_and_reports_its_commit(ws: Workspace) -> None:
    async with connect(ws) as client:
        nothing = await client.call_tool("dream", {})
        assert not nothing.is_error
        assert nothing.structured_content["status"] == "nothing_to_do"  # type: ignore[index]
        await client.call_tool("remember", {"content": "Dana's project is called Redpanda."})
        ran = await client.call_tool("dream", {})
        data = ran.structured_content
        assert not ran.is_error and data is not None
        assert data["status"] == "completed" and data["cursor_to"] == 1
        assert ws.store.git.log(1)[0].sha == data["commit"]
        assert "Redpanda" in ws.store.read_memory() + ws.store.read_user()


async def test_recall_finds_what_was_said(ws: Workspace) -> None:
    async with connect(ws) as client:
        session = ws.sessions.get_or_create("cli:dana")
        session.add_message("user", "My sister Ines lives in Porto.")
        session.add_message("assistant", "Noted.")
        ws.sessions.save(session)
        result = await client.call_tool("recall", {"query": "Where does Ines live?", "limit": 3})
        hits = result.structured_content["hits"]  # type: ignore[index]
        assert hits and "Porto" in hits[0]["text"]
        assert hits[0]["kind"] == "message" and hits[0]["session_key"] == "cli:dana"
        assert (hits[0]["start"], hits[0]["end"]) == (0, 2)
        assert "Porto" in text(result) and "session='cli:dana' start=0 end=2" in text(result)
        # The handle recall gives is what expand takes.
        turns = await client.call_tool("expand", {"session": "cli:dana", "start": 0, "end": 2})
        assert "My sister Ines lives in Porto." in text(turns)
        # A note kept with remember is found too.
        await client.call_tool("remember", {"content": "Dana's dentist is Dr. Okafor."})
        found = await client.call_tool("recall", {"query": "dentist"})
        assert "Okafor" in text(found)


async def test_recall_refuses_an_empty_query(ws: Workspace) -> None:
    async with connect(ws) as client:
        result = await client.call_tool("recall", {"query": "  "})
        assert result.is_error and "query is empty" in text(result)


async def test_memory_files_are_resources(ws: Workspace) -> None:
    async with connect(ws) as client:
        listed = {str(resource.uri) for resource in (await client.list_resources()).resources}
        assert listed == {
            f"reverie://memories/{name}" for name in ("USER.md", "SOUL.md", "MEMORY.md")
        }
        user = await client.read_resource("reverie://memories/USER.md")
        assert user.contents[0].text == ws.store.read_user()  # type: ignore[union-attr]
        create = {"command": "create", "path": "/memories/p/plan.md", "file_text": "ship\n"}
        await client.call_tool("memory", create)
        note = await client.read_resource("reverie://memories/p/plan.md")
        assert note.contents[0].text == "ship\n"  # type: ignore[union-attr]
        (ws.path / "memory" / "notes" / "settings.md").symlink_to(ws.path / "reverie.toml")
        links = "reverie://memories/settings.md"
        for uri in (
            "reverie://memories/../reverie.toml",
            "reverie://memories/history.jsonl",
            links,
        ):
            with pytest.raises(MCPError):
                await client.read_resource(uri)


async def test_structured_content_matches_the_text(ws: Workspace) -> None:
    async with connect(ws) as client:
        result = await client.call_tool("remember", {"content": "x is y"})
        assert json.loads(json.dumps(result.structured_content))["cursor"] == 1
        assert "history entry 1" in text(result)
