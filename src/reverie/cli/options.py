"""Options shared by several commands, declared once so they read the same everywhere."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from reverie.workspace import Workspace

__all__ = [
    "HELP_SETTINGS",
    "BaseUrlOption",
    "CreateOption",
    "JsonOption",
    "ModelOption",
    "ProviderOption",
    "WorkspaceOption",
    "open_for",
    "open_or_create",
    "resolve_workspace",
    "sub_app",
]

HELP_SETTINGS: dict[str, Any] = {
    # Plain (click) help: rich's help renderer costs ~50 ms of start-up on every call.
    "rich_markup_mode": None,
    "no_args_is_help": True,
    "context_settings": {"help_option_names": ["-h", "--help"]},
}
"""Settings every typer app of the CLI shares."""


def sub_app(help: str) -> typer.Typer:
    """A command group (``reverie history …``) with the shared help settings."""
    return typer.Typer(help=help, **HELP_SETTINGS)


WorkspaceOption = Annotated[
    Path | None,
    typer.Option(
        "--workspace",
        "-w",
        help="Workspace folder. Default: $REVERIE_WORKSPACE, else ~/.reverie/workspace.",
        show_default=False,
        file_okay=False,
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON instead of tables (for scripts).")
]
ProviderOption = Annotated[
    str | None,
    typer.Option(
        "--provider",
        help="offline, openai, anthropic or openai-compatible; or <provider>:<model>.",
        show_default=False,
    ),
]
ModelOption = Annotated[
    str | None, typer.Option("--model", help="Model name for the provider.", show_default=False)
]
CreateOption = Annotated[
    bool,
    typer.Option(
        "--create",
        help="Create the workspace when its folder does not exist, without asking.",
    ),
]
BaseUrlOption = Annotated[
    str | None,
    typer.Option(
        "--base-url",
        help="Server root of an OpenAI-compatible endpoint (e.g. http://localhost:11434/v1).",
        show_default=False,
    ),
]


def open_for(
    workspace: Path | None,
    *,
    provider: str | None = None,
    model: str | None = None,
    base_url: str | None = None,
    must_exist: bool = True,
) -> Workspace:
    """Open the workspace with the provider flags applied.

    Args:
        workspace: The folder (None: the default workspace).
        provider: ``--provider`` (a name or ``<provider>:<model>``).
        model: ``--model``.
        base_url: ``--base-url``.
        must_exist: Refuse a missing folder (read commands must not create
            workspaces by accident); otherwise a missing or empty folder becomes
            a new workspace.
    """
    from reverie.config import provider_overrides
    from reverie.workspace import Workspace

    overrides = provider_overrides(provider, model, base_url)
    return Workspace.open(resolve_workspace(workspace), create=not must_exist, **overrides)


def resolve_workspace(workspace: Path | None) -> Path:
    """``--workspace`` expanded and absolute, or the default workspace."""
    from reverie.workspace import default_workspace_path

    if workspace is None:
        return default_workspace_path()
    return workspace.expanduser().absolute()


def open_or_create(
    workspace: Path | None,
    *,
    create: bool,
    piped_needs_create: bool = True,
    provider: str | None = None,
    model: str | None = None,
    base_url: str | None = None,
) -> Workspace:
    """Open the workspace, creating it only when that is surely what the user wants.

    A folder that does not exist may be a typo (``-w ~/.reverie/worksapce``), and
    a new empty workspace in its place would silently remember nothing. So a
    missing folder named by ``--workspace`` or ``$REVERIE_WORKSPACE`` is created
    only with ``create`` (``--create``), or after a yes at a terminal; the
    built-in default (``~/.reverie/workspace``) is created on first use. Either
    way, a creation is announced with its folder.

    Args:
        workspace: ``--workspace`` (None: the default workspace).
        create: ``--create`` was given.
        piped_needs_create: When standard input is not a terminal (nobody to
            ask), refuse without ``create``; False creates the folder then
            (``reverie ingest`` is how scripts build a workspace from an export).
        provider: ``--provider``.
        model: ``--model``.
        base_url: ``--base-url``.

    Raises:
        UserError: the folder is missing, ``create`` is False and there is no
            terminal to ask at (names the folder and ``--create``).
        typer.Exit: the user answered no.
    """
    import sys

    from reverie.cli import render
    from reverie.errors import UserError
    from reverie.scaffold import is_blank_workspace

    path = resolve_workspace(workspace)
    missing = not path.exists()
    blank = is_blank_workspace(path)
    named = workspace is not None or bool(os.environ.get("REVERIE_WORKSPACE"))
    if missing and named and not create:
        question = f"No workspace at {path} (the folder does not exist){_nearby(path)}."
        if sys.stdin.isatty():
            if not typer.confirm(question + " Create a new, empty workspace there?", default=False):
                render.note("Nothing was created.")
                raise typer.Exit(1)
        elif piped_needs_create:
            raise UserError(
                question + " Check the path, or pass --create to make a new workspace there."
            )
    opened = open_for(
        workspace, provider=provider, model=model, base_url=base_url, must_exist=False
    )
    if blank:
        render.note(f"Created a new workspace at {path}")
    return opened


def _nearby(path: Path) -> str:
    """``; did you mean /x/workspace?`` when a sibling folder has a close name."""
    import difflib

    try:
        siblings = [entry.name for entry in path.parent.iterdir() if entry.is_dir()]
    except OSError:
        return ""
    close = difflib.get_close_matches(path.name, siblings, n=1, cutoff=0.75)
    return f"; did you mean {path.parent / close[0]}?" if close else ""
