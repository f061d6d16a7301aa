"""Planning and applying a forget over a whole workspace.

A forget runs in two steps. :func:`plan_forget` works out every change
without making one (the same code as the real run, in dry-run mode) and
refuses what it cannot do cleanly. :meth:`ForgetPlan.apply` then, holding the
workspace's forget lock and the Dream lock (no Dream may write mid-forget):

1. writes the journal (``memory/.forget.json``);
2. rewrites each file under its writers' lock, atomically;
3. rewrites the git history (a text forget), under the repository's lock;
4. deletes derived data (the recall index), which is rebuilt on use;
5. searches the whole workspace again, git objects decompressed;
6. deletes the journal.

Every step can be repeated, so running the same forget again after a crash
finishes it.
"""

from __future__ import annotations

import contextlib
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reverie.dream.commit_message import CURSORS_TRAILER, parse_cursor_range
from reverie.dream.lock import DreamLock
from reverie.dream.runner import DREAM_LOCK_NAME
from reverie.errors import GitStoreError, StoreError, UserError
from reverie.forget.entries import Selection, apply_selection, select_entry, select_session
from reverie.forget.files import DERIVED_DIRS, JOURNAL_NAME, Rewrite, WorkspaceFiles
from reverie.forget.git_history import GitRewrite, rewrite_repository
from reverie.forget.journal import ForgetJournal, text_target
from reverie.forget.receipt import FileChange, ForgetReceipt
from reverie.forget.scrub import Scrubber
from reverie.forget.verify import find_everywhere
from reverie.locks import WorkspaceLock
from reverie.sessions.manager import SessionManager
from reverie.store._git_commit import GIT_FAILURES
from reverie.store.memory_store import MemoryStore

if TYPE_CHECKING:
    from reverie.store.git import GitStore

__all__ = ["MIN_TEXT_CHARS", "ForgetPlan", "plan_forget"]

MIN_TEXT_CHARS = 4
"""Shorter texts are refused: forgetting "a" or "ok" would maul every file."""
_LOCK_NAME = ".forget.lock"


@dataclass(frozen=True)
class _Target:
    text: str | None = None
    cursor: int | None = None
    session: str | None = None

    def describe(self) -> str:
        if self.text is not None:
            return f"a text of {len(self.text)} characters"
        if self.cursor is not None:
            return f"history entry {self.cursor} and the messages it covers"
        return f"session {self.session!r}"

    def journal_record(self) -> dict[str, Any]:
        if self.text is not None:
            return text_target(self.text)
        if self.cursor is not None:
            return {"kind": "cursor", "cursor": self.cursor}
        return {"kind": "session", "key": self.session}


@dataclass
class ForgetPlan:
    """What a forget will change; nothing has changed yet. Call :meth:`apply` to do it.

    Attributes:
        receipt: The changes, as the receipt will list them (a dry run).
        problems: Why the forget cannot be done cleanly; :meth:`apply` refuses
            while there are any.
        resumes: An unfinished forget of the same target exists; applying finishes it.
    """

    receipt: ForgetReceipt
    problems: list[str] = field(default_factory=list)
    resumes: bool = False
    _store: MemoryStore | None = field(default=None, repr=False)
    _sessions: SessionManager | None = field(default=None, repr=False)
    _target: _Target = field(default_factory=_Target, repr=False)
    _before_apply: Callable[[], None] | None = field(default=None, repr=False)

    @property
    def changes_anything(self) -> bool:
        """True when applying would change a file, a commit or derived data."""
        receipt = self.receipt
        git = receipt.git
        return bool(
            receipt.files
            or receipt.derived_deleted
            or receipt.dream_sessions_deleted
            or (git is not None and (git.commits_rewritten or git.objects_deleted))
            or self.resumes
        )

    def apply(self) -> ForgetReceipt:
        """Make the changes and return the receipt.

        Raises:
            UserError: the plan has problems, another forget or a Dream is
                running, a session to change is open in a chat, or another
                forget is unfinished.
            StoreError: a file cannot be written (run the forget again to finish).
        """
        if self.problems:
            raise UserError("cannot forget: " + "; ".join(self.problems))
        assert self._store is not None and self._sessions is not None
        if self._before_apply is not None:
            self._before_apply()
        return _Run(self._store, self._sessions, self._target).apply()


def plan_forget(
    store: MemoryStore,
    sessions: SessionManager,
    text: str | None = None,
    *,
    cursor: int | None = None,
    session: str | None = None,
    before_apply: Callable[[], None] | None = None,
) -> ForgetPlan:
    """Work out what forgetting ``text`` (or ``cursor``, or ``session``) changes.

    Exactly one of the three is given. ``text`` is matched exactly (case
    matters) and must be at least :data:`MIN_TEXT_CHARS` characters.
    ``before_apply`` runs first thing in :meth:`ForgetPlan.apply` (the workspace
    closes its recall index there, since the forget deletes it).

    Raises:
        UserError: no target or several, a text too short, an unknown cursor or session.
    """
    target = _check_target(text, cursor, session)
    plan = _Run(store, sessions, target).plan()
    plan._before_apply = before_apply
    return plan


def _check_target(text: str | None, cursor: int | None, session: str | None) -> _Target:
    given = [value for value in (text, cursor, session) if value is not None]
    if len(given) != 1:
        raise UserError(
            "say what to forget: a TEXT, a history --cursor N, or a --session KEY (one of them)"
        )
    if text is not None:
        if not isinstance(text, str) or not text.strip():
            raise UserError("the text to forget is empty")
        if len(text) < MIN_TEXT_CHARS:
            raise UserError(
                f"the text to forget has {len(text)} characters; give at least "
                f"{MIN_TEXT_CHARS}, or it would be removed from unrelated words everywhere"
            )
        return _Target(text=text)
    if cursor is not None:
        if isinstance(cursor, bool) or not isinstance(cursor, int) or cursor < 1:
            raise UserError(f"cursor must be a positive integer, got {cursor!r}")
        return _Target(cursor=cursor)
    if not isinstance(session, str) or not session.strip():
        raise UserError("the session key to forget is empty")
    return _Target(session=session)


class _Run:
    """One forget, dry or real."""

    def __init__(self, store: MemoryStore, sessions: SessionManager, target: _Target) -> None:
        self.store = store
        self.sessions = sessions
        self.target = target
        self.root = store.workspace
        self.journal = ForgetJournal(store.memory_dir / JOURNAL_NAME)

    # -- the two entry points ----------------------------------------------------

    def plan(self) -> ForgetPlan:
        existing = self.journal.load()
        resumes = existing is not None and self.journal.matches(
            existing, self.target.journal_record(), self.target.text
        )
        selection = self._selection(existing.target if resumes and existing else None)
        problems: list[str] = []
        if existing is not None and not resumes:
            problems.append(
                f"a forget of {existing.describe()} started {existing.started_at} did not "
                f"finish; run it again first (or delete {self.journal.path} to give it up)"
            )
        receipt = self._work(selection, dry_run=True, problems=problems)
        return ForgetPlan(
            receipt=receipt,
            problems=problems,
            resumes=resumes,
            _store=self.store,
            _sessions=self.sessions,
            _target=self.target,
        )

    def apply(self) -> ForgetReceipt:
        started = time.monotonic()
        with self._exclusive():
            record = self.target.journal_record()
            existing, resumed = self.journal.begin(record, self.target.text)
            selection = self._selection(existing.target if resumed else None)
            if selection is not None and "selection" not in existing.target:
                existing.target["selection"] = selection.to_dict()
                self.journal.save(existing)
            problems: list[str] = []
            try:
                receipt = self._work(selection, dry_run=False, problems=problems)
            except (StoreError, OSError) as exc:
                # The journal stays: the next run of the same forget picks up here.
                raise StoreError(
                    f"the forget stopped part-way ({exc}); run the same `reverie forget` "
                    "again to finish it"
                ) from exc
            if problems:  # something appeared since the plan: stop before git or the journal
                raise UserError("cannot finish the forget: " + "; ".join(problems))
            if self.target.text is not None:
                receipt.remaining = find_everywhere(self.root, Scrubber(self.target.text))
                receipt.searched = True
            receipt.resumed = resumed
            self.journal.finish()
        receipt.seconds = time.monotonic() - started
        return receipt

    # -- the work ----------------------------------------------------------------

    def _selection(self, journaled: dict[str, Any] | None) -> Selection | None:
        if self.target.text is not None:
            return None
        if journaled is not None and "selection" in journaled:
            return Selection.from_dict(journaled["selection"])
        entries = self.store.history.read_since(0)
        files = self._files(dry_run=True)
        if self.target.cursor is not None:
            return select_entry(entries, self.target.cursor)
        assert self.target.session is not None
        return select_session(entries, self.target.session, files)

    def _files(self, *, dry_run: bool) -> WorkspaceFiles:
        return WorkspaceFiles(self.root, self.sessions, self.store.history, dry_run=dry_run)

    def _work(
        self, selection: Selection | None, *, dry_run: bool, problems: list[str]
    ) -> ForgetReceipt:
        receipt = ForgetReceipt(target=self.target.describe())
        files = self._files(dry_run=dry_run)
        if self.target.text is not None:
            scrubber = Scrubber(self.target.text)
            problems += _name_problems(files, scrubber)
            self._forget_text(files, scrubber, receipt, problems)
            if not problems:
                receipt.git = self._forget_in_git(scrubber, dry_run=dry_run)
                if receipt.git is not None and receipt.git.names:
                    problems.append(
                        f"{len(receipt.git.names)} path(s) in the git history have the text "
                        "in their name; rename them in history with git itself"
                    )
        else:
            assert selection is not None
            report = apply_selection(files, selection)
            receipt.files = [FileChange(path, what) for path, what in report.files.items()]
            receipt.dream_sessions_deleted = report.dream_sessions
            receipt.dream_commits = self._dream_commits(set(selection.cursors))
        if not problems:
            receipt.derived_deleted = self._delete_derived(dry_run=dry_run)
        return receipt

    def _forget_text(
        self, files: WorkspaceFiles, scrubber: Scrubber, receipt: ForgetReceipt, problems: list[str]
    ) -> None:
        structural: dict[str, set[str]] = {}
        for relative in [*files.walk(), *files.walk_git_meta()]:
            counted: list[int] = []
            changed = files.rewrite(relative, _text_change(scrubber, relative, counted, structural))
            removed = sum(counted)
            if changed and removed:
                plural = "s" if removed != 1 else ""
                receipt.files.append(FileChange(relative, f"{removed} occurrence{plural} removed"))
        for relative, fields in sorted(structural.items()):
            shown = ", ".join(sorted(fields))
            advice = (
                "forget that session with --session KEY first"
                if fields & {"key", "session_key"}
                else "give a longer, more specific text"
            )
            problems.append(
                f"{relative}: the text is part of the file's bookkeeping ({shown}); {advice}"
            )

    def _forget_in_git(self, scrubber: Scrubber, *, dry_run: bool) -> GitRewrite | None:
        git = self.store.git
        if not git.git_dir.is_dir():
            return None
        try:
            with _repository(git, locked=not dry_run) as repo:
                report = rewrite_repository(git.git_dir, repo, scrubber, dry_run=dry_run)
        except GitStoreError:
            raise
        except GIT_FAILURES as exc:
            raise GitStoreError(
                f"cannot rewrite the history of {git.git_dir} ({type(exc).__name__}: {exc}); "
                "the repository may be damaged"
            ) from exc
        if not (report.commits_rewritten or report.objects_deleted or report.index_entries):
            return None if report.commits_with_text == 0 else report
        return report

    def _dream_commits(self, cursors: set[int]) -> list[str]:
        git = self.store.git
        if not cursors or not git.is_initialized():
            return []
        found = []
        for info in git.log(max_entries=100_000):
            span = parse_cursor_range(info.trailers.get(CURSORS_TRAILER))
            if span is not None and any(span[0] <= cursor <= span[1] for cursor in cursors):
                found.append(info.sha)
        return found

    def _delete_derived(self, *, dry_run: bool) -> list[str]:
        deleted = []
        for relative in DERIVED_DIRS:
            path = self.root / relative
            if path.exists():
                deleted.append(relative)
                if not dry_run:
                    shutil.rmtree(path)
        return deleted

    # -- locks -------------------------------------------------------------------

    @contextlib.contextmanager
    def _exclusive(self) -> Iterator[None]:
        lock = WorkspaceLock(self.store.memory_dir / _LOCK_NAME)
        try:
            lock.acquire(timeout=0)
        except StoreError:
            raise UserError(f"another `reverie forget` is running on {self.root}") from None
        try:
            dream = DreamLock(self.store.memory_dir / DREAM_LOCK_NAME)
            if not dream.try_acquire():
                holder = dream.busy_holder.describe() if dream.busy_holder else "holder unknown"
                raise UserError(f"a Dream is running ({holder}); forget again after it")
            try:
                yield
            finally:
                dream.release()
        finally:
            lock.release()


def _text_change(
    scrubber: Scrubber, relative: str, counted: list[int], structural: dict[str, set[str]]
) -> Rewrite:
    def change(data: bytes) -> bytes:
        result = scrubber.file_bytes(relative, data)
        if result.structure:
            structural.setdefault(relative, set()).update(result.structure)
            return data  # refused by the caller, before anything is written
        counted.append(result.count)
        return result.data

    return change


def _name_problems(files: WorkspaceFiles, scrubber: Scrubber) -> list[str]:
    named = [
        path for path in files.names() if scrubber.in_bytes(path.encode("utf-8", "surrogateescape"))
    ]
    if not named:
        return []
    shown = ", ".join(scrubber.text(path)[0] for path in named[:5])
    return [
        f"{len(named)} file or folder name(s) contain the text ({shown}, the text shown as "
        "[forgotten]); rename or delete them first"
    ]


@contextlib.contextmanager
def _repository(git: GitStore, *, locked: bool) -> Iterator[Any]:
    if locked:
        with git.exclusive() as repo:
            yield repo
        return
    from dulwich.repo import Repo

    repo = Repo(str(git.workspace))
    try:
        yield repo
    finally:
        repo.close()
