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

Step 6 and 7 (commit or roll back) live in :mod:`reverie.dream._settle`; the
result and how a run is reported, in :mod:`reverie.dream.result`.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from reverie._logging import get_logger
from reverie.dream._settle import compact_history, roll_back, settle
from reverie.dream.change_guards import ChangeGuards
from reverie.dream.deletion_window import DEFAULT_MAX_WINDOW_DELETION_RATIO, DeletionWindow
from reverie.dream.guards import DEFAULT_MAX_DELETION_RATIO
from reverie.dream.journal import JOURNAL_NAME, RunJournal, recover_crashed_run
from reverie.dream.lock import DreamLock
from reverie.dream.loop import ChangeTracker, LoopOutcome, run_tool_loop
from reverie.dream.loop_guards import DEFAULT_MAX_STRIKES, LoopDetector, TokenBudget
from reverie.dream.result import (
    DreamResult,
    DreamStatus,
    nothing_new_reason,
    record_result,
    save_result_session,
)
from reverie.dream.sessions import DREAM_SESSION_PREFIX, KEEP_DREAM_SESSIONS
from reverie.dream.versioning import head_has_run, prepare_repository
from reverie.errors import ProviderError, UserError
from reverie.messages import Message
from reverie.providers.base import LLMProvider
from reverie.store.memory_store import MemoryStore
from reverie.tools import DEFAULT_MAX_FILE_CHARS

if TYPE_CHECKING:
    from reverie.config import DreamSettings
    from reverie.sessions.manager import SessionManager

__all__ = ["DREAM_LOCK_NAME", "DREAM_SESSION_PREFIX", "Dream", "DreamResult", "DreamStatus"]

DREAM_LOCK_NAME = ".dream.lock"
"""The Dream lock file, in ``memory/``."""

_KICKOFF = (
    "Fold the new history entries above into the memory files now, using the tools. "
    "When the files are up to date, reply with one or two sentences and no tool calls."
)
_BUSY = "another Dream is running"

_log = get_logger("dream")


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
            compact_history(store)
        since = store.get_last_dream_cursor()
        built = store.build_dream_prompt(max_entries=self.max_entries)
        if built is None:
            reason = nothing_new_reason(since, store.history.last_issued_cursor())
            return record_result(store.memory_dir, DreamResult("nothing_to_do", reason))
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
            roll_back(journal)
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
        result = settle(store, self._guards, self.model, result, outcome, journal)
        result = save_result_session(
            self.sessions, result, outcome.messages, model=self.model, keep=self.keep_sessions
        )
        return record_result(store.memory_dir, result)
