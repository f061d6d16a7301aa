"""``reverie dream run|log|restore|revert|prompt``: the same command layer as ``/dream*`` in chat.

The layer's texts name commands the way this surface runs them
(``reverie dream restore <sha>``, not ``/dream-restore <sha>``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from reverie.cli.app import app
from reverie.cli.options import (
    BaseUrlOption,
    JsonOption,
    ModelOption,
    ProviderOption,
    WorkspaceOption,
    open_for,
    sub_app,
)

if TYPE_CHECKING:
    from reverie.commands import CommandResult, DreamCommands
    from reverie.workspace import Workspace

dream_app = sub_app("Run Dream, read its log, restore or revert memory, edit its guide.")
app.add_typer(dream_app, name="dream")


def _finish(result: CommandResult, json_output: bool) -> None:
    from reverie.cli import render

    if json_output:
        render.emit_json({"command": result.command, "ok": result.ok, **result.data})
    else:
        # A failure goes to stderr, out of the way of `reverie dream log > change.txt`.
        render.markdown(result.text, stderr=not result.ok)
    if not result.ok:
        raise typer.Exit(1)


def _commands(ws: Workspace, *, with_dream: bool) -> DreamCommands:
    from reverie.commands import CLI_NAMES

    return ws.dream_commands(with_dream=with_dream, names=CLI_NAMES)


def _command(workspace: Path | None, line: str, json_output: bool) -> None:
    import asyncio

    ws = open_for(workspace)
    commands = _commands(ws, with_dream=False)
    result = asyncio.run(commands.handle(line))
    assert result is not None  # the line is always one of the Dream commands
    _finish(result, json_output)


@dream_app.command("run")
def dream_run(
    if_due: Annotated[
        bool,
        typer.Option("--if-due", help="Only run when the schedule says so (for cron or a timer)."),
    ] = False,
    workspace: WorkspaceOption = None,
    provider: ProviderOption = None,
    model: ModelOption = None,
    base_url: BaseUrlOption = None,
    json_output: JsonOption = False,
) -> None:
    """Run Dream now: turn new history into memory edits.

    Each completed run is one commit of the memory files.

    Example: reverie dream run --if-due
    """
    import asyncio

    from reverie.cli import render
    from reverie.ops.status import dream_due

    ws = open_for(workspace, provider=provider, model=model, base_url=base_url)
    if if_due:
        due, when = dream_due(ws)
        if not due:
            shown = when.astimezone().isoformat(timespec="minutes")
            if json_output:
                render.emit_json({"command": "/dream", "ok": True, "ran": False, "due": shown})
            else:
                render.note(f"Dream is not due (next: {shown}, or nothing new to process)")
            return
    result = asyncio.run(_commands(ws, with_dream=True).dream())
    _finish(result, json_output)


@dream_app.command("log")
def dream_log(
    sha: Annotated[
        str | None,
        typer.Argument(
            help="A commit (prefix); default: the latest Dream change.",
            metavar="SHA",
            show_default=False,
        ),
    ] = None,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Show a Dream change: message and diff.

    The message names the history range the change processed.

    Example: reverie dream log 3f0c1a2b
    """
    _command(workspace, f"/dream-log {sha}" if sha else "/dream-log", json_output)


@dream_app.command("restore")
def dream_restore(
    sha: Annotated[
        str | None,
        typer.Argument(
            help="Undo this commit and everything after it; omit to list versions.",
            metavar="SHA",
            show_default=False,
        ),
    ] = None,
    yes: Annotated[
        bool,
        typer.Option("--yes", "-y", help="Do not ask when later changes would be undone too."),
    ] = False,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """List memory versions, or undo a change and all after it.

    With SHA, SOUL.md, USER.md, MEMORY.md and the Dream cursor go back to their
    state before that commit, as a new commit; the entries that change
    processed are dreamed again. When later changes would be undone too, they
    are listed and you are asked first (--yes does not ask; `reverie dream
    revert SHA` undoes only that change).

    Example: reverie dream restore 3f0c1a2b
    """
    import asyncio

    from reverie.cli import render

    if sha is None:
        _command(workspace, "/dream-restore", json_output)
        return
    commands = _commands(open_for(workspace), with_dream=False)
    result = asyncio.run(commands.handle(f"/dream-restore {sha}" + (" --yes" if yes else "")))
    assert result is not None
    if result.data.get("needs_confirmation") and not json_output:
        render.markdown(result.text.rsplit("\n\n", 1)[0], stderr=True)
        if not _confirm("Restore anyway, undoing those changes too?"):
            render.note(
                f"Nothing was changed. `reverie dream revert {sha}` undoes only that change."
            )
            raise typer.Exit(1)
        result = asyncio.run(commands.handle(f"/dream-restore {sha} --yes"))
        assert result is not None
    _finish(result, json_output)


def _confirm(question: str) -> bool:
    """Ask on the terminal (or read the answer piped in); no answer means no."""
    try:
        return typer.confirm(question, default=False)
    except typer.Abort:
        return False


@dream_app.command("revert")
def dream_revert(
    sha: Annotated[str, typer.Argument(help="The commit whose change to undo.", metavar="SHA")],
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Undo only one change to memory, keeping every later change.

    The change SHA made to SOUL.md, USER.md and MEMORY.md is taken back out of
    the files as they are now (a three-way merge), as a new commit with a
    Reverted-Commit trailer. The Dream cursor stays, so the entries behind that
    change are not dreamed again. When a later change touched the same lines,
    nothing is changed and the file and lines are named.

    Example: reverie dream revert 3f0c1a2b
    """
    _command(workspace, f"/dream-revert {sha}", json_output)


@dream_app.command("prompt")
def dream_prompt(
    action: Annotated[
        str | None,
        typer.Argument(
            help="'init' writes the built-in guide to prompts/dream.md to edit it.",
            metavar="ACTION",
            show_default=False,
        ),
    ] = None,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Show the Dream guide, or copy it to edit it.

    init copies the built-in guide to prompts/dream.md.

    Example: reverie dream prompt init
    """
    _command(workspace, f"/dream-prompt {action}" if action else "/dream-prompt", json_output)
