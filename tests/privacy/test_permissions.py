"""Private by default: reverie creates folders 0700 and files 0600, whatever the umask."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from reverie import Workspace
from reverie.cli.app import app
from reverie.privacy import make_workspace_private, open_private, workspace_exposure

ROOT = Path(__file__).resolve().parents[2]
MAYA = ROOT / "examples" / "maya.jsonl"


def _run_reverie(*args: str | Path, umask: int) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REVERIE_")}
    env.pop("OPENAI_API_KEY", None)
    env.pop("ANTHROPIC_API_KEY", None)
    return subprocess.run(
        [sys.executable, "-m", "reverie", *map(str, args)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        umask=umask,
        check=False,
    )


def _modes(root: Path) -> dict[str, int]:
    found = {}
    for path in [root, *root.rglob("*")]:
        info = os.lstat(path)
        if not stat.S_ISLNK(info.st_mode):
            found[path.relative_to(root).as_posix()] = stat.S_IMODE(info.st_mode)
    return found


def test_a_workspace_made_at_umask_022_is_private(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    done = _run_reverie("ingest", MAYA, "-w", workspace, umask=0o022)
    assert done.returncode == 0, done.stderr
    chat = subprocess.run(
        [sys.executable, "-m", "reverie", "chat", "-w", str(workspace), "--no-dream"],
        input="My locker code is 4471.\n/new\n/quit\n",
        capture_output=True,
        text=True,
        timeout=300,
        umask=0o022,
        check=False,
    )
    assert chat.returncode == 0, chat.stderr
    modes = _modes(workspace)
    # What the issue found world-readable: sessions, transcripts, history.
    assert any(name.startswith("sessions/") and name.endswith(".jsonl") for name in modes)
    assert any(name.startswith("memory/transcripts/") for name in modes)
    assert "memory/history.jsonl" in modes
    assert ".git" in modes
    outside_git = {n: m for n, m in modes.items() if not n.startswith(".git/")}
    loose = {
        name: f"{mode:04o}"
        for name, mode in outside_git.items()
        if mode & 0o077 or (stat.S_ISDIR(os.lstat(workspace / name).st_mode) and mode != 0o700)
    }
    assert loose == {}
    files = [n for n in outside_git if (workspace / n).is_file()]
    assert all(outside_git[n] == 0o600 for n in files), files
    assert modes[".git"] == 0o700
    assert workspace_exposure(workspace) == []
    assert "Other users can read" not in chat.stderr


def test_new_files_are_0600_even_under_a_permissive_umask(tmp_path: Path) -> None:
    previous = os.umask(0)
    try:
        ws = Workspace.open(tmp_path / "open")
        ws.store.append_history("[durable] Uses Postgres.", session_key="cli:a")
        session = ws.sessions.get_or_create("cli:a")
        session.add_message("user", "hello")
        ws.sessions.save(session)
        ws.sessions.archive_and_drop(session)
    finally:
        os.umask(previous)
    modes = _modes(ws.path)
    assert modes["."] == 0o700
    for name in ("memory/history.jsonl", "memory/.cursor", "memory/transcripts"):
        assert name in modes
    assert {
        n: f"{m:04o}" for n, m in modes.items() if not n.startswith(".git/") and m & 0o077
    } == {}


def test_rewriting_a_file_keeps_the_mode_its_owner_chose(workspace: Path) -> None:
    ws = Workspace.open(workspace)
    session = ws.sessions.get_or_create("cli:a")
    session.add_message("user", "one")
    ws.sessions.save(session)
    path = ws.sessions.session_path("cli:a")
    path.chmod(0o640)
    ws.store.write_user("shared with my group\n")
    ws.store.user_file.chmod(0o640)
    session.add_message("user", "two")
    ws.sessions.save(session)
    ws.store.write_user("still shared\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert stat.S_IMODE(ws.store.user_file.stat().st_mode) == 0o640


def test_open_private_keeps_an_existing_file_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "log"
    path.write_text("x")
    path.chmod(0o644)
    os.close(open_private(path, os.O_WRONLY | os.O_APPEND))
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    fresh = tmp_path / "fresh"
    os.close(open_private(fresh, os.O_WRONLY | os.O_APPEND))
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600


def _exposed_workspace(tmp_path: Path) -> Path:
    """An existing workspace made before reverie was private (umask 022 modes)."""
    workspace = tmp_path / "old"
    ws = Workspace.open(workspace)
    ws.store.append_history("[durable] Uses Postgres.", session_key="cli:a")
    for path in [workspace, *workspace.rglob("*")]:
        if path.is_symlink():
            continue
        path.chmod(0o755 if path.is_dir() else 0o644)
    return workspace


def test_exposure_names_what_others_can_read_and_the_fix_removes_it(tmp_path: Path) -> None:
    workspace = _exposed_workspace(tmp_path)
    problems = workspace_exposure(workspace)
    assert problems
    assert any("the workspace folder" in p and "0755" in p for p in problems)
    assert any("memory" in p for p in problems)

    changed = make_workspace_private(workspace)

    assert "memory/history.jsonl" in changed
    assert workspace_exposure(workspace) == []
    assert stat.S_IMODE((workspace / "memory" / "history.jsonl").stat().st_mode) == 0o600


def test_a_private_folder_hides_the_readable_files_inside_it(tmp_path: Path) -> None:
    workspace = _exposed_workspace(tmp_path)
    workspace.chmod(0o700)
    assert workspace_exposure(workspace) == []
    workspace.chmod(0o711)  # others may enter by name, and the file names are predictable
    problems = workspace_exposure(workspace)
    assert any("memory/history.jsonl" in p or "memory:" in p for p in problems)


def test_status_and_chat_warn_about_an_exposed_workspace(tmp_path: Path) -> None:
    workspace = _exposed_workspace(tmp_path)
    runner = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"})
    status = runner.invoke(app, ["status", "-w", str(workspace)])
    assert status.exit_code == 0, status.output
    assert "Other users can read this workspace" in status.stderr
    assert "chmod -R go-rwx" in status.stderr
    chat = runner.invoke(app, ["chat", "-w", str(workspace), "--no-dream"], input="/quit\n")
    assert chat.exit_code == 0, chat.output
    assert "Other users can read this workspace" in chat.stderr
    as_json = runner.invoke(app, ["status", "-w", str(workspace), "--json"])
    assert '"exposure": [' in as_json.stdout


def test_doctor_finds_and_fixes_an_exposed_workspace(tmp_path: Path) -> None:
    workspace = _exposed_workspace(tmp_path)
    runner = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"})
    found = runner.invoke(app, ["doctor", "-w", str(workspace), "--json"])
    assert found.exit_code == 1, found.output
    assert any(item["check"] == "privacy" for item in json.loads(found.stdout)["findings"])
    fixed = runner.invoke(app, ["doctor", "--fix", "-w", str(workspace)])
    assert fixed.exit_code == 0, fixed.output
    assert workspace_exposure(workspace) == []
