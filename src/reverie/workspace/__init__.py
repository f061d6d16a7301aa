"""Workspace: one opened reverie workspace, and the one place that assembles its parts.

::

    from reverie import Workspace

    ws = Workspace.open("./ws")                    # creates a usable workspace if needed
    ws.store.read_user()                           # the memory files
    ws.sessions.get_or_create("cli:alice")         # conversations
    await ws.consolidator.maybe_consolidate_by_tokens(session)
    await ws.dream().run()

Settings come in layers (``reverie.toml``, then ``REVERIE_*`` variables, then the
keyword overrides given to :meth:`Workspace.open`), resolved once here. Every part is
built on first use from those settings and then shared, so the agent, the CLI, an
import and ``reverie status`` see the same store, the same session cache and the same
prompt sizes. Building the provider is left to the first part that needs it, because a
vendor SDK is slow to import and status or history commands need no model.

This module opens a workspace; the class is assembled from one module per concern:
_setup (the folder and the provider choice), _parts (the constructor and the parts
that need no model), _model (the provider and the parts that call it), _dream and
_forget.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from reverie.config import Settings, load_settings
from reverie.workspace._dream import WorkspaceDream
from reverie.workspace._forget import WorkspaceForget
from reverie.workspace._setup import (
    ProviderChoice,
    build_provider,
    default_workspace_path,
    prepare_folder,
)

if TYPE_CHECKING:
    from reverie.providers.base import LLMProvider

__all__ = ["Workspace", "build_provider", "default_workspace_path"]


class Workspace(WorkspaceDream, WorkspaceForget):
    """An opened workspace: settings resolved once, parts built once and shared.

    Use :meth:`open` (or :meth:`from_settings`); the constructor does no I/O.

    Args:
        path: The workspace folder.
        settings: The settings in force.
        provider: A provider object to use instead of the one the settings describe.
        model: The model name (default: the provider's, else the configured one).
        identity: The identity block of the system prompt (None: the default).
    """

    @classmethod
    def open(
        cls,
        path: Path | str | None = None,
        *,
        provider: str | LLMProvider | None = None,
        model: str | None = None,
        create: bool = True,
        identity: str | None = None,
        **settings_overrides: Any,
    ) -> Workspace:
        """Open the workspace at ``path`` with its settings.

        Args:
            path: The folder (default: ``$REVERIE_WORKSPACE``, else
                ``~/.reverie/workspace``).
            provider: A provider object; a provider name (``"offline"``,
                ``"openai"``, ``"anthropic"``, ``"openai-compatible"``); or a full
                spec such as ``"openai:gpt-4.1-mini"`` (or ``"scripted"``).
            model: The model name (overrides the configured one).
            create: Create what ``reverie init`` creates (memory files, settings
                file, git) when the folder is missing or empty. With False, a
                missing folder is an error.
            identity: The identity block of the system prompt (None: the default).
            **settings_overrides: Any :class:`~reverie.config.Settings` field, e.g.
                ``context_window_tokens=8192`` or ``dream={"interval_h": 6}``.

        Raises:
            UserError: the folder is a file, or missing with ``create=False``.
            ConfigError: a bad setting, naming its source and key.
            StoreError: the folder cannot be created (names it).
        """
        root = default_workspace_path() if path is None else Path(path).expanduser().absolute()
        choice = ProviderChoice.of(provider, model, settings_overrides)
        prepare_folder(root, create=create)
        settings = load_settings(root, overrides=choice.overrides)
        chosen_model = model if choice.injected is not None else None
        return cls(
            root,
            settings,
            provider=choice.provider(settings),
            model=chosen_model,
            identity=identity,
        )

    @classmethod
    def from_settings(
        cls,
        path: Path | str,
        settings: Settings,
        *,
        provider: LLMProvider | None = None,
        model: str | None = None,
        create: bool = True,
        identity: str | None = None,
    ) -> Workspace:
        """Open ``path`` with ``settings`` as given (no ``reverie.toml`` or environment read).

        Raises:
            UserError: the folder is a file, or missing with ``create=False``.
            ConfigError: the window leaves no room for a prompt.
        """
        root = Path(path).expanduser().absolute()
        prepare_folder(root, create=create)
        return cls(root, settings, provider=provider, model=model, identity=identity)
