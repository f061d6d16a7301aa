"""Dream over a workspace: its model and provider, the run, and the ``/dream*`` commands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from reverie.workspace._model import WorkspaceModel
from reverie.workspace._setup import build_provider

if TYPE_CHECKING:
    from reverie.commands import DreamCommands
    from reverie.dream.runner import Dream
    from reverie.providers.base import LLMProvider

__all__ = ["WorkspaceDream"]


class WorkspaceDream(WorkspaceModel):
    """Dream configured by the ``[dream]`` settings, on this workspace's parts."""

    @property
    def dream_model(self) -> str:
        """The model Dream uses (its override, else the main model)."""
        return self.settings.dream.model or self.model

    def dream_provider(self) -> LLMProvider:
        """The provider for Dream: the main one unless a Dream model is configured."""
        override = self.settings.dream.model
        if not override or override == self.model:
            return self.provider
        return build_provider(self.settings, model=override)

    def dream(self) -> Dream:
        """A Dream configured by the ``[dream]`` settings (builds the provider)."""
        from reverie.dream.runner import Dream

        return Dream.from_settings(
            self.store,
            self.dream_provider(),
            self.settings.dream,
            model=self.dream_model,
            sessions=self.sessions,
        )

    def dream_commands(
        self, *, with_dream: bool = True, names: Mapping[str, str] | None = None
    ) -> DreamCommands:
        """The ``/dream*`` commands over this workspace; ``with_dream=False`` needs no model.

        Args:
            with_dream: Build a Dream (and so the provider) for ``/dream``.
            names: How the surface showing the results spells each command.
        """
        from reverie.commands import DreamCommands

        dream = self.dream() if with_dream else None
        if names is None:
            return DreamCommands(self.store, dream=dream)
        return DreamCommands(self.store, dream=dream, names=names)
