"""The append-only history log: ``memory/history.jsonl`` and its ``memory/.cursor``.

Guarantees:

* Cursors are issued under a :class:`~reverie.locks.WorkspaceLock`, so
  threads and processes never share one. The next cursor is
  ``max(.cursor, last valid cursor in the log) + 1``: ``.cursor`` is only a
  lower bound (it survives the log being emptied); the log always wins.
* A record is written with one ``os.write`` on an ``O_APPEND`` descriptor, so
  readers never see two records interleaved. No fsync per append: a crash may
  lose the last records or leave a torn last line, which readers skip and the
  next append terminates (it then reads as one malformed line).
* Reads never parse the whole file to find recent entries: they walk back from
  the end, or bisect on byte offsets (cursors grow line after line).
* Bad lines are skipped with one warning per kind of damage; compaction moves
  them to ``memory/history.rejected.jsonl`` rather than dropping them.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from reverie._append import append_whole
from reverie._atomic import write_bytes_atomic
from reverie._logging import OnceWarner, get_logger
from reverie._readfile import ensure_regular
from reverie.errors import StoreError, UserError
from reverie.locks import WorkspaceLock
from reverie.privacy import open_private, private_mkdir
from reverie.store._compaction import append_rejected, plan_compaction, remove_stale_temp_files
from reverie.store._cursor_hint import OPEN_READ, CursorHint, store_error
from reverie.store._history_parse import LineParser
from reverie.store._history_scan import bisect_start, collect, tail_since, tail_state
from reverie.store.records import HistoryEntry, HistorySource

__all__ = ["Compaction", "HistoryLog", "NewEntry", "timestamp_now"]

_log = get_logger("store.history")

_HISTORY_NAME = "history.jsonl"
_CURSOR_NAME = ".cursor"
_REJECTED_NAME = "history.rejected.jsonl"
_LOCK_NAME = ".history.lock"

# O_NONBLOCK: a named pipe in the log's place must fail, not block (regular files ignore it).
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_OPEN_APPEND = os.O_RDWR | os.O_APPEND | os.O_CREAT | _NONBLOCK | getattr(os, "O_CLOEXEC", 0)


def timestamp_now() -> str:
    """Local time as history records spell it: ``YYYY-MM-DD HH:MM``."""
    return time.strftime("%Y-%m-%d %H:%M")


class NewEntry(NamedTuple):
    """An entry to append; its cursor is assigned by the log."""

    content: str
    timestamp: str | None = None
    session_key: str | None = None
    source: HistorySource | None = None


@dataclass(frozen=True, slots=True)
class Compaction:
    """What :meth:`HistoryLog.compact` did."""

    dropped: int = 0
    """Processed entries removed from the log."""
    rejected: int = 0
    """Malformed lines moved to ``history.rejected.jsonl``."""


class HistoryLog:
    """``memory/history.jsonl``: append, read since a cursor, compact.

    Creating one does no I/O; the memory folder is created by the first write.

    Args:
        memory_dir: The workspace's ``memory`` folder.
        warner: Where "skipped a bad line" warnings go, once per kind; the
            owning store passes its own so each store warns afresh.
    """

    def __init__(self, memory_dir: Path | str, *, warner: OnceWarner | None = None) -> None:
        self._dir = Path(memory_dir)
        self._path = self._dir / _HISTORY_NAME
        self._cursor_path = self._dir / _CURSOR_NAME
        self._rejected_path = self._dir / _REJECTED_NAME
        # ``os.open`` on a str skips a Path conversion per call on the append path.
        self._path_str = os.fspath(self._path)
        self._lock = WorkspaceLock(self._dir / _LOCK_NAME)
        self._warner = warner if warner is not None else OnceWarner(_log)
        self._hint = CursorHint(self._cursor_path, self._path, self._warner)
        self._parse = LineParser(self._path, self._warner)
        self._dir_ready = False

    @property
    def path(self) -> Path:
        """``memory/history.jsonl``."""
        return self._path

    @property
    def cursor_path(self) -> Path:
        """``memory/.cursor``: the last cursor issued (a lower bound; the log wins)."""
        return self._cursor_path

    @property
    def rejected_path(self) -> Path:
        """``memory/history.rejected.jsonl``: malformed lines moved out by compaction."""
        return self._rejected_path

    @property
    def lock(self) -> WorkspaceLock:
        """The lock every writer of the log holds (re-entrant)."""
        return self._lock

    # -- writing -----------------------------------------------------------------

    def append(
        self,
        content: str,
        *,
        timestamp: str | None = None,
        session_key: str | None = None,
        source: HistorySource | None = None,
    ) -> HistoryEntry:
        """Append one entry and return it with its new cursor.

        Raises:
            UserError: a field of the wrong type (names it).
            StoreError: naming the path when the memory folder cannot be written.
        """
        return self.extend([NewEntry(content, timestamp, session_key, source)])[0]

    def extend(self, entries: Sequence[NewEntry]) -> list[HistoryEntry]:
        """Append entries with consecutive cursors, in one write.

        Raises:
            UserError: a field of an entry has the wrong type (names it).
            StoreError: naming the path when the memory folder cannot be written.
        """
        if not entries:
            return []
        for item in entries:
            _check_new_entry(item)
        self._ensure_dir()
        with self._lock:
            try:
                fd = open_private(self._path_str, _OPEN_APPEND)
            except OSError as exc:
                raise store_error("cannot open", self._path, exc) from exc
            try:
                size = self._checked(fd, "cannot write").st_size
                last, torn = tail_state(fd, size, self._parse)
                cursor = max(last, self._hint.read())
                written: list[HistoryEntry] = []
                stamp = timestamp_now()
                for item in entries:
                    cursor += 1
                    written.append(
                        HistoryEntry(
                            cursor=cursor,
                            timestamp=item.timestamp if item.timestamp is not None else stamp,
                            content=item.content,
                            session_key=item.session_key,
                            source=item.source,
                        )
                    )
                payload = b"".join(_encode(entry) for entry in written)
                # A torn last line is closed first so the new record starts on its own line.
                try:
                    append_whole(fd, b"\n" + payload if torn else payload, size)
                except OSError as exc:
                    raise store_error("cannot write", self._path, exc) from exc
            finally:
                os.close(fd)
            self._hint.write(cursor)
        return written

    def compact(self, max_entries: int, dream_cursor: int) -> Compaction:
        """Drop the oldest processed entries while more than ``max_entries`` remain.

        Only entries with ``cursor <= dream_cursor`` may go, oldest first; the
        first unprocessed entry stops the drop. ``max_entries <= 0`` disables
        compaction. When the file is rewritten (atomically), malformed lines are
        appended to ``history.rejected.jsonl`` instead of vanishing.
        """
        if max_entries <= 0:
            return Compaction()
        with self._lock:
            plan = plan_compaction(self._read_bytes(), max_entries, dream_cursor)
            if plan is None:
                return Compaction()
            # A rewrite killed part-way leaves its temp file; only one can run at a time.
            remove_stale_temp_files(self._path)
            if plan.rejected:
                # Set aside, durably, before the rewrite drops them from the log.
                append_rejected(self._rejected_path, plan.rejected, timestamp_now())
            write_bytes_atomic(self._path, plan.kept)
        if plan.rejected:
            _log.warning(
                "%s: moved %d malformed line(s) to %s",
                self._path,
                len(plan.rejected),
                self._rejected_path,
            )
        return Compaction(dropped=plan.dropped, rejected=len(plan.rejected))

    # -- reading -----------------------------------------------------------------

    def read_since(self, cursor: int, *, limit: int | None = None) -> list[HistoryEntry]:
        """Valid entries with a cursor greater than ``cursor``, in file order.

        Args:
            cursor: Entries at or below it are skipped (0 reads everything).
            limit: Stop after this many entries (None: no limit).

        Raises:
            StoreError: naming the path when the log exists but cannot be read.
        """
        fd = self._open_for_read()
        if fd is None:
            return []
        try:
            size = os.fstat(fd).st_size
            if size == 0 or (limit is not None and limit <= 0):
                return []
            start = 0
            if cursor > 0:
                tail, hi = tail_since(fd, size, cursor, self._parse)
                if tail is not None:
                    return tail if limit is None else tail[:limit]
                start = bisect_start(fd, size, hi, cursor)
            return collect(fd, start, size, cursor, limit, self._parse)
        except OSError as exc:
            raise store_error("cannot read", self._path, exc) from exc
        finally:
            os.close(fd)

    def latest_cursor(self) -> int:
        """The cursor of the last valid entry in the log; 0 when there is none."""
        fd = self._open_for_read()
        if fd is None:
            return 0
        try:
            return tail_state(fd, os.fstat(fd).st_size, self._parse)[0]
        except OSError as exc:
            raise store_error("cannot read", self._path, exc) from exc
        finally:
            os.close(fd)

    def last_issued_cursor(self) -> int:
        """The highest cursor issued so far: the next append gets this plus one."""
        return max(self.latest_cursor(), self._hint.read())

    def has_entries(self) -> bool:
        """True when the log holds at least one valid entry."""
        return self.latest_cursor() > 0

    # -- internals ---------------------------------------------------------------

    def _ensure_dir(self) -> None:
        if self._dir_ready:
            return
        try:
            private_mkdir(self._dir)
        except FileExistsError as exc:
            raise StoreError(f"memory folder {self._dir} exists but is not a folder") from exc
        except OSError as exc:
            raise store_error("cannot create memory folder", self._dir, exc) from exc
        self._dir_ready = True

    def _open_for_read(self) -> int | None:
        try:
            fd = os.open(self._path_str, OPEN_READ)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise store_error("cannot read", self._path, exc) from exc
        try:
            self._checked(fd, "cannot read")
        except BaseException:
            os.close(fd)
            raise
        return fd

    def _checked(self, fd: int, action: str) -> os.stat_result:
        try:
            return ensure_regular(fd, self._path)
        except OSError as exc:
            raise store_error(action, self._path, exc) from exc

    def _read_bytes(self) -> bytes:
        try:
            return self._path.read_bytes()
        except FileNotFoundError:
            return b""
        except OSError as exc:
            raise store_error("cannot read", self._path, exc) from exc


def _check_new_entry(item: NewEntry) -> None:
    if not isinstance(item.content, str):
        raise UserError(
            f"history entry content must be a string, not {type(item.content).__name__}"
        )
    if item.timestamp is not None and not isinstance(item.timestamp, str):
        raise UserError("history entry timestamp must be a string like '2026-04-03 00:02'")
    if item.session_key is not None and not isinstance(item.session_key, str):
        raise UserError(
            f"history entry session_key must be a string, not {type(item.session_key).__name__}"
        )
    if item.source is not None and not isinstance(item.source, HistorySource):
        raise UserError(
            f"history entry source must be a HistorySource, not {type(item.source).__name__}"
        )


def _encode(entry: HistoryEntry) -> bytes:
    try:
        return entry.to_json_line().encode("utf-8")
    except UnicodeEncodeError:
        # A lone surrogate (text decoded with surrogateescape) cannot be UTF-8;
        # JSON's \u escapes carry it, and it reads back unchanged.
        return (json.dumps(entry.to_dict(), ensure_ascii=True) + "\n").encode("ascii")
