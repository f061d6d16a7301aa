"""The parts of a workspace that need no model, and the constructor that holds their settings.

:class:`WorkspaceParts` is the base of :class:`~reverie.workspace.Workspace`: the
memory store, the session cache, the recall index, the context builder and the
turn's tools are built here on first use and shared. The provider and the parts
that call it are added on top (``_model``), so nothing here imports a vendor SDK.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import date, datetime
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from reverie.config import Settings
from reverie.tokens.budget import check_window, prompt_budget

if TYPE_CHECKING:
    from reverie.context import ContextBuilder
    from reverie.providers.base import LLMProvider
    from reverie.recall import RecallHit, RecallIndex
    from reverie.sessions.manager import SessionManager
    from reverie.sessions.session import Session
    from reverie.store.memory_store import MemoryStore
    from reverie.tools.registry import ToolRegistry

__all__ = ["WorkspaceParts"]


class WorkspaceParts:
    """Settings resolved once; the parts that need no model, built once and shared.

    The constructor does no I/O. See :class:`~reverie.workspace.Workspace` for
    the arguments.
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

    # -- sizes -------------------------------------------------------------------

    @property
    def max_completion_tokens(self) -> int:
        """Room kept for each answer."""
        return self.settings.max_completion_tokens

    @property
    def budget(self) -> int:
        """Prompt tokens at which consolidation starts (0: budgeting is off)."""
        return prompt_budget(self.settings.context_window_tokens, self.max_completion_tokens)
