"""Undoing memory changes: ``/dream-restore`` (back to before a change, and all after it)
and ``/dream-revert`` (that change only).

A restore keeps its contract (:meth:`GitStore.restore`: the state before the
commit, Dream cursor included), but a restore that would also undo later
changes first lists them and waits for a confirmation (``--yes``), pointing to
the revert that keeps them. Texts spell other commands the way the surface
showing them runs them (the ``spell`` given by :class:`~reverie.commands.DreamCommands`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from reverie.commands.result import CommandResult, commit_row, commit_when
from reverie.dream.lock import DreamLock
from reverie.dream.runner import DREAM_LOCK_NAME
from reverie.errors import UserError
from reverie.layout import DREAM_CURSOR_FILE
from reverie.store.memory_store import MemoryStore

__all__ = ["VersionCommands"]

_LOG_SCAN = 500
_RESTORE_LIST = 10

Spell = Callable[[str, str], str]
"""``spell(command, arguments)``: a command as the surface writes it."""


class VersionCommands:
    """``/dream-restore`` and ``/dream-revert`` over one workspace's memory repository.

    Args:
        store: The workspace's memory store.
        spell: Spells a command for the surface showing the results.
    """

    def __init__(self, store: MemoryStore, spell: Spell) -> None:
        self.store = store
        self._spell = spell

    def spell(self, command: str, arguments: str = "") -> str:
        """``command`` as the surface writes it, followed by ``arguments``."""
        return self._spell(command, arguments)

    def need_versions(self, sha: str) -> None:
        """Refuse a sha when there is no repository yet.

        Raises:
            UserError: naming ``sha`` and how the repository comes to be.
        """
        if not self.store.git.is_initialized():
            raise UserError(
                f"memory has no versions yet, so there is no commit {sha!r} "
                f"(the first {self.spell('/dream')} creates the repository)"
            )

    def restore(self, sha: str | None = None, *, confirmed: bool = False) -> CommandResult:
        """``/dream-restore``: list recent versions; ``/dream-restore <sha>``: undo up to one.

        Restoring brings SOUL.md, USER.md, memory/MEMORY.md **and the Dream
        cursor** back to their state before commit ``sha``, as a new commit, so
        the entries that change processed are dreamed again. That also undoes
        every later change: unless ``confirmed`` (``--yes``), a restore with
        later changes only lists them (a failed result with
        ``data["needs_confirmation"]``) and points to ``/dream-revert``.
        """
        git = self.store.git
        if sha is None:
            return self.versions()
        self.need_versions(sha)
        later = [commit_row(info) for info in git.later_commits(sha, _LOG_SCAN)]
        if later and not confirmed:
            return CommandResult(
                "/dream-restore",
                False,
                _later_text(later, sha)
                + f"\n\nRestore anyway with `{self.spell('/dream-restore', f'{sha} --yes')}`, "
                f"or undo only `{sha}` with `{self.spell('/dream-revert', sha)}`.",
                {"restored": None, "needs_confirmation": True, "later": later},
            )
        with self._dream_lock("/dream-restore", sha):
            new_sha = git.restore(sha)
        cursor = self.store.get_last_dream_cursor()
        data = {"restored": sha, "commit": new_sha, "dream_cursor": cursor, "later": later}
        if new_sha is None:
            text = f"Memory already is as it was before `{sha}`; nothing changed."
        else:
            text = (
                f"Restored memory to its state before `{sha}` as commit `{new_sha[:8]}`. "
                f"The Dream cursor is now {cursor}: later history entries will be dreamed again."
            )
            if later:
                undone = ", ".join(f"`{row['sha'][:8]}`" for row in later)
                text += f" This also undid the {len(later)} later change(s): {undone}."
        return CommandResult("/dream-restore", True, text + self._skills_note(), data)

    def versions(self) -> CommandResult:
        """``/dream-restore`` alone: the recent memory versions, newest first."""
        infos = self.store.git.log(_RESTORE_LIST)
        rows = [commit_row(info) for info in infos]
        if not rows:
            return CommandResult("/dream-restore", True, "Memory has no versions yet.")
        lines = ["Recent memory versions, newest first:", ""]
        for info, row in zip(infos, rows, strict=True):
            span = f" (history {row['cursors'][0]}-{row['cursors'][1]})" if row["cursors"] else ""
            lines.append(f"- `{info.short_sha}` {commit_when(info)} {info.subject}{span}")
        undo = self.spell("/dream-restore", "<sha>")
        revert = self.spell("/dream-revert", "<sha>")
        lines += [
            "",
            f"Undo a change and everything after it with `{undo}`, "
            f"or only that change with `{revert}`.",
        ]
        return CommandResult("/dream-restore", True, "\n".join(lines), {"versions": rows})

    # -- /dream-revert -------------------------------------------------------------

    def revert(self, sha: str) -> CommandResult:
        """``/dream-revert <sha>``: undo only that change, keeping every later one.

        The change is taken back out of SOUL.md, USER.md and memory/MEMORY.md
        with a three-way merge, as a new commit (``Reverted-Commit: <sha>``).
        The Dream cursor stays where it is, so the entries that change came from
        are not dreamed again (and the same change is not simply made again).
        A later change to the same lines makes it fail, naming file and lines.
        """
        from reverie.store.git import RevertConflict

        self.need_versions(sha)
        git = self.store.git
        files = [name for name in git.tracked_files if name != DREAM_CURSOR_FILE]
        try:
            with self._dream_lock("/dream-revert", sha):
                new_sha = git.revert(sha, files=files)
        except RevertConflict as exc:
            restore = self.spell("/dream-restore", sha)
            return CommandResult(
                "/dream-revert",
                False,
                f"**{self.spell('/dream-revert')} failed:** {exc}; `{restore}` does that.",
                {"reverted": None, "error": str(exc), "clashes": exc.clashes},
            )
        cursor = self.store.get_last_dream_cursor()
        data = {"reverted": sha, "commit": new_sha, "dream_cursor": cursor}
        if new_sha is None:
            text = f"The change of `{sha}` is already undone; nothing changed."
        else:
            text = (
                f"Undid only the change of `{sha}`, as commit `{new_sha[:8]}`; later changes "
                f"are kept. The Dream cursor stays at {cursor}: the history entries behind "
                "that change are not dreamed again."
            )
        return CommandResult("/dream-revert", True, text + self._skills_note(), data)

    @contextlib.contextmanager
    def _dream_lock(self, command: str, sha: str) -> Iterator[None]:
        """Hold the Dream lock: memory must not change under a restore or a revert."""
        lock = DreamLock(self.store.memory_dir / DREAM_LOCK_NAME)
        if not lock.try_acquire():
            holder = lock.busy_holder.describe() if lock.busy_holder else "holder unknown"
            raise UserError(
                f"a Dream is running ({holder}); try {self.spell(command, sha)} again after it"
            )
        try:
            yield
        finally:
            lock.release()

    def _skills_note(self) -> str:
        if not (self.store.workspace / "skills").is_dir():
            return ""
        # Only SOUL.md, USER.md, MEMORY.md and the cursor are versioned; say so
        # rather than let a person believe their skills were rolled back too.
        return " Files under skills/ are not versioned and were left as they are."


def _later_text(later: list[dict[str, Any]], sha: str) -> str:
    lines = [
        f"Restoring memory to before `{sha}` would also undo {len(later)} later "
        f"change{'' if len(later) == 1 else 's'}:",
        "",
    ]
    lines += [
        f"- `{row['sha'][:8]}` {row['timestamp'][:16].replace('T', ' ')} {row['subject']}"
        for row in later
    ]
    return "\n".join(lines)
