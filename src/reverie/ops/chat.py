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

Leaving (``/quit``, ``/exit``, end of input) hands the conversation to history
the way idle compaction does, with no replayable suffix: what was said is
summarised into ``history.jsonl`` (so the next Dream folds it into memory) and
moves verbatim to ``memory/transcripts/``; the summary opens the next chat on
the session. A chat that is killed instead keeps every word in its session
file, and the next chat that ends hands those over too.

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
| `/dream-restore [sha]` | list memory versions, or undo a change and all after it (asks) |
| `/dream-revert <sha>` | undo only that change, keeping later ones |
| `/dream-prompt [init]` | show the Dream guide, or copy it to prompts/dream.md to edit |
| `/help` | this help |
| `/quit` | leave (also `/exit`, Ctrl-D): the conversation goes to history for Dream |
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
        self._left = False

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
            return [await self.leave()]
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
        summary, cursor = await self._archive_everything()
        where = f" (history entry #{cursor})" if cursor is not None else ""
        how = "stored verbatim" if summary is None else "summarised"
        return ChatOutput(
            "note",
            f"Started a new conversation. The previous {count} messages were {how} into "
            f"history{where} and kept verbatim in memory/transcripts/.",
            {"archived": count, "cursor": cursor},
        )

    async def leave(self) -> ChatOutput:
        """Hand what was said to history (as idle compaction would), and say what happened.

        Background work finishes first. The messages not yet in history are
        summarised into one entry for Dream; every message leaves the session
        file for the transcript archive; the summary opens the next chat on this
        session. Called once: by ``/quit`` or, at end of input, by :meth:`close`.
        """
        self._left = True
        await self._drain()
        session = self.agent.sessions.get_or_create(self.session_key)
        count = len(session.unconsolidated())
        if count == 0:
            return ChatOutput("note", "Bye. Nothing new was said, so nothing went to history.")
        try:
            summary, cursor = await self._archive_everything()
        except ReverieError as exc:
            return ChatOutput(
                "error",
                f"Bye. Could not hand this conversation to history ({exc}); its {count} "
                "messages stay in the session file and go to history when a later chat ends.",
                {"handed_over": 0},
            )
        data = {"handed_over": count, "cursor": cursor, "summarised": summary is not None}
        kept = "they are kept verbatim in memory/transcripts/"
        if cursor is None:
            text = f"Bye. Nothing in the last {count} messages was worth a history entry; {kept}."
        elif summary is None:
            text = (
                f"Bye. The model could not summarise, so the {count} messages went to history "
                f"verbatim (entry #{cursor}) for Dream; {kept} too."
            )
        else:
            text = (
                f"Bye. This conversation ({count} messages) is summarised in history as entry "
                f"#{cursor}, for the next Dream to fold into memory (`reverie dream run` does "
                "it now); the messages themselves are kept verbatim in memory/transcripts/."
            )
        return ChatOutput("note", text, data)

    async def _archive_everything(self) -> tuple[str | None, int | None]:
        """Compact the session with no suffix: ``(summary, new history cursor or None)``."""
        store = self.agent.store
        before = store.get_latest_cursor()
        summary = await self.agent.consolidator.compact_idle_session(self.session_key, max_suffix=0)
        cursor = store.get_latest_cursor()
        return summary, cursor if cursor > before else None

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
        """Wait for background work, then hand the conversation to history unless done.

        Ending the input (Ctrl-D, the end of piped lines) leaves the chat as
        ``/quit`` does; what :meth:`leave` reports becomes a note.
        """
        await self._drain()
        if not self._left:
            farewell = await self.leave()
            self._notes.append(farewell.text)

    async def _drain(self) -> None:
        """Wait for background work (consolidation, compaction, Dream) to finish."""
        while self.agent.background_pending or len(self._tasks):
            await self.agent.drain()
            await self._tasks.drain()
