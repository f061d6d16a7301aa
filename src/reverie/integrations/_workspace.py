"""Accept a :class:`~reverie.Workspace` or its folder, as every integration does."""

from __future__ import annotations

from os import PathLike
from pathlib import Path

from reverie.workspace import Workspace

__all__ = ["WorkspaceLike", "open_workspace"]

WorkspaceLike = Workspace | str | PathLike[str]
"""A workspace object, or the folder of one."""


def open_workspace(workspace: WorkspaceLike) -> Workspace:
    """``workspace`` itself, or the workspace at that folder (created when missing).

    Raises:
        UserError: the folder is a file.
        ConfigError: its settings are invalid.
    """
    if isinstance(workspace, Workspace):
        return workspace
    return Workspace.open(Path(workspace).expanduser())
