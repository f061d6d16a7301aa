"""Reading and writing the workspace's plain-text memory files (SOUL.md, USER.md, MEMORY.md).

A missing file reads as ``""`` and a file that is not valid UTF-8 still reads
(its bad bytes as U+FFFD, with one warning per file), because these files are
edited by hand and a stray byte must not stop the agent. Writes are atomic.

Reads follow the same path rule as Dream's ``read_file`` tool
(:class:`~reverie.tools.paths.PathPolicy`): a memory file that is a symlink (or
sits in a linked folder) resolving outside the workspace is not read, so no
prompt ever carries a file from elsewhere on the machine.
"""

from __future__ import annotations

import os
from pathlib import Path

from reverie._atomic import write_text_atomic
from reverie._logging import OnceWarner
from reverie._readfile import read_regular_file
from reverie.errors import StoreError, ToolError, UserError
from reverie.tools.paths import PathPolicy

__all__ = ["MAX_MEMORY_FILE_BYTES", "read_text_file", "write_text_file"]

MAX_MEMORY_FILE_BYTES = 64 << 20
"""The memory file size limit: a file goes into every prompt, so far larger is a mistake."""
_LIMIT_NAME = "the memory file size limit"


def read_text_file(path: Path, warner: OnceWarner, policy: PathPolicy | None = None) -> str:
    """The file's text, or ``""`` when it does not exist.

    Args:
        path: The file.
        warner: Says each problem once.
        policy: When given, a file whose resolved target the policy would not
            let Dream read is not read: ``""``, with one warning naming it.

    Raises:
        StoreError: naming the path when it exists but cannot be read.
    """
    if policy is not None and not _readable(path, warner, policy):
        return ""
    try:
        data = read_regular_file(path, limit=MAX_MEMORY_FILE_BYTES, limit_name=_LIMIT_NAME)
    except FileNotFoundError:
        return ""
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        warner.warn(
            f"decode:{path}",
            "%s is not valid UTF-8 (byte %d); undecodable bytes shown as U+FFFD",
            path,
            exc.start,
        )
        return data.decode("utf-8", errors="replace")


def _readable(path: Path, warner: OnceWarner, policy: PathPolicy) -> bool:
    try:
        policy.check_read(str(path))
    except ToolError:
        warner.warn(
            f"outside:{path}",
            "%s resolves to %s, outside the workspace; it is not read into any prompt "
            "(replace the link with a regular file)",
            path,
            os.path.realpath(path),
        )
        return False
    return True


def write_text_file(path: Path, content: str) -> None:
    """Replace the file with ``content`` atomically.

    Raises:
        UserError: naming the file when ``content`` is not a string.
    """
    if not isinstance(content, str):
        raise UserError(f"content for {path.name} must be a string, not {type(content).__name__}")
    write_text_atomic(path, content)
