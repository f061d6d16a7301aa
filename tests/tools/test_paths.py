"""PathPolicy: the resolved target decides what may be read and written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from reverie.errors import ToolError
from reverie.tools import PathPolicy


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "skills" / "deploy").mkdir(parents=True)
    (root / "SOUL.md").write_text("soul\n")
    (root / "USER.md").write_text("user\n")
    (root / "memory" / "MEMORY.md").write_text("memory\n")
    (root / "memory" / "history.jsonl").write_text("{}\n")
    (root / "skills" / "deploy" / "SKILL.md").write_text("deploy\n")
    (tmp_path / "outside.txt").write_text("secret\n")
    return root


@pytest.mark.parametrize(
    ("requested", "relative"),
    [
        ("SOUL.md", "SOUL.md"),
        ("USER.md", "USER.md"),
        ("memory/MEMORY.md", "memory/MEMORY.md"),
        ("skills/../SOUL.md", "SOUL.md"),
        ("./memory/../memory/MEMORY.md", "memory/MEMORY.md"),
        ("skills/deploy/SKILL.md", "skills/deploy/SKILL.md"),
        ("skills/new/SKILL.md", "skills/new/SKILL.md"),
        ("skills/a/b/c/notes.md", "skills/a/b/c/notes.md"),
    ],
)
def test_allowed_writes(ws: Path, requested: str, relative: str) -> None:
    target = PathPolicy(ws).check_write(requested)
    assert target.relative == relative
    assert target.path == ws.resolve() / relative
    assert target.requested == requested


def test_absolute_path_inside_is_accepted(ws: Path) -> None:
    target = PathPolicy(ws).check_write(str(ws / "USER.md"))
    assert target.relative == "USER.md"


def test_workspace_given_through_a_symlink_still_works(ws: Path, tmp_path: Path) -> None:
    alias = tmp_path / "alias"
    alias.symlink_to(ws)
    policy = PathPolicy(alias)
    assert policy.check_write("SOUL.md").path == ws.resolve() / "SOUL.md"
    assert policy.check_write(str(alias / "USER.md")).relative == "USER.md"


@pytest.mark.parametrize(
    ("requested", "fragment"),
    [
        ("../outside.txt", "outside the workspace"),
        ("skills/../../outside.txt", "outside the workspace"),
        ("memory/history.jsonl", "writes must resolve"),
        ("sessions/x.jsonl", "writes must resolve"),
        ("memory/.dream_cursor", "writes must resolve"),
        ("prompts/dream.md", "writes must resolve"),
        ("MEMORY.md", "writes must resolve"),
        ("soul.md", "writes must resolve"),
        (".git/config", "writes must resolve"),
        ("skills", "writes must resolve"),
        ("skills/", "writes must resolve"),
        (".", "writes must resolve"),
        ("skills/deploy", "is a directory"),
        ("", "non-empty"),
        ("SOUL.md\x00", "NUL"),
    ],
)
def test_refused_writes_name_the_path_and_rule(ws: Path, requested: str, fragment: str) -> None:
    with pytest.raises(ToolError) as info:
        PathPolicy(ws).check_write(requested)
    message = str(info.value)
    assert message.startswith("Error: cannot write")
    assert fragment in message
    assert repr(requested) in message


def test_absolute_path_outside_is_refused(ws: Path, tmp_path: Path) -> None:
    with pytest.raises(ToolError, match="outside the workspace"):
        PathPolicy(ws).check_write(str(tmp_path / "outside.txt"))
    with pytest.raises(ToolError, match="outside the workspace"):
        PathPolicy(ws).check_write("/etc/passwd")


def test_refusal_states_the_allowed_set(ws: Path) -> None:
    with pytest.raises(ToolError) as info:
        PathPolicy(ws).check_write("memory/history.jsonl")
    assert "SOUL.md, USER.md, memory/MEMORY.md and files under skills/" in str(info.value)


def test_symlinked_file_to_outside_is_refused(ws: Path, tmp_path: Path) -> None:
    (ws / "skills" / "leak.md").symlink_to(tmp_path / "outside.txt")
    with pytest.raises(ToolError) as info:
        PathPolicy(ws).check_write("skills/leak.md")
    assert "outside the workspace" in str(info.value)
    assert str(tmp_path / "outside.txt") in str(info.value)


def test_allowed_name_that_is_a_symlink_to_a_forbidden_file_is_refused(ws: Path) -> None:
    (ws / "SOUL.md").unlink()
    (ws / "SOUL.md").symlink_to(ws / "memory" / "history.jsonl")
    with pytest.raises(ToolError, match=r"resolves to memory/history\.jsonl"):
        PathPolicy(ws).check_write("SOUL.md")


def test_symlink_between_allowed_files_is_fine(ws: Path) -> None:
    (ws / "skills" / "user-link.md").symlink_to(ws / "USER.md")
    assert PathPolicy(ws).check_write("skills/user-link.md").relative == "USER.md"


def test_symlinked_directory_inside_skills_to_outside_is_refused(ws: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (ws / "skills" / "linked").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(ToolError, match="outside the workspace"):
        PathPolicy(ws).check_write("skills/linked/SKILL.md")


def test_skills_folder_linked_into_memory_is_refused(ws: Path) -> None:
    (ws / "skills" / "mem").symlink_to(ws / "memory", target_is_directory=True)
    with pytest.raises(ToolError, match="writes must resolve"):
        PathPolicy(ws).check_write("skills/mem/history.jsonl")


def test_hard_link_to_outside_file_is_refused(ws: Path, tmp_path: Path) -> None:
    (ws / "USER.md").unlink()
    os.link(tmp_path / "outside.txt", ws / "USER.md")
    with pytest.raises(ToolError, match="2 hard links"):
        PathPolicy(ws).check_write("USER.md")


def test_new_file_below_a_regular_file_is_refused(ws: Path) -> None:
    with pytest.raises(ToolError, match="is a file, not a folder"):
        PathPolicy(ws).check_write("skills/deploy/SKILL.md/extra.md")
    (ws / "skills" / "plain").write_text("x")
    with pytest.raises(ToolError, match="skills/plain is a file"):
        PathPolicy(ws).check_write("skills/plain/a/b.md")


def test_symlink_loop_is_refused(ws: Path) -> None:
    (ws / "skills" / "loop").symlink_to(ws / "skills" / "loop")
    with pytest.raises(ToolError, match=r"cannot write 'skills/loop/x\.md'"):
        PathPolicy(ws).check_write("skills/loop/x.md")


def test_reads_anywhere_inside(ws: Path) -> None:
    policy = PathPolicy(ws)
    for requested in ("memory/history.jsonl", "SOUL.md", "skills/deploy", ".", "nope.md"):
        assert policy.check_read(requested).path.is_relative_to(ws.resolve())


def test_reads_outside_are_refused(ws: Path, tmp_path: Path) -> None:
    policy = PathPolicy(ws)
    (ws / "skills" / "leak.md").symlink_to(tmp_path / "outside.txt")
    for requested in ("../outside.txt", str(tmp_path / "outside.txt"), "skills/leak.md", "/"):
        with pytest.raises(ToolError) as info:
            policy.check_read(requested)
        assert str(info.value).startswith(f"Error: cannot read {requested!r}")
        assert "reads must stay inside the workspace" in str(info.value)


def test_custom_policy_sets(ws: Path) -> None:
    policy = PathPolicy(ws, writable_files=["notes.md"], writable_dirs=[])
    assert policy.check_write("notes.md").relative == "notes.md"
    with pytest.raises(ToolError, match=r"writes must resolve .* to notes\.md of this workspace"):
        policy.check_write("SOUL.md")
