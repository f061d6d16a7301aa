"""``reverie status`` and ``reverie blame``."""

from __future__ import annotations

from typing import Annotated

import typer

from reverie.cli.app import app
from reverie.cli.options import JsonOption, WorkspaceOption, open_for


@app.command()
def status(
    sessions: Annotated[
        int,
        typer.Option(
            "--sessions", help="Show context use of the N most recent sessions.", metavar="N"
        ),
    ] = 10,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Show provider, cursors, Dream and context use.

    Shows the workspace, the provider, the history cursors, the last and next
    Dream run, and how much of the context budget each recent session uses.

    Counts are offline (no model is called, no key is needed).

    Example: reverie status --json
    """
    from reverie.cli import render
    from reverie.ops.status import workspace_status

    report = workspace_status(open_for(workspace), max_sessions=max(0, sessions))
    if json_output:
        render.emit_json(report.as_dict())
        return
    render.status_view(report)


@app.command()
def blame(
    text: Annotated[
        str, typer.Argument(help="Text from a line of memory (case-insensitive).", metavar="TEXT")
    ],
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Trace memory lines to commits, entries and messages.

    For every line of the memory files containing TEXT: the commit that wrote
    it, the history entries that commit processed, and the original messages.

    Example: reverie blame "Redpanda"
    """
    from reverie.cli import render
    from reverie.ops.blame import blame_text

    hits = blame_text(open_for(workspace), text)
    if json_output:
        render.emit_json([hit.as_dict() for hit in hits])
        return
    render.blame_view(hits)
