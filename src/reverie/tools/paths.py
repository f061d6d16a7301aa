"""Which workspace paths a tool may read and which it may write.

The rules look at the *resolved* target, symlinks followed, never at the text
of the path: ``skills/../SOUL.md`` is SOUL.md and may be written, while
``skills/notes.md`` that is a symlink to ``/etc/passwd`` may not. A file with
more than one hard link is refused for writing because another name for the
same data may live outside the allowed set.

The threat is a confused or manipulated model acting through these tools, which
cannot create links; the checks are therefore made once per call, just before
the tool reads or writes.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from reverie.errors import ToolError
from reverie.layout import MEMORY_FILES

__all__ = [
    "DREAM_WRITABLE_DIRS",
    "DREAM_WRITABLE_FILES",
    "PathPolicy",
    "ResolvedPath",
]

DREAM_WRITABLE_FILES: tuple[str, ...] = MEMORY_FILES
DREAM_WRITABLE_DIRS: tuple[str, ...] = ("skills",)


@dataclass(frozen=True)
class ResolvedPath:
    """A path a tool asked for, after the policy accepted it.

    Attributes:
        requested: The path exactly as the model gave it.
        path: The absolute target with every symlink resolved.
        relative: The target relative to the workspace, POSIX style (``memory/MEMORY.md``).
    """

    requested: str
    path: Path
    relative: str


class PathPolicy:
    """The read and write rules for one workspace.

    Reads: the resolved target must be inside the workspace. Writes: the resolved
    target must be one of ``writable_files`` or a file strictly under one of
    ``writable_dirs``; it must not be a directory, a special file, or a file with
    several hard links. The defaults are Dream's: SOUL.md, USER.md,
    memory/MEMORY.md and anything under skills/.

    Args:
        workspace: The workspace folder; relative tool paths are taken from here.
        writable_files: Workspace-relative files that may be written.
        writable_dirs: Workspace-relative folders whose contents may be written.
    """

    def __init__(
        self,
        workspace: Path | str,
        *,
        writable_files: Iterable[str] = DREAM_WRITABLE_FILES,
        writable_dirs: Iterable[str] = DREAM_WRITABLE_DIRS,
    ) -> None:
        self.root = Path(workspace).expanduser().resolve()
        self.writable_files = tuple(PurePosixPath(name) for name in writable_files)
        self.writable_dirs = tuple(PurePosixPath(name) for name in writable_dirs)

    def describe_write_rule(self) -> str:
        """The write rule in words, as the error messages state it."""
        names = [str(name) for name in self.writable_files]
        names += [f"files under {folder}/" for folder in self.writable_dirs]
        if len(names) > 1:
            allowed = ", ".join(names[:-1]) + " and " + names[-1]
        else:
            allowed = names[0] if names else "nothing"
        return f"writes must resolve (symlinks followed) to {allowed} of this workspace"

    def _resolve(self, requested: object, verb: str) -> tuple[str, Path]:
        if not isinstance(requested, str) or not requested.strip():
            raise ToolError(
                f"Error: cannot {verb} {requested!r}: the path must be a non-empty string"
            )
        if "\x00" in requested:
            raise ToolError(
                f"Error: cannot {verb} {requested!r}: the path contains a NUL character"
            )
        given = Path(requested)
        candidate = given if given.is_absolute() else self.root / given
        try:
            resolved = candidate.resolve(strict=False)
        except (OSError, RuntimeError) as exc:
            # RuntimeError: a symlink loop on Python < 3.13.
            raise ToolError(f"Error: cannot {verb} {requested!r}: {exc}") from exc
        return requested, resolved

    def _relative(self, resolved: Path) -> PurePosixPath | None:
        if resolved == self.root:
            return PurePosixPath(".")
        if not resolved.is_relative_to(self.root):
            return None
        return PurePosixPath(resolved.relative_to(self.root).as_posix())

    def _shown_target(self, requested: str, resolved: Path) -> str:
        relative = self._relative(resolved)
        shown = str(relative) if relative is not None else str(resolved)
        return "" if shown == requested else f" (it resolves to {shown})"

    def check_read(self, requested: object) -> ResolvedPath:
        """Accept a path for reading or raise.

        Raises:
            ToolError: ``Error: ...`` naming the path when it resolves outside the workspace.
        """
        text, resolved = self._resolve(requested, "read")
        relative = self._relative(resolved)
        if relative is None:
            raise ToolError(
                f"Error: cannot read {text!r}{self._shown_target(text, resolved)}: "
                "reads must stay inside the workspace"
            )
        return ResolvedPath(text, resolved, str(relative))

    def _is_writable_name(self, relative: PurePosixPath) -> bool:
        if relative in self.writable_files:
            return True
        return any(
            len(relative.parts) > len(folder.parts)
            and relative.parts[: len(folder.parts)] == folder.parts
            for folder in self.writable_dirs
        )

    def check_write(self, requested: object) -> ResolvedPath:
        """Accept a path for writing or raise.

        Raises:
            ToolError: ``Error: ...`` naming the path and the rule it breaks.
        """
        text, resolved = self._resolve(requested, "write")
        relative = self._relative(resolved)
        target = self._shown_target(text, resolved)
        if relative is None:
            raise ToolError(
                f"Error: cannot write {text!r}{target}: it is outside the workspace; "
                f"{self.describe_write_rule()}"
            )
        if not self._is_writable_name(relative):
            raise ToolError(f"Error: cannot write {text!r}{target}: {self.describe_write_rule()}")
        self._check_existing(text, resolved)
        return ResolvedPath(text, resolved, str(relative))

    def _check_existing(self, text: str, resolved: Path) -> None:
        try:
            info = os.lstat(resolved)
        except (FileNotFoundError, NotADirectoryError):
            self._check_parents(text, resolved)
            return
        except OSError as exc:
            raise ToolError(f"Error: cannot write {text!r}: {exc.strerror or exc}") from exc
        if stat.S_ISDIR(info.st_mode):
            raise ToolError(
                f"Error: cannot write {text!r}: it is a directory; give a file path "
                "such as skills/<name>/SKILL.md"
            )
        if not stat.S_ISREG(info.st_mode):
            raise ToolError(f"Error: cannot write {text!r}: it is not a regular file")
        if info.st_nlink > 1:
            raise ToolError(
                f"Error: cannot write {text!r}: it has {info.st_nlink} hard links, so writing "
                "it could change a file outside the allowed set; only files with a single "
                "link may be written"
            )

    def _check_parents(self, text: str, resolved: Path) -> None:
        # A new file: its nearest existing ancestor must be a directory, or creating
        # the parent folders would fail halfway through a multi-file patch.
        for parent in resolved.parents:
            try:
                info = os.lstat(parent)
            except (FileNotFoundError, NotADirectoryError):
                continue
            except OSError as exc:
                raise ToolError(f"Error: cannot write {text!r}: {exc.strerror or exc}") from exc
            if not stat.S_ISDIR(info.st_mode):
                shown = self._relative(parent) or parent
                raise ToolError(f"Error: cannot write {text!r}: {shown} is a file, not a folder")
            return
