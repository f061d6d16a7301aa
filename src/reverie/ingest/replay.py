"""Replay imported conversations into a workspace, as if they had happened live.

Each conversation becomes a session. Its messages are added turn by turn and,
before each user turn, the Consolidator gets the same chance to archive old
turns that a live chat gives it (same window, same ratio), so long
conversations are summarised in several entries, each naming the exact
messages it covers. When a conversation ends, what is left unconsolidated is
archived too: an import is the past, and all of it should reach history.
Then Dream runs until no history entry is left unprocessed (bounded), turning
the entries into MEMORY.md, USER.md and SOUL.md edits, each a commit.

A conversation whose session already exists is skipped, so importing the same
file twice does not double anything.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from reverie.config import Settings
from reverie.ingest.model import ImportedConversation
from reverie.providers.base import LLMProvider
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.store.memory_store import MemoryStore

if TYPE_CHECKING:
    from reverie.consolidation.consolidator import Consolidator
    from reverie.dream.runner import DreamResult

__all__ = ["IngestObserver", "IngestReport", "Replayer", "SkippedConversation"]

_DREAM_SLACK = 2
"""Dream passes allowed beyond the number the pending entries need (a pass may do fewer)."""


class IngestObserver:
    """Hooks a front end overrides to show progress; each does nothing by default."""

    def conversation_started(self, conversation: ImportedConversation) -> None:
        """A conversation starts replaying."""

    def conversation_skipped(self, conversation: ImportedConversation, reason: str) -> None:
        """A conversation is not imported (its messages count as done)."""

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
    """Keys of the sessions created."""
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
        store: The workspace's memory store.
        sessions: The workspace's session manager.
        provider: The model that writes summaries.
        settings: The workspace settings (window, ratio, Dream limits).
        dream_provider: The model Dream uses (default: ``provider``).
        observer: Progress hooks.
    """

    def __init__(
        self,
        store: MemoryStore,
        sessions: SessionManager,
        provider: LLMProvider,
        settings: Settings,
        *,
        dream_provider: LLMProvider | None = None,
        observer: IngestObserver | None = None,
    ) -> None:
        self.store = store
        self.sessions = sessions
        self.provider = provider
        self.settings = settings
        self.dream_provider = dream_provider or provider
        self.observer = observer or IngestObserver()
        self._consolidator: Consolidator | None = None

    @property
    def consolidator(self) -> Consolidator:
        """The Consolidator, configured as a live chat in this workspace would be."""
        if self._consolidator is None:
            from reverie.consolidation.consolidator import Consolidator
            from reverie.context import ContextBuilder

            settings = self.settings
            context = ContextBuilder(
                self.store.workspace,
                store=self.store,
                sessions=self.sessions,
                unified_session=settings.unified_session,
            )
            self._consolidator = Consolidator(
                self.store,
                self.provider,
                settings.resolved_model,
                self.sessions,
                settings.context_window_tokens,
                context.build_messages,
                lambda: None,
                max_completion_tokens=settings.max_completion_tokens,
                consolidation_ratio=settings.consolidation_ratio,
                unified_session=settings.unified_session,
            )
        return self._consolidator

    def already_imported(self, key: str) -> bool:
        """True when session ``key`` exists (in its file or the transcript archive)."""
        if self.sessions.session_path(key).exists():
            return True
        return self.sessions.transcripts.next_index(key) > 0

    async def replay(
        self, conversations: Sequence[ImportedConversation], report: IngestReport
    ) -> IngestReport:
        """Replay ``conversations`` into sessions and history; see the module docstring."""
        for conversation in conversations:
            if self.already_imported(conversation.key):
                reason = (
                    "already imported (delete it with `reverie sessions delete "
                    f"{conversation.key}` to import it again)"
                )
                report.skipped.append(SkippedConversation(conversation.key, reason))
                self.observer.conversation_skipped(conversation, reason)
                continue
            self.observer.conversation_started(conversation)
            await self._replay_one(conversation, report)
            report.sessions.append(conversation.key)
        return report

    async def _consolidate(self, session: Session, report: IngestReport, **kwargs: Any) -> None:
        before = self.store.get_latest_cursor()
        await self.consolidator.maybe_consolidate_by_tokens(session, **kwargs)
        written = self.store.get_latest_cursor() - before
        if written > 0:
            report.history_entries += written
            self.observer.history_written(written)

    async def _replay_one(self, conversation: ImportedConversation, report: IngestReport) -> None:
        session = self.sessions.get_or_create(conversation.key)
        session.metadata.update(conversation.metadata)
        session.metadata.setdefault("imported_from", conversation.file.name)
        started = _naive_local(conversation.first_timestamp)
        if started is not None:
            session.created_at = started
        for message in conversation.messages:
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
        self.sessions.save(session)

    async def dream(self, report: IngestReport, *, max_passes: int | None = None) -> IngestReport:
        """Run Dream until every history entry is processed, at most ``max_passes`` times.

        Stops early when a run does not complete (the model failed, a guard
        rejected the edit); the entries it left stay pending for the next run.
        """
        from reverie.dream.runner import Dream

        store = self.store
        pending = len(store.read_unprocessed_history(store.get_last_dream_cursor()))
        if pending == 0:
            return report
        dream_settings = self.settings.dream
        passes = math.ceil(pending / dream_settings.max_entries) + _DREAM_SLACK
        if max_passes is not None:
            passes = min(passes, max_passes)
        dream = Dream.from_settings(
            store,
            self.dream_provider,
            dream_settings,
            model=dream_settings.model or self.settings.resolved_model,
            sessions=self.sessions,
        )
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
