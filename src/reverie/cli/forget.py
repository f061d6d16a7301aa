"""``reverie forget``: remove a text, a history entry or a session from the whole workspace."""

from __future__ import annotations

import getpass
import sys
from typing import Annotated

import typer

from reverie.cli.app import app
from reverie.cli.options import JsonOption, WorkspaceOption, open_for
from reverie.errors import UserError


def _read_text() -> str:
    """The text to forget from standard input (hidden at a terminal)."""
    if sys.stdin.isatty():
        return getpass.getpass("Text to forget (not shown): ")
    line = sys.stdin.readline()
    return line[:-1] if line.endswith("\n") else line


@app.command()
def forget(
    text: Annotated[
        str | None,
        typer.Argument(
            help="The text to forget, exactly (case matters). '-' reads it from standard "
            "input, which keeps it out of your shell's history.",
            metavar="TEXT",
            show_default=False,
        ),
    ] = None,
    cursor: Annotated[
        int | None,
        typer.Option(
            "--cursor",
            help="Forget history entry N and the messages it summarises.",
            metavar="N",
            show_default=False,
        ),
    ] = None,
    session: Annotated[
        str | None,
        typer.Option(
            "--session",
            "-s",
            help="Forget a whole session: its messages, transcript and history entries.",
            metavar="KEY",
            show_default=False,
        ),
    ] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Remove a text (or an entry, or a session) everywhere, git history included.

    Shows what will change, asks, then rewrites every file that holds TEXT
    (memory files, history, sessions and their copies, transcripts, Dream's
    files) and every git commit that carries it, and deletes the old objects.
    Prints a receipt of what was removed where, never the text itself. Run it
    again to finish a forget that was interrupted.

    Example: reverie forget - --yes   (then type the password)
    """
    from reverie.cli import forget_view, render

    if json_output and not yes:
        raise UserError("--json needs --yes: a script cannot answer the confirmation")
    ws = open_for(workspace)
    if text == "-":
        text = _read_text()
    plan = ws.plan_forget(text, cursor=cursor, session=session)
    if not json_output:
        forget_view.plan_view(plan)
    if plan.problems:
        raise UserError("cannot forget: " + "; ".join(plan.problems))
    if not plan.changes_anything:
        if json_output:
            render.emit_json(plan.receipt.as_dict())
        return
    if not yes:
        typer.confirm("Forget it now? This cannot be undone", abort=True, err=True)
    receipt = plan.apply()
    if json_output:
        render.emit_json(receipt.as_dict())
    else:
        forget_view.receipt_view(receipt)
    if receipt.remaining:
        raise typer.Exit(1)
