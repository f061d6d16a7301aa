"""Every command has help ending with an example and is documented in docs/cli.md."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import typer

from reverie.cli.app import app
from suite_tools import DEADLINE

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def _commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    children = getattr(command, "commands", None)
    if children:
        for name, child in children.items():
            yield from _commands(child, (*path, name))
    else:
        yield path, command


def test_every_command_has_help_with_an_example_and_is_documented() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    found = list(_commands(typer.main.get_command(app)))
    assert len(found) >= 16
    for path, command in found:
        name = "reverie " + " ".join(path)
        help_text = command.help or ""
        assert help_text.strip(), f"{name} has no help"
        assert "Example: reverie " in help_text, f"{name}'s help has no Example: line"
        assert f"`{name}" in docs, f"{name} is missing from docs/cli.md"


def test_every_group_has_help() -> None:
    root = typer.main.get_command(app)
    for name, group in root.commands.items():  # type: ignore[attr-defined]
        assert (group.help or "").strip(), name


def test_help_loads_no_sdk_git_or_agent() -> None:
    code = (
        "import sys\n"
        "from reverie.cli.app import app\n"
        "try:\n"
        "    app(['--help'], prog_name='reverie')\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ['openai', 'anthropic', 'dulwich', 'reverie.agent', 'reverie.dream.runner']\n"
        "print('loaded:' + ','.join(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=DEADLINE
    )
    assert done.stdout.strip().splitlines()[-1] == "loaded:"
