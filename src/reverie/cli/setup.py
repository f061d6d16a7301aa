"""``reverie init``: create a workspace, or adopt an existing (nanobot) one as it is."""

from __future__ import annotations

from typing import Annotated

import typer

from reverie.cli.app import app
from reverie.cli.options import JsonOption, WorkspaceOption


@app.command()
def init(
    workspace: WorkspaceOption = None,
    no_git: Annotated[
        bool, typer.Option("--no-git", help="Do not create the memory repository.")
    ] = False,
    json_output: JsonOption = False,
) -> None:
    """Create a workspace, or adopt an existing one as it is.

    Writes starter SOUL.md, USER.md, memory/MEMORY.md and a commented
    reverie.toml, and creates the memory repository (.git) that versions them.
    Only missing files are written: an existing workspace (nanobot's too) is
    opened as it is and nothing in it is overwritten.

    Example: reverie init --workspace ~/notes/agent
    """
    from reverie.cli import render
    from reverie.cli.options import resolve_workspace
    from reverie.scaffold import init_workspace

    report = init_workspace(resolve_workspace(workspace), git=not no_git)
    if json_output:
        render.emit_json(report.as_dict())
        return
    render.init_report(report)
    if report.created:
        render.out().print(
            "\nNext: [bold]reverie chat[/] to talk, or [bold]reverie ingest FILE[/] "
            "to build memory from past conversations."
        )
