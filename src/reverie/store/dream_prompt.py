"""The prompt of one Dream pass: guide, current memory files, new history entries.

Rendering is pure (:func:`render_dream_prompt`); the store reads the files and
the unprocessed entries and hands them in. Every embedded part is capped so a
runaway file or entry cannot crowd out the rest of the prompt.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from html import escape
from importlib import resources
from pathlib import Path

from reverie._logging import OnceWarner, get_logger
from reverie._readfile import read_regular_file
from reverie.errors import StoreError, ToolError
from reverie.layout import MEMORY_FILES
from reverie.prompt_markers import defuse_tags
from reverie.store._text_files import MAX_MEMORY_FILE_BYTES
from reverie.store.records import HistoryEntry
from reverie.store.text import TRUNCATION_MARKER, cap_text
from reverie.tools.paths import PathPolicy

__all__ = [
    "DREAM_ENTRY_MAX_CHARS",
    "DREAM_FILE_MAX_CHARS",
    "builtin_dream_guide",
    "load_dream_guide",
    "read_workspace_guide",
    "render_dream_prompt",
]

DREAM_FILE_MAX_CHARS = 8_000
"""Cap on each memory file shown; the model can ``read_file`` the rest."""
DREAM_ENTRY_MAX_CHARS = 1_000
"""Cap on each history entry shown; summaries are short, raw dumps are not."""
WORKSPACE_GUIDE = Path("prompts") / "dream.md"
"""Where a workspace keeps its own Dream guide, relative to the workspace."""

_warner = OnceWarner(get_logger("store"))


@functools.cache
def builtin_dream_guide() -> str:
    """The Dream guide shipped with reverie (``reverie/prompts/dream.md``)."""
    return resources.files("reverie").joinpath("prompts/dream.md").read_text(encoding="utf-8")


_LIMIT_NAME = "the memory file size limit"


def read_workspace_guide(
    workspace: Path, policy: PathPolicy | None = None, warner: OnceWarner | None = None
) -> str:
    """The text of the workspace's ``prompts/dream.md``; ``""`` when it is missing.

    A guide that resolves outside the workspace (a symlink) counts as missing,
    with a warning: the Dream prompt only carries the workspace's own files.

    Raises:
        StoreError: naming the file when it exists but cannot be read.
    """
    path = workspace / WORKSPACE_GUIDE
    policy = policy if policy is not None else PathPolicy(workspace)
    try:
        policy.check_read(str(path))
    except ToolError:
        (warner or _warner).warn(
            f"outside:{path}",
            "%s resolves to %s, outside the workspace; the built-in Dream guide is used",
            path,
            os.path.realpath(path),
        )
        return ""
    try:
        data = read_regular_file(path, limit=MAX_MEMORY_FILE_BYTES, limit_name=_LIMIT_NAME)
    except (FileNotFoundError, NotADirectoryError):
        return ""
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return data.decode("utf-8", errors="replace")


def load_dream_guide(
    workspace: Path, policy: PathPolicy | None = None, warner: OnceWarner | None = None
) -> str:
    """The workspace's ``prompts/dream.md`` unless missing or blank, else the built-in guide.

    Raises:
        StoreError: naming the file when it exists but cannot be read.
    """
    text = read_workspace_guide(workspace, policy, warner)
    return text if text.strip() else builtin_dream_guide()


def render_dream_prompt(guide: str, files: dict[str, str], entries: Sequence[HistoryEntry]) -> str:
    """Assemble the prompt text.

    Args:
        guide: The instructions for the model.
        files: Current contents by workspace-relative name (``SOUL.md``,
            ``USER.md``, ``memory/MEMORY.md``); a missing file is ``""``.
        entries: The unprocessed history entries, oldest first (not empty).
    """
    parts = [guide.rstrip(), "", "# Current memory files", ""]
    for name in MEMORY_FILES:
        parts.append(_file_block(name, files.get(name, "")))
    first, last = entries[0].cursor, entries[-1].cursor
    count = len(entries)
    parts += [
        "# New history entries",
        "",
        f"{count} entr{'y' if count == 1 else 'ies'}, cursors {first}-{last}, oldest first.",
        "",
    ]
    parts.extend(_entry_block(entry) for entry in entries)
    return "\n".join(parts)


def _file_block(name: str, content: str) -> str:
    if not content.strip():
        return f'<file path="{name}">\n(empty)\n</file>\n'
    marker = f"\n… [truncated: {len(content):,} chars in all; read_file {name} for the rest]"
    shown = cap_text(_defuse(content), DREAM_FILE_MAX_CHARS, marker)
    return f'<file path="{name}">\n{shown.rstrip()}\n</file>\n'


_BLOCKS = ("entry", "file")


def _defuse(text: str) -> str:
    """Stop text from opening or closing a block (a pasted ``</entry>`` stays visible)."""
    return defuse_tags(text, _BLOCKS)


def _entry_block(entry: HistoryEntry) -> str:
    session = f' session="{escape(entry.session_key)}"' if entry.session_key else ""
    text = cap_text(_defuse(entry.content), DREAM_ENTRY_MAX_CHARS, TRUNCATION_MARKER).rstrip()
    return (
        f'<entry cursor="{entry.cursor}" timestamp="{entry.timestamp}"{session}>\n'
        f"{text or '(empty)'}\n</entry>\n"
    )
