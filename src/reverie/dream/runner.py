"""Dream: fold new history entries into the memory files, unattended and reversibly.

One :meth:`Dream.run`:

1. takes the workspace Dream lock (``memory/.dream.lock``) without waiting; if
   another run holds it, returns ``incomplete`` ("another Dream is running");
2. settles a run that died mid-way (its journal is still there): undoes its
   edits, or, when it had already moved the cursor, makes its missing commit;
3. creates the memory repository when there is none, and commits edits made
   outside Dream, so the Dream commit holds only Dream's changes;
4. builds the prompt (:meth:`MemoryStore.build_dream_prompt`); nothing new →
   ``nothing_to_do``;
5. runs the bounded tool loop, journaling each write before it is made
   (:mod:`reverie.dream.journal`);
6. **completed** (a final answer without tool calls, within the caps, no
   provider error) and no guard objects → moves ``.dream_cursor`` to the
   batch's last cursor, commits with a message built from the real diff,
   compacts the history;
7. otherwise undoes Dream's writes: ``incomplete`` (iteration cap, token
   budget, provider error, loop guard, crash) or ``rejected`` (mass deletion,
   size cap). The cursor stays, nothing is committed, and the same batch is
   retried from a clean state next time. A file someone else changed after
   Dream wrote it is left as they made it.

Each run's conversation is saved as session ``dream:<UTC time>`` when a
:class:`SessionManager` is given; only the newest ten are kept.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from reverie._logging import get_logger
from reverie.dream.change_guards import ChangeGuards
from reverie.dream.deletion_window import DEFAULT_MAX_WINDOW_DELETION_RATIO, DeletionWindow
from reverie.dream.guards import (
    DEFAULT_MAX_DELETION_RATIO,
    DEFAULT_MAX_STRIKES,
    LoopDetector,
    TokenBudget,
)
from reverie.dream.journal import (
    JOURNAL_NAME,
    PendingCommit,
    RunJournal,
    recover_crashed_run,
)
from reverie.dream.lock import DreamLock
from reverie.dream.loop import ChangeTracker, LoopOutcome, run_tool_loop
from reverie.dream.schedule import record_dream_run
from reverie.dream.sessions import DREAM_SESSION_PREFIX, KEEP_DREAM_SESSIONS, save_run_session
from reverie.dream.versioning import (
    CursorNotRecorded,
    commit_run,
    head_has_run,
    prepare_repository,
)
from reverie.errors import ProviderError, ReverieError, UserError
from reverie.messages import Message
from reverie.providers.base import LLMProvider
from reverie.store.memory_store import MemoryStore
from reverie.tools import DEFAULT_MAX_FILE_CHARS

if TYPE_CHECKING:
    from reverie.config import DreamSettings
    from reverie.sessions.manager import SessionManager

__all__ = ["DREAM_LOCK_NAME", "DREAM_SESSION_PREFIX", "Dream", "DreamResult", "DreamStatus"]

DreamStatus = Literal["nothing_to_do", "completed", "incomplete", "rejected"]

DREAM_LOCK_NAME = ".dream.lock"
"""The Dream lock file, in ``memory/``."""

_KICKOFF = (
    "Fold the new history entries above into the memory files now, using the tools. "
    "When the files are up to date, reply with one or two sentences and no tool calls."
)
_BUSY = "another Dream is running"

_log = get_logger("dream")


@dataclass(frozen=True)
class DreamResult:
    """What one :meth:`Dream.run` did.

    Attributes:
        status: ``nothing_to_do``, ``completed``, ``incomplete`` or ``rejected``.
        reason: Why the run ended that way, in words.
        cursor_from: First history cursor of the batch (None when there was none).
        cursor_to: Last history cursor of the batch (None when there was none).
        tool_calls: Tool calls the model made.
        commit: The sha of the Dream commit (None unless completed with a repository).
        iterations: Model calls made.
        tokens_used: Tokens spent, from the provider's usage or estimated.
        changed_files: Files the run changed (after a rollback: none).
        session_key: The ``dream:<time>`` session holding the run's conversation.
        tool_errors: Tool calls that were refused or failed (their ``Error:``
            results went back to the model).
        unrestored: Files still holding Dream's uncommitted edits because
            undoing them failed (a full disk); the next run undoes them.
    """

    status: DreamStatus
    reason: str
    cursor_from: int | None = None
    cursor_to: int | None = None
    tool_calls: int = 0
    commit: str | None = None
    iterations: int = 0
    tokens_used: int = 0
    changed_files: tuple[str, ...] = ()
    session_key: str | None = None
    tool_errors: int = 0
    unrestored: tuple[str, ...] = ()

    @property
    def completed(self) -> bool:
        """True when the run completed and the cursor moved."""
        return self.status == "completed"


def _positive(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UserError(f"Dream {name} must be a positive integer, got {value!r}")
    return value


class Dream:
    """The Dream agent of one workspace.

    Args:
        store: The workspace's memory store.
        provider: The model provider.
        model: Model name (None: the provider's ``default_model``).
        sessions: Where to save each run's conversation (None: not saved).
        max_iterations: Most model calls per run.
        max_entries: Most history entries per run.
        token_budget: Most tokens per run, prompt and completion of all calls.
        max_deletion_ratio: Largest share of a file's non-empty lines, facts
            or text a run may remove before it is rejected.
        max_window_deletion_ratio: Largest share of a file's facts or text the
            runs of the last week (ten runs at most) may remove together
            (:mod:`reverie.dream.deletion_window`).
        max_file_chars: Size cap of each memory file.
        max_tokens: Completion limit per call (None: the provider's setting).
        keep_sessions: Dream sessions kept.

    Example:
        >>> dream = Dream(MemoryStore(path), OfflineProvider())  # doctest: +SKIP
        >>> result = await dream.run()  # doctest: +SKIP
        >>> result.status, result.commit  # doctest: +SKIP
        ('completed', '3f0c…')
    """

    def __init__(
        self,
        store: MemoryStore,
        provider: LLMProvider,
        model: str | None = None,
        *,
        sessions: SessionManager | None = None,
        max_iterations: int = 15,
        max_entries: int = 20,
        token_budget: int = 200_000,
        max_deletion_ratio: float = DEFAULT_MAX_DELETION_RATIO,
        max_window_deletion_ratio: float = DEFAULT_MAX_WINDOW_DELETION_RATIO,
        max_file_chars: int = DEFAULT_MAX_FILE_CHARS,
        max_tokens: int | None = None,
        keep_sessions: int = KEEP_DREAM_SESSIONS,
    ) -> None:
        for name, ratio in (
            ("max_deletion_ratio", max_deletion_ratio),
            ("max_window_deletion_ratio", max_window_deletion_ratio),
        ):
            if not 0 <= ratio <= 1:
                raise UserError(f"Dream {name} must be in [0, 1], got {ratio}")
        self.store = store
        self.provider = provider
        self.model = model or provider.default_model
        self.sessions = sessions
        self.max_iterations = _positive("max_iterations", max_iterations)
        self.max_entries = _positive("max_entries", max_entries)
        self.token_budget = _positive("token_budget", token_budget)
        self.max_deletion_ratio = float(max_deletion_ratio)
        self.max_file_chars = _positive("max_file_chars", max_file_chars)
        self._guards = ChangeGuards(
            DeletionWindow(store.memory_dir, max_ratio=float(max_window_deletion_ratio)),
            max_deletion_ratio=self.max_deletion_ratio,
            max_file_chars=self.max_file_chars,
        )
        self.max_tokens = max_tokens
        self.keep_sessions = _positive("keep_sessions", keep_sessions)

    @classmethod
    def from_settings(
        cls,
        store: MemoryStore,
        provider: LLMProvider,
        settings: DreamSettings,
        *,
        model: str | None = None,
        sessions: SessionManager | None = None,
    ) -> Dream:
        """A Dream configured by a workspace's ``[dream]`` settings."""
        return cls(
            store,
            provider,
            model or settings.model or None,
            sessions=sessions,
            max_iterations=settings.max_iterations,
            max_entries=settings.max_entries,
            token_budget=settings.token_budget,
            max_deletion_ratio=settings.max_deletion_ratio,
        )

    @property
    def lock_file(self) -> Path:
        """``memory/.dream.lock``."""
        return self.store.memory_dir / DREAM_LOCK_NAME

    @property
    def journal_file(self) -> Path:
        """``memory/.dream_journal.json``: present only while a run is in progress."""
        return self.store.memory_dir / JOURNAL_NAME

    async def run(self) -> DreamResult:
        """Run one Dream pass; see the module docstring for the steps.

        Returns:
            The outcome; a failure of the model or the loop is an ``incomplete``
            result, not an exception.

        Raises:
            StoreError: the workspace or its repository cannot be read or written
                (before any memory file was changed, or after rolling back).
        """
        lock = DreamLock(self.lock_file)
        if not lock.try_acquire():
            holder = lock.busy_holder
            reason = f"{_BUSY} ({holder.describe()})" if holder is not None else _BUSY
            _log.info("Dream skipped: %s", reason)
            return DreamResult("incomplete", reason)
        try:
            return await self._run_locked()
        finally:
            lock.release()

    # -- the steps -----------------------------------------------------------------

    async def _run_locked(self) -> DreamResult:
        store = self.store
        recovery = recover_crashed_run(
            store.workspace,
            self.journal_file,
            dream_cursor=store.get_last_dream_cursor(),
            landed=lambda pending: head_has_run(store, pending),
        )
        if prepare_repository(store, self.journal_file, recovery.pending):
            self._compact()
        since = store.get_last_dream_cursor()
        built = store.build_dream_prompt(max_entries=self.max_entries)
        if built is None:
            reason = f"no new history entries after cursor {since}"
            issued = store.history.last_issued_cursor()
            if since > issued:
                reason += (
                    f", but the Dream cursor is ahead of the history log (the last cursor "
                    f"issued is {issued}): entries {issued + 1}-{since} would be skipped; run "
                    "`reverie doctor --fix` to put it back"
                )
            return self._record(DreamResult("nothing_to_do", reason))
        prompt, cursor_to = built
        cursor_from = store.history.read_since(since, limit=1)[0].cursor
        journal = RunJournal.begin(store.workspace, self.journal_file)
        tracker = ChangeTracker()
        # The store's restricted tools, plus a hook journaling each write before it.
        tools = store.build_dream_tools(
            max_file_chars=self.max_file_chars,
            on_change=tracker,
            before_write=journal.record_write,
        )
        messages: list[Message] = [
            {"role": "system", "content": prompt},
            {"role": "user", "content": _KICKOFF},
        ]
        budget = TokenBudget(self.token_budget)
        try:
            outcome = await run_tool_loop(
                self.provider,
                self.model,
                messages,
                tools,
                max_iterations=self.max_iterations,
                budget=budget,
                detector=LoopDetector(DEFAULT_MAX_STRIKES),
                tracker=tracker,
                max_tokens=self.max_tokens,
            )
        except (asyncio.CancelledError, KeyboardInterrupt):
            self._roll_back(journal)
            raise
        except ProviderError as exc:
            outcome = LoopOutcome(False, f"provider error: {exc}", messages=messages)
        except Exception as exc:
            _log.exception("Dream crashed mid-run; rolling back its edits")
            outcome = LoopOutcome(False, f"crashed: {type(exc).__name__}: {exc}", messages=messages)
        result = DreamResult(
            "incomplete",
            outcome.reason,
            cursor_from,
            cursor_to,
            outcome.tool_calls,
            iterations=outcome.iterations,
            tokens_used=budget.used,
            tool_errors=outcome.tool_errors,
        )
        result = self._settle(result, outcome, journal)
        result = self._save_session(result, outcome.messages)
        return self._record(result)

    def _settle(
        self,
        result: DreamResult,
        outcome: LoopOutcome,
        journal: RunJournal,
    ) -> DreamResult:
        """Commit a completed run, or roll it back; the journal goes either way."""
        if not outcome.completed:
            return replace(result, unrestored=self._roll_back(journal))
        changed = journal.changes()
        before = {path: old for path, (old, _) in changed.items()}
        after = {path: new for path, (_, new) in changed.items()}
        now = datetime.now(UTC)
        reason = self._guards.objection(before, after, now)
        if reason is not None:
            _log.warning("Dream %s", reason)
            unrestored = self._roll_back(journal)
            return replace(result, status="rejected", reason=reason, unrestored=unrestored)
        assert result.cursor_from is not None and result.cursor_to is not None
        pending = PendingCommit(result.cursor_from, result.cursor_to, self.model)
        try:
            sha = commit_run(self.store, pending, changed, journal)
        except CursorNotRecorded as exc:
            if exc.sha is None:
                return self._commit_failed(result, journal, exc)
            self._remember_deletions(before, after, now)
            # The edits are committed; the journal still names the commit, so the
            # next run moves the cursor instead of dreaming the entries again.
            _log.error("Dream committed %s but could not move its cursor: %s", exc.sha[:8], exc)
            return replace(
                result,
                reason=f"could not move the Dream cursor: {exc}",
                commit=exc.sha,
                changed_files=tuple(changed),
            )
        except Exception as exc:
            return self._commit_failed(result, journal, exc)
        self._remember_deletions(before, after, now)
        try:
            journal.finish()
        except ReverieError as exc:  # the run is committed; the next run removes the journal
            _log.warning("could not remove the Dream journal: %s", exc)
        self._compact()
        return replace(
            result,
            status="completed",
            reason=outcome.reason,
            commit=sha,
            changed_files=tuple(changed),
        )

    def _remember_deletions(
        self, before: dict[str, str | None], after: dict[str, str | None], now: datetime
    ) -> None:
        try:
            self._guards.remember(before, after, now)
        except ReverieError as exc:  # the run is committed; the window only forgets it
            _log.warning("could not record the run in the deletion window: %s", exc)

    def _commit_failed(
        self, result: DreamResult, journal: RunJournal, exc: Exception
    ) -> DreamResult:
        """The commit did not land and the cursor did not move: undo the edits."""
        # A store error says all there is to say; anything else is a bug worth its traceback.
        unexpected = not isinstance(exc, ReverieError)
        _log.error("Dream could not commit its run (%s); rolling back", exc, exc_info=unexpected)
        reason = f"commit failed: {type(exc).__name__}: {exc}"
        unrestored = self._roll_back(journal)
        return replace(result, reason=reason, unrestored=unrestored)

    def _roll_back(self, journal: RunJournal) -> tuple[str, ...]:
        """Undo the run's edits; return the files that could not be put back.

        When undoing fails (a full disk), the journal stays so the next run
        finishes the undo before anything else.
        """
        try:
            report = journal.undo()
            journal.finish()
        except ReverieError as exc:
            left = tuple(journal.dream_versions())
            _log.error("Dream could not undo its edits to %s: %s", ", ".join(left), exc)
            return left
        if report.restored:
            _log.info("Dream rolled back %s", ", ".join(report.restored))
        return ()

    def _compact(self) -> None:
        try:
            self.store.compact_history()
        except ReverieError as exc:
            _log.warning("history compaction after Dream failed: %s", exc)

    def _save_session(self, result: DreamResult, messages: list[Message]) -> DreamResult:
        if self.sessions is None or not messages:
            return result
        metadata = {
            "status": result.status,
            "reason": result.reason,
            "cursors": [result.cursor_from, result.cursor_to],
            "commit": result.commit,
            "model": self.model,
        }
        key = save_run_session(self.sessions, messages, metadata, keep=self.keep_sessions)
        return result if key is None else replace(result, session_key=key)

    def _record(self, result: DreamResult) -> DreamResult:
        try:
            record_dream_run(
                self.store.memory_dir,
                status=result.status,
                reason=result.reason,
                at=datetime.now(UTC),
                commit=result.commit,
            )
        except ReverieError as exc:
            _log.warning("could not record the Dream run: %s", exc)
        return result
