"""Options shared by several commands, declared once so they read the same everywhere."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from reverie.workspace import Workspace

__all__ = [
    "HELP_SETTINGS",
    "BaseUrlOption",
    "JsonOption",
    "ModelOption",
    "ProviderOption",
    "WorkspaceOption",
    "open_for",
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
