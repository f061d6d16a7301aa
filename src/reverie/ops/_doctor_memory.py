"""``reverie doctor`` checks of the memory repository, Dream's leftovers and the cursors."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from reverie._atomic import write_text_atomic
from reverie._readfile import open_regular_file
from reverie.dream.commit_message import CURSORS_TRAILER, parse_cursor_range
from reverie.dream.journal import JOURNAL_NAME, recover_crashed_run
from reverie.dream.lock import DreamLock
from reverie.dream.runner import DREAM_LOCK_NAME
from reverie.dream.versioning import head_has_run, prepare_repository
from reverie.errors import ReverieError
from reverie.ops._doctor_base import Context, Finding, stamp
from reverie.store.memory_store import MemoryStore

__all__ = [
    "CursorAhead",
    "check_dream_cursor",
    "check_dream_journal",
    "check_git_index",
    "check_git_locks",
    "check_git_objects",
    "check_history_cursor",
    "cursor_ahead",
]

_DREAM_COMMITS_SCANNED = 500


def check_git_locks(ctx: Context) -> Iterator[Finding]:
    """Lock files a dead git write left in ``.git``."""
    git = ctx.store.git
    for path in git.stale_locks(ctx.stale_after):
        problem = (
            f"{path} was left by a git write that died; every later write of "
            f"{path.name.removesuffix('.lock')} fails while it is there"
        )
        if ctx.fix:
            path.unlink(missing_ok=True)
            yield Finding("git-locks", problem, "removed it", True)
        else:
            yield Finding("git-locks", problem, "remove it (no git command is running on it)")


def check_git_index(ctx: Context) -> Iterator[Finding]:
    """An unreadable ``.git/index`` (rebuilt from HEAD's tree)."""
    git = ctx.store.git
    problem = git.index_problem()
    if problem is None:
        return
    text = f"{git.git_dir / 'index'} cannot be read ({problem})"
    if ctx.fix:
        count = git.rebuild_index()
        yield Finding("git-index", text, f"rebuilt it from HEAD ({count} entries)", True)
    else:
        yield Finding("git-index", text, "rebuild it from HEAD's tree (it is derived data)")


def _reverie_made(git_dir: Path) -> bool:
    try:
        first = (git_dir.parent / ".gitignore").read_text(encoding="utf-8").splitlines()[:1]
    except (OSError, UnicodeDecodeError):
        return False
    return first == ["# Written by reverie: this repository versions only the memory files below."]


def check_git_objects(ctx: Context) -> Iterator[Finding]:
    """Missing or unreadable objects on HEAD's history of the memory files."""
    git = ctx.store.git
    damage = git.damage()
    if damage is None:
        return
    where = f"commit {damage.commit[:8]}" if damage.commit else "the history"
    problem = f"{git.git_dir} is damaged: {damage.kind} {damage.sha} of {where} is {damage.reason}"
    if not damage.at_head:
        yield Finding(
            "git-objects",
            problem + "; Dream keeps working, but older versions cannot be shown or restored",
            advice="restore .git/objects from a backup if you have one (`git fsck` lists "
            "what is missing)",
        )
        return
    problem += "; Dream cannot commit until it is repaired"
    if not _reverie_made(git.git_dir):
        yield Finding(
            "git-objects",
            problem,
            advice="this repository is not reverie's own: repair it with git (`git fsck`), "
            "or move .git aside and run `reverie doctor --fix` to start a new one",
        )
        return
    aside = git.git_dir.with_name(f".git.damaged-{stamp()}")
    fix = f"move it aside as {aside.name} and start a new repository from the files as they are"
    if ctx.fix:
        os.replace(git.git_dir, aside)
        git.init()
        yield Finding("git-objects", problem, fix.replace("move", "moved", 1), True)
    else:
        yield Finding("git-objects", problem, fix)


def check_dream_journal(ctx: Context) -> Iterator[Finding]:
    """A journal left by a Dream run that died (settled under the Dream lock)."""
    journal = ctx.memory / JOURNAL_NAME
    if not journal.exists():
        return
    lock = DreamLock(ctx.memory / DREAM_LOCK_NAME)
    if not lock.try_acquire():
        return  # a Dream is running: its journal is live
    try:
        problem = f"{journal} was left by a Dream run that stopped mid-way"
        fix = "settle that run: undo its edits, or finish its commit if it had committed"
        if not ctx.fix:
            yield Finding("dream-journal", problem, fix)
            return
        store = ctx.store
        recovery = recover_crashed_run(
            store.workspace,
            journal,
            dream_cursor=store.get_last_dream_cursor(),
            landed=lambda pending: head_has_run(store, pending),
        )
        if recovery.pending is not None:
            prepare_repository(store, journal, recovery.pending)
            done = "finished its commit and cursor"
        else:
            done = f"undid its edits ({', '.join(recovery.undo.restored) or 'none left'})"
        yield Finding("dream-journal", problem, done, True)
    finally:
        lock.release()


@dataclass(frozen=True)
class CursorAhead:
    """The Dream cursor is past every history cursor issued."""

    problem: str
    target: int
    """Where the repair puts it."""
    why: str
    """Why there, in words."""


def cursor_ahead(store: MemoryStore) -> CursorAhead | None:
    """The Dream cursor ahead of the history log, and where it belongs; None when it is not.

    It belongs where the last commit put it, when that is within the history:
    the cursor was moved by hand. Otherwise the history was reset under it and
    no entry in the log was ever dreamed: 0.
    """
    dream = store.get_last_dream_cursor()
    issued = store.history.last_issued_cursor()
    if dream <= issued:
        return None
    problem = (
        f"{store.dream_cursor_file} is {dream} but the last history cursor issued is {issued}: "
        f"Dream would skip entries {issued + 1}-{dream} as if it had processed them"
    )
    committed = _committed_cursor(store)
    if committed is not None and committed <= issued:
        return CursorAhead(problem, committed, "the last cursor a Dream commit processed")
    return CursorAhead(problem, 0, "no commit holds a cursor within the history: dream it all")


def check_dream_cursor(ctx: Context) -> Iterator[Finding]:
    """``.dream_cursor`` unreadable, or ahead of the history log."""
    store = ctx.store
    path = store.dream_cursor_file
    raw = _raw(path)
    if raw is not None and not raw.strip().isdigit():
        problem = (
            f"{path} holds {raw[:32]!r}, not a cursor: Dream treats it as 0 and processes "
            "the whole history again"
        )
        committed = _committed_cursor(store)
        if committed is None:
            yield Finding(
                "dream-cursor",
                problem,
                advice="write the last cursor Dream processed into it (`reverie dream log` "
                "shows it in the Dream-Cursors trailer)",
            )
            return
        if ctx.fix:
            store.set_last_dream_cursor(committed)
        fix = f"set it to {committed}, the last cursor a Dream commit processed"
        yield Finding("dream-cursor", problem, fix, ctx.fix)
        return
    ahead = cursor_ahead(store)
    if ahead is None:
        return
    if ctx.fix:
        store.set_last_dream_cursor(ahead.target)
    verb = "lowered" if ctx.fix else "lower"
    yield Finding(
        "dream-cursor", ahead.problem, f"{verb} it to {ahead.target} ({ahead.why})", ctx.fix
    )


def _raw(path: Path) -> bytes | None:
    try:
        with open_regular_file(path) as handle:
            return handle.read(64)
    except OSError:
        return None


def _committed_cursor(store: MemoryStore) -> int | None:
    """The last history cursor a Dream commit processed (its ``Dream-Cursors`` trailer).

    The trailer, not the committed ``.dream_cursor``: a cursor edited by hand is
    committed too (as an edit made outside Dream), a trailer only by Dream.
    None without a repository or a Dream commit.
    """
    git = store.git
    if not git.is_initialized():
        return None
    try:
        commits = git.log(_DREAM_COMMITS_SCANNED)
    except ReverieError:
        return None
    for info in commits:
        span = parse_cursor_range(info.trailers.get(CURSORS_TRAILER))
        if span is not None:
            return span[1]
    return None


def check_history_cursor(ctx: Context) -> Iterator[Finding]:
    """An unreadable ``memory/.cursor`` (rewritten from the log)."""
    history = ctx.store.history
    raw = _raw(history.cursor_path)
    if raw is None or not raw.strip() or raw.strip().isdigit():
        return
    problem = f"{history.cursor_path} holds {raw[:32]!r}, not a cursor"
    latest = history.latest_cursor()
    fix = f"rewrite it from the history log ({latest})"
    if ctx.fix:
        with history.lock:
            write_text_atomic(history.cursor_path, str(history.latest_cursor()))
        yield Finding("history-cursor", problem, fix.replace("rewrite", "rewrote", 1), True)
    else:
        yield Finding("history-cursor", problem, fix)
