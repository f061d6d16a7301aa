"""Undo one commit's change and nothing else: a three-way revert onto the files as they are.

For each tracked file the commit changed, its change (parent → commit) is
applied backwards onto the working file: lines later commits (or the user) did
not touch go back to what they were before the commit; everything changed
since stays. When a later change touched the same lines, nothing is written
and :class:`RevertConflict` names the file and its lines.

Unlike :meth:`GitStore.restore`, which brings every tracked file back to its
state before the commit (undoing the later commits too), a revert keeps the
later commits' work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reverie.errors import GitStoreError
from reverie.store._git_objects import MODE_FILE, MODE_LINK
from reverie.store._git_text import FileVersion, split_lines
from reverie.store._merge3 import Conflict, merge3

__all__ = ["RevertConflict", "merge_back"]

_SHOWN_LINES = 3


@dataclass(frozen=True)
class _Clash:
    path: str
    detail: str


class RevertConflict(GitStoreError):
    """A later change touched the lines the reverted commit changed; nothing was written.

    Attributes:
        sha: The commit that could not be reverted.
        clashes: ``(path, what clashed)`` for each place.
    """

    def __init__(self, sha: str, clashes: Sequence[tuple[str, str]]) -> None:
        self.sha = sha
        self.clashes = list(clashes)
        places = "; ".join(f"{path}: {detail}" for path, detail in self.clashes)
        super().__init__(
            f"cannot revert {sha[:8]} on its own: a later change touched the same lines "
            f"({places}). Nothing was changed. Edit the file by hand, or restore to before "
            f"{sha[:8]} (which also undoes every later change)"
        )


def _lines(version: FileVersion | None) -> list[str] | None:
    """The version's lines; None when it is binary, a link, or not UTF-8 (no line merge)."""
    if version is None:
        return []
    if version.mode == MODE_LINK or version.is_binary:
        return None
    try:
        return split_lines(version.data.decode("utf-8"))
    except UnicodeDecodeError:
        return None


def _describe(conflict: Conflict) -> str:
    first, last = conflict.ours_start + 1, conflict.ours_end
    if last < first:
        where = f"just before line {first}"
    elif last == first:
        where = f"line {first}"
    else:
        where = f"lines {first}-{last}"
    shown = [line.rstrip("\n") for line in conflict.ours[:_SHOWN_LINES]]
    now = " / ".join(repr(line) for line in shown) if shown else "(removed)"
    if len(conflict.ours) > _SHOWN_LINES:
        now += " / ..."
    return f"{where}, now {now}"


def merge_back(
    path: str,
    before: FileVersion | None,
    after: FileVersion | None,
    current: FileVersion | None,
) -> tuple[FileVersion | None, list[_Clash]]:
    """Undo ``before`` → ``after`` on ``current``.

    Args:
        path: The file's name (for messages).
        before: The file before the commit (None: the commit created it).
        after: The file as the commit left it (None: the commit deleted it).
        current: The file now (None: it does not exist).

    Returns:
        ``(new version or None to delete, clashes)``; when there are clashes
        the version is meaningless and must not be written.
    """
    if current == after:
        return before, []  # nothing changed since: the whole file goes back
    if current is not None and before is not None and current.data == before.data:
        return current, []  # already undone
    base, ours, theirs = _lines(after), _lines(current), _lines(before)
    if base is None or ours is None or theirs is None:
        return current, [_Clash(path, "changed since, and not text reverie can merge line by line")]
    merged = merge3(base, ours, theirs)
    if not merged.clean:
        return current, [_Clash(path, _describe(conflict)) for conflict in merged.conflicts]
    text = "".join(merged.lines)
    if before is None and not text:
        return None, []  # the commit created the file and nothing else is in it
    mode = current.mode if current is not None else (before.mode if before else MODE_FILE)
    return FileVersion(mode, text.encode("utf-8")), []


def raise_on_clashes(sha: str, clashes: Sequence[_Clash]) -> None:
    """Raise :class:`RevertConflict` when there is any clash."""
    if clashes:
        raise RevertConflict(sha, [(clash.path, clash.detail) for clash in clashes])
