"""Agent: one conversational turn with long-term memory, usable in five lines.

::

    from reverie.agent import Agent

    agent = Agent.open("./ws", provider="offline")
    print(agent.run_sync("I prefer tea over coffee").text)

    # or, sharing one opened workspace with other parts:
    agent = Agent(Workspace.open("./ws", context_window_tokens=8192))

A turn (:meth:`Agent.run`):

1. consolidate the session first when its prompt is over budget;
2. build ``[system, *history, user]`` with the :class:`ContextBuilder` (the
   last summary, if any, is shown in this prompt and then consumed);
3. save the user's message, call the model, run the tool calls it asks for
   (a bounded loop), saving the session after every step;
4. consolidate again (awaited, or with ``background_consolidation=True`` in a
   task, so the answer comes back at once), then let :class:`AutoCompact`
   schedule idle sessions.

A background consolidation holds the session's turn lock, so the session's
next turn starts only once it has finished; :meth:`Agent.drain` waits for all
of them, and their failures are logged (and kept for :meth:`Agent.take_background_errors`).

No request ever exceeds the model's window: every request is counted before it
is sent; if consolidation could not bring it under the budget, the oldest
replayed turns are left out, and as a last resort over-long texts in the
request (never in the session) are shortened in the middle.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reverie._background import BackgroundTasks
from reverie._logging import get_logger
from reverie.agent._hooks import TurnHooks
from reverie.agent._window import RequestWindow
from reverie.autocompact import AutoCompact
from reverie.consolidation.consolidator import Consolidator
from reverie.context import ContextBuilder
from reverie.errors import UserError
from reverie.messages import Message
from reverie.providers.base import LLMProvider
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.store.memory_store import MemoryStore
from reverie.tokens import count_for_provider
from reverie.tools.loop import ToolLoop
from reverie.tools.registry import ERROR_PREFIX, ToolRegistry
from reverie.workspace import Workspace

__all__ = ["DEFAULT_SESSION_KEY", "Agent", "AgentReply"]

DEFAULT_SESSION_KEY = "cli:default"
"""The session a turn goes to when none is named."""

_log = get_logger("agent")


@dataclass(frozen=True)
class AgentReply:
    """What one turn produced.

    Attributes:
        text: The assistant's answer (an ``Error: …`` line when the model failed).
        session_key: The session the turn went to.
        finish_reason: The last model call's ``finish_reason``.
        tool_calls: Names of the tools run during the turn, in order.
        model_calls: How many requests the turn sent.
        usage: Token usage summed over the turn's requests.
        error: The provider's error message when the turn failed, else None.
    """

    text: str
    session_key: str
    finish_reason: str = "stop"
    tool_calls: tuple[str, ...] = ()
    model_calls: int = 0
    usage: dict[str, int] = field(default_factory=dict)
    error: str | None = None


class Agent:
    """A minimal agent loop over a reverie workspace.

    Args:
        workspace: The opened workspace (:meth:`Workspace.open`); its settings
            size the window, and its provider answers.
        tools: Tools offered to the model besides the workspace's own; they are
            added to :attr:`Workspace.tools`, so prompt estimates count them.
        max_tool_iterations: Model calls per turn at most (tool rounds included).
        idle_check_interval: Seconds between two looks for idle sessions
            (each reads every session file's header).
        background_consolidation: Run the consolidation after a turn as a
            task instead of awaiting it: :meth:`run` returns as soon as the
            answer is saved. Call :meth:`drain` before the loop ends.
    """

    def __init__(
        self,
        workspace: Workspace,
        *,
        tools: ToolRegistry | None = None,
        max_tool_iterations: int = 10,
        idle_check_interval: float = 60.0,
        background_consolidation: bool = False,
    ) -> None:
        if not isinstance(workspace, Workspace):
            raise UserError(
                f"Agent needs an opened Workspace, got {workspace!r}; use "
                "Agent.open(path, ...) or Agent(Workspace.open(path, ...))"
            )
        if isinstance(max_tool_iterations, bool) or not isinstance(max_tool_iterations, int):
            raise UserError(f"max_tool_iterations must be an integer, got {max_tool_iterations!r}")
        if max_tool_iterations < 1:
            raise UserError(f"max_tool_iterations must be >= 1, got {max_tool_iterations}")
        self.workspace = workspace
        self.tools = workspace.tools
        for tool in tools or ():
            self.tools.register(tool)
        self.max_tool_iterations = max_tool_iterations
        self.autocompact: AutoCompact = workspace.autocompact
        self.idle_check_interval = idle_check_interval
        self.background_consolidation = background_consolidation
        self._last_idle_check: float | None = None
        self._active: set[str] = set()
        self._background = BackgroundTasks(_log)
        self._consolidation_queued: set[str] = set()
        # One turn at a time per session: interleaved turns would split tool-call pairs.
        self._turn_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    @classmethod
    def open(
        cls,
        workspace: Path | str | None = None,
        *,
        provider: str | LLMProvider | None = None,
        model: str | None = None,
        tools: ToolRegistry | None = None,
        max_tool_iterations: int = 10,
        idle_check_interval: float = 60.0,
        background_consolidation: bool = False,
        **settings: Any,
    ) -> Agent:
        """An agent over :meth:`Workspace.open` ``(workspace, provider=…, model=…, **settings)``.

        The workspace is created (memory files, settings file, git) when the
        folder is missing or empty; its ``reverie.toml`` and ``REVERIE_*``
        variables are read, then ``settings`` override them.

        Args:
            workspace: The workspace (default: ``$REVERIE_WORKSPACE`` or
                ``~/.reverie/workspace``).
            provider: A provider object; a provider name (``"offline"``,
                ``"openai"``, ``"anthropic"``, ``"openai-compatible"``); or a
                full spec such as ``"openai:gpt-4.1-mini"``.
            model: The model name (overrides the configured one).
            tools: Tools offered to the model.
            max_tool_iterations: See :class:`Agent`.
            idle_check_interval: See :class:`Agent`.
            background_consolidation: See :class:`Agent`.
            **settings: Any :class:`~reverie.config.Settings` field, e.g.
                ``context_window_tokens=8192``.

        Raises:
            ConfigError: a bad setting, naming it.
            MissingAPIKeyError: a networked provider without its key.
        """
        opened = Workspace.open(workspace, provider=provider, model=model, **settings)
        opened.provider  # noqa: B018 (a missing key is reported now, not at the first turn)
        return cls(
            opened,
            tools=tools,
            max_tool_iterations=max_tool_iterations,
            idle_check_interval=idle_check_interval,
            background_consolidation=background_consolidation,
        )

    # -- the workspace's parts -----------------------------------------------------

    @property
    def provider(self) -> LLMProvider:
        """The model provider."""
        return self.workspace.provider

    @property
    def model(self) -> str:
        """The model name."""
        return self.workspace.model

    @property
    def store(self) -> MemoryStore:
        """The workspace's memory store."""
        return self.workspace.store

    @property
    def sessions(self) -> SessionManager:
        """The workspace's sessions."""
        return self.workspace.sessions

    @property
    def context(self) -> ContextBuilder:
        """The workspace's system-prompt builder."""
        return self.workspace.context

    @property
    def consolidator(self) -> Consolidator:
        """The workspace's Consolidator."""
        return self.workspace.consolidator

    # -- running turns -----------------------------------------------------------

    def run_sync(self, message: str, *, session_key: str = DEFAULT_SESSION_KEY) -> AgentReply:
        """:meth:`run` for code without an event loop; waits for background work too.

        Raises:
            UserError: when called from inside a running event loop.
        """
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self._run_and_drain(message, session_key))
        raise UserError("run_sync() cannot be used inside an event loop; use await agent.run()")

    async def _run_and_drain(self, message: str, session_key: str) -> AgentReply:
        reply = await self.run(message, session_key=session_key)
        await self.drain()
        return reply

    async def drain(self) -> None:
        """Wait for the background consolidations and compactions this agent started.

        Their failures were logged when they happened and are not raised here.
        """
        await self._background.drain()

    @property
    def background_pending(self) -> int:
        """How many background consolidations and compactions have not finished."""
        return len(self._background)

    def take_background_errors(self) -> list[str]:
        """One line per background task that failed since the last call, oldest first."""
        return self._background.take_errors()

    async def run(self, message: str, *, session_key: str = DEFAULT_SESSION_KEY) -> AgentReply:
        """Run one turn of ``session_key`` and return the answer.

        Raises:
            UserError: an empty or non-string message.
            ProviderError: the provider cannot be used at all (not a failed call,
                which comes back as a reply with ``error`` set).
            StoreError: the workspace cannot be written.
        """
        if not isinstance(message, str) or not message.strip():
            raise UserError(f"a message must be a non-empty string, got {message!r}")
        async with self._turn_lock(session_key):
            self._active.add(session_key)
            try:
                return await self._turn(message, session_key)
            finally:
                self._active.discard(session_key)
                self._schedule_idle()

    def _turn_lock(self, key: str) -> asyncio.Lock:
        lock = self._turn_locks.get(key)
        if lock is None:
            lock = self._turn_locks[key] = asyncio.Lock()
        return lock

    async def _turn(self, message: str, key: str) -> AgentReply:
        session = self.sessions.get_or_create(key)
        await self.consolidator.maybe_consolidate_by_tokens(session)
        session = self.sessions.get_or_create(key)
        prefix = self._prefix(session, message)
        turn: list[Message] = [{"role": "user", "content": message}]
        history = self._window().initial_history(session, prefix, turn)
        self.context.mark_summary_shown(session)
        session.add_message("user", message)
        self.sessions.save(session)  # the user's words are on disk before any call

        loop = ToolLoop(
            self.provider,
            self.tools,
            model=self.model,
            max_iterations=self.max_tool_iterations,
            max_tokens=self.consolidator.max_completion_tokens,
            hooks=TurnHooks(self._window(), prefix, history, session, self.sessions),
        )
        result = await loop.run(turn)
        ran, usage = tuple(result.tool_calls), result.usage
        if result.end == "stopped":  # the only hook that stops: the request cannot fit
            _log.warning("session %r: %s; no request sent", key, result.reason)
            text = f"{ERROR_PREFIX} {result.reason}"
            return AgentReply(text, key, "error", ran, result.calls, usage, result.reason)
        response = result.response
        assert response is not None  # every other end follows a model call
        if result.end == "provider_error":
            error = str(response.error or "the model call failed")
            return AgentReply(
                f"{ERROR_PREFIX} {error}", key, "error", ran, result.calls, usage, error
            )
        text = response.content or ""
        if result.end == "iteration_cap" and not text:
            text = (
                f"(stopped after {self.max_tool_iterations} model calls with tools still pending)"
            )
        session.add_message("assistant", text)
        self.sessions.save(session)
        if not self.background_consolidation:
            await self.consolidator.maybe_consolidate_by_tokens(session)
        elif self.consolidator.context_window_tokens > 0 and key not in self._consolidation_queued:
            # A queued one has not started yet; when it does it sees this turn too.
            self._consolidation_queued.add(key)
            self._background.spawn(
                self._consolidate_later(session), name=f"consolidation of session {key!r}"
            )
        return AgentReply(text, key, response.finish_reason, ran, result.calls, usage)

    async def _consolidate_later(self, session: Session) -> None:
        # The turn lock (not only the consolidator's) keeps the session's next turn
        # from starting, and from adding messages, while its history is summarised.
        try:
            async with self._turn_lock(session.key):
                self._consolidation_queued.discard(session.key)
                await self.consolidator.maybe_consolidate_by_tokens(session)
        finally:
            self._consolidation_queued.discard(session.key)

    # -- keeping requests inside the window --------------------------------------

    def _tool_definitions(self) -> list[dict[str, Any]] | None:
        return self.tools.definitions() or None

    def _prefix(self, session: Session, message: str) -> list[Message]:
        system = self.context.build_system_prompt(session.key, session=session)
        recalled = self.workspace.recalled_context(message, session)
        if recalled:
            system = f"{system}\n\n{recalled}" if system else recalled
        return [{"role": "system", "content": system}] if system else []

    def _size(self, messages: Sequence[Mapping[str, Any]]) -> int:
        return count_for_provider(
            self.provider, messages, self._tool_definitions(), self.model
        ).tokens

    def _limit(self) -> int | None:
        return self.consolidator.budget if self.consolidator.context_window_tokens > 0 else None

    def _window(self) -> RequestWindow:
        return RequestWindow(self._size, self._limit())

    # -- idle sessions -----------------------------------------------------------

    def _schedule_idle(self) -> None:
        # Listing sessions reads every session file: not after every single turn.
        now = time.monotonic()
        last = self._last_idle_check
        if not self.autocompact.enabled or (
            last is not None and now - last < self.idle_check_interval
        ):
            return
        self._last_idle_check = now
        self.autocompact.check_expired(self._spawn, active_session_keys=self._active)

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        self._background.spawn(coroutine, name="auto-compaction of an idle session")
