"""The model of a workspace, and the parts that call it: the Consolidator and AutoCompact.

Building the provider is left to the first of these that needs it, because a
vendor SDK is slow to import and status or history commands need no model.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from reverie.workspace._parts import WorkspaceParts
from reverie.workspace._setup import build_provider

if TYPE_CHECKING:
    from reverie.autocompact import AutoCompact
    from reverie.consolidation.consolidator import Consolidator
    from reverie.providers.base import LLMProvider
    from reverie.recall import RecallHit
    from reverie.sessions.session import Session

__all__ = ["WorkspaceModel"]


class WorkspaceModel(WorkspaceParts):
    """The provider (built on first use), the model in force, and the parts that call it."""

    @property
    def provider(self) -> LLMProvider:
        """The main provider, built from the settings on first use.

        The offline provider answers chat turns from memory; it is given
        :meth:`recall` over the history entries, so an answer can reach back
        past what the prompt holds.
        """
        if self._provider is None:
            provider = build_provider(self.settings)
            from reverie.providers.offline import OfflineProvider

            if isinstance(provider, OfflineProvider) and provider.search is None:
                provider.search = self._recall_history
            self._provider = provider
        return self._provider

    def _recall_history(self, query: str, k: int) -> list[RecallHit]:
        return self.recall(query, k=k, kinds=("history",))

    @property
    def model(self) -> str:
        """The model in force for chat and consolidation."""
        if self._model:
            return self._model
        if self._provider is not None and self._provider.default_model:
            return self._provider.default_model
        return self.settings.resolved_model

    @property
    def is_offline(self) -> bool:
        """True when no model answers (the offline provider does)."""
        if self._provider is not None:
            from reverie.providers.offline import OfflineProvider

            return isinstance(self._provider, OfflineProvider)
        return self.settings.provider == "offline"

    @cached_property
    def consolidator(self) -> Consolidator:
        """The token-budget summariser (builds the provider)."""
        from reverie.consolidation.consolidator import Consolidator

        return Consolidator(
            self.store,
            self.provider,
            self.model,
            self.sessions,
            self.settings.context_window_tokens,
            self.context.build_messages,
            self.tools.definitions,
            max_completion_tokens=self.max_completion_tokens,
            consolidation_ratio=self.settings.consolidation_ratio,
            unified_session=self.settings.unified_session,
        )

    @cached_property
    def autocompact(self) -> AutoCompact:
        """Compaction of sessions idle past ``session_ttl_minutes`` (builds the provider)."""
        from reverie.autocompact import AutoCompact

        return AutoCompact(self.sessions, self.consolidator, self.settings.session_ttl_minutes)

    def prompt_tokens(self, session: Session) -> int:
        """Tokens of ``session``'s next prompt, counted as the Consolidator counts them.

        Same prompt (the window-sized context, the tools), same counter. When
        the provider has not been built yet, reverie's offline counter is used
        rather than building it: a status report needs no model and no key.
        """
        if self._provider is not None:
            return self.consolidator.estimate_session_prompt_tokens(session)[0]
        from reverie.consolidation.probe import PromptProbe
        from reverie.providers.offline import OfflineProvider

        probe = PromptProbe(self.context.build_messages, self.tools.definitions, self.model)
        tokens, _ = probe.full_count(
            session, OfflineProvider(), self.model, unified_session=self.settings.unified_session
        )
        return tokens
