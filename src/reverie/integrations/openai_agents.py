"""An OpenAI Agents SDK session kept as a reverie session.

::

    from agents import Agent, Runner
    from reverie import Workspace
    from reverie.integrations.openai_agents import ReverieSession

    ws = Workspace.open("~/.reverie/workspace")
    session = ReverieSession("user-42", ws)
    result = await Runner.run(Agent(name="helper"), "Plan my week", session=session)

The conversation lives in ``sessions/`` as session ``openai-agents:user-42``,
one message per item (:mod:`reverie.integrations.agents_items`), so reverie's
consolidation summarises it into history, Dream folds that into the memory
files, and recall finds it, function calls and their outputs included. The SDK
gets its items back exactly as it gave them.

After each ``add_items`` the session is consolidated when its prompt passes the
workspace's token budget (``consolidate=False`` turns that off); the messages
stay in the session file, so the SDK still sees the whole conversation.
``clear_session`` moves the messages to the transcript archive before it
empties the session: nothing said is lost.

The class implements the SDK's ``Session`` protocol without importing the SDK.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from reverie._logging import OnceWarner, get_logger
from reverie.errors import ReverieError, UserError
from reverie.integrations._workspace import WorkspaceLike, open_workspace
from reverie.integrations.agents_items import item_to_message, message_to_items, split_last_item
from reverie.messages import as_message

if TYPE_CHECKING:
    from agents.items import TResponseInputItem
    from agents.memory import SessionSettings

    from reverie.sessions.session import Session

__all__ = ["KEY_PREFIX", "ReverieSession"]

KEY_PREFIX = "openai-agents:"
"""Sessions of the Agents SDK are keyed ``openai-agents:<session_id>``."""

_log = get_logger("integrations.openai_agents")
_NAME_LOOKBACK = 64


class ReverieSession:
    """The Agents SDK's ``Session`` protocol over a reverie workspace.

    Args:
        session_id: The SDK's id for the conversation.
        workspace: A :class:`~reverie.Workspace`, or its folder (opened, and
            created when missing).
        consolidate: Summarise the conversation into history when its prompt
            grows past the workspace's budget (uses the workspace's provider).
        session_settings: The SDK's settings; its ``limit`` caps ``get_items``.
    """

    session_settings: SessionSettings | None = None

    def __init__(
        self,
        session_id: str,
        workspace: WorkspaceLike,
        *,
        consolidate: bool = True,
        session_settings: SessionSettings | None = None,
    ) -> None:
        if not isinstance(session_id, str) or not session_id:
            raise UserError(f"session_id must be a non-empty string, got {session_id!r}")
        self.session_id = session_id
        self.workspace = open_workspace(workspace)
        self.session_key = f"{KEY_PREFIX}{session_id}"
        self.consolidate = consolidate
        self.session_settings = session_settings
        self._warner = OnceWarner(_log)

    def __repr__(self) -> str:
        return f"ReverieSession({self.session_id!r}, {self.workspace!r})"

    # -- the Session protocol ----------------------------------------------------

    async def get_items(self, limit: int | None = None) -> list[TResponseInputItem]:
        """The conversation, oldest first; with ``limit``, only the newest ``limit`` items."""
        if limit is None and self.session_settings is not None:
            limit = self.session_settings.limit
        items = await asyncio.to_thread(self._read_items)
        if limit is not None:
            items = items[-limit:] if limit > 0 else []
        return cast("list[TResponseInputItem]", items)  # plain dicts of the SDK's TypedDicts

    async def add_items(self, items: list[TResponseInputItem]) -> None:
        """Append items (stored as given, and as reverie messages).

        Raises:
            SessionError: an item is not a dict or cannot be stored as JSON
                (nothing is added).
        """
        if not items:
            return
        session = await asyncio.to_thread(self._append, list(items))
        if self.consolidate:
            await self._consolidate(session)

    async def pop_item(self) -> TResponseInputItem | None:
        """Remove the newest item and return it; None when the session is empty."""
        popped = await asyncio.to_thread(self._pop)
        return cast("TResponseInputItem | None", popped)

    async def clear_session(self) -> None:
        """Empty the session; its messages move to the transcript archive first."""
        await asyncio.to_thread(self.workspace.sessions.delete_session, self.session_key)

    # -- internals -----------------------------------------------------------------

    def _load(self) -> Session:
        # Another process (or another ReverieSession) may have written the file.
        sessions = self.workspace.sessions
        sessions.invalidate(self.session_key)
        return sessions.get_or_create(self.session_key)

    def _read_items(self) -> list[dict[str, Any]]:
        with self.workspace.sessions.lock(self.session_key):
            messages = self._load().messages
        return [item for message in messages for item in message_to_items(message)]

    def _append(self, items: Sequence[object]) -> Session:
        messages = [item_to_message(item, index) for index, item in enumerate(items)]
        sessions = self.workspace.sessions
        with sessions.lock(self.session_key):
            session = self._load()
            for message in messages:
                if message["role"] == "tool" and "tool_call_id" in message:
                    name = _call_name(session.messages, message["tool_call_id"])
                    if name:
                        message["name"] = name
                role, content = message.pop("role"), message.pop("content")
                session.add_message(role, content, **message)
            sessions.save(session)
        return session

    def _pop(self) -> dict[str, Any] | None:
        sessions = self.workspace.sessions
        with sessions.lock(self.session_key):
            session = self._load()
            while session.messages:
                item, remaining = split_last_item(session.messages.pop())
                if remaining is not None:
                    session.messages.append(as_message(remaining))
                if item is not None:
                    break
            else:
                item = None
            session.last_consolidated = min(session.last_consolidated, len(session.messages))
            sessions.save(session)
        return item

    async def _consolidate(self, session: Session) -> None:
        try:
            await self.workspace.consolidator.maybe_consolidate_by_tokens(session)
        except ReverieError as exc:
            # The items are saved; a provider that cannot be built only delays the summary.
            self._warner.warn(
                "consolidate",
                "session %s was saved but not consolidated: %s",
                self.session_key,
                exc,
            )


def _call_name(messages: Sequence[Mapping[str, Any]], call_id: str) -> str | None:
    for message in reversed(messages[-_NAME_LOOKBACK:]):
        for call in message.get("tool_calls") or []:
            if isinstance(call, dict) and str(call.get("id")) == call_id:
                name = call.get("function", {}).get("name")
                return name if isinstance(name, str) else None
    return None
