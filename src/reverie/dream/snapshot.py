"""What Dream may change, captured before a run so the run can be undone.

A :class:`Snapshot` holds the text of every file Dream's tools may write
(SOUL.md, USER.md, memory/MEMORY.md and the files under skills/). A run that
does not complete is rolled back to it, so the retried batch starts clean.

The snapshot is also written to ``memory/.dream_journal.json`` for the length
of the run. If the process dies mid-run, the journal survives, and the next
Dream rolls the half-applied edits back before it starts. The versions it
discards are kept in ``memory/.dream_recovered-<time>.json``: nothing is lost.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from reverie._atomic import fsync_dir, write_text_atomic
from reverie._logging import get_logger
from reverie.errors import StoreError
from reverie.tools import DREAM_WRITABLE_DIRS, DREAM_WRITABLE_FILES

__all__ = ["JOURNAL_NAME", "Snapshot", "recover_crashed_run"]

JOURNAL_NAME = ".dream_journal.json"
"""The journal of the run in progress, in ``memory/``."""

_log = get_logger("dream.snapshot")


def _read(path: Path) -> str | None:
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return data.decode("utf-8")


def _writable_paths(workspace: Path) -> tuple[list[str], list[str]]:
    """The files Dream may write that exist, and the folders under the writable dirs."""
    paths = list(DREAM_WRITABLE_FILES)
    folders: list[str] = []
    for folder in DREAM_WRITABLE_DIRS:
        root = workspace / folder
        if root.is_symlink() or not root.is_dir():
            continue  # a linked folder resolves outside: the tools refuse to write there
        for directory, dirs, files in os.walk(root):
            dirs.sort()
            folders.append(Path(directory).relative_to(workspace).as_posix())
            for name in sorted(files):
                full = Path(directory, name)
                if full.is_file() and not full.is_symlink():
                    paths.append(full.relative_to(workspace).as_posix())
    return paths, folders


@dataclass
class Snapshot:
    """File texts by workspace-relative path; None marks a file that did not exist.

    Files that are not UTF-8 are left out: the tools refuse to edit them.
    """

    workspace: Path
    files: dict[str, str | None] = field(default_factory=dict)
    folders: frozenset[str] = frozenset()
    """Folders under skills/ (and skills/ itself) that existed: a rollback keeps them."""

    @classmethod
    def capture(cls, workspace: Path) -> Snapshot:
        """Read every file Dream may write."""
        files: dict[str, str | None] = {}
        paths, folders = _writable_paths(workspace)
        for relative in paths:
            try:
                files[relative] = _read(workspace / relative)
            except UnicodeDecodeError:
                continue
        return cls(workspace, files, frozenset(folders))

    def current(self, extra: Iterable[str] = ()) -> dict[str, str | None]:
        """The same files (plus ``extra`` paths) as they are now."""
        out: dict[str, str | None] = {}
        for relative in [*self.files, *extra]:
            if relative in out:
                continue
            try:
                out[relative] = _read(self.workspace / relative)
            except UnicodeDecodeError:
                continue
        return out

    def changed(self, extra: Iterable[str] = ()) -> dict[str, tuple[str | None, str | None]]:
        """``{path: (before, now)}`` for every file that differs from the snapshot."""
        now = self.current(extra)
        return {
            path: (self.files.get(path), text)
            for path, text in now.items()
            if text != self.files.get(path)
        }

    def restore(self, extra: Iterable[str] = ()) -> list[str]:
        """Put every changed file back; delete files the run created. Returns the paths."""
        restored: list[str] = []
        for path, (before, _) in self.changed(extra).items():
            target = self.workspace / path
            if before is None:
                with contextlib.suppress(FileNotFoundError):
                    target.unlink()
                self._prune_empty_folders(target.parent)
            else:
                write_text_atomic(target, before)
            restored.append(path)
        return restored

    def _prune_empty_folders(self, folder: Path) -> None:
        # Folders the run created for a new skill go with it; older ones stay.
        while self.workspace in folder.parents:
            relative = folder.relative_to(self.workspace).as_posix()
            if relative in self.folders or relative == "memory":
                return
            try:
                folder.rmdir()
            except OSError:
                return
            folder = folder.parent

    # -- the journal -----------------------------------------------------------

    def write_journal(self, journal: Path, *, created: Iterable[str] = ()) -> None:
        """Persist the snapshot so a crashed run can be undone by the next one."""
        record = {
            "version": 1,
            "pid": os.getpid(),
            "started": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "files": self.files,
            "folders": sorted(self.folders),
            "created": sorted(set(created)),
        }
        write_text_atomic(journal, json.dumps(record, ensure_ascii=False))

    @staticmethod
    def clear_journal(journal: Path) -> None:
        """Remove the journal once the run's outcome is settled."""
        try:
            journal.unlink()
        except FileNotFoundError:
            return
        except OSError as exc:
            raise StoreError(f"cannot remove {journal}: {exc.strerror or exc}") from exc
        fsync_dir(journal.parent)


def recover_crashed_run(workspace: Path, journal: Path) -> list[str]:
    """Undo the edits of a run that died mid-way, if its journal is still there.

    Call it while holding the Dream lock. The versions being replaced are kept
    in ``memory/.dream_recovered-<time>.json`` next to the journal.

    Returns:
        The paths that were put back (empty when there was nothing to recover).
    """
    try:
        raw = journal.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StoreError(f"cannot read {journal}: {exc.strerror or exc}") from exc
    try:
        record = json.loads(raw)
        files = record["files"]
        created = record.get("created", [])
        folders = record.get("folders", [])
        if not isinstance(files, dict) or not isinstance(created, list):
            raise TypeError("files must be an object and created a list")
        if not isinstance(folders, list):
            raise TypeError("folders must be a list")
        snapshot = Snapshot(
            workspace,
            {str(k): v if isinstance(v, str) else None for k, v in files.items()},
            frozenset(str(f) for f in folders),
        )
        extra = [str(path) for path in created]
    except (ValueError, KeyError, TypeError) as exc:
        kept = _keep_aside(journal, "unreadable")
        _log.warning("%s is unreadable (%s); kept as %s, nothing rolled back", journal, exc, kept)
        return []
    discarded = snapshot.changed(extra)
    if discarded:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        aside = journal.with_name(f".dream_recovered-{stamp}.json")
        write_text_atomic(
            aside,
            json.dumps(
                {
                    "crashed_run": record.get("pid"),
                    "discarded": {p: d[1] for p, d in discarded.items()},
                },
                ensure_ascii=False,
            ),
        )
    restored = snapshot.restore(extra)
    Snapshot.clear_journal(journal)
    if restored:
        _log.warning(
            "a Dream run (pid %s, started %s) did not finish; rolled back its edits to %s "
            "(the discarded versions are kept in %s)",
            record.get("pid"),
            record.get("started"),
            ", ".join(restored),
            journal.parent,
        )
    return restored


def _keep_aside(journal: Path, kind: str) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = journal.with_name(f"{journal.name}.{kind}-{stamp}")
    os.replace(journal, target)
    return target
