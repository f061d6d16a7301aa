"""`reverie forget` on the command line: the plan, the question, refusals, JSON."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from reverie import Workspace
from reverie.cli.app import app
from reverie.dream.lock import DreamLock

SECRET = "orange-falcon-8812"


def _run(*args: str | Path, input: str | None = None) -> Result:
    runner = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"})
    return runner.invoke(app, ["forget", *map(str, args)], input=input)


def _workspace(path: Path) -> Workspace:
    ws = Workspace.open(path)
    ws.store.write_user(f"- The door code is {SECRET}\n")
    ws.store.git.auto_commit("door code")
    return ws


def test_declining_changes_nothing(workspace: Path) -> None:
    ws = _workspace(workspace)
    result = _run(SECRET, "-w", workspace, input="n\n")
    assert result.exit_code == 1
    assert "USER.md" in result.stdout and "1 occurrence removed" in result.stdout
    assert "will be rewritten" in result.stdout
    assert SECRET not in result.stdout + result.stderr
    assert SECRET in ws.store.read_user()


def test_json_receipt_names_files_and_commits_never_the_text(workspace: Path) -> None:
    ws = _workspace(workspace)
    refused = _run(SECRET, "-w", workspace, "--json")
    assert refused.exit_code == 1 and "--json needs --yes" in refused.stderr
    result = _run(SECRET, "-w", workspace, "--json", "--yes")
    assert result.exit_code == 0, result.output
    receipt = json.loads(result.stdout)
    assert receipt["complete"] is True and receipt["searched"] is True
    assert receipt["files"] == [{"path": "USER.md", "change": "1 occurrence removed"}]
    assert receipt["git"]["commits_rewritten"] >= 1
    assert SECRET not in result.stdout
    assert SECRET not in ws.store.read_user()


def test_a_text_found_nowhere_says_so(workspace: Path) -> None:
    _workspace(workspace)
    result = _run("nothing-like-this", "-w", workspace, "--yes")
    assert result.exit_code == 0
    assert "Nothing to forget" in result.stdout


def test_a_text_in_a_session_key_is_refused_before_any_change(workspace: Path) -> None:
    ws = _workspace(workspace)
    session = ws.sessions.get_or_create(f"telegram:{SECRET}")
    session.add_message("user", "hello")
    ws.sessions.save(session)
    result = _run(SECRET, "-w", workspace, "--yes")
    assert result.exit_code == 1
    assert "--session KEY" in result.stderr
    assert SECRET in ws.store.read_user()  # nothing was changed


def test_a_text_in_a_file_name_is_refused(workspace: Path) -> None:
    ws = _workspace(workspace)
    (workspace / "skills" / SECRET).mkdir(parents=True)
    result = _run(SECRET, "-w", workspace, "--yes")
    assert result.exit_code == 1
    assert "rename or delete them first" in result.stderr
    assert SECRET not in result.stderr
    assert SECRET in ws.store.read_user()


def test_a_running_dream_is_waited_for_not_raced(workspace: Path) -> None:
    ws = _workspace(workspace)
    lock = DreamLock(workspace / "memory" / ".dream.lock")
    assert lock.try_acquire()
    try:
        result = _run(SECRET, "-w", workspace, "--yes")
    finally:
        lock.release()
    assert result.exit_code == 1
    assert "a Dream is running" in result.stderr
    assert SECRET in ws.store.read_user()
    assert not (workspace / "memory" / ".forget.json").exists()


def test_text_from_standard_input(workspace: Path) -> None:
    ws = _workspace(workspace)
    result = _run("-", "-w", workspace, "--yes", input=SECRET + "\n")
    assert result.exit_code == 0, result.output
    assert SECRET not in ws.store.read_user()
