"""Replay imported conversations into a workspace, as if they had happened live.

Each conversation becomes a session. Its messages are added turn by turn and,
before each user turn, the Consolidator gets the same chance to archive old
turns that a live chat gives it (same window, same ratio), so long
conversations are summarised in several entries, each naming the exact
messages it covers. When a conversation ends, what is left unconsolidated is
archived too: an import is the past, and all of it should reach history.
Then Dream runs until no history entry is left unprocessed (bounded), turning
the entries into MEMORY.md, USER.md and SOUL.md edits, each a commit.

Importing the same file twice doubles nothing: a conversation already
imported is skipped, and one that grew since (a re-downloaded export, a file
the user keeps appending to) gets only its new messages, replayed and
consolidated like any import. An import that was interrupted (killed, a
crash, Ctrl-C) is resumed from the last message that was saved. What to do
with each conversation is decided by :func:`reverie.ingest.plan.plan_import`,
from the marker each imported session keeps in its metadata.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from reverie.errors import UserError
from reverie.ingest.model import IMPORT_METADATA_KEY, ImportedConversation
from reverie.ingest.plan import ImportPlan, import_marker, marker_first, plan_import
from reverie.locks import WorkspaceLock
from reverie.sessions.session import Session

if TYPE_CHECKING:
    from reverie.consolidation.consolidator import Consolidator
    from reverie.dream.runner import DreamResult
    from reverie.workspace import Workspace

__all__ = [
    "IMPORT_METADATA_KEY",
    "ImportPlan",
    "IngestObserver",
    "IngestReport",
    "Replayer",
    "SkippedConversation",
    "plan_import",
]

_DREAM_SLACK = 2
"""Dream passes allowed beyond the number the pending entries need (a pass may do fewer)."""
_IMPORT_LOCK = "ingest.lock"
_LOCK_POLL_SECONDS = 0.2


class IngestObserver:
    """Hooks a front end overrides to show progress; each does nothing by default."""

    def conversation_started(self, conversation: ImportedConversation) -> None:
        """A conversation starts replaying."""

    def conversation_skipped(self, conversation: ImportedConversation, reason: str) -> None:
        """A conversation is not imported (its messages count as done)."""

    def conversation_resumed(self, conversation: ImportedConversation, done: int) -> None:
        """An interrupted import continues; its first ``done`` messages count as done."""

    def conversation_extended(self, conversation: ImportedConversation, done: int) -> None:
        """A conversation grew since it was imported; its first ``done`` messages count as done."""

    def waiting_for_other_import(self) -> None:
        """Another import into this workspace is running; this one waits for it to end."""

    def message_replayed(self) -> None:
        """One message was added to its session."""

    def history_written(self, entries: int) -> None:
        """A consolidation round wrote ``entries`` history entries."""

    def dream_started(self, pending: int, passes: int) -> None:
        """Dream starts: ``pending`` entries to process in at most ``passes`` runs."""

    def dream_finished(self, result: DreamResult) -> None:
        """One Dream run ended."""


@dataclass(frozen=True)
class SkippedConversation:
    """A conversation that was not imported, and why."""

    key: str
    reason: str


@dataclass
class IngestReport:
    """What a replay did."""

    sessions: list[str] = field(default_factory=list)
    """Keys of the sessions created (or completed, when resumed)."""
    resumed: list[str] = field(default_factory=list)
    """Keys of the sessions whose interrupted import was completed."""
    extended: list[str] = field(default_factory=list)
    """Keys of imported sessions whose conversation grew: only the new messages were added."""
    skipped: list[SkippedConversation] = field(default_factory=list)
    messages: int = 0
    """Messages added to sessions."""
    history_entries: int = 0
    """History entries written by the Consolidator."""
    dream_runs: list[DreamResult] = field(default_factory=list)

    @property
    def commits(self) -> list[str]:
        """Commits Dream made."""
        return [run.commit for run in self.dream_runs if run.commit]

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly view."""
        return {
            "sessions": self.sessions,
            "resumed": self.resumed,
            "extended": self.extended,
            "skipped": [{"key": s.key, "reason": s.reason} for s in self.skipped],
            "messages": self.messages,
            "history_entries": self.history_entries,
            "dream_runs": [
                {
                    "status": run.status,
                    "reason": run.reason,
                    "cursor_from": run.cursor_from,
                    "cursor_to": run.cursor_to,
                    "commit": run.commit,
                    "changed_files": list(run.changed_files),
                }
                for run in self.dream_runs
            ],
            "commits": self.commits,
        }


def _naive_local(stamp: str | None) -> datetime | None:
    if not stamp:
        return None
    try:
        parsed = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    # Sessions keep naive local times, as nanobot writes them.
    return parsed.astimezone().replace(tzinfo=None) if parsed.tzinfo else parsed


class Replayer:
    """Replays conversations through the Consolidator, then runs Dream.

    Args:
        workspace: The opened workspace: its Consolidator (configured as a live
            chat in it would be) writes the summaries, its Dream the memory.
        observer: Progress hooks.
    """

    def __init__(self, workspace: Workspace, *, observer: IngestObserver | None = None) -> None:
        self.workspace = workspace
        self.store = workspace.store
        self.sessions = workspace.sessions
        self.observer = observer or IngestObserver()

    @property
    def consolidator(self) -> Consolidator:
        """The workspace's Consolidator."""
        return self.workspace.consolidator

    async def replay(
        self, conversations: Sequence[ImportedConversation], report: IngestReport
    ) -> IngestReport:
        """Replay ``conversations`` into sessions and history; see the module docstring.

        One import runs at a time per workspace (across processes): a second one
        waits, then finds the conversations the first imported and skips them.

        Raises:
            StoreError: naming the lock file when it cannot be created.
        """
        lock = WorkspaceLock(self.sessions.sessions_dir / ".locks" / _IMPORT_LOCK)
        await self._acquire(lock)
        try:
            await self._replay_all(conversations, report)
        finally:
            lock.release()
        return report

    async def _acquire(self, lock: WorkspaceLock) -> None:
        told = False
        while not lock.try_acquire():
            if not told:
                self.observer.waiting_for_other_import()
                told = True
            # Polling keeps the event loop free (and Ctrl-C working) while we wait.
            await asyncio.sleep(_LOCK_POLL_SECONDS)

    async def _replay_all(
        self, conversations: Sequence[ImportedConversation], report: IngestReport
    ) -> None:
        for conversation in conversations:
            plan = plan_import(self.sessions, conversation)
            with contextlib.ExitStack() as held:
                if plan.action in ("resume", "extend"):
                    # A chat open on the session would save its own copy over ours.
                    plan = self._hold_session(held, conversation)
                if plan.action == "skip":
                    report.skipped.append(SkippedConversation(conversation.key, plan.reason))
                    self.observer.conversation_skipped(conversation, plan.reason)
                    continue
                if plan.action == "resume":
                    self.observer.conversation_resumed(conversation, plan.start)
                    report.resumed.append(conversation.key)
                elif plan.action == "extend":
                    self.observer.conversation_extended(conversation, plan.start)
                else:
                    self.observer.conversation_started(conversation)
                await self._replay_one(conversation, report, plan)
            if plan.action == "extend":
                report.extended.append(conversation.key)
            else:
                report.sessions.append(conversation.key)

    def _hold_session(
        self, held: contextlib.ExitStack, conversation: ImportedConversation
    ) -> ImportPlan:
        """Keep ``reverie chat`` off the session while adding to it; skip it when one has it.

        Once held, the plan is made again from the file as it is now: a chat may
        have saved the session after the first look.
        """
        from reverie.sessions.hold import hold_chat_session

        key = conversation.key
        hint = "leave that chat, then run the import again; nothing was added to it"
        try:
            held.enter_context(hold_chat_session(self.sessions.workspace, key, hint=hint))
        except UserError as exc:
            return ImportPlan("skip", reason=str(exc), label="open in a chat")
        self.sessions.invalidate(key)
        return plan_import(self.sessions, conversation)

    async def _consolidate(self, session: Session, report: IngestReport, **kwargs: Any) -> None:
        before = self.store.get_latest_cursor()
        await self.consolidator.maybe_consolidate_by_tokens(session, **kwargs)
        written = self.store.get_latest_cursor() - before
        if written > 0:
            report.history_entries += written
            self.observer.history_written(written)

    async def _replay_one(
        self, conversation: ImportedConversation, report: IngestReport, plan: ImportPlan
    ) -> None:
        session = self.sessions.get_or_create(conversation.key)
        previous = session.metadata.get(IMPORT_METADATA_KEY)
        if plan.action == "import":
            first = session.archived_offset
        else:
            first = marker_first(previous if isinstance(previous, Mapping) else {})
        if plan.action != "resume":
            # The source's own fields (a ChatGPT title) follow the latest copy.
            session.metadata.update(conversation.metadata)
            session.metadata.setdefault("imported_from", conversation.file.name)
        if plan.action == "import":
            started = _naive_local(conversation.first_timestamp)
            if started is not None:
                session.created_at = started
        # Saved with every save from here on, so a stop mid-way is resumed, not
        # taken for a finished import; the digest comes once all are in.
        session.metadata[IMPORT_METADATA_KEY] = import_marker(
            conversation, first=first, complete=False
        )
        for message in conversation.messages[plan.start :]:
            # The offline provider never waits, so without this a Ctrl-C (which
            # cancels the task) would only land once the whole import is done.
            await asyncio.sleep(0)
            if message["role"] == "user" and session.messages:
                # The moment a live chat would check, before the next turn's prompt.
                await self._consolidate(session, report)
            extra = {k: v for k, v in message.items() if k not in ("role", "content")}
            session.add_message(message["role"], message.get("content"), **extra)
            report.messages += 1
            self.observer.message_replayed()
        last = _naive_local(session.messages[-1].get("timestamp")) if session.messages else None
        session.updated_at = last or session.updated_at
        self.sessions.save(session)
        # The past is over: archive what is left so all of it reaches history.
        await self._consolidate(session, report, replay_max_messages=0)
        if last is not None:
            session.updated_at = last
        session.metadata[IMPORT_METADATA_KEY] = import_marker(
            conversation, first=first, complete=True
        )
        self.sessions.save(session)

    async def dream(self, report: IngestReport, *, max_passes: int | None = None) -> IngestReport:
        """Run Dream until every history entry is processed, at most ``max_passes`` times.

        Stops early when a run does not complete (the model failed, a guard
        rejected the edit); the entries it left stay pending for the next run.
        """
        store = self.store
        pending = len(store.read_unprocessed_history(store.get_last_dream_cursor()))
        if pending == 0:
            return report
        passes = math.ceil(pending / self.workspace.settings.dream.max_entries) + _DREAM_SLACK
        if max_passes is not None:
            passes = min(passes, max_passes)
        dream = self.workspace.dream()
        self.observer.dream_started(pending, passes)
        for _ in range(passes):
            result = await dream.run()
            report.dream_runs.append(result)
            self.observer.dream_finished(result)
            if result.status != "completed":
                break
            if store.get_last_dream_cursor() >= store.get_latest_cursor():
                break
        return report
