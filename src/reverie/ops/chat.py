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
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from reverie._background import BackgroundTasks
from reverie._logging import get_logger
from reverie.errors import ReverieError
from reverie.workspace import Workspace

if TYPE_CHECKING:
    from reverie.agent import Agent
    from reverie.commands import DreamCommands
    from reverie.ops.status import WorkspaceStatus

__all__ = ["HELP_TEXT", "ChatController", "ChatOutput"]

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
        ws: The opened workspace (its provider answers the turns).
        session_key: The session the turns go to.
        dream_on_schedule: Run Dream in the background when it is due.
    """

    def __init__(self, ws: Workspace, *, session_key: str, dream_on_schedule: bool = True) -> None:
        from reverie.agent import Agent

        self.workspace = ws
        self.session_key = session_key
        self.dream_on_schedule = dream_on_schedule
        # The answer is shown before the summary is made.
        self.agent: Agent = Agent(ws, background_consolidation=True)
        self.commands: DreamCommands = ws.dream_commands()
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

        report = workspace_status(self.workspace, max_sessions=0)
        session = self.agent.sessions.get_or_create(self.session_key)
        report.sessions = [session_use(self.workspace, session)]
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
            due, _ = dream_due(self.workspace)
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
