"""Black-box contract tests for ToolRegistry, ToolResult and Dream's four file tools."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from reverie import MemoryStore, Tool, ToolRegistry, ToolResult, build_dream_tools


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    workspace = tmp_path / "ws"
    (workspace / "memory").mkdir(parents=True)
    (workspace / "SOUL.md").write_text("Be kind.\n", encoding="utf-8")
    (workspace / "USER.md").write_text("Name: Dana\nCity: Oslo\n", encoding="utf-8")
    (workspace / "memory" / "MEMORY.md").write_text("- fact one\n- fact two\n", encoding="utf-8")
    (workspace / "memory" / "history.jsonl").write_text("", encoding="utf-8")
    (workspace / "notes.md").write_text("line 1\nline 2\nline 3\nline 4\n", encoding="utf-8")
    return workspace


@pytest.fixture
def tools(ws: Path) -> ToolRegistry:
    return MemoryStore(ws).build_dream_tools()


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    path = tmp_path / "outside.md"
    path.write_text("secret outside\n", encoding="utf-8")
    return path


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def assert_refused(result: ToolResult, *names: str) -> None:
    assert isinstance(result, ToolResult)
    assert result.is_error is True
    assert result.content.startswith("Error:")
    for name in names:
        assert name in result.content


# -- registry --------------------------------------------------------------------------


def test_definitions_are_openai_function_tools(tools: ToolRegistry) -> None:
    definitions = tools.definitions()
    assert isinstance(definitions, list)
    by_name = {d["function"]["name"]: d for d in definitions}
    assert set(by_name) == {"read_file", "edit_file", "write_file", "apply_patch"}
    for definition in definitions:
        assert definition["type"] == "function"
        assert isinstance(definition["function"]["description"], str)
        assert definition["function"]["parameters"]["type"] == "object"

    def props(name: str) -> dict[str, Any]:
        parameters: dict[str, Any] = by_name[name]["function"]["parameters"]
        return parameters

    assert set(props("read_file")["properties"]) == {"path", "offset", "limit"}
    assert props("read_file")["required"] == ["path"]
    assert set(props("edit_file")["properties"]) == {"path", "old_text", "new_text"}
    assert set(props("edit_file")["required"]) == {"path", "old_text", "new_text"}
    assert set(props("write_file")["properties"]) == {"path", "content"}
    assert set(props("write_file")["required"]) == {"path", "content"}
    assert set(props("apply_patch")["properties"]) == {"edits"}
    items = props("apply_patch")["properties"]["edits"]["items"]
    assert set(items["properties"]) == {"path", "old_text", "new_text"}


def test_module_level_builder_matches_the_store(ws: Path, tools: ToolRegistry) -> None:
    assert build_dream_tools(ws).definitions() == tools.definitions()


class Echo(Tool):
    name = "echo"
    description = "Echo the text."
    parameters = {  # noqa: RUF012
        "type": "object",
        "properties": {"text": {"type": "string"}},
        "required": ["text"],
    }

    async def execute(self, args: dict[str, Any]) -> str:
        if args["text"] == "boom":
            raise RuntimeError("exploded")
        return f"echo: {args['text']}"


async def test_register_and_execute_custom_tool() -> None:
    registry = ToolRegistry()
    assert registry.register(Echo()) is None
    assert [d["function"]["name"] for d in registry.definitions()] == ["echo"]
    result = await registry.execute("echo", {"text": "hi"})
    assert result == ToolResult(content="echo: hi", is_error=False)
    assert_refused(await registry.execute("echo", {"text": "boom"}), "exploded")
    assert_refused(await registry.execute("echo", {}), "text")
    assert_refused(await registry.execute("echo", {"text": 5}))
    assert_refused(await registry.execute("nope", {}), "nope")


def test_tool_result_fields() -> None:
    result = ToolResult(content="x", is_error=True)
    assert result.content == "x" and result.is_error is True
    assert ToolResult("y", False).is_error is False


async def test_bad_arguments_never_raise(tools: ToolRegistry) -> None:
    assert_refused(await tools.execute("read_file", {}), "path")
    assert_refused(await tools.execute("edit_file", {"path": "SOUL.md"}))
    assert_refused(await tools.execute("write_file", {"path": "SOUL.md", "content": 3}))
    assert_refused(await tools.execute("apply_patch", {"edits": "not a list"}))
    assert_refused(await tools.execute("read_file", {"path": "SOUL.md", "offset": 0}))
    assert_refused(await tools.execute("read_file", {"path": ""}))


# -- read_file ---------------------------------------------------------------------------


async def test_read_file(tools: ToolRegistry) -> None:
    result = await tools.execute("read_file", {"path": "USER.md"})
    assert result == ToolResult("Name: Dana\nCity: Oslo\n", False)
    part = await tools.execute("read_file", {"path": "notes.md", "offset": 2, "limit": 2})
    assert not part.is_error
    assert "line 2\nline 3" in part.content
    assert "line 1" not in part.content and "line 4" not in part.content
    tail = await tools.execute("read_file", {"path": "notes.md", "offset": 4})
    assert "line 4" in tail.content and "line 3" not in tail.content
    explicit = await tools.execute("read_file", {"path": "notes.md", "offset": 1, "limit": None})
    assert explicit.content == "line 1\nline 2\nline 3\nline 4\n"


async def test_read_anywhere_inside_the_workspace(tools: ToolRegistry, ws: Path) -> None:
    assert not (await tools.execute("read_file", {"path": "memory/history.jsonl"})).is_error
    absolute = await tools.execute("read_file", {"path": str(ws / "SOUL.md")})
    assert absolute == ToolResult("Be kind.\n", False)
    dotted = await tools.execute("read_file", {"path": "skills/../SOUL.md"})
    assert dotted.content == "Be kind.\n"


async def test_read_missing_file_is_an_error(tools: ToolRegistry) -> None:
    assert_refused(await tools.execute("read_file", {"path": "nope.md"}), "nope.md")


async def test_reads_outside_the_workspace_are_refused(
    tools: ToolRegistry, ws: Path, outside: Path
) -> None:
    assert_refused(await tools.execute("read_file", {"path": "../outside.md"}), "../outside.md")
    assert_refused(await tools.execute("read_file", {"path": str(outside)}), str(outside))
    (ws / "link.md").symlink_to(outside)
    result = await tools.execute("read_file", {"path": "link.md"})
    assert_refused(result, "link.md")
    assert "secret" not in result.content


# -- writes ------------------------------------------------------------------------------


async def test_write_allowed_files(tools: ToolRegistry, ws: Path) -> None:
    for path in ("SOUL.md", "USER.md", "memory/MEMORY.md", "skills/deploy/SKILL.md"):
        result = await tools.execute("write_file", {"path": path, "content": f"new {path}\n"})
        assert not result.is_error, result.content
        assert (ws / path).read_text(encoding="utf-8") == f"new {path}\n"


async def test_write_with_dotdot_and_absolute_path_inside_the_allowed_set(
    tools: ToolRegistry, ws: Path
) -> None:
    result = await tools.execute("write_file", {"path": "skills/../SOUL.md", "content": "a\n"})
    assert not result.is_error, result.content
    assert (ws / "SOUL.md").read_text(encoding="utf-8") == "a\n"
    result = await tools.execute("write_file", {"path": str(ws / "USER.md"), "content": "b\n"})
    assert not result.is_error, result.content
    assert (ws / "USER.md").read_text(encoding="utf-8") == "b\n"


@pytest.mark.parametrize(
    "path",
    [
        "notes.md",
        "new.md",
        "memory/history.jsonl",
        "memory/.dream_cursor",
        "memory/other.md",
        "prompts/dream.md",
        "skills",
        "../outside.md",
        "../ws/notes.md",
        "sessions/x.jsonl",
        ".git/config",
    ],
)
async def test_writes_outside_the_allowed_set_are_refused(
    tools: ToolRegistry, ws: Path, tmp_path: Path, path: str
) -> None:
    before = snapshot(tmp_path)
    result = await tools.execute("write_file", {"path": path, "content": "pwned\n"})
    assert_refused(result, path)
    assert snapshot(tmp_path) == before


async def test_absolute_path_outside_is_refused(
    tools: ToolRegistry, outside: Path, tmp_path: Path
) -> None:
    before = snapshot(tmp_path)
    assert_refused(
        await tools.execute("write_file", {"path": str(outside), "content": "x"}), str(outside)
    )
    assert_refused(await tools.execute("write_file", {"path": "/etc/passwd", "content": "x"}))
    assert snapshot(tmp_path) == before


async def test_symlink_leaving_the_allowed_set_is_refused(
    tools: ToolRegistry, ws: Path, outside: Path, tmp_path: Path
) -> None:
    (ws / "skills").mkdir()
    (ws / "skills" / "evil.md").symlink_to(outside)
    (ws / "skills" / "notes-link.md").symlink_to(ws / "notes.md")
    (ws / "skills" / "dir-link").symlink_to(tmp_path, target_is_directory=True)
    before = snapshot(tmp_path)
    for path in ("skills/evil.md", "skills/notes-link.md", "skills/dir-link/outside.md"):
        result = await tools.execute("write_file", {"path": path, "content": "pwned"})
        assert_refused(result, path)
        edit = await tools.execute(
            "edit_file", {"path": path, "old_text": "secret", "new_text": "pwned"}
        )
        assert edit.is_error
    assert snapshot(tmp_path) == before
    assert outside.read_text(encoding="utf-8") == "secret outside\n"


async def test_symlink_into_the_allowed_set_is_fine(tools: ToolRegistry, ws: Path) -> None:
    (ws / "skills").mkdir()
    (ws / "skills" / "me.md").symlink_to(ws / "USER.md")
    result = await tools.execute("write_file", {"path": "skills/me.md", "content": "via link\n"})
    assert not result.is_error, result.content
    assert (ws / "USER.md").read_text(encoding="utf-8") == "via link\n"


async def test_allowed_name_that_is_a_link_to_elsewhere_is_refused(
    tools: ToolRegistry, ws: Path, outside: Path
) -> None:
    (ws / "SOUL.md").unlink()
    (ws / "SOUL.md").symlink_to(outside)
    result = await tools.execute("write_file", {"path": "SOUL.md", "content": "pwned"})
    assert_refused(result, "SOUL.md")
    assert outside.read_text(encoding="utf-8") == "secret outside\n"


async def test_refusal_names_the_rule(tools: ToolRegistry) -> None:
    result = await tools.execute("write_file", {"path": "notes.md", "content": "x"})
    assert_refused(result, "notes.md")
    for allowed in ("SOUL.md", "USER.md", "memory/MEMORY.md", "skills"):
        assert allowed in result.content


# -- edit_file ---------------------------------------------------------------------------


async def test_edit_file_exactly_one_match(tools: ToolRegistry, ws: Path) -> None:
    result = await tools.execute(
        "edit_file", {"path": "USER.md", "old_text": "City: Oslo", "new_text": "City: Bergen"}
    )
    assert not result.is_error, result.content
    assert (ws / "USER.md").read_text(encoding="utf-8") == "Name: Dana\nCity: Bergen\n"


async def test_edit_file_no_match_or_many_matches(tools: ToolRegistry, ws: Path) -> None:
    before = (ws / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    missing = await tools.execute(
        "edit_file", {"path": "memory/MEMORY.md", "old_text": "fact nine", "new_text": "x"}
    )
    assert_refused(missing, "memory/MEMORY.md")
    twice = await tools.execute(
        "edit_file", {"path": "memory/MEMORY.md", "old_text": "- fact", "new_text": "* fact"}
    )
    assert_refused(twice, "memory/MEMORY.md")
    assert (ws / "memory" / "MEMORY.md").read_text(encoding="utf-8") == before


async def test_edit_refused_path(tools: ToolRegistry, ws: Path) -> None:
    result = await tools.execute(
        "edit_file", {"path": "notes.md", "old_text": "line 1", "new_text": "LINE"}
    )
    assert_refused(result, "notes.md")
    assert (ws / "notes.md").read_text(encoding="utf-8").startswith("line 1")


# -- apply_patch -------------------------------------------------------------------------


async def test_apply_patch_all_edits(tools: ToolRegistry, ws: Path) -> None:
    result = await tools.execute(
        "apply_patch",
        {
            "edits": [
                {"path": "USER.md", "old_text": "Oslo", "new_text": "Bergen"},
                {"path": "memory/MEMORY.md", "old_text": "- fact two", "new_text": "- fact 2"},
                {"path": "memory/MEMORY.md", "old_text": "- fact 2", "new_text": "- fact II"},
            ]
        },
    )
    assert not result.is_error, result.content
    assert (ws / "USER.md").read_text(encoding="utf-8") == "Name: Dana\nCity: Bergen\n"
    assert (ws / "memory" / "MEMORY.md").read_text(encoding="utf-8") == "- fact one\n- fact II\n"


@pytest.mark.parametrize(
    "bad_edit",
    [
        {"path": "SOUL.md", "old_text": "not there", "new_text": "x"},
        {"path": "notes.md", "old_text": "line 1", "new_text": "x"},
        {"path": "../outside.md", "old_text": "secret", "new_text": "x"},
        {"path": "memory/MEMORY.md", "old_text": "- fact", "new_text": "x"},
    ],
)
async def test_apply_patch_is_all_or_nothing(
    tools: ToolRegistry, tmp_path: Path, outside: Path, bad_edit: dict[str, str]
) -> None:
    before = snapshot(tmp_path)
    result = await tools.execute(
        "apply_patch",
        {
            "edits": [
                {"path": "USER.md", "old_text": "Oslo", "new_text": "Bergen"},
                {"path": "skills/new/SKILL.md", "old_text": "", "new_text": "new skill"},
                bad_edit,
            ]
        },
    )
    assert_refused(result)
    assert snapshot(tmp_path) == before


async def test_nothing_written_outside_the_workspace_via_any_tool(
    tools: ToolRegistry, ws: Path, tmp_path: Path
) -> None:
    before = set(os.listdir(tmp_path))
    for path in ("../escape.md", "skills/../../escape.md", str(tmp_path / "escape.md")):
        assert (await tools.execute("write_file", {"path": path, "content": "x"})).is_error
    assert set(os.listdir(tmp_path)) == before


async def test_arguments_may_arrive_as_json_text(tools: ToolRegistry) -> None:
    result = await tools.execute("read_file", '{"path": "SOUL.md"}')
    assert result == ToolResult("Be kind.\n", False)
    assert_refused(await tools.execute("read_file", "{not json"))
