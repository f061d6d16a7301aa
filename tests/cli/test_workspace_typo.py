"""A mistyped ``--workspace`` never becomes a new, empty memory without the user saying so."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest
from typer.testing import CliRunner

from reverie.cli.app import app
from reverie.sessions.manager import SessionManager


def _env(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("REVERIE_") and not k.endswith("_API_KEY")
    }
    env.update({"COLUMNS": "160", "NO_COLOR": "1", "PYTHONUNBUFFERED": "1", **extra})
    return env


def _spawn(*args: str, **env: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "reverie", *args],
        env=_env(**env),
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 160),
    )


def test_piped_chat_into_a_missing_folder_is_refused_and_names_it(cli: Any, ingested: Path) -> None:
    typo = ingested.parent / "mayaa"
    result = cli.run("chat", "-w", typo, "--no-dream", input="I moved to Porto.\n")
    assert result.exit_code == 1
    assert f"No workspace at {typo}" in result.stderr
    assert "--create" in result.stderr
    assert f"did you mean {ingested}?" in result.stderr
    assert not typo.exists()
    # With --create it is made, and the chat says where.
    made = cli.ok("chat", "-w", typo, "--create", "--no-dream", input="I moved to Porto.\n")
    assert f"Created a new workspace at {typo}" in made.stderr
    assert (typo / "USER.md").is_file()


def test_a_mistyped_workspace_variable_is_refused_too(tmp_path: Path) -> None:
    typo = tmp_path / "wokspace"
    runner = CliRunner(env={"REVERIE_WORKSPACE": str(typo), "NO_COLOR": "1", "COLUMNS": "200"})
    result = runner.invoke(app, ["chat", "--no-dream"], input="hello\n")
    assert result.exit_code == 1
    assert f"No workspace at {typo}" in result.stderr
    assert not typo.exists()


def test_the_default_workspace_is_created_on_first_use_and_said(tmp_path: Path) -> None:
    runner = CliRunner(env={"HOME": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "300"})
    result = runner.invoke(app, ["chat", "--no-dream"], input="I prefer green tea.\n")
    assert result.exit_code == 0, result.stderr
    default = tmp_path / ".reverie" / "workspace"
    assert f"Created a new workspace at {default}" in result.stderr
    assert (default / "USER.md").is_file()


def test_at_a_terminal_the_chat_asks_and_no_creates_nothing(tmp_path: Path) -> None:
    typo = tmp_path / "wrokspace"
    child = _spawn("chat", "-w", str(typo), "--no-dream")
    try:
        child.expect("No workspace at")
        child.expect(r"Create a new, empty workspace there\? \[y/N\]")
        child.sendline("")  # the default is no
        child.expect("Nothing was created")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 1
    assert not typo.exists()


def test_at_a_terminal_yes_creates_it_and_the_chat_goes_on(tmp_path: Path) -> None:
    fresh = tmp_path / "journal"
    child = _spawn("chat", "-w", str(fresh), "--no-dream")
    try:
        child.expect(r"\[y/N\]")
        child.sendline("y")
        child.expect("Created a new workspace at")
        child.expect("you>")
        child.sendline("I keep a journal every evening.")
        child.expect("reverie>")
        child.expect("you>")
        child.sendline("/quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    sessions = SessionManager(fresh)
    said = sessions.transcripts.read("cli:default") + sessions.get_or_create("cli:default").messages
    assert said[0]["content"] == "I keep a journal every evening."


@pytest.mark.parametrize("answer", ["n", "y"])
def test_ingest_asks_at_a_terminal(maya: Path, tmp_path: Path, answer: str) -> None:
    target = tmp_path / "imported"
    child = _spawn("ingest", str(maya), "-w", str(target), "--no-dream")
    try:
        child.expect(r"Create a new, empty workspace there\? \[y/N\]")
        child.sendline(answer)
        child.expect(pexpect.EOF)
    finally:
        child.close()
    if answer == "n":
        assert child.exitstatus == 1 and not target.exists()
    else:
        assert child.exitstatus == 0
        assert SessionManager(target).get_or_create("cli:maya").metadata["ingest"]["complete"]


def test_piped_ingest_builds_a_new_workspace_and_says_where(
    cli: Any, maya: Path, tmp_path: Path
) -> None:
    # Scripts build workspaces from exports: no question, but the folder is named.
    target = tmp_path / "from-export"
    result = cli.ok("ingest", maya, "-w", target, "--no-dream")
    assert f"Created a new workspace at {target}" in result.stderr
    assert "Created a new workspace" not in cli.ok("ingest", maya, "-w", target).stderr


def test_an_empty_folder_is_made_a_workspace_without_asking(cli: Any, tmp_path: Path) -> None:
    # A folder the user made on purpose is no typo: it is used, and the creation said.
    folder = tmp_path / "agent"
    folder.mkdir()
    result = cli.ok("chat", "-w", folder, "--no-dream", input="/status\n")
    assert f"Created a new workspace at {folder}" in result.stderr
    assert (folder / "SOUL.md").is_file()
    assert "Created a new workspace" not in cli.ok("status", "-w", folder).stderr
