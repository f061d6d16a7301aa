"""Dream's journal of its own writes, so an unfinished run can be undone, and only its writes.

Just before each write a Dream tool makes, :meth:`RunJournal.record_write`
records in ``memory/.dream_journal.json`` the file's text before Dream first
touched it and a digest of every text Dream writes to it. The journal exists
for the length of the run.

Undoing a run (the runner's rollback, or the next run's recovery after the
process died) puts a file back only while its content is still one Dream
wrote. A file somebody changed since, by hand or through another program, is
left as it is: undoing Dream never undoes a person. Files Dream created are
deleted, with the folders it created for them.

Before a completed run commits, :meth:`RunJournal.mark_committing` records the
commit it is about to make (:class:`PendingCommit`). If the process dies, or the
disk fills, after that commit landed, the run had completed: the next run keeps
its edits, moves the cursor if it had not moved, and makes the commit if it is
missing, instead of rolling them back, so the processed entries are never left
out of memory. A commit that never landed is undone like any unfinished run.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from reverie._atomic import fsync_dir, write_text_atomic
from reverie._jsonline import loads_line
from reverie._logging import get_logger
from reverie._readfile import FileTooLarge, read_regular_file
from reverie.errors import StoreError

__all__ = ["JOURNAL_NAME", "PendingCommit", "Recovery", "RunJournal", "recover_crashed_run"]

JOURNAL_NAME = ".dream_journal.json"
"""The journal of the run in progress, in ``memory/``."""

_VERSION = 2
_MAX_BYTES = 1 << 28  # it holds the memory files' texts before the run
_log = get_logger("dream.journal")


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _read_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from exc


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class _FileRecord:
    """One file Dream wrote: its text before the run and the digests of Dream's versions."""

    original: str | None
    written: list[str] = field(default_factory=list)
    created_dirs: list[str] = field(default_factory=list)
    """Folders (workspace-relative, outermost first) made to hold a file Dream created."""


@dataclass(frozen=True)
class PendingCommit:
    """The commit a completed run was about to make when it stopped."""

    cursor_from: int
    cursor_to: int
    model: str


@dataclass(frozen=True)
class UndoReport:
    """What undoing a run did."""

    restored: tuple[str, ...] = ()
    """Files put back to their text before the run (or deleted, when Dream created them)."""
    kept: tuple[str, ...] = ()
    """Files changed by someone else after Dream wrote them: left as they are."""


@dataclass(frozen=True)
class Recovery:
    """What the next run found of a run that did not finish."""

    undo: UndoReport = UndoReport()
    pending: PendingCommit | None = None
    """Set when the run had completed (its commit landed, or its cursor moved) but
    its bookkeeping did not finish: the cursor or the commit may be missing."""


class RunJournal:
    """The record of one run's writes, kept on disk while the run lasts.

    Args:
        workspace: The workspace folder.
        path: The journal file (``memory/.dream_journal.json``).
    """

    def __init__(self, workspace: Path, path: Path) -> None:
        self.workspace = workspace
        self.path = path
        self.pid: int | None = os.getpid()
        self.started = _stamp()
        self.files: dict[str, _FileRecord] = {}
        self.committing: PendingCommit | None = None

    @classmethod
    def begin(cls, workspace: Path, path: Path) -> RunJournal:
        """Start the journal of a new run (written at once, so a crash is noticed)."""
        journal = cls(workspace, path)
        journal._save()
        return journal

    # -- recording -------------------------------------------------------------

    def record_write(self, relative: str, before: str | None, after: str) -> None:
        """Note that Dream is about to write ``after`` to ``relative`` (the tools' hook).

        Raises:
            StoreError: the journal cannot be written; the tool then writes nothing.
        """
        record = self.files.get(relative)
        if record is None:
            target = self.workspace / relative
            created = [
                parent.relative_to(self.workspace).as_posix()
                for parent in reversed(target.parents)
                if self.workspace in parent.parents and not parent.exists()
            ]
            record = self.files[relative] = _FileRecord(before, created_dirs=created)
        record.written.append(_digest(after.encode("utf-8")))
        self._save()

    def mark_committing(self, pending: PendingCommit) -> None:
        """Record the commit about to be made, before the cursor moves."""
        self.committing = pending
        self._save()

    # -- reading -----------------------------------------------------------------

    def changes(self) -> dict[str, tuple[str | None, str | None]]:
        """``{path: (before the run, now)}`` for the written files that differ now."""
        out: dict[str, tuple[str | None, str | None]] = {}
        for path, record in self.files.items():
            data = _read_bytes(self.workspace / path)
            now = None if data is None else data.decode("utf-8", errors="replace")
            if now != record.original:
                out[path] = (record.original, now)
        return out

    # -- undoing -------------------------------------------------------------------

    def dream_versions(self) -> dict[str, str]:
        """``{path: text}`` of the written files that still hold a version Dream wrote."""
        out: dict[str, str] = {}
        for path, record in self.files.items():
            data = _read_bytes(self.workspace / path)
            if data is None or _digest(data) not in record.written:
                continue
            if record.original is None or data != record.original.encode("utf-8"):
                out[path] = data.decode("utf-8", errors="replace")
        return out

    def undo(self) -> UndoReport:
        """Put back every file still holding a version Dream wrote; leave the others."""
        ours = self.dream_versions()
        restored: list[str] = []
        kept: list[str] = []
        for path, record in self.files.items():
            if path not in ours:
                data = _read_bytes(self.workspace / path)
                original = None if record.original is None else record.original.encode("utf-8")
                if data != original:
                    kept.append(path)
                continue
            target = self.workspace / path
            if record.original is None:
                with contextlib.suppress(FileNotFoundError):
                    target.unlink()
                for folder in reversed(record.created_dirs):
                    with contextlib.suppress(OSError):
                        (self.workspace / folder).rmdir()  # only while empty
            else:
                write_text_atomic(target, record.original)
            restored.append(path)
        if kept:
            _log.warning(
                "Dream left %s as they are: they were changed after Dream wrote them",
                ", ".join(kept),
            )
        return UndoReport(tuple(restored), tuple(kept))

    def finish(self) -> None:
        """Remove the journal once the run's outcome is settled."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            return
        except OSError as exc:
            raise StoreError(f"cannot remove {self.path}: {exc.strerror or exc}") from exc
        fsync_dir(self.path.parent)

    # -- persistence ---------------------------------------------------------------

    def _save(self) -> None:
        record: dict[str, Any] = {
            "version": _VERSION,
            "pid": self.pid,
            "started": self.started,
            "files": {
                path: {
                    "original": item.original,
                    "written": item.written,
                    "created_dirs": item.created_dirs,
                }
                for path, item in self.files.items()
            },
            "committing": None
            if self.committing is None
            else {
                "cursor_from": self.committing.cursor_from,
                "cursor_to": self.committing.cursor_to,
                "model": self.committing.model,
            },
        }
        write_text_atomic(self.path, json.dumps(record, ensure_ascii=False))

    @classmethod
    def load(cls, workspace: Path, path: Path) -> RunJournal | None:
        """Read a journal left on disk; None when there is none.

        Raises:
            ValueError: the file is not a journal this version can read.
            StoreError: the file exists but cannot be read.
        """
        try:
            raw = read_regular_file(path, limit=_MAX_BYTES, limit_name="the journal size limit")
        except FileNotFoundError:
            return None
        except FileTooLarge as exc:
            raise ValueError(exc.strerror) from exc
        except OSError as exc:
            raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from exc
        data = loads_line(raw)
        if not isinstance(data, dict) or data.get("version") != _VERSION:
            raise ValueError(f"expected a version {_VERSION} journal object")
        journal = cls(workspace, path)
        pid = data.get("pid")
        journal.pid = pid if isinstance(pid, int) and not isinstance(pid, bool) else None
        journal.started = str(data.get("started") or "an unknown time")
        files = data.get("files")
        if not isinstance(files, dict):
            raise ValueError("files must be an object")
        for name, item in files.items():
            journal.files[str(name)] = _parse_file(str(name), item)
        journal.committing = _parse_pending(data.get("committing"))
        return journal


def _parse_file(name: str, item: object) -> _FileRecord:
    if not isinstance(item, dict):
        raise ValueError(f"files[{name!r}] must be an object")
    original, written, dirs = item.get("original"), item.get("written"), item.get("created_dirs")
    if original is not None and not isinstance(original, str):
        raise ValueError(f"files[{name!r}].original must be text or null")
    if not isinstance(written, list) or not all(isinstance(d, str) for d in written):
        raise ValueError(f"files[{name!r}].written must be a list of digests")
    if not isinstance(dirs, list) or not all(isinstance(d, str) for d in dirs):
        raise ValueError(f"files[{name!r}].created_dirs must be a list of folders")
    if Path(name).is_absolute() or ".." in Path(name).parts:
        raise ValueError(f"files[{name!r}] is not a workspace-relative path")
    return _FileRecord(original, list(written), list(dirs))


def _parse_pending(value: object) -> PendingCommit | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("committing must be an object or null")
    first, last, model = value.get("cursor_from"), value.get("cursor_to"), value.get("model")
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in (first, last)):
        raise ValueError("committing cursors must be integers")
    assert isinstance(first, int) and isinstance(last, int)
    return PendingCommit(first, last, model if isinstance(model, str) else "unknown")


def recover_crashed_run(
    workspace: Path,
    path: Path,
    *,
    dream_cursor: int,
    landed: Callable[[PendingCommit], bool] | None = None,
) -> Recovery:
    """Settle a run that died mid-way, if its journal is still there.

    Call it while holding the Dream lock. A run whose commit landed (``landed``
    says so), or that had moved the cursor to its batch's end, had completed:
    its edits stay and its commit is returned as pending. Any other run is
    undone (:meth:`RunJournal.undo`); the versions it discards are kept in
    ``memory/.dream_recovered-<time>.json``.

    Args:
        workspace: The workspace folder.
        path: The journal file.
        dream_cursor: The Dream cursor now.
        landed: Whether the repository holds the pending commit.
    """
    try:
        journal = RunJournal.load(workspace, path)
    except ValueError as exc:
        kept = _keep_aside(path, "unreadable")
        _log.warning("%s is unreadable (%s); kept as %s, nothing rolled back", path, exc, kept)
        return Recovery()
    if journal is None:
        return Recovery()
    pending = journal.committing
    if pending is not None and (
        dream_cursor == pending.cursor_to or (landed is not None and landed(pending))
    ):
        _log.warning(
            "a Dream run (pid %s, started %s) stopped after it had completed; keeping its "
            "edits and finishing its commit and cursor",
            journal.pid,
            journal.started,
        )
        return Recovery(pending=pending)
    discarded = journal.dream_versions()
    if discarded:
        aside = path.with_name(f".dream_recovered-{datetime.now(UTC):%Y%m%dT%H%M%SZ}.json")
        record = {"crashed_run": journal.pid, "discarded": discarded}
        write_text_atomic(aside, json.dumps(record, ensure_ascii=False))
    report = journal.undo()
    journal.finish()
    if report.restored:
        _log.warning(
            "a Dream run (pid %s, started %s) did not finish; rolled back its edits to %s "
            "(the discarded versions are kept in %s)",
            journal.pid,
            journal.started,
            ", ".join(report.restored),
            path.parent,
        )
    return Recovery(undo=report)


def _keep_aside(path: Path, kind: str) -> Path:
    target = path.with_name(f"{path.name}.{kind}-{datetime.now(UTC):%Y%m%dT%H%M%SZ}")
    try:
        os.replace(path, target)
    except OSError as exc:
        raise StoreError(f"cannot move {path} aside: {exc.strerror or exc}") from exc
    return target
