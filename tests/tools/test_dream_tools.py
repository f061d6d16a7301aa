"""build_dream_tools: the four tools as the Dream loop sees them, through the registry."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from reverie.tools import NO_CHANGE_PREFIX, ToolRegistry, ToolResult, build_dream_tools

Change = tuple[str, str | None, str]


def snapshot(root: Path) -> dict[str, bytes | str]:
    """Every file (content), directory and symlink (target) under ``root``."""
    state: dict[str, bytes | str] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            key = str(path.relative_to(root))
            if path.is_symlink():
                state[key] = f"-> {os.readlink(path)}"
            elif path.is_dir():
                state[key] = "<dir>"
            else:
                state[key] = path.read_bytes()
    return state


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A workspace at ``tree/ws`` with an outside file and folder next to it."""
    ws = tmp_path / "ws"
    for folder in ("memory", "sessions", "skills/deploy", "prompts"):
        (ws / folder).mkdir(parents=True)
    (ws / "SOUL.md").write_text("I am calm.\n")
    (ws / "USER.md").write_text("Name: Ada\n")
    (ws / "memory" / "MEMORY.md").write_text("- uses uv\n")
    (ws / "memory" / "history.jsonl").write_text('{"cursor": 1}\n')
    (ws / "sessions" / "x.jsonl").write_text("{}\n")
    (ws / "skills" / "deploy" / "SKILL.md").write_text("# Deploy\n")
    (tmp_path / "outside.txt").write_text("secret\n")
    (tmp_path / "outside_dir").mkdir()
    return tmp_path


@pytest.fixture
def changes() -> list[Change]:
    return []


@pytest.fixture
def tools(tree: Path, changes: list[Change]) -> ToolRegistry:
    return build_dream_tools(
        tree / "ws",
        max_file_chars=500,
        on_change=lambda path, before, after: changes.append((path, before, after)),
    )


def test_registry_has_the_four_tools_with_openai_definitions(tools: ToolRegistry) -> None:
    assert tools.names() == ["read_file", "edit_file", "write_file", "apply_patch"]
    definitions = {d["function"]["name"]: d for d in tools.definitions()}
    for definition in definitions.values():
        assert definition["type"] == "function"
        assert set(definition["function"]) == {"name", "description", "parameters"}
        assert definition["function"]["description"]
        assert definition["function"]["parameters"]["type"] == "object"
    params = {name: d["function"]["parameters"] for name, d in definitions.items()}
    assert set(params["read_file"]["properties"]) == {"path", "offset", "limit"}
    assert params["read_file"]["required"] == ["path"]
    assert params["edit_file"]["required"] == ["path", "old_text", "new_text"]
    assert params["write_file"]["required"] == ["path", "content"]
    item = params["apply_patch"]["properties"]["edits"]["items"]
    assert item["required"] == ["path", "old_text", "new_text"]


def _write_calls(path: str) -> list[tuple[str, dict[str, Any]]]:
    return [
        ("write_file", {"path": path, "content": "pwned\n"}),
        ("edit_file", {"path": path, "old_text": "", "new_text": "pwned\n"}),
        ("apply_patch", {"edits": [{"path": path, "old_text": "", "new_text": "pwned\n"}]}),
        (
            "apply_patch",
            {
                "edits": [
                    {"path": "USER.md", "old_text": "Ada", "new_text": "Eve"},
                    {"path": path, "old_text": "", "new_text": "pwned\n"},
                ]
            },
        ),
    ]


ESCAPES: dict[str, str] = {
    "dotdot": "../outside.txt",
    "dotdot-from-skills": "skills/../../outside.txt",
    "dotdot-new-file": "../new.txt",
    "history": "memory/history.jsonl",
    "session": "sessions/x.jsonl",
    "dream-cursor": "memory/.dream_cursor",
    "prompt": "prompts/dream.md",
    "git": ".git/config",
    "top-level-other": "NOTES.md",
    "directory": "skills/deploy",
    "skills-root": "skills",
}


async def _assert_refused_and_nothing_written(
    tools: ToolRegistry, tree: Path, changes: list[Change], path: str
) -> None:
    before = snapshot(tree)
    for name, args in _write_calls(path):
        result = await tools.execute(name, args)
        assert result.is_error, (name, args, result)
        assert result.content.startswith("Error:")
        assert "cannot write" in result.content
        assert snapshot(tree) == before, (name, path)
    assert changes == []


@pytest.mark.parametrize("path", list(ESCAPES.values()), ids=list(ESCAPES))
async def test_path_escapes_are_refused_and_write_nothing(
    tools: ToolRegistry, tree: Path, changes: list[Change], path: str
) -> None:
    await _assert_refused_and_nothing_written(tools, tree, changes, path)


async def test_absolute_path_outside_is_refused(
    tools: ToolRegistry, tree: Path, changes: list[Change]
) -> None:
    await _assert_refused_and_nothing_written(tools, tree, changes, str(tree / "outside.txt"))


async def test_symlinked_file_to_outside_is_refused(
    tools: ToolRegistry, tree: Path, changes: list[Change]
) -> None:
    (tree / "ws" / "skills" / "leak.md").symlink_to(tree / "outside.txt")
    await _assert_refused_and_nothing_written(tools, tree, changes, "skills/leak.md")
    assert (tree / "outside.txt").read_text() == "secret\n"


async def test_allowed_name_symlinked_to_outside_is_refused(
    tools: ToolRegistry, tree: Path, changes: list[Change]
) -> None:
    (tree / "ws" / "USER.md").unlink()
    (tree / "ws" / "USER.md").symlink_to(tree / "outside.txt")
    result = await tools.execute("write_file", {"path": "USER.md", "content": "x"})
    assert result.is_error
    assert "outside the workspace" in result.content
    assert (tree / "outside.txt").read_text() == "secret\n"


async def test_symlinked_directory_inside_skills_is_refused(
    tools: ToolRegistry, tree: Path, changes: list[Change]
) -> None:
    (tree / "ws" / "skills" / "ext").symlink_to(tree / "outside_dir", target_is_directory=True)
    await _assert_refused_and_nothing_written(tools, tree, changes, "skills/ext/SKILL.md")
    assert list((tree / "outside_dir").iterdir()) == []


async def test_hard_link_to_outside_file_at_an_allowed_name_is_refused(
    tools: ToolRegistry, tree: Path, changes: list[Change]
) -> None:
    (tree / "ws" / "SOUL.md").unlink()
    os.link(tree / "outside.txt", tree / "ws" / "SOUL.md")
    before = snapshot(tree)
    result = await tools.execute(
        "edit_file", {"path": "SOUL.md", "old_text": "secret", "new_text": "leaked"}
    )
    assert result.is_error
    assert "hard links" in result.content
    assert "SOUL.md" in result.content
    assert snapshot(tree) == before
    assert (tree / "outside.txt").read_text() == "secret\n"


@pytest.mark.parametrize("path", ["skills/../SOUL.md", "ABSOLUTE", "./SOUL.md"])
async def test_allowed_spellings_of_soul_work(
    tools: ToolRegistry, tree: Path, changes: list[Change], path: str
) -> None:
    if path == "ABSOLUTE":
        path = str(tree / "ws" / "SOUL.md")
    result = await tools.execute(
        "edit_file", {"path": path, "old_text": "calm", "new_text": "curious"}
    )
    assert result == ToolResult("Edited SOUL.md (14 chars, 1 line)", False)
    assert (tree / "ws" / "SOUL.md").read_text() == "I am curious.\n"
    assert changes == [("SOUL.md", "I am calm.\n", "I am curious.\n")]


async def test_new_skill_is_created(tools: ToolRegistry, tree: Path) -> None:
    result = await tools.execute(
        "write_file", {"path": "skills/brew/SKILL.md", "content": "# Brew\n"}
    )
    assert not result.is_error
    assert (tree / "ws" / "skills" / "brew" / "SKILL.md").read_text() == "# Brew\n"


async def test_read_anywhere_inside_and_refuse_outside(tools: ToolRegistry, tree: Path) -> None:
    inside = await tools.execute("read_file", {"path": "memory/history.jsonl"})
    assert inside == ToolResult('{"cursor": 1}\n', False)
    sessions = await tools.execute("read_file", {"path": "sessions/x.jsonl", "offset": None})
    assert sessions == ToolResult("{}\n", False)
    (tree / "ws" / "skills" / "leak.md").symlink_to(tree / "outside.txt")
    for path in ("../outside.txt", str(tree / "outside.txt"), "skills/leak.md"):
        result = await tools.execute("read_file", {"path": path})
        assert result.is_error
        assert result.content.startswith(f"Error: cannot read {path!r}")
        assert "secret" not in result.content


async def test_read_line_range_through_the_registry(tools: ToolRegistry, tree: Path) -> None:
    (tree / "ws" / "skills" / "deploy" / "SKILL.md").write_text("a\nb\nc\nd\n")
    result = await tools.execute(
        "read_file", {"path": "skills/deploy/SKILL.md", "offset": 2, "limit": 2}
    )
    assert (
        result.content == "b\nc\n[skills/deploy/SKILL.md: lines 2-3 of 4; continue with offset=4]"
    )


async def test_schema_errors_become_error_results(tools: ToolRegistry, tree: Path) -> None:
    before = snapshot(tree)
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("read_file", {}, "path: required"),
        ("read_file", {"path": "SOUL.md", "offset": 0}, "offset: must be >= 1"),
        ("read_file", {"path": "SOUL.md", "limit": "3"}, "limit: expected integer or null"),
        ("edit_file", {"path": "SOUL.md", "old_text": "calm"}, "new_text: required"),
        ("write_file", {"path": "", "content": "x"}, "path: must not be empty"),
        ("write_file", {"path": "SOUL.md", "content": None}, "content: expected string, got null"),
        ("apply_patch", {"edits": []}, "edits: expected at least 1 item(s)"),
        (
            "apply_patch",
            {"edits": [{"path": "SOUL.md", "old_text": "a", "new_text": "b"}, {"path": "USER.md"}]},
            "edits[1].old_text: required",
        ),
        ("write_file", {"path": "SOUL.md", "content": "x", "mode": "a"}, "mode: unexpected"),
    ]
    for name, args, fragment in cases:
        result = await tools.execute(name, args)
        assert result.is_error, (name, args)
        assert result.content.startswith(f"Error: invalid arguments for {name}:")
        assert fragment in result.content, result.content
    unknown = await tools.execute("delete_file", {"path": "SOUL.md"})
    assert unknown.is_error
    assert unknown.content.startswith("Error: unknown tool 'delete_file'")
    assert snapshot(tree) == before


async def test_no_op_edit_is_reported_and_not_observed(
    tools: ToolRegistry, tree: Path, changes: list[Change]
) -> None:
    result = await tools.execute(
        "edit_file", {"path": "USER.md", "old_text": "Ada", "new_text": "Ada"}
    )
    assert not result.is_error
    assert result.content.startswith(NO_CHANGE_PREFIX)
    assert changes == []


async def test_patch_all_or_nothing_through_the_registry(
    tools: ToolRegistry, tree: Path, changes: list[Change]
) -> None:
    before = snapshot(tree)
    result = await tools.execute(
        "apply_patch",
        {
            "edits": [
                {"path": "USER.md", "old_text": "Ada", "new_text": "Ada Lovelace"},
                {"path": "memory/MEMORY.md", "old_text": "uses pip", "new_text": "uses uv"},
            ]
        },
    )
    assert result.is_error
    assert result.content.startswith("Error: apply_patch edit 2 of 2:")
    assert "memory/MEMORY.md" in result.content
    assert snapshot(tree) == before
    assert changes == []


async def test_size_cap_is_configurable(tools: ToolRegistry, tree: Path) -> None:
    result = await tools.execute("write_file", {"path": "USER.md", "content": "x" * 501})
    assert result.is_error
    assert "over the 500-char limit" in result.content
    assert (tree / "ws" / "USER.md").read_text() == "Name: Ada\n"
