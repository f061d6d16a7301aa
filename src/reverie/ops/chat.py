"""A chat with memory, independent of the terminal: turns, slash commands, schedules.

:class:`ChatController` owns an :class:`~reverie.agent.Agent` and answers each
line the user types with a list of :class:`ChatOutput`: the model's reply, or
the result of a slash command. The reply is returned as soon as it is saved:
the consolidation that may follow a turn runs in the background (the next turn
waits for it, and :meth:`ChatController.close` waits for all background work).
It also keeps the two clocks of a live chat:

* **AutoCompact**: sessions idle past ``session_ttl_minutes`` are compacted in
  the background (:meth:`tick`, called after each turn and by a timer);
* **Dream**: when the schedule says so and history is waiting, Dream runs in
  the background; its outcome is reported as a note before the next prompt.

The front end (``reverie chat``) only reads lines and renders outputs.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from reverie._background import BackgroundTasks
from reverie._logging import get_logger
from reverie.errors import ReverieError, UserError
from reverie.ops.runtime import Runtime

if TYPE_CHECKING:
    from reverie.agent import Agent
    from reverie.commands import DreamCommands
    from reverie.ops.status import WorkspaceStatus

__all__ = ["HELP_TEXT", "ChatController", "ChatOutput", "hold_chat_session"]

HELP_TEXT = """\
Type a message to talk; everything is recorded and remembered.

| command | what it does |
|---|---|
| `/status` | workspace, provider, cursors, Dream, this session's context use |
| `/new` | archive this conversation (summary to history, messages kept verbatim), start fresh |
| `/dream` | run Dream now |
| `/dream-log [sha]` | the latest (or given) Dream change and its diff |
| `/dream-restore [sha]` | list memory versions, or undo a change |
| `/dream-prompt [init]` | show the Dream guide, or copy it to prompts/dream.md to edit |
| `/help` | this help |
| `/quit` | leave (also Ctrl-D) |
"""

_log = get_logger("chat")

OutputKind = Literal["reply", "markdown", "note", "error", "failed", "status"]
"""``error`` is plain text; ``failed`` is a slash command's Markdown answer reporting a failure."""


@contextlib.contextmanager
def hold_chat_session(
    workspace: Path,
    session_key: str,
    *,
    hint: str = "leave that chat first, or talk in another session with --session KEY",
) -> Iterator[None]:
    """Keep ``session_key`` to this chat (or command) until the block ends.

    Two chats on one session would each save their own copy of it, and the
    second save would push the first one's turns out to a ``.conflict`` file;
    so a second chat on a session already open is refused instead. Commands
    that rewrite a session (``reverie sessions delete``) take it the same way.

    Args:
        workspace: The workspace folder.
        session_key: The session.
        hint: What the user can do instead, appended to the refusal.

    Raises:
        UserError: the session is open in another chat (another process, or
            another chat of this one).
        StoreError: the lock file cannot be created (names it).
    """
    from reverie.sessions.keys import session_filename
    from reverie.store.locks import WorkspaceLock

    path = workspace / "sessions" / ".locks" / f"{session_filename(session_key)}.chat"
    lock = WorkspaceLock(path)
    if not lock.try_acquire():
        raise UserError(
            f"session {session_key!r} is open in another `reverie chat` on {workspace}; {hint}"
        )
    try:
        yield
    finally:
        lock.release()


@dataclass
class ChatOutput:
    """One thing to show the user."""

    kind: OutputKind
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    status: WorkspaceStatus | None = None


class ChatController:
    """Turns and commands of one chat session.

    Args:
        runtime: The opened workspace (its provider answers the turns).
        session_key: The session the turns go to.
        dream_on_schedule: Run Dream in the background when it is due.
    """

    def __init__(
        self, runtime: Runtime, *, session_key: str, dream_on_schedule: bool = True
    ) -> None:
        from reverie.agent import Agent

        settings = runtime.settings
        self.runtime = runtime
        self.session_key = session_key
        self.dream_on_schedule = dream_on_schedule
        self.agent: Agent = Agent(
            runtime.workspace,
            runtime.provider,
            model=runtime.model,
            context_window_tokens=settings.context_window_tokens,
            max_completion_tokens=settings.max_completion_tokens,
            consolidation_ratio=settings.consolidation_ratio,
            unified_session=settings.unified_session,
            session_ttl_minutes=settings.session_ttl_minutes,
            max_history_entries=settings.max_history_entries,
            background_consolidation=True,  # the answer is shown before the summary is made
        )
        # One store and one session cache for everything, so commands see the turns.
        runtime.store = self.agent.store
        runtime.sessions = self.agent.sessions
        self.commands: DreamCommands = runtime.dream_commands(store=self.agent.store)
        self.finished = False
        self._busy: set[str] = set()
        self._tasks = BackgroundTasks(_log)
        self._dream_task: asyncio.Task[None] | None = None
        self._notes: list[str] = []

    # -- lines -------------------------------------------------------------------

    async def handle(self, line: str) -> list[ChatOutput]:
        """Answer one typed line: a slash command or a message to the model."""
        text = line.strip()
        if not text:
            return []
        try:
            if text.startswith("/"):
                return await self._command(text)
            return await self._turn(text)
        except ReverieError as exc:
            return [ChatOutput("error", str(exc))]

    async def _turn(self, text: str) -> list[ChatOutput]:
        self._busy.add(self.session_key)
        try:
            reply = await self.agent.run(text, session_key=self.session_key)
        finally:
            self._busy.discard(self.session_key)
        await self.tick()
        kind: OutputKind = "error" if reply.error else "reply"
        return [ChatOutput(kind, reply.text, {"tools": list(reply.tool_calls)})]

    async def _command(self, text: str) -> list[ChatOutput]:
        name = text.split()[0].lower()
        if name in ("/quit", "/exit"):
            self.finished = True
            return [ChatOutput("note", "Bye. Everything said here is saved.")]
        if name == "/help":
            return [ChatOutput("markdown", HELP_TEXT)]
        if name == "/status":
            return [ChatOutput("status", status=self.status())]
        if name == "/new":
            return [await self.new_session()]
        if self.commands.handles(text):
            result = await self.commands.handle(text)
            assert result is not None
            return [ChatOutput("markdown" if result.ok else "failed", result.text, result.data)]
        return [ChatOutput("error", f"unknown command {name}; type /help for the list")]

    # -- commands ----------------------------------------------------------------

    def status(self) -> WorkspaceStatus:
        """The workspace status, with this session's context use."""
        from reverie.ops.status import session_use, workspace_status

        report = workspace_status(self.runtime, max_sessions=0)
        session = self.agent.sessions.get_or_create(self.session_key)
        report.sessions = [session_use(self.runtime, session, context=self.agent.context)]
        return report

    async def new_session(self) -> ChatOutput:
        """``/new``: archive this conversation and start an empty one with the same key."""
        session = self.agent.sessions.get_or_create(self.session_key)
        count = len(session.messages)
        if count == 0:
            return ChatOutput("note", "This conversation is already empty.")
        before = self.agent.store.get_latest_cursor()
        summary = await self.agent.consolidator.compact_idle_session(self.session_key, max_suffix=0)
        cursor = self.agent.store.get_latest_cursor()
        where = f" (history entry #{cursor})" if cursor > before else ""
        how = "stored verbatim" if summary is None else "summarised"
        return ChatOutput(
            "note",
            f"Started a new conversation. The previous {count} messages were {how} into "
            f"history{where} and kept verbatim in memory/transcripts/.",
            {"archived": count, "cursor": cursor if cursor > before else None},
        )

    # -- clocks ------------------------------------------------------------------

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        return self._tasks.spawn(coroutine, name="background work of the chat")

    async def tick(self) -> None:
        """Start what is due: idle-session compaction, and Dream on its schedule."""
        from reverie.ops.status import dream_due

        self.agent.autocompact.check_expired(self._spawn, active_session_keys=self._busy)
        if not self.dream_on_schedule or self._dream_task is not None:
            return
        try:
            due, _ = dream_due(self.runtime)
        except ReverieError as exc:
            self._notes.append(f"Dream schedule unreadable: {exc}")
            return
        if due:
            self._dream_task = self._tasks.spawn(self._scheduled_dream(), name="scheduled Dream")

    async def _scheduled_dream(self) -> None:
        try:
            result = await self.commands.dream()
            self._notes.append(f"Scheduled Dream: {result.text}")
        except ReverieError as exc:
            self._notes.append(f"Scheduled Dream failed: {exc}")
        finally:
            self._dream_task = None

    async def timer(self, interval: float) -> None:
        """Call :meth:`tick` every ``interval`` seconds until cancelled."""
        while True:
            await asyncio.sleep(interval)
            await self.tick()

    def take_notes(self) -> list[str]:
        """Notes from background work since the last call, failures included."""
        failures = self.agent.take_background_errors() + self._tasks.take_errors()
        notes, self._notes = self._notes + failures, []
        return notes

    async def close(self) -> None:
        """Wait for background work (consolidation, compaction, Dream) to finish."""
        while self.agent.background_pending or len(self._tasks):
            await self.agent.drain()
            await self._tasks.drain()
