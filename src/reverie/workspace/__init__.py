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
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import date, datetime
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reverie.config import Settings, load_settings
from reverie.tokens.budget import check_window, prompt_budget
from reverie.workspace._setup import (
    ProviderChoice,
    build_provider,
    default_workspace_path,
    prepare_folder,
)

if TYPE_CHECKING:
    from reverie.autocompact import AutoCompact
    from reverie.commands import DreamCommands
    from reverie.consolidation.consolidator import Consolidator
    from reverie.context import ContextBuilder
    from reverie.dream.runner import Dream
    from reverie.forget import ForgetPlan, ForgetReceipt
    from reverie.providers.base import LLMProvider
    from reverie.recall import RecallHit, RecallIndex
    from reverie.sessions.manager import SessionManager
    from reverie.sessions.session import Session
    from reverie.store.memory_store import MemoryStore
    from reverie.tools.registry import ToolRegistry

__all__ = ["Workspace", "build_provider", "default_workspace_path"]


class Workspace:
    """An opened workspace: settings resolved once, parts built once and shared.

    Use :meth:`open` (or :meth:`from_settings`); the constructor does no I/O.

    Args:
        path: The workspace folder.
        settings: The settings in force.
        provider: A provider object to use instead of the one the settings describe.
        model: The model name (default: the provider's, else the configured one).
        identity: The identity block of the system prompt (None: the default).
    """

    def __init__(
        self,
        path: Path | str,
        settings: Settings,
        *,
        provider: LLMProvider | None = None,
        model: str | None = None,
        identity: str | None = None,
    ) -> None:
        self.path = Path(path).expanduser().absolute()
        self.settings = settings
        self.identity = identity
        self._provider = provider
        self._model = model
        check_window(settings.context_window_tokens, settings.max_completion_tokens)

    def __repr__(self) -> str:
        return f"Workspace({str(self.path)!r})"

    # -- opening -----------------------------------------------------------------

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

    # -- the parts ---------------------------------------------------------------

    @cached_property
    def store(self) -> MemoryStore:
        """The memory files and history."""
        from reverie.store.memory_store import MemoryStore

        return MemoryStore(self.path, max_history_entries=self.settings.max_history_entries)

    @cached_property
    def sessions(self) -> SessionManager:
        """The conversations (one cache for every part)."""
        from reverie.sessions.manager import SessionManager

        return SessionManager(self.path)

    @cached_property
    def context(self) -> ContextBuilder:
        """The system-prompt builder, its sections sized to the model's window."""
        from reverie.context import ContextBuilder

        return ContextBuilder.for_window(
            self.path,
            context_window_tokens=self.settings.context_window_tokens,
            max_completion_tokens=self.max_completion_tokens,
            store=self.store,
            sessions=self.sessions,
            identity=self.identity,
            unified_session=self.settings.unified_session,
            tool_guidance=self._tool_guidance(),
        )

    def _tool_guidance(self) -> str:
        if not self.settings.recall.tools:
            return ""
        from reverie.recall.tools import RECALL_TOOLS_PROMPT

        return RECALL_TOOLS_PROMPT

    @cached_property
    def tools(self) -> ToolRegistry:
        """The tools offered to the model in a turn (an :class:`Agent` may add its own).

        ``recall`` and ``expand`` (search and read every past conversation) are
        on unless ``[recall] tools = false``. The Consolidator counts the
        definitions in every prompt estimate, so a tool added here is accounted
        for everywhere.
        """
        from reverie.tools.registry import ToolRegistry

        registry = ToolRegistry()
        if self.settings.recall.tools:
            from reverie.recall.tools import build_recall_tools

            # The index opens on the first call, not when the tools are offered.
            for tool in build_recall_tools(lambda: self.recall_index):
                registry.register(tool)
        return registry

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

    # -- recall ------------------------------------------------------------------

    @cached_property
    def recall_index(self) -> RecallIndex:
        """The recall index (``memory/.index/recall.sqlite3``), semantic when configured."""
        from reverie.recall.configured import open_recall_index

        return open_recall_index(
            self.path, store=self.store, sessions=self.sessions, settings=self.settings.recall
        )

    def recall(
        self,
        query: str,
        *,
        k: int = 10,
        session_key: str | None = None,
        kinds: Collection[str] | None = None,
        since: datetime | date | str | None = None,
        until: datetime | date | str | None = None,
    ) -> list[RecallHit]:
        """Search every conversation, history entry and memory file, best first.

        See :meth:`reverie.recall.RecallIndex.search` for the arguments.
        """
        return self.recall_index.search(
            query, k=k, session_key=session_key, kinds=kinds, since=since, until=until
        )

    def recalled_context(self, message: str, session: Session) -> str:
        """The ``[recall] context_hits`` passages for a turn's system prompt ("" when off).

        The best hits for ``message`` within ``context_tokens``, leaving out
        the turns of ``session`` the prompt replays anyway.
        """
        options = self.settings.recall
        if options.context_hits <= 0:
            return ""
        from reverie.recall.context import recalled_context

        return recalled_context(
            self.recall_index,
            message,
            hits=options.context_hits,
            max_tokens=options.context_tokens,
            session_key=session.key,
            replayed_from=session.archived_offset + session.last_consolidated,
        )

    def close(self) -> None:
        """Release what the workspace holds open (the recall index); parts reopen on use."""
        index = self.__dict__.pop("recall_index", None)
        if index is not None:
            index.close()

    # -- the model ---------------------------------------------------------------

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

    @property
    def max_completion_tokens(self) -> int:
        """Room kept for each answer."""
        return self.settings.max_completion_tokens

    @property
    def budget(self) -> int:
        """Prompt tokens at which consolidation starts (0: budgeting is off)."""
        return prompt_budget(self.settings.context_window_tokens, self.max_completion_tokens)

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

    # -- Dream -------------------------------------------------------------------

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

    def plan_forget(
        self, text: str | None = None, *, cursor: int | None = None, session: str | None = None
    ) -> ForgetPlan:
        """What forgetting ``text`` (or history entry ``cursor``, or ``session``) would change.

        Nothing is changed; ``plan.apply()`` makes the changes. Exactly one target:

        - ``text``: every occurrence (exact, case-sensitive, at least 4 characters)
          in every file of the workspace and every version in its git history;
        - ``cursor``: that history entry and the messages it was written from;
        - ``session``: the whole conversation, its transcript and its history entries.

        Raises:
            UserError: no target or several, a too-short text, an unknown cursor
                or session.
        """
        from reverie.forget import plan_forget

        return plan_forget(
            self.store,
            self.sessions,
            text,
            cursor=cursor,
            session=session,
            # A forget deletes the recall index: close it; the next recall builds a new one.
            before_apply=self.close,
        )

    def forget(
        self, text: str | None = None, *, cursor: int | None = None, session: str | None = None
    ) -> ForgetReceipt:
        """Forget ``text`` (or ``cursor``, or ``session``) now; see :meth:`plan_forget`.

        Returns:
            The receipt: what was removed where (never the text itself), and
            ``remaining``, where a final search of the workspace still found it
            (empty when the forget is complete).

        Raises:
            UserError: as :meth:`plan_forget`, or when the forget cannot be done
                cleanly (a session open in a chat, a Dream running, the text in a
                file name or a session key): nothing is changed then.
        """
        return self.plan_forget(text, cursor=cursor, session=session).apply()
