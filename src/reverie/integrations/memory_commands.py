"""The six commands of Claude's memory tool, over a workspace's memory files.

One implementation serves :class:`reverie.integrations.anthropic.MemoryTool`
and the ``memory`` tool of ``reverie mcp``. For the same command on the same
files, every answer and every error message is the one Anthropic's
``BetaLocalFilesystemMemoryTool`` gives (a differential test runs both). On top
of that:

- paths map onto the workspace as :mod:`reverie.integrations.memory_paths`
  describes, under Dream's path rules made stricter (no ``..``, no hidden
  names, no symbolic links);
- a write may not make a file longer than Dream's cap (32,000 chars), and a
  view shows at most Dream's read cap (64,000 chars) of text;
- every write is atomic, and every change is a git commit with a
  ``Memory-Tool`` trailer (:mod:`reverie.integrations.memory_git`);
- commands on one workspace run one at a time, across threads and processes.

Dream reads the notes with its ``read_file`` tool (``memory/notes/...``); its
guide tells it they exist.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from reverie._atomic import write_bytes_atomic
from reverie.errors import StoreError
from reverie.integrations.memory_git import MemoryVersions
from reverie.integrations.memory_paths import (
    MEMORIES_ROOT,
    MemoryPath,
    MemoryPaths,
    MemoryToolError,
)
from reverie.integrations.memory_view import folder_entries, list_folder, number_lines, root_entries
from reverie.locks import WorkspaceLock
from reverie.tools.files import DEFAULT_MAX_FILE_CHARS, DEFAULT_MAX_READ_CHARS

__all__ = ["COMMANDS", "MemoryCommands", "MemoryToolError"]

COMMANDS: dict[str, tuple[str, ...]] = {
    "view": ("path",),
    "create": ("path", "file_text"),
    "str_replace": ("path", "old_str", "new_str"),
    "insert": ("path", "insert_line", "insert_text"),
    "delete": ("path",),
    "rename": ("old_path", "new_path"),
}
"""Each command and the arguments it needs (``view`` also takes ``view_range``)."""

_LOCK_NAME = ".memory-tool.lock"
_DIR_MODE = 0o700


class MemoryCommands:
    """``view``, ``create``, ``str_replace``, ``insert``, ``delete``, ``rename`` on ``/memories``.

    Each method returns the text for the model or raises :class:`MemoryToolError`
    with the message for the model; a refused command changes nothing.

    Args:
        workspace: The workspace folder.
        via: Who makes the changes, for the commit trailer (``anthropic``,
            ``mcp (claude-code 2.1)``).
        max_file_chars: Largest file a write may produce (Dream's cap).
        max_read_chars: Most file text one view shows (Dream's cap).
    """

    def __init__(
        self,
        workspace: Path | str,
        *,
        via: str,
        max_file_chars: int = DEFAULT_MAX_FILE_CHARS,
        max_read_chars: int = DEFAULT_MAX_READ_CHARS,
    ) -> None:
        self.paths = MemoryPaths(workspace)
        self.max_file_chars = max_file_chars
        self.max_read_chars = max_read_chars
        self.versions = MemoryVersions(self.paths.root, via)
        self._lock = WorkspaceLock(self.paths.root / "memory" / _LOCK_NAME)

    # -- dispatch ----------------------------------------------------------------

    def run(self, command: str, arguments: Mapping[str, Any]) -> str:
        """Run ``command`` with the memory tool's own argument names.

        Raises:
            MemoryToolError: an unknown command, a missing argument, or the command's own refusal.
        """
        needed = COMMANDS.get(command)
        if needed is None:
            raise MemoryToolError(f"Unknown command {command!r}; use one of: {', '.join(COMMANDS)}")
        missing = [name for name in needed if arguments.get(name) is None]
        if missing:
            raise MemoryToolError(
                f"The {command} command needs {' and '.join(f'`{name}`' for name in missing)}"
            )
        handlers: dict[str, Callable[[], str]] = {
            "view": lambda: self.view(arguments["path"], arguments.get("view_range")),
            "create": lambda: self.create(arguments["path"], arguments["file_text"]),
            "str_replace": lambda: self.str_replace(
                arguments["path"], arguments["old_str"], arguments["new_str"]
            ),
            "insert": lambda: self.insert(
                arguments["path"], arguments["insert_line"], arguments["insert_text"]
            ),
            "delete": lambda: self.delete(arguments["path"]),
            "rename": lambda: self.rename(arguments["old_path"], arguments["new_path"]),
        }
        return handlers[command]()

    # -- reading -----------------------------------------------------------------

    def view(self, path: str, view_range: Sequence[int] | None = None) -> str:
        """A folder's listing (two levels deep) or a file's lines with numbers."""
        target = self.paths.parse(path)
        if target.is_root:
            folder = self.paths.notes if self.paths.notes.is_dir() else self.paths.root
            entries = root_entries(self.paths.root, self.paths.notes)
            return list_folder(target, entries, os.lstat(folder).st_size)
        info = _lstat(target)
        if info is None:
            raise MemoryToolError(
                f"The path {target.shown} does not exist. Please provide a valid path."
            )
        if stat.S_ISDIR(info.st_mode):
            return list_folder(target, folder_entries(target.path), info.st_size)
        if stat.S_ISREG(info.st_mode):
            content = _read_text(target)
            return number_lines(target, content, view_range, self.max_read_chars)
        raise MemoryToolError(f"Unsupported file type for {target.shown}")

    # -- writing -----------------------------------------------------------------

    def create(self, path: str, file_text: str) -> str:
        """Create a file that does not exist yet."""
        _need_text("file_text", file_text)
        target = self.paths.parse(path)
        with self._lock:
            if target.is_root or _lstat(target) is not None:
                raise MemoryToolError(f"File {target.shown} already exists")
            self.paths.check_write(target)
            self._write(target, file_text, None, "create")
        return f"File created successfully at: {target.shown}"

    def str_replace(self, path: str, old_str: str, new_str: str) -> str:
        """Replace the one occurrence of ``old_str``; answer with the lines around it."""
        _need_text("old_str", old_str)
        _need_text("new_str", new_str)
        target = self.paths.parse(path)
        with self._lock:
            content = self._load_file(target)
            count = content.count(old_str)
            if count == 0:
                raise MemoryToolError(
                    f"No replacement was performed, old_str `{old_str}` did not appear "
                    f"verbatim in {target.shown}."
                )
            if count > 1:
                lines = ", ".join(str(line) for line in _match_lines(content, old_str))
                raise MemoryToolError(
                    f"No replacement was performed. Multiple occurrences of old_str `{old_str}` "
                    f"in lines: {lines}. Please ensure it is unique"
                )
            changed = content[: content.find(old_str)].count("\n")
            after = content.replace(old_str, new_str)
            self._write(target, after, content, "str_replace")
        new_lines = after.split("\n")
        first, last = max(0, changed - 2), min(len(new_lines), changed + 3)
        snippet = [f"{number:>6}\t{new_lines[number - 1]}" for number in range(first + 1, last + 1)]
        return (
            "The memory file has been edited. Here is the snippet showing the change "
            "(with line numbers):\n" + "\n".join(snippet)
        )

    def insert(self, path: str, insert_line: int, insert_text: str) -> str:
        """Insert ``insert_text`` after line ``insert_line`` (0: at the top)."""
        _need_text("insert_text", insert_text)
        target = self.paths.parse(path)
        with self._lock:
            content = self._load_file(target)
            lines = content.split("\n")
            if lines[-1] == "":
                lines.pop()  # the empty tail a final newline leaves is not a line
            valid = isinstance(insert_line, int) and not isinstance(insert_line, bool)
            if not valid or not 0 <= insert_line <= len(lines):
                raise MemoryToolError(
                    f"Invalid `insert_line` parameter: {insert_line}. "
                    f"It should be within the range [0, {len(lines)}]."
                )
            lines.insert(insert_line, insert_text.rstrip("\n"))
            after = "\n".join(lines)
            if not after.endswith("\n"):
                after += "\n"
            self._write(target, after, content, "insert")
        return f"The file {target.shown} has been edited."

    def delete(self, path: str) -> str:
        """Delete a file, or a folder with everything in it."""
        target = self.paths.parse(path)
        if target.is_root:
            raise MemoryToolError(f"Cannot delete the {MEMORIES_ROOT} directory itself")
        with self._lock:
            info = _lstat(target)
            if info is None:
                raise MemoryToolError(f"The path {target.shown} does not exist")
            if stat.S_ISDIR(info.st_mode):
                self.paths.check_folder_change(target, "delete")
                files = self._files_under(target.path)
                self.versions.save_outside_edits(files)
                _guard(target, lambda: shutil.rmtree(target.path))
            else:
                self.paths.check_write(target)
                files = [target.relative]
                self.versions.save_outside_edits(files)
                _guard(target, lambda: target.path.unlink())
            self.versions.commit("delete", files)
        return f"Successfully deleted {target.shown}"

    def rename(self, old_path: str, new_path: str) -> str:
        """Move a file or folder to a path that does not exist yet."""
        old = self.paths.parse(old_path)
        new = self.paths.parse(new_path)
        if old.is_root:
            raise MemoryToolError(f"Cannot rename the {MEMORIES_ROOT} directory itself")
        with self._lock:
            if new.is_root or _lstat(new) is not None:
                raise MemoryToolError(f"The destination {new.shown} already exists")
            info = _lstat(old)
            if info is None:
                raise MemoryToolError(f"The path {old.shown} does not exist")
            if stat.S_ISDIR(info.st_mode):
                self.paths.check_folder_change(old, "move")
                self.paths.check_folder_change(new, "move a folder to")
                before = self._files_under(old.path)
                moved = [f"{new.relative}{name[len(old.relative) :]}" for name in before]
            else:
                self.paths.check_write(old)
                self.paths.check_write(new)
                before, moved = [old.relative], [new.relative]
            self.versions.save_outside_edits(before)
            _guard(new, lambda: self._make_parents(new.path))
            _guard(old, lambda: os.rename(old.path, new.path))
            self.versions.commit("rename", [*before, *moved])
        return f"Successfully renamed {old.shown} to {new.shown}"

    # -- internals ---------------------------------------------------------------

    def _load_file(self, target: MemoryPath) -> str:
        if target.is_root:
            raise MemoryToolError(f"The path {target.shown} is not a file.")
        info = _lstat(target)
        if info is None:
            raise MemoryToolError(
                f"The path {target.shown} does not exist. Please provide a valid path."
            )
        if not stat.S_ISREG(info.st_mode):
            raise MemoryToolError(f"The path {target.shown} is not a file.")
        self.paths.check_write(target)
        return _read_text(target)

    def _write(self, target: MemoryPath, text: str, before: str | None, command: str) -> None:
        if len(text) > self.max_file_chars and len(text) > len(before or ""):
            raise MemoryToolError(
                f"Cannot write {target.shown}: the file would be {len(text):,} chars, over the "
                f"{self.max_file_chars:,}-char limit per memory file; nothing was written"
            )
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise MemoryToolError(
                f"Cannot write {target.shown}: the text holds {text[exc.start]!r}, "
                "which UTF-8 cannot store; nothing was written"
            ) from None
        self.versions.save_outside_edits([target.relative])
        _guard(target, lambda: self._make_parents(target.path))
        _guard(target, lambda: write_bytes_atomic(target.path, data))
        self.versions.commit(command, [target.relative])

    def _make_parents(self, path: Path) -> None:
        missing = []
        for parent in path.parents:
            if parent == self.paths.root or parent.exists():
                break
            missing.append(parent)
        for folder in reversed(missing):
            # Owner-only, as Anthropic's tool creates its folders.
            folder.mkdir(mode=_DIR_MODE, exist_ok=True)

    def _files_under(self, folder: Path) -> list[str]:
        root = self.paths.root
        found = [
            (Path(parent) / name).relative_to(root).as_posix()
            for parent, _, names in os.walk(folder)
            for name in names
        ]
        return sorted(found)


def _lstat(target: MemoryPath) -> os.stat_result | None:
    try:
        return os.lstat(target.path)
    except (FileNotFoundError, NotADirectoryError):
        return None


def _read_text(target: MemoryPath) -> str:
    try:
        data = target.path.read_bytes()
    except FileNotFoundError:
        raise MemoryToolError(
            f"The file {target.shown} no longer exists "
            "(may have been deleted or renamed concurrently)."
        ) from None
    except OSError as exc:
        raise MemoryToolError(f"Cannot read {target.shown}: {exc.strerror or exc}") from exc
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise MemoryToolError(f"path {target.shown!r} is not valid utf-8") from None


def _need_text(name: str, value: object) -> None:
    if not isinstance(value, str):
        raise MemoryToolError(f"`{name}` must be a string, got {type(value).__name__}")


def _match_lines(content: str, needle: str) -> list[int]:
    # Every start position, overlapping ones included, as Anthropic's tool counts them.
    lines: list[int] = []
    start = content.find(needle)
    while start != -1:
        lines.append(content[:start].count("\n") + 1)
        start = content.find(needle, start + 1)
    return lines


def _guard(target: MemoryPath, action: Callable[[], object]) -> None:
    try:
        action()
    except (OSError, StoreError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise MemoryToolError(f"Cannot change {target.shown}: {reason}") from exc
