"""``reverie doctor``: what jams a workspace or would lose memory; ``--fix`` repairs it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from reverie.cli.app import app
from reverie.cli.options import JsonOption, WorkspaceOption

if TYPE_CHECKING:
    from reverie.ops.doctor import DoctorReport


@app.command()
def doctor(
    fix: Annotated[
        bool, typer.Option("--fix", help="Repair what can be repaired safely, then report.")
    ] = False,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Check a workspace and repair it.

    Finds what makes commands fail or would lose memory: an unreadable git
    index, missing git objects, stale lock and temp files, a Dream run that
    died, a Dream cursor ahead of the history, pipes in place of memory files,
    permissions reverie cannot write through. --fix repairs what it can (it
    rebuilds, removes leftovers or moves broken things aside; it deletes no
    data) and says what is left. Exit code 1 while a problem remains.

    Example: reverie doctor --fix
    """
    from reverie.cli import render
    from reverie.cli.options import resolve_workspace
    from reverie.ops.doctor import diagnose

    report = diagnose(resolve_workspace(workspace), fix=fix)
    if json_output:
        render.emit_json(report.as_dict())
    else:
        _show(report)
    if not report.ok:
        raise typer.Exit(1)


def _show(report: DoctorReport) -> None:
    from rich.markup import escape

    from reverie.cli import render

    console = render.out()
    if not report.findings:
        console.print(f"[green]No problems found[/] in {escape(report.workspace)}.")
        return
    for finding in report.findings:
        if finding.fixed:
            console.print(f"[green]fixed[/]  {escape(finding.problem)}\n       → {finding.fix}")
        elif finding.fix is not None:
            console.print(
                f"[yellow]problem[/] {escape(finding.problem)}\n        → --fix will {finding.fix}"
            )
        else:
            console.print(f"[red]problem[/] {escape(finding.problem)}")
        if finding.advice and not finding.fixed:
            console.print(f"        → {escape(finding.advice)}")
    remaining = report.remaining
    if not remaining:
        console.print("[green]Everything found was repaired.[/]")
    elif any(f.fix is not None for f in remaining):
        console.print("Run [bold]reverie doctor --fix[/] to repair what can be repaired.")
