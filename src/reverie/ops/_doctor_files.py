"""``reverie doctor`` checks of the files themselves: their type, permissions and leftovers."""

from __future__ import annotations

import contextlib
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from reverie.layout import SESSIONS_DIR
from reverie.ops._doctor_base import Context, Finding, stamp, workspace_files
from reverie.privacy import make_workspace_private, workspace_exposure

__all__ = ["check_permissions", "check_privacy", "check_special_files", "check_temp_files"]


def check_special_files(ctx: Context) -> Iterator[Finding]:
    """Pipes, devices or sockets where reverie expects a file (moved aside)."""
    for path in workspace_files(ctx):
        try:
            mode = path.stat().st_mode
        except OSError:
            continue
        if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
            continue
        kind = "a named pipe" if stat.S_ISFIFO(mode) else "a device or socket"
        problem = f"{path} is {kind}, not a file: every command that reads it fails"
        aside = path.with_name(f"{path.name}.not-a-file-{stamp()}")
        if ctx.fix:
            os.replace(path, aside)
            yield Finding("special-files", problem, f"moved it aside as {aside.name}", True)
        else:
            yield Finding("special-files", problem, f"move it aside as {path.name}.not-a-file-…")


_OWNER_FILE = stat.S_IRUSR | stat.S_IWUSR
_OWNER_DIR = stat.S_IRUSR | stat.S_IWUSR | stat.S_IXUSR


def _permission_targets(ctx: Context) -> Iterator[tuple[Path, int]]:
    for folder in (
        ctx.root,
        ctx.memory,
        ctx.root / SESSIONS_DIR,
        ctx.memory / "transcripts",
        ctx.root / ".git",
        ctx.root / ".git" / "objects",
        ctx.root / ".git" / "refs" / "heads",
    ):
        yield folder, _OWNER_DIR
    with contextlib.suppress(OSError):
        objects = ctx.root / ".git" / "objects"
        for sub in sorted(objects.iterdir()) if objects.is_dir() else []:
            if len(sub.name) == 2:
                yield sub, _OWNER_DIR
    for path in workspace_files(ctx):
        yield path, _OWNER_FILE


def check_permissions(ctx: Context) -> Iterator[Finding]:
    """Files and folders reverie writes whose owner lost read/write bits."""
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    for path, needed in _permission_targets(ctx):
        try:
            info = path.lstat()
        except OSError:
            continue
        if stat.S_ISLNK(info.st_mode) or (info.st_mode & needed) == needed:
            continue
        if stat.S_ISDIR(info.st_mode) != (needed == _OWNER_DIR):
            continue
        mode = stat.S_IMODE(info.st_mode)
        names = ((stat.S_IRUSR, "read"), (stat.S_IWUSR, "write"), (stat.S_IXUSR, "enter"))
        missing = " or ".join(word for bit, word in names if needed & bit and not mode & bit)
        problem = (
            f"{path} has mode {mode:04o}: its owner cannot {missing} it, so reverie cannot "
            "update it"
        )
        if uid is not None and info.st_uid != uid:
            yield Finding(
                "permissions",
                problem,
                advice=f"it belongs to user id {info.st_uid}: ask its owner, or `chmod u+rw`",
            )
        elif ctx.fix:
            os.chmod(path, mode | needed)
            yield Finding("permissions", problem, f"set mode {mode | needed:04o}", True)
        else:
            yield Finding("permissions", problem, f"set mode {mode | needed:04o} (u+rw)")


def check_privacy(ctx: Context) -> Iterator[Finding]:
    """Files and folders of the workspace that other users can read or change."""
    problems = workspace_exposure(ctx.root)
    if problems and ctx.fix:
        make_workspace_private(ctx.root)
        for problem in problems:
            yield Finding("privacy", problem, "took group and others' rights away (go-rwx)", True)
        return
    for problem in problems:
        yield Finding("privacy", problem, "take group and others' rights away (go-rwx)")


def _old(path: Path, cutoff: float) -> bool:
    try:
        return path.lstat().st_mtime < cutoff
    except OSError:
        return False


def check_temp_files(ctx: Context) -> Iterator[Finding]:
    """Temp files of atomic writes killed before their rename."""
    cutoff = time.time() - ctx.stale_after
    folders = [
        ctx.root,
        ctx.memory,
        ctx.root / SESSIONS_DIR,
        ctx.memory / "transcripts",
        ctx.root / "prompts",
    ]
    with contextlib.suppress(OSError):
        folders += [p for p in (ctx.root / "skills").rglob("*") if p.is_dir()]
        objects = ctx.root / ".git" / "objects"
        folders += [p for p in objects.iterdir() if len(p.name) == 2] if objects.is_dir() else []
    for folder in folders:
        try:
            leftovers = sorted([*folder.glob(".*.tmp"), *folder.glob(".*.reverie-link")])
        except OSError:
            continue
        for path in leftovers:
            if not _old(path, cutoff):
                continue  # a write in progress
            problem = f"{path} was left by a write that was killed before its rename"
            if ctx.fix:
                path.unlink(missing_ok=True)
                yield Finding("temp-files", problem, "removed it", True)
            else:
                yield Finding("temp-files", problem, "remove it (the file it was for is intact)")
