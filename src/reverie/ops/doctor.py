"""``reverie doctor``: find what jams a workspace or would lose memory, and repair it.

:func:`diagnose` runs every check and returns a :class:`DoctorReport`; with
``fix=True`` it first repairs what can be repaired safely, then reports what is
left. Nothing here deletes data: a repair rebuilds derived data (the git
index, a cursor hint), removes leftovers that hold nothing (stale temp and lock
files), settles a Dream run that died, or moves a broken thing aside under a
new name (a damaged repository, a named pipe in a memory file's place).

Checks, in the order repairs are made:

``special-files``  a memory file, the history, a cursor or a session is a pipe or device
``permissions``    a file or folder reverie writes lost its owner's read/write bits
``privacy``        other users can read or change files of the workspace
``temp-files``     ``.<name>.*.tmp`` left by a write killed between write and rename
``git-locks``      ``*.lock`` in ``.git`` left by a git write that died (blocks later ones)
``git-index``      ``.git/index`` empty or garbage (rebuilt from HEAD's tree)
``git-objects``    a commit, tree or file version of HEAD's history is missing
``dream-journal``  a Dream run died mid-way (its edits are undone or its commit finished)
``dream-cursor``   ``.dream_cursor`` unreadable, or ahead of the history log
``history-cursor`` ``memory/.cursor`` unreadable
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from reverie.errors import ReverieError, UserError
from reverie.ops._doctor_base import FIX_COMMAND, Context, Finding
from reverie.ops._doctor_files import (
    check_permissions,
    check_privacy,
    check_special_files,
    check_temp_files,
)
from reverie.ops._doctor_memory import (
    check_dream_cursor,
    check_dream_journal,
    check_git_index,
    check_git_locks,
    check_git_objects,
    check_history_cursor,
    cursor_ahead,
)
from reverie.store._git_locks import STALE_LOCK_SECONDS
from reverie.store.memory_store import MemoryStore

__all__ = ["STALE_AFTER_SECONDS", "DoctorReport", "Finding", "diagnose", "status_warnings"]

STALE_AFTER_SECONDS = STALE_LOCK_SECONDS
"""A temp or git lock file older than this was left by a dead process (live ones last seconds)."""

_CHECKS: tuple[tuple[str, Callable[[Context], Iterator[Finding]]], ...] = (
    ("special-files", check_special_files),
    ("permissions", check_permissions),
    ("privacy", check_privacy),
    ("temp-files", check_temp_files),
    ("git-locks", check_git_locks),
    ("git-index", check_git_index),
    ("git-objects", check_git_objects),
    ("dream-journal", check_dream_journal),
    ("dream-cursor", check_dream_cursor),
    ("history-cursor", check_history_cursor),
)
"""Every check, in the order repairs are made."""


@dataclass
class DoctorReport:
    """What :func:`diagnose` found and repaired."""

    workspace: str
    fix: bool
    findings: list[Finding] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)
    """Every check that ran."""

    @property
    def remaining(self) -> list[Finding]:
        """Problems still there."""
        return [finding for finding in self.findings if not finding.fixed]

    @property
    def ok(self) -> bool:
        """True when no problem remains."""
        return not self.remaining

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly view."""
        return {
            "workspace": self.workspace,
            "fix": self.fix,
            "ok": self.ok,
            "checks": list(self.checks),
            "findings": [asdict(finding) for finding in self.findings],
        }


def diagnose(
    workspace: Path | str, *, fix: bool = False, stale_after: float = STALE_AFTER_SECONDS
) -> DoctorReport:
    """Check the workspace at ``workspace``; with ``fix``, repair what can be repaired.

    Args:
        workspace: The workspace folder (not created when missing).
        fix: Repair as well as report.
        stale_after: Seconds after which a temp or git lock file counts as left behind.

    Raises:
        UserError: the folder does not exist or is not a folder.
    """
    root = Path(workspace).expanduser().absolute()
    if not root.is_dir():
        raise UserError(f"{root} is not a workspace folder")
    report = DoctorReport(str(root), fix)
    context = Context(root, fix, stale_after)
    for name, check in _CHECKS:
        report.checks.append(name)
        try:
            report.findings.extend(check(context))
        except ReverieError as exc:
            report.findings.append(
                Finding(
                    name,
                    f"the check could not finish: {exc}",
                    advice="repair what the message names, then run `reverie doctor` again",
                )
            )
    return report


def status_warnings(store: MemoryStore) -> list[str]:
    """Quick checks ``reverie status`` and ``reverie dream run`` show (cheap: no history walk)."""
    warnings: list[str] = []
    ahead = cursor_ahead(store)
    if ahead is not None:
        warnings.append(f"{ahead.problem}; run {FIX_COMMAND} to lower it to {ahead.target}")
    with contextlib.suppress(ReverieError):
        problem = store.git.index_problem()
        if problem is not None:
            warnings.append(
                f"{store.git.git_dir / 'index'} cannot be read ({problem}); the next commit "
                f"rebuilds it, or run {FIX_COMMAND}"
            )
    return warnings
