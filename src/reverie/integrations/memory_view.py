"""The text of the memory tool's ``view``: a folder listing or a file with line numbers.

The wording, the sizes (``4.0K``), the order of entries and the numbering are
those of Anthropic's ``BetaLocalFilesystemMemoryTool``, so a model trained on
that tool reads reverie's answers the same way. Two things differ on purpose:
symbolic links are never listed or followed, and a file whose shown text would
pass the read cap is cut at a whole line with a note saying how to read on.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path

from reverie.integrations.memory_paths import RESERVED_NAMES, MemoryPath, MemoryToolError

__all__ = [
    "MAX_LINES",
    "folder_entries",
    "format_size",
    "list_folder",
    "number_lines",
    "root_entries",
]

MAX_LINES = 999_999
"""Longest file the view shows (its line numbers are padded to this width)."""
_NUMBER_WIDTH = len(str(MAX_LINES))
_MAX_DEPTH = 2

Entry = tuple[str, Path]
"""A listed name and where it is on disk."""


def format_size(size: int) -> str:
    """``0B``, ``512B``, ``4.0K``, ``1.5M``: sizes as the listing shows them."""
    if size == 0:
        return "0B"
    units = ["B", "K", "M", "G"]
    index = min((size.bit_length() - 1) // 10, len(units) - 1)
    value = size / (1024**index)
    return f"{int(value)}{units[index]}" if value == int(value) else f"{value:.1f}{units[index]}"


def folder_entries(folder: Path) -> list[Entry]:
    """A folder's direct entries (unsorted); ``[]`` when it cannot be read."""
    try:
        with os.scandir(folder) as scan:
            return [(entry.name, Path(entry.path)) for entry in scan]
    except OSError:
        return []  # an unreadable folder lists as empty, as Anthropic's tool does


def root_entries(root: Path, notes: Path) -> list[Entry]:
    """What ``/memories`` holds: the memory files, skills/, and the notes folder's contents."""
    entries = [(name, root / relative) for name, relative in RESERVED_NAMES.items()]
    # A note named like a memory file is shadowed by it, so it is not listed twice.
    entries += [entry for entry in folder_entries(notes) if entry[0] not in RESERVED_NAMES]
    return entries


def _collect(entries: list[Entry], prefix: str, depth: int, out: list[tuple[str, str]]) -> None:
    for name, path in sorted(entries, key=lambda entry: entry[0]):
        if name.startswith("."):
            continue
        try:
            info = os.lstat(path)
        except OSError:
            continue  # absent (a memory file not created yet) or vanished meanwhile
        shown = f"{prefix}/{name}" if prefix else name
        if stat.S_ISDIR(info.st_mode):
            out.append((format_size(info.st_size), f"{shown}/"))
            if depth < _MAX_DEPTH:
                _collect(folder_entries(path), shown, depth + 1, out)
        elif stat.S_ISREG(info.st_mode):
            out.append((format_size(info.st_size), shown))


def list_folder(target: MemoryPath, entries: list[Entry], folder_size: int) -> str:
    """The listing of a folder, two levels deep, hidden names and links left out.

    Args:
        target: The folder as asked for (its ``shown`` form prefixes every line).
        entries: The folder's direct entries.
        folder_size: The size reported for the folder itself.
    """
    items: list[tuple[str, str]] = []
    _collect(entries, "", 1, items)
    header = (
        f"Here're the files and directories up to 2 levels deep in {target.shown}, "
        "excluding hidden items:"
    )
    lines = [f"{format_size(folder_size)}\t{target.shown}"]
    lines += [f"{size}\t{target.shown}/{name}" for size, name in items]
    return f"{header}\n" + "\n".join(lines)


def number_lines(
    target: MemoryPath, content: str, view_range: Sequence[int] | None, max_chars: int
) -> str:
    """A file's lines (or ``view_range`` of them) with right-aligned numbers.

    ``view_range`` is ``[first, last]`` (1-based, ``last`` inclusive, ``-1`` for
    the end). When the shown text would pass ``max_chars``, whole lines are kept
    up to it and a last line says which range to view next.

    Raises:
        MemoryToolError: the file has too many lines, or ``view_range`` is not two integers.
    """
    lines = content.split("\n")
    if len(lines) > MAX_LINES:
        raise MemoryToolError(
            f"File {target.shown} exceeds maximum line limit of {MAX_LINES:,} lines."
        )
    shown, first = lines, 1
    if view_range:
        if any(isinstance(value, bool) or not isinstance(value, int) for value in view_range):
            raise MemoryToolError(
                f"Invalid `view_range` parameter: {list(view_range)}. It should be two integers "
                "[first, last], with last -1 for the end of the file."
            )
        if len(view_range) == 2:
            start = max(1, view_range[0]) - 1
            end = len(lines) if view_range[1] == -1 else view_range[1]
            shown, first = lines[start:end], start + 1
    numbered: list[str] = []
    used = 0
    for offset, line in enumerate(shown):
        if used + len(line) + 1 > max_chars and numbered:
            last = first + offset - 1
            numbered.append(
                f"[output capped at {max_chars:,} chars; lines {first}-{last} of {len(lines)} "
                f"shown; view the rest with view_range=[{last + 1}, -1]]"
            )
            break
        used += len(line) + 1
        numbered.append(f"{str(first + offset).rjust(_NUMBER_WIDTH)}\t{line}")
    return f"Here's the content of {target.shown} with line numbers:\n" + "\n".join(numbered)
