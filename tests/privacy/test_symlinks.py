"""A memory file that links outside the workspace is never read into a prompt or a report."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reverie import Workspace
from reverie.cli.app import app

SECRET = "ssh-private-key-material-0451"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    path = tmp_path / "elsewhere" / "id_secret"
    path.parent.mkdir()
    path.write_text(f"{SECRET}\n")
    return path


def _cli(*args: str | Path) -> str:
    runner = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"})
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def test_restore_of_a_commit_with_a_symlinked_memory_file_leaks_nothing(
    workspace: Path, outside: Path
) -> None:
    # The attack from the issue: commit a link, then `dream restore` brings it back.
    ws = Workspace.open(workspace)
    ws.store.write_memory("- Project Atlas uses Postgres.\n")
    ws.store.git.init()
    ws.store.git.auto_commit("facts")
    ws.store.memory_file.unlink()
    ws.store.memory_file.symlink_to(outside)
    ws.store.git.auto_commit("link")
    ws.store.write_memory("- Project Atlas uses SQLite.\n")
    later = ws.store.git.auto_commit("later")
    assert later is not None

    _cli("dream", "restore", later, "-w", workspace)

    assert not ws.store.memory_file.is_symlink()
    reopened = Workspace.open(workspace)
    prompt = reopened.context.build_system_prompt("cli:a")
    assert SECRET not in prompt
    assert str(outside) in ws.store.memory_file.read_text()  # the link's path, as plain text
    assert outside.read_text() == f"{SECRET}\n"


@pytest.mark.parametrize("name", ["SOUL.md", "USER.md", "memory/MEMORY.md"])
def test_a_memory_file_linking_outside_is_not_read(
    workspace: Path, outside: Path, name: str, caplog: pytest.LogCaptureFixture
) -> None:
    ws = Workspace.open(workspace)
    target = workspace / name
    target.unlink(missing_ok=True)
    target.symlink_to(outside)
    ws.store.append_history(f"[durable] talked about {SECRET[:3]}", session_key="cli:a")
    with caplog.at_level(logging.WARNING, logger="reverie"):
        system = ws.context.build_system_prompt("cli:a")
        built = ws.store.build_dream_prompt()
    assert built is not None
    assert SECRET not in system
    assert SECRET not in built[0]
    assert ws.store.read_file(name) == ""
    warned = [r.getMessage() for r in caplog.records if "outside the workspace" in r.getMessage()]
    assert len(warned) == 1, "warned once, however often the file is read"
    assert name.rsplit("/", 1)[-1] in warned[0]
    assert SECRET not in _cli("memory", "show", "-w", workspace)


def test_a_linked_memory_folder_is_refused_too(workspace: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "shared-memory"
    elsewhere.mkdir()
    (elsewhere / "MEMORY.md").write_text(f"{SECRET}\n")
    (workspace / "memory").symlink_to(elsewhere, target_is_directory=True)
    ws = Workspace.open(workspace)
    assert ws.store.read_memory() == ""
    assert SECRET not in ws.context.build_system_prompt("cli:a")


def test_a_link_that_stays_inside_the_workspace_still_reads(workspace: Path) -> None:
    ws = Workspace.open(workspace)
    notes = workspace / "notes" / "me.md"
    notes.parent.mkdir()
    notes.write_text("Prefers tea.\n")
    ws.store.user_file.unlink(missing_ok=True)
    ws.store.user_file.symlink_to(os.path.relpath(notes, workspace))
    assert ws.store.read_user() == "Prefers tea.\n"
    assert "Prefers tea." in ws.context.build_system_prompt("cli:a")


def test_blame_does_not_read_through_a_link(workspace: Path, outside: Path) -> None:
    ws = Workspace.open(workspace)
    ws.store.user_file.unlink(missing_ok=True)
    ws.store.user_file.symlink_to(outside)
    runner = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"})
    result = runner.invoke(app, ["blame", SECRET[:10], "-w", str(workspace)])
    assert result.exit_code == 1
    assert SECRET not in result.output


def test_a_dream_guide_linking_outside_is_replaced_by_the_built_in_one(
    workspace: Path, outside: Path
) -> None:
    ws = Workspace.open(workspace)
    guide = workspace / "prompts" / "dream.md"
    guide.parent.mkdir()
    guide.symlink_to(outside)
    ws.store.append_history("[durable] Uses Postgres.", session_key="cli:a")
    built = ws.store.build_dream_prompt()
    assert built is not None
    assert SECRET not in built[0]
    assert SECRET not in _cli("dream", "prompt", "-w", workspace)


def test_recall_does_not_index_a_memory_file_linking_outside(
    workspace: Path, outside: Path
) -> None:
    ws = Workspace.open(workspace)
    ws.store.user_file.unlink(missing_ok=True)
    ws.store.user_file.symlink_to(outside)
    ws.store.write_memory("- The ssh key lives in the vault.\n")
    hits = ws.recall("ssh private key material", k=10)
    assert all(SECRET not in hit.text for hit in hits)
    assert any("vault" in hit.text for hit in hits)  # the workspace's own memory is indexed
