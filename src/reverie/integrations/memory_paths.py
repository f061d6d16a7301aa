"""Where a ``/memories`` path lives in a workspace, and which ones may be touched.

Claude's memory tool sees one folder, ``/memories``. reverie maps it onto the
workspace's memory files::

    /memories/USER.md          -> USER.md
    /memories/SOUL.md          -> SOUL.md
    /memories/MEMORY.md        -> memory/MEMORY.md
    /memories/skills/...       -> skills/...
    /memories/<anything else>  -> memory/notes/<anything else>

so a client that keeps ``/memories/progress.md`` gets a note in
``memory/notes/progress.md``, while the files the agent's prompt is built from
are edited where they are. Nothing else of the workspace (history, sessions,
transcripts, settings, git, Dream's state) can be named.

The rules are Dream's (:mod:`reverie.tools.paths`) made stricter, because the
caller is a model outside the workspace's control: no ``..``, no hidden names,
no symbolic link anywhere on the way, and a write must land on a memory file,
under ``skills/`` or under the notes folder.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from reverie.errors import ToolError
from reverie.layout import MEMORY_FILE, MEMORY_FILES, NOTES_DIR, SKILLS_DIR, SOUL_FILE, USER_FILE
from reverie.tools.paths import PathPolicy

__all__ = ["MEMORIES_ROOT", "RESERVED_NAMES", "MemoryPath", "MemoryPaths", "MemoryToolError"]

MEMORIES_ROOT = "/memories"
"""The folder the memory tool shows to the model."""

RESERVED_NAMES: dict[str, str] = {
    "USER.md": USER_FILE,
    "SOUL.md": SOUL_FILE,
    "MEMORY.md": MEMORY_FILE,
    "skills": SKILLS_DIR,
}
"""Names directly under ``/memories`` that are the workspace's own files, not notes."""


class MemoryToolError(ToolError):
    """A memory command refused or failed; the message is what the model is shown."""


@dataclass(frozen=True)
class MemoryPath:
    """A ``/memories`` path the policy accepted.

    Attributes:
        shown: The path exactly as the caller gave it (messages quote it as is).
        relative: The target, workspace-relative in POSIX form; ``""`` for ``/memories``.
        path: The absolute target (``/memories`` itself: the notes folder).
    """

    shown: str
    relative: str
    path: Path

    @property
    def is_root(self) -> bool:
        """True for ``/memories`` itself, which is no single folder on disk."""
        return self.relative == ""


class MemoryPaths:
    """Parse ``/memories`` paths for one workspace.

    Args:
        workspace: The workspace folder (resolved once, so a workspace reached
            through a symbolic link works).
    """

    def __init__(self, workspace: Path | str) -> None:
        self.root = Path(workspace).expanduser().resolve()
        self.notes = self.root / NOTES_DIR
        self._policy = PathPolicy(
            self.root, writable_files=MEMORY_FILES, writable_dirs=(SKILLS_DIR, NOTES_DIR)
        )

    def parse(self, path: object) -> MemoryPath:
        """Accept a ``/memories`` path or raise.

        Raises:
            MemoryToolError: the path does not start with ``/memories``, holds
                ``..``, a hidden name or a NUL, or passes through a symbolic link.
        """
        if not isinstance(path, str):
            raise MemoryToolError(f"Path must be a string, got: {path!r}")
        if not path.startswith(MEMORIES_ROOT):
            raise MemoryToolError(f"Path must start with {MEMORIES_ROOT}, got: {path}")
        if "\x00" in path:
            raise MemoryToolError(f"Path {path!r} is not allowed: it contains a NUL character")
        parts = [part for part in path[len(MEMORIES_ROOT) :].split("/") if part not in ("", ".")]
        if ".." in parts:
            raise MemoryToolError(_dotdot_message(path, parts))
        hidden = next((part for part in parts if part.startswith(".")), None)
        if hidden is not None:
            raise MemoryToolError(
                f"Path {path} is not allowed: {hidden!r} is a hidden name, and hidden "
                "files are not part of memory"
            )
        if not parts:
            return MemoryPath(path, "", self.notes)
        head = RESERVED_NAMES.get(parts[0])
        relative = "/".join([head, *parts[1:]] if head else [NOTES_DIR, *parts])
        target = MemoryPath(path, relative, self.root / relative)
        self._refuse_links(target)
        return target

    def check_write(self, target: MemoryPath) -> None:
        """Refuse a file write outside the memory files, skills and notes.

        Raises:
            MemoryToolError: naming the path and the rule (or the hard link) it breaks.
        """
        if target.is_root:
            raise MemoryToolError(f"Cannot write {target.shown}: it is the memory folder itself")
        if target.relative == SKILLS_DIR:
            raise MemoryToolError(
                f"Cannot write {target.shown}: it is the skills folder; give a file path "
                "such as /memories/skills/<name>/SKILL.md"
            )
        try:
            self._policy.check_write(target.relative)
        except ToolError as exc:
            reason = str(exc).removeprefix("Error:").strip()
            raise MemoryToolError(reason.replace(repr(target.relative), target.shown, 1)) from exc

    def check_folder_change(self, target: MemoryPath, verb: str) -> None:
        """Refuse deleting or moving a folder other than skills/, a skill or a notes folder.

        Raises:
            MemoryToolError: naming the folder.
        """
        inside = target.relative == SKILLS_DIR or target.relative.startswith(
            (f"{SKILLS_DIR}/", f"{NOTES_DIR}/")
        )
        if not inside:
            raise MemoryToolError(f"Cannot {verb} {target.shown}: it is not a memory folder")
        for folder, dirs, files in os.walk(target.path):
            for name in (*dirs, *files):
                if os.path.islink(os.path.join(folder, name)):
                    shown = os.path.relpath(os.path.join(folder, name), self.root)
                    raise MemoryToolError(
                        f"Cannot {verb} {target.shown}: {shown} inside it is a symbolic link; "
                        "nothing was changed"
                    )

    def _refuse_links(self, target: MemoryPath) -> None:
        current = self.root
        for part in Path(target.relative).parts:
            current = current / part
            try:
                info = os.lstat(current)
            except (FileNotFoundError, NotADirectoryError):
                return
            except OSError as exc:
                raise MemoryToolError(f"Cannot use {target.shown}: {exc.strerror or exc}") from exc
            if stat.S_ISLNK(info.st_mode):
                shown = current.relative_to(self.root).as_posix()
                raise MemoryToolError(
                    f"Path {target.shown} is not allowed: {shown} is a symbolic link, and "
                    "memory paths never follow links"
                )


def _dotdot_message(path: str, parts: list[str]) -> str:
    depth = 0
    for part in parts:
        depth += -1 if part == ".." else 1
        if depth < 0:
            # The words Anthropic's own memory tool uses for an escape.
            return f"Path {path} would escape {MEMORIES_ROOT} directory"
    return f"Path {path} is not allowed: memory paths may not contain '..'"
