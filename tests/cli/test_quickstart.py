"""The README's first Quick start command runs examples/quickstart.sh: run it as a user would."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from suite_tools import DEADLINE, child_env

QUICKSTART = Path(__file__).resolve().parents[2] / "examples" / "quickstart.sh"


def test_quickstart_script_builds_memory_from_the_example(tmp_path: Path) -> None:
    # The script finds `reverie` through $REVERIE; point it at this interpreter's package.
    shim = tmp_path / "reverie"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m reverie "$@"\n', encoding="utf-8")
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    env = child_env(REVERIE=str(shim), COLUMNS="120", NO_COLOR="1")
    work = tmp_path / "fresh"
    work.mkdir()
    done = subprocess.run(
        ["sh", str(QUICKSTART)],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=DEADLINE,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    workspace = work / "quickstart-workspace"
    memory = (workspace / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    user = (workspace / "USER.md").read_text(encoding="utf-8")
    out = done.stdout
    assert "Ingest summary" in out
    assert memory.strip() in out and user.strip() in out  # memory show printed the files
    assert "Redpanda" in memory
    assert "April 29" in memory  # the later correction won over "April 15"
    assert "The the " not in memory  # an article is never doubled
    assert "Dream-Cursors:" in out  # dream log
    assert "No model is configured" in done.stderr


def test_quickstart_in_a_project_checkout_starts_without_warnings_or_escape_codes(
    tmp_path: Path,
) -> None:
    # As from a clone of this project: a git work tree whose .gitignore already
    # ignores quickstart-workspace/, output piped (not a terminal), colour not refused.
    from dulwich.repo import Repo

    shim = tmp_path / "reverie"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m reverie "$@"\n', encoding="utf-8")
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    Repo.init(str(checkout)).close()
    (checkout / ".gitignore").write_text(".venv/\nquickstart-workspace/\n", encoding="utf-8")
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("REVERIE_") and k not in ("NO_COLOR", "FORCE_COLOR", "TERM")
    }
    env.update({"REVERIE": str(shim), "COLUMNS": "120", "TERM": "xterm-256color"})
    done = subprocess.run(
        ["sh", str(QUICKSTART)],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stderr and ".gitignore" not in done.stderr
    assert done.stdout.lstrip().startswith("== reverie init")
    assert "\033" not in done.stdout + done.stderr  # no raw escape codes in piped output
    assert "Ingest summary" in done.stdout


README = Path(__file__).resolve().parents[2] / "README.md"


def quick_start_commands() -> list[str]:
    """The shell lines of the README's Quick start block."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1]
    block = section.split("```bash", 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.strip().splitlines() if line.strip()]


def test_readme_quick_start_is_two_commands_and_the_first_runs_this_script() -> None:
    commands = quick_start_commands()
    assert len(commands) == 2
    assert commands[0].endswith("sh examples/quickstart.sh")
    assert "pytest" in commands[1]


def test_readme_test_command_is_the_one_ci_runs() -> None:
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    runs = [line.strip() for line in ci.splitlines() if "-m pytest" in line]
    assert runs == [quick_start_commands()[1]]


@pytest.mark.skipif(
    os.environ.get("QUICKSTART_E2E") != "1",
    reason="installs the package into a fresh venv; .ci/run sets QUICKSTART_E2E=1",
)
def test_readme_first_command_exactly_as_written(tmp_path: Path) -> None:
    repo = README.parent
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=repo, capture_output=True, check=True
    ).stdout.split(b"\0")
    copy = tmp_path / "reverie"
    for name in filter(None, files):
        source = repo / name.decode()
        if source.is_file():
            target = copy / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REVERIE", "VIRTUAL_ENV"))}
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep) if not p.startswith(sys.prefix)
    )
    done = subprocess.run(
        ["bash", "-c", quick_start_commands()[0]],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    memory = (copy / "quickstart-workspace" / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    assert "Redpanda" in memory
    assert "The the " not in memory  # an article is never doubled
    assert "Dream-Cursors:" in done.stdout
