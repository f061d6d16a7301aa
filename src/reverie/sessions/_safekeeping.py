"""What a session file is kept as before a write could lose something in it.

A file loaded with damage is kept as ``<name>.corrupt-<UTC time>`` before the
first write over it; a file another writer replaced since it was read, holding
messages the session being saved does not, as ``<name>.conflict-<UTC time>``;
a file read from nanobot's older lossy name is renamed ``<name>.migrated``
once the session is saved under its own. No copy ever overwrites another.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from reverie._atomic import fsync_dir
from reverie._logging import get_logger
from reverie.errors import StoreError
from reverie.sessions.jsonl_store import file_signature, read_session_file
from reverie.sessions.session import Session

__all__ = ["FileState", "Signature", "covers", "keep_copy", "protect", "retire_legacy"]

_log = get_logger("sessions")

Signature = tuple[int, int, int]


@dataclass
class FileState:
    """What this manager knows about a session's file."""

    signature: Signature | None
    """The version last read or written by us (None: there was no file)."""
    damaged: bool = False
    """Loaded with skipped lines: keep a copy before the first write over it."""
    legacy_path: Path | None = None
    """Loaded from nanobot's older file name; retire it after the first save."""


def protect(session: Session, path: Path, state: FileState | None) -> None:
    """Keep the file about to be replaced when replacing it could lose data."""
    current = file_signature(path)
    if current is None:
        return
    if state is not None and state.damaged:
        kept = keep_copy(path, "corrupt")
        _log.warning("%s was loaded with damage; the original is kept as %s", path, kept)
        return
    if state is not None and state.signature == current:
        return
    on_disk = read_session_file(path, session.key)
    if on_disk is not None and not on_disk.damaged and covers(session, on_disk.session):
        return
    kept = keep_copy(path, "conflict")
    _log.warning(
        "%s was changed by another writer since it was read; that version is kept as %s",
        path,
        kept,
    )


def retire_legacy(legacy: Path) -> None:
    """Rename nanobot's older session file ``<name>.migrated`` once it is saved anew."""
    target = _free_name(legacy, "migrated")
    try:
        os.replace(legacy, target)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError(f"cannot rename {legacy} to {target}: {exc.strerror or exc}") from exc
    _log.info("imported nanobot session file %s; the original is now %s", legacy, target)


def covers(session: Session, disk: Session) -> bool:
    """True when every message ``disk`` holds is also in ``session`` (same absolute index)."""
    ours = session.archived_offset
    for position, message in enumerate(disk.messages):
        index = disk.absolute_index(position)
        if index < ours:
            continue  # already moved to the archive by us
        local = session.position_of(index)
        if local is None or session.messages[local] != message:
            return False
    return True


def keep_copy(path: Path, kind: str) -> Path:
    """Keep the current ``path`` as ``<name>.<kind>-<UTC time>`` (a hard link when possible)."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = _free_name(path, f"{kind}-{stamp}")
    try:
        try:
            os.link(path, target)
        except OSError:
            shutil.copy2(path, target)
    except OSError as exc:
        raise StoreError(
            f"cannot keep a copy of {path} as {target}: {exc.strerror or exc}"
        ) from exc
    fsync_dir(path.parent)
    return target


def _free_name(path: Path, suffix: str) -> Path:
    """``<name>.<suffix>``, or ``<name>.<suffix>-N`` when that is taken: never overwrite a copy."""
    target = path.with_name(f"{path.name}.{suffix}")
    number = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{suffix}-{number}")
        number += 1
    return target
