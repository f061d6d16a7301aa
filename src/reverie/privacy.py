"""Who may read a workspace: private by default, and a check for one that is not.

A workspace holds conversations, summaries of them and facts about a person,
so reverie creates its folders ``0700`` and its files ``0600`` whatever the
umask says; a file that already exists keeps its mode when it is rewritten
(the owner may have chosen it). :func:`workspace_exposure` reports what other
users can read or change in an existing workspace, and
:func:`make_workspace_private` takes those rights away (``reverie doctor --fix``).

Only this module decides modes; everything else creates folders with
:func:`private_mkdir` and opens new files with :func:`open_private`.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "PRIVATE_DIR_MODE",
    "PRIVATE_FILE_MODE",
    "make_workspace_private",
    "open_private",
    "private_mkdir",
    "workspace_exposure",
]

PRIVATE_DIR_MODE = 0o700
"""Mode of every folder reverie creates."""
PRIVATE_FILE_MODE = 0o600
"""Mode of every file reverie creates."""

_GROUP_OR_OTHERS = 0o077
_MAX_LISTED = 5
"""Exposed paths named one by one; beyond this they are counted per top-level folder."""


def private_mkdir(path: Path | str) -> None:
    """Create ``path`` and its missing parents as ``0700`` folders (like ``mkdir -p``).

    Folders that already exist are left as they are.

    Raises:
        OSError: as :func:`os.mkdir` does (``FileExistsError`` when a file is in the way).
    """
    path = Path(path)
    missing: list[Path] = []
    for candidate in (path, *path.parents):
        if os.path.isdir(candidate):
            break
        missing.append(candidate)
    for folder in reversed(missing):
        try:
            os.mkdir(folder, PRIVATE_DIR_MODE)
        except FileExistsError:
            if not folder.is_dir():
                raise
            continue  # another process made it a moment ago: its mode is its own
        # mkdir applies the umask; 0700 is meant whatever the umask says.
        os.chmod(folder, PRIVATE_DIR_MODE)


def open_private(path: Path | str, flags: int) -> int:
    """``os.open(path, flags | O_CREAT)``; a file created here gets mode ``0600``.

    An existing file is opened as it is (its mode is kept). The folder must exist.

    Raises:
        OSError: as :func:`os.open` does.
    """
    base = flags & ~(os.O_CREAT | os.O_EXCL)
    while True:
        try:
            return os.open(path, base)
        except FileNotFoundError:
            pass
        try:
            fd = os.open(path, base | os.O_CREAT | os.O_EXCL, PRIVATE_FILE_MODE)
        except FileExistsError:
            continue  # created by someone else in between: open theirs
        try:
            os.fchmod(fd, PRIVATE_FILE_MODE)
        except OSError:
            os.close(fd)
            raise
        return fd


@dataclass(frozen=True)
class _Exposed:
    relative: str
    mode: int
    is_dir: bool
    who: str


def workspace_exposure(path: Path | str) -> list[str]:
    """What users other than the owner can read or change in the workspace at ``path``.

    A file counts when it grants read or write to its group or to others *and*
    every folder between it and the workspace (the workspace included) lets
    them through; a folder counts when it lets them list or change it. Symlinks
    are not followed. The folders above the workspace are not considered: they
    may change, and the workspace should be private on its own.

    Returns:
        One sentence per finding (empty when the workspace is private), naming
        the path and its mode; beyond five findings they are counted per
        top-level folder.
    """
    root = Path(path)
    try:
        info = os.lstat(root)
    except OSError:
        return []
    if not stat.S_ISDIR(info.st_mode):
        return []
    found = list(_walk_exposed(root, ".", info.st_mode))
    if len(found) <= _MAX_LISTED:
        return [_sentence(item) for item in found]
    groups: dict[str, list[_Exposed]] = {}
    for item in found:
        groups.setdefault(item.relative.split("/", 1)[0], []).append(item)
    out = []
    for top, items in groups.items():
        if len(items) == 1:
            out.append(_sentence(items[0]))
            continue
        first = items[0]
        out.append(
            f"{top}: {len(items)} files and folders are open to other users "
            f"(e.g. {first.relative}, mode {first.mode & 0o777:04o})"
        )
    return out


def _walk_exposed(root: Path, relative: str, mode: int) -> Iterator[_Exposed]:
    """Exposed paths under the folder ``root/relative`` whose own mode is ``mode``."""
    shown = "the workspace folder" if relative == "." else f"{relative}/"
    if mode & 0o066:  # listed (r) or changed (w) by group or others
        yield _Exposed(shown, mode, True, _who(mode))
    # Who can pass through this folder to what it holds.
    passes = {cls for cls, bit in (("group", 0o010), ("others", 0o001)) if mode & bit}
    if not passes:
        return
    folder = root if relative == "." else root / relative
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return
    for entry in entries:
        child = entry.name if relative == "." else f"{relative}/{entry.name}"
        try:
            child_mode = entry.stat(follow_symlinks=False).st_mode
        except OSError:
            continue
        if stat.S_ISLNK(child_mode):
            continue
        usable = _restrict(child_mode, passes)
        if stat.S_ISDIR(child_mode):
            if usable & 0o077:
                yield from _walk_exposed(root, child, usable | (child_mode & ~0o077))
        elif usable & 0o066:
            yield _Exposed(child, child_mode, False, _who(usable))


def _restrict(mode: int, passes: set[str]) -> int:
    """``mode`` with the rights of classes that cannot reach the path removed."""
    if "group" not in passes:
        mode &= ~0o070
    if "others" not in passes:
        mode &= ~0o007
    return mode


def _who(mode: int) -> str:
    group, others = bool(mode & 0o070), bool(mode & 0o007)
    if group and others:
        return "its group and all other users"
    return "its group" if group else "all other users"


def _sentence(item: _Exposed) -> str:
    rights = []
    if item.mode & 0o044:
        rights.append("listed" if item.is_dir else "read")
    if item.mode & 0o022:
        rights.append("changed")
    what = " and ".join(rights) or "entered"
    return f"{item.relative} (mode {item.mode & 0o777:04o}) can be {what} by {item.who}"


def make_workspace_private(path: Path | str) -> list[str]:
    """Take group and others' rights away from the workspace and everything in it.

    Symlinks are neither followed nor changed. Files keep their owner's rights
    (an executable hook stays executable).

    Returns:
        The workspace-relative paths whose mode changed.
    """
    root = Path(path)
    changed: list[str] = []
    for current, dirs, files in os.walk(root):
        folder = Path(current)
        for name in [".", *dirs, *files]:
            target = folder if name == "." else folder / name
            with contextlib.suppress(OSError):
                info = os.lstat(target)
                if stat.S_ISLNK(info.st_mode) or not info.st_mode & _GROUP_OR_OTHERS:
                    continue
                os.chmod(target, stat.S_IMODE(info.st_mode) & ~_GROUP_OR_OTHERS)
                changed.append(target.relative_to(root).as_posix())
    return changed
