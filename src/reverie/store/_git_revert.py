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
from pathlib import Path

from dulwich.objects import Commit, ObjectID

from reverie.errors import GitStoreError
from reverie.store._git_objects import (
    MODE_FILE,
    MODE_LINK,
    TrackedPath,
    TreeReader,
    read_worktree,
)
from reverie.store._git_text import FileVersion, split_lines
from reverie.store._merge3 import Conflict, merge3
from reverie.store.trailers import REVERTED_TRAILER

__all__ = ["REVERTED_TRAILER", "RevertConflict", "merge_back", "plan_revert", "revert_message"]

_SHOWN_LINES = 3


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
    before: FileVersion | None,
    after: FileVersion | None,
    current: FileVersion | None,
) -> tuple[FileVersion | None, list[str]]:
    """Undo ``before`` → ``after`` on ``current``.

    Args:
        before: The file before the commit (None: the commit created it).
        after: The file as the commit left it (None: the commit deleted it).
        current: The file now (None: it does not exist).

    Returns:
        ``(new version or None to delete, clashes)``: each clash says where
        (``lines 4-5, now '- …'``); when there is one, nothing may be written.
    """
    if current == after:
        return before, []  # nothing changed since: the whole file goes back
    if current is not None and before is not None and current.data == before.data:
        return current, []  # already undone
    base, ours, theirs = _lines(after), _lines(current), _lines(before)
    if base is None or ours is None or theirs is None:
        return current, ["changed since, and not text reverie can merge line by line"]
    merged = merge3(base, ours, theirs)
    if not merged.clean:
        return current, [_describe(conflict) for conflict in merged.conflicts]
    text = "".join(merged.lines)
    if before is None and not text:
        return None, []  # the commit created the file and nothing else is in it
    mode = current.mode if current is not None else (before.mode if before else MODE_FILE)
    return FileVersion(mode, text.encode("utf-8")), []


def plan_revert(
    reader: TreeReader, target: ObjectID, paths: Sequence[TrackedPath], workspace: Path
) -> list[tuple[TrackedPath, FileVersion | None]]:
    """What undoing commit ``target`` writes: ``(path, new version or None to delete)``.

    Only files the commit changed and whose result differs from the file now
    are listed; an empty list means the change is already gone.

    Raises:
        RevertConflict: a later change touched the same lines (each place named).
    """
    commit = reader.commit(target)
    before_tree = reader.parent_tree(commit)
    planned: list[tuple[TrackedPath, FileVersion | None]] = []
    clashes: list[tuple[str, str]] = []
    for path in paths:
        before = reader.version(before_tree, path.parts)
        after = reader.version(commit.tree, path.parts)
        if before == after:
            continue
        found = read_worktree(workspace.joinpath(path.name))
        current = found[0] if found else None
        merged, problems = merge_back(before, after, current)
        clashes += [(path.name, problem) for problem in problems]
        if merged != current:
            planned.append((path, merged))
    if clashes:
        raise RevertConflict(target.decode(), clashes)
    return planned


def revert_message(commit: Commit) -> str:
    """The message of the commit undoing ``commit``: what it undid, and a trailer naming it."""
    sha = commit.id.decode()
    subject = commit.message.decode("utf-8", "replace").strip().split("\n", 1)[0]
    short = sha[:8]
    return (
        f"Revert {short}: {subject}\n\n"
        f"Undo only the change of {short}; later changes are kept.\n\n"
        f"{REVERTED_TRAILER}: {sha}"
    )
