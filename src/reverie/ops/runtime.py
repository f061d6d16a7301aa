"""One opened workspace: its settings, memory store, sessions and provider.

Front ends (the CLI, a service) build a :class:`Runtime` once per command and
take everything from it, so the settings layers (``reverie.toml``, environment,
flags) are resolved in one place and every command sees the same values.
Constructing one does no I/O beyond reading ``reverie.toml``; the provider is
built on first use because its SDK is slow to import.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reverie.config import Settings, default_workspace, load_settings
from reverie.errors import UserError
from reverie.providers.configured import build_provider, provider_overrides

if TYPE_CHECKING:
    from reverie.commands import DreamCommands
    from reverie.dream.runner import Dream
    from reverie.providers.base import LLMProvider
    from reverie.sessions.manager import SessionManager
    from reverie.store.memory_store import MemoryStore

__all__ = ["Runtime", "build_provider", "open_runtime", "provider_overrides", "resolve_workspace"]


def resolve_workspace(workspace: Path | str | None) -> Path:
    """``workspace`` expanded, or the default (``$REVERIE_WORKSPACE``, ``~/.reverie/workspace``)."""
    path = default_workspace() if workspace is None else Path(workspace).expanduser()
    return path.absolute()


@dataclass
class Runtime:
    """An opened workspace.

    Attributes:
        workspace: The absolute workspace folder.
        settings: Settings after the file, environment and flag layers.
    """

    workspace: Path
    settings: Settings
    _provider: LLMProvider | None = field(default=None, repr=False)

    @cached_property
    def store(self) -> MemoryStore:
        """The workspace's memory store."""
        from reverie.store.memory_store import MemoryStore

        return MemoryStore(self.workspace, max_history_entries=self.settings.max_history_entries)

    @cached_property
    def sessions(self) -> SessionManager:
        """The workspace's session manager."""
        from reverie.sessions.manager import SessionManager

        return SessionManager(self.workspace)

    @property
    def provider(self) -> LLMProvider:
        """The main provider, built on first use."""
        if self._provider is None:
            self._provider = build_provider(self.settings)
        return self._provider

    @provider.setter
    def provider(self, value: LLMProvider) -> None:
        self._provider = value

    @property
    def model(self) -> str:
        """The model in force for chat and consolidation."""
        return self.settings.resolved_model

    @property
    def dream_model(self) -> str:
        """The model Dream uses (its override, else the main model)."""
        return self.settings.dream.model or self.settings.resolved_model

    def dream_provider(self) -> LLMProvider:
        """The provider for Dream: the main one unless a Dream model is configured."""
        override = self.settings.dream.model
        if not override or override == self.settings.resolved_model:
            return self.provider
        return build_provider(self.settings, model=override)

    def dream(self, *, store: MemoryStore | None = None) -> Dream:
        """A Dream configured by the ``[dream]`` settings (builds the provider).

        Args:
            store: The memory store to use (default: :attr:`store`); pass an
                agent's own store so the two share one object.
        """
        from reverie.dream.runner import Dream

        return Dream.from_settings(
            store or self.store,
            self.dream_provider(),
            self.settings.dream,
            model=self.dream_model,
            sessions=self.sessions,
        )

    def dream_commands(
        self, *, with_dream: bool = True, store: MemoryStore | None = None
    ) -> DreamCommands:
        """The shared ``/dream*`` commands; ``with_dream=False`` needs no provider."""
        from reverie.commands import DreamCommands

        store = store or self.store
        return DreamCommands(store, dream=self.dream(store=store) if with_dream else None)

    @property
    def is_offline(self) -> bool:
        """True when no model is configured (the offline provider answers)."""
        return self.settings.provider == "offline"


def open_runtime(
    workspace: Path | str | None,
    *,
    overrides: Mapping[str, Any] | None = None,
    must_exist: bool = True,
) -> Runtime:
    """Open ``workspace`` (default: :func:`resolve_workspace`) with its settings.

    Args:
        workspace: The folder, or None for the default.
        overrides: Settings from flags (see :func:`provider_overrides`).
        must_exist: Refuse a folder that does not exist (read commands must
            not create workspaces by accident).

    Raises:
        UserError: the folder is missing (with ``must_exist``) or is a file.
        ConfigError: a bad setting, naming its source and key.
    """
    path = resolve_workspace(workspace)
    if path.exists() and not path.is_dir():
        raise UserError(f"workspace {path} is a file, not a folder")
    if must_exist and not path.is_dir():
        raise UserError(
            f"no workspace at {path}; create one with `reverie init --workspace {path}` "
            "(or point --workspace / REVERIE_WORKSPACE at an existing one)"
        )
    return Runtime(workspace=path, settings=load_settings(path, overrides=overrides))
