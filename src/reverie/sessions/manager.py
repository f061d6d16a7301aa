"""SessionManager: the cache and the only writer of ``sessions/*.jsonl``.

Guarantees, beyond nanobot's:

* **Atomic saves.** A save writes a temp file, fsyncs and renames it, under a
  per-session :class:`~reverie.locks.WorkspaceLock`
  (``sessions/.locks/<name>.lock``) shared by threads and processes, so a
  reader sees the old or the new file, never half of one.
* **Damaged files lose nothing.** Unusable lines are reported with one warning
  naming the file and lines; a damaged message is recorded as lost, so the
  others keep their absolute indexes (:mod:`reverie.sessions.lost`); a damaged
  metadata line is rebuilt from the transcript archive and the history log;
  before the first write over such a file the original is kept as
  ``<name>.corrupt-<UTC time>``.
* **No silent lost updates.** If another process (or another manager) replaced
  the file since this manager read it, and that version holds messages this
  session does not, it is kept as ``<name>.conflict-<UTC time>`` before the
  save, with a warning.
* **Nothing leaves without a copy.** :meth:`SessionManager.archive_and_drop` and
  :meth:`SessionManager.delete_session` append the messages to the transcript
  archive before removing them from the session file; ``archived_offset`` keeps
  their absolute indexes stable (see :mod:`reverie.sessions.session`).

Files nanobot wrote load as they are, including its older lossy file names
(``cli_alice.jsonl``), which are renamed ``<name>.migrated`` once the session is
saved under its base64url name. The copies are made in
:mod:`reverie.sessions._safekeeping`.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from reverie._atomic import fsync_dir, write_bytes_atomic
from reverie._logging import OnceWarner, get_logger
from reverie.errors import StoreError
from reverie.locks import WorkspaceLock
from reverie.messages import Message
from reverie.sessions._safekeeping import (
    FileState,
    covers,
    keep_copy,
    protect,
    retire_legacy,
)
from reverie.sessions._safekeeping import Signature as Signature
from reverie.sessions.header_recovery import recover_header
from reverie.sessions.jsonl_store import (
    LoadedSession,
    file_signature,
    metadata_key,
    read_session_file,
    read_summary,
    serialize_session,
)
from reverie.sessions.keys import legacy_stem, session_filename
from reverie.sessions.ranges import read_message_range
from reverie.sessions.session import Session
from reverie.sessions.transcripts import TranscriptArchive

__all__ = ["SessionManager"]

_log = get_logger("sessions")
_LOCK_TIMEOUT = 60.0
_MAX_REPORTED_LINES = 5


class SessionManager:
    """Loads, caches, saves and retires the sessions of one workspace.

    Args:
        workspace: The workspace folder; sessions live in ``workspace/sessions``.
            Nothing is read or created until a method needs it.
        lock_timeout: Seconds to wait for another process's save of a session.
    """

    def __init__(self, workspace: Path | str, *, lock_timeout: float = _LOCK_TIMEOUT) -> None:
        self.workspace = Path(workspace)
        self.sessions_dir = self.workspace / "sessions"
        self.transcripts = TranscriptArchive(self.workspace, lock_timeout=lock_timeout)
        self._lock_timeout = lock_timeout
        self._cache: dict[str, Session] = {}
        self._states: dict[str, FileState] = {}
        self._file_locks: dict[str, WorkspaceLock] = {}
        self._mutex = threading.RLock()
        self._warner = OnceWarner(_log)

    def session_path(self, key: str) -> Path:
        """The file of session ``key`` (``sessions/<base64url(key)>.jsonl``)."""
        return self.sessions_dir / session_filename(key)

    @contextlib.contextmanager
    def lock(self, key: str) -> Iterator[None]:
        """Hold session ``key``'s lock across threads and processes (re-entrant).

        Wrap a read-modify-save in it when another process may save the same
        session; :meth:`save` and friends take it themselves.
        """
        with self._mutex:
            lock = self._file_locks.get(key)
            if lock is None:
                path = self.sessions_dir / ".locks" / f"{session_filename(key)}.lock"
                lock = WorkspaceLock(path, timeout=self._lock_timeout)
                self._file_locks[key] = lock
        with lock:
            yield

    def get_or_create(self, key: str) -> Session:
        """The session ``key``: cached, else loaded from its file, else new.

        The same object is returned until :meth:`invalidate`. A new session
        whose key was used before (and deleted) continues that key's absolute
        message indexes, so its archive never holds two messages under one index.

        Raises:
            SessionError: when ``key`` is not a non-empty string.
            StoreError: naming the file when it exists but cannot be read.
        """
        with self._mutex:
            cached = self._cache.get(key)
            if cached is not None:
                return cached
            path = self.session_path(key)
            loaded = self._load(key, path)
            if loaded is None:
                session = Session(key=key)
                session.archived_offset = self.transcripts.next_index(key)
                self._states[key] = FileState(signature=None)
            else:
                session = loaded.session
            self._cache[key] = session
            return session

    def _load(self, key: str, path: Path) -> LoadedSession | None:
        source, legacy = path, None
        signature = file_signature(path)
        if signature is None:
            candidate = self.sessions_dir / f"{legacy_stem(key)}.jsonl"
            if candidate == path or not candidate.is_file():
                return None
            if metadata_key(candidate) not in (None, key):
                return None  # another key's file under the shared lossy name
            source, legacy = candidate, candidate
        loaded = read_session_file(source, key)
        if loaded is None:
            return None
        if loaded.damaged:
            shown = "; ".join(loaded.problems[:_MAX_REPORTED_LINES])
            more = len(loaded.problems) - _MAX_REPORTED_LINES
            self._warner.warn(
                f"damaged:{source}",
                "%s: %d damaged line(s) (%s%s); a damaged message is recorded as lost and "
                "the others keep their indexes; the original file is kept as "
                "%s.corrupt-<time> before the next save",
                source,
                len(loaded.problems),
                shown,
                f"; and {more} more" if more > 0 else "",
                source.name,
            )
        if loaded.header_damaged:
            found = recover_header(loaded.session, self.workspace, self.transcripts)
            _log.warning(
                "%s: the metadata line is damaged; recovered archived_offset=%d from the "
                "transcript archive and last_consolidated=%d from %s",
                source,
                found.archived_offset,
                found.last_consolidated,
                f"history entry {found.from_cursor}"
                if found.from_cursor is not None
                else "the history log (no entry summarised this session)",
            )
        loaded.session.consolidated_count()  # reset an out-of-range value now, logged once
        with self._mutex:
            self._states[key] = FileState(
                signature=signature, damaged=loaded.damaged and legacy is None, legacy_path=legacy
            )
        return loaded

    def save(self, session: Session) -> None:
        """Write ``session`` to its file atomically and make it the cached object.

        Raises:
            SessionError: naming the message that cannot be stored as JSON
                (the file is left as it was).
            StoreError: naming the file when it cannot be written.
        """
        key = session.key
        data = serialize_session(session)
        with self.lock(key):
            path = self.session_path(key)
            with self._mutex:
                state = self._states.get(key)
            protect(session, path, state)
            write_bytes_atomic(path, data)
            if state is not None and state.legacy_path is not None:
                retire_legacy(state.legacy_path)
            signature = file_signature(path)
            with self._mutex:
                self._states[key] = FileState(signature=signature)
                self._cache[key] = session

    def invalidate(self, key: str) -> None:
        """Forget the cached session ``key``; the next :meth:`get_or_create` reloads it."""
        with self._mutex:
            self._cache.pop(key, None)
            self._states.pop(key, None)

    def archive_and_drop(
        self, session: Session, count: int | None = None, *, reason: str = "compact"
    ) -> int:
        """Move the oldest ``count`` messages (all when None) into the transcript archive.

        The messages are appended to ``memory/transcripts/`` first, then removed
        from ``session``; ``last_consolidated`` shifts down with them,
        ``archived_offset`` grows by the same amount, and the session is saved.
        ``updated_at`` is left alone: dropping is not activity.

        Returns:
            How many messages were moved.

        Raises:
            StoreError: when the archive or the session file cannot be written;
                if the archive append failed, the session is unchanged.
        """
        total = len(session.messages)
        moved = total if count is None else max(0, min(count, total))
        if moved == 0:
            return 0
        with self.lock(session.key):
            self._archive(session, moved, reason)
            after = session.absolute_index(moved - 1) + 1
            consolidated = session.consolidated_count()
            del session.messages[:moved]
            session.last_consolidated = max(0, consolidated - moved)
            session.archived_offset = after
            self.save(session)
        return moved

    def _archive(self, session: Session, count: int, reason: str) -> None:
        """Append ``messages[:count]`` to the transcript archive under their absolute indexes."""
        start = 0
        while start < count:
            # A lost message leaves a gap in the indexes: one append per unbroken run.
            first = session.absolute_index(start)
            end = start + 1
            while end < count and session.absolute_index(end) == first + (end - start):
                end += 1
            self.transcripts.append(
                session.key, session.messages[start:end], first_index=first, reason=reason
            )
            start = end

    def read_range(self, key: str, start: int, end: int) -> list[Message]:
        """Messages ``start`` to ``end`` (absolute indexes, end exclusive) of session ``key``.

        This expands a history entry's ``source`` back to the exact messages:
        those that left the file come from the transcript archive, the rest
        from the session (the cached object when there is one). Copies are
        returned with their stored fields, ``timestamp`` included.

        A range running past the session's end returns the messages there
        are; a lost message is shown by a stand-in in its place.

        Raises:
            UserError: a negative or reversed range.
        """
        session = self.get_or_create(key)
        return read_message_range(session, self.transcripts, start, end, complete=False)

    def list_sessions(self) -> list[dict[str, Any]]:
        """Every session file, newest ``updated_at`` first, without parsing messages.

        Returns:
            Dicts with ``key``, ``created_at`` and ``updated_at`` (ISO 8601),
            ``message_count`` (lines after the metadata line) and ``path``.
        """
        try:
            paths = sorted(self.sessions_dir.glob("*.jsonl"))
        except OSError as exc:
            raise StoreError(f"cannot list {self.sessions_dir}: {exc.strerror or exc}") from exc
        rows = [summary.as_dict() for path in paths if (summary := read_summary(path))]
        rows.sort(key=lambda row: str(row["updated_at"]), reverse=True)
        return rows

    def delete_session(self, key: str) -> bool:
        """Archive the session's remaining messages, then delete its file and cache entry.

        Returns:
            True when there was a session (a file or a cached object) to delete.

        Raises:
            StoreError: when the archive cannot be written (nothing is deleted)
                or the file cannot be removed.
        """
        with self.lock(key):
            path = self.session_path(key)
            with self._mutex:
                cached = self._cache.get(key)
                state = self._states.get(key)
            session = cached
            if cached is None or state is None or state.signature != file_signature(path):
                # Someone else wrote the file since we read it: archive what it holds,
                # unless our copy already holds all of that and more.
                loaded = self._load(key, path)
                if loaded is not None and not (
                    cached is not None and covers(cached, loaded.session)
                ):
                    session = loaded.session
                with self._mutex:
                    state = self._states.get(key)
            existed = session is not None
            if session is not None and session.messages:
                self._archive(session, len(session.messages), "delete")
            if state is not None and state.damaged and path.exists():
                kept = keep_copy(path, "corrupt")
                _log.warning("%s was damaged; the original is kept as %s", path, kept)
            for victim in (path, state.legacy_path if state is not None else None):
                if victim is None:
                    continue
                try:
                    victim.unlink()
                except FileNotFoundError:
                    continue
                except OSError as exc:
                    raise StoreError(f"cannot delete {victim}: {exc.strerror or exc}") from exc
                fsync_dir(victim.parent)
            with self._mutex:
                self._cache.pop(key, None)
                self._states.pop(key, None)
            return existed
