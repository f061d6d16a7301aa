"""The lossless transcript archive: every message that leaves a session file.

Idle compaction, ``/new``, retention and deletion remove messages from
``sessions/<key>.jsonl``; before they go, they are appended verbatim to
``memory/transcripts/<same file name>.jsonl``, one line each::

    {"index": 42, "session_key": "cli:alice", "archived_at": "2026-04-03T00:02:11+00:00",
     "reason": "compact", "message": {"role": "user", "content": "...", "timestamp": "..."}}

``index`` is the message's *absolute index* in its session: ``k`` means the
k-th message the session ever had (0-based), whether it now lives in the
session file (at ``k - archived_offset``, see :mod:`reverie.sessions.session`)
or here. History entries name ranges ``[start, end)`` of these indexes, so a
summary can always be expanded back to the exact messages.

Durability and concurrency: each batch is serialised first, then written with
one ``write`` on an ``O_APPEND`` descriptor while a :class:`WorkspaceLock` on
``.<name>.lock`` is held, and fsynced, so batches from threads and processes
never interleave. A crash can leave a torn last line; readers skip it, and the
next append starts on a fresh line so the fragment never swallows a record.
Messages leave the session file only after the append returned, so a crash in
between is retried with the same indexes; readers keep the first copy of each
index, which makes that retry harmless.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from reverie._append import append_whole
from reverie._atomic import fsync_dir, fsync_fd
from reverie._jsonline import JsonTooDeep, decode_lenient, loads_line
from reverie._logging import OnceWarner, get_logger
from reverie._readfile import ensure_regular, open_regular_file
from reverie.errors import StoreError, UserError
from reverie.locks import WorkspaceLock
from reverie.messages import Message, as_message
from reverie.privacy import open_private, private_mkdir
from reverie.sessions.jsonl_store import json_line
from reverie.sessions.keys import session_filename

__all__ = ["TRANSCRIPTS_DIR", "TranscriptArchive", "TranscriptRecord"]

TRANSCRIPTS_DIR = Path("memory") / "transcripts"
"""Where the archive lives, relative to the workspace."""

_LOCK_TIMEOUT = 60.0
_TAIL_CHUNK = 64 * 1024
# Lines this module writes start with the index; reading a range then parses
# only the lines inside it. Other lines (edited by hand) are parsed in full.
_INDEX_PREFIX = re.compile(rb'\{"index": (\d+),')

_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_BINARY = getattr(os, "O_BINARY", 0)  # Windows would otherwise turn "\n" into "\r\n"
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a pipe in the archive's place fails, not blocks

_log = get_logger("transcripts")


@dataclass(frozen=True)
class TranscriptRecord:
    """One archived message.

    Attributes:
        session_key: The session it belonged to.
        index: Its absolute index in that session (0-based, over the session's life).
        message: The message exactly as the session file held it.
        archived_at: When it was archived (ISO 8601, UTC).
        reason: Why it left the session (``"compact"``, ``"new"``, ``"delete"``…).
    """

    session_key: str
    index: int
    message: Message
    archived_at: str = ""
    reason: str | None = None


def _check_index(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise UserError(f"{name} must be an integer >= 0, got {value!r}")
    return value


class TranscriptArchive:
    """Append-only, per-session archive of messages under ``memory/transcripts/``.

    Args:
        workspace: The workspace folder (nothing is touched until a call).
        lock_timeout: Seconds an append waits for another writer before failing.
    """

    def __init__(self, workspace: Path | str, *, lock_timeout: float = _LOCK_TIMEOUT) -> None:
        self.workspace = Path(workspace)
        self.directory = self.workspace / TRANSCRIPTS_DIR
        self._lock_timeout = lock_timeout
        self._warner = OnceWarner(_log)

    def path_for(self, session_key: str) -> Path:
        """The archive file of ``session_key``."""
        return self.directory / session_filename(session_key)

    def append(
        self,
        session_key: str,
        messages: Sequence[Mapping[str, Any]],
        *,
        first_index: int,
        reason: str | None = None,
    ) -> int:
        """Archive ``messages`` as absolute indexes ``first_index``, ``first_index + 1``…

        The whole batch lands as one write or, after a crash, as a torn tail
        that readers skip; it never interleaves with another writer's batch.

        Returns:
            The index after the last archived message.

        Raises:
            UserError: when ``first_index`` is not a count.
            StoreError: naming the message that is not JSON (nothing is written)
                or the file that cannot be written.
        """
        _check_index("first_index", first_index)
        if not messages:
            return first_index
        path = self.path_for(session_key)
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        lines: list[bytes] = []
        for offset, message in enumerate(messages):
            record: dict[str, Any] = {
                "index": first_index + offset,
                "session_key": session_key,
                "archived_at": stamp,
            }
            if reason is not None:
                record["reason"] = reason
            record["message"] = message
            try:
                lines.append(json_line(record))
            except (TypeError, ValueError) as exc:
                raise StoreError(
                    f"cannot archive message {first_index + offset} of session "
                    f"{session_key!r} to {path}: {exc}"
                ) from exc
        payload = b"\n".join(lines) + b"\n"
        try:
            private_mkdir(self.directory)
        except OSError as exc:
            raise StoreError(f"cannot create {self.directory}: {exc.strerror or exc}") from exc
        lock = WorkspaceLock(self.directory / f".{path.stem}.lock", timeout=self._lock_timeout)
        with lock:
            self._write(path, payload)
        return first_index + len(messages)

    def _write(self, path: Path, payload: bytes) -> None:
        flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | _O_CLOEXEC | _O_BINARY | _O_NONBLOCK
        try:
            fd = open_private(path, flags)
        except OSError as exc:
            raise StoreError(f"cannot open transcript {path}: {exc.strerror or exc}") from exc
        try:
            size = ensure_regular(fd, path).st_size
            if size:
                # Seeking to read is harmless: with O_APPEND every write lands at the end.
                os.lseek(fd, size - 1, os.SEEK_SET)
                if os.read(fd, 1) != b"\n":
                    payload = b"\n" + payload  # end the torn line a crash left behind
            append_whole(fd, payload, size)
            fsync_fd(fd)
        except OSError as exc:
            raise StoreError(f"cannot append to transcript {path}: {exc.strerror or exc}") from exc
        finally:
            os.close(fd)
        if size == 0:
            fsync_dir(path.parent)

    def iter(self, session_key: str) -> Iterator[TranscriptRecord]:
        """Every archived message of ``session_key`` in file order, first copy per index.

        Torn or invalid lines are skipped (one warning per kind and file).
        """
        seen: set[int] = set()
        for record in self._records(session_key, None):
            if record.index not in seen:
                seen.add(record.index)
                yield record

    def read(self, session_key: str, start: int = 0, end: int | None = None) -> list[Message]:
        """The archived messages with absolute indexes in ``[start, end)``, in index order.

        Indexes that were never archived are simply absent from the result.

        Raises:
            UserError: when ``start`` or ``end`` is not a count.
        """
        _check_index("start", start)
        if end is not None:
            _check_index("end", end)
            if end <= start:
                return []
        found: dict[int, Message] = {}
        for record in self._records(session_key, (start, end)):
            found.setdefault(record.index, record.message)
        return [found[index] for index in sorted(found)]

    def next_index(self, session_key: str) -> int:
        """One past the highest archived index of ``session_key`` (0 when none).

        Reads only the end of the file.
        """
        path = self.path_for(session_key)
        try:
            with open_regular_file(path) as handle:
                size = handle.seek(0, os.SEEK_END)
                chunk = _TAIL_CHUNK
                while True:
                    begin = max(0, size - chunk)
                    handle.seek(begin)
                    lines = handle.read(size - begin).split(b"\n")
                    if begin:
                        lines = lines[1:]  # starts mid-line
                    indexes = [
                        record.index
                        for number, raw in enumerate(lines)
                        if (record := self._parse(path, session_key, number, raw, quiet=True))
                    ]
                    if indexes or not begin:
                        return max(indexes, default=-1) + 1
                    chunk *= 4
        except FileNotFoundError:
            return 0
        except OSError as exc:
            raise StoreError(f"cannot read transcript {path}: {exc.strerror or exc}") from exc

    def _records(
        self, session_key: str, window: tuple[int, int | None] | None
    ) -> Iterator[TranscriptRecord]:
        path = self.path_for(session_key)
        try:
            handle = open_regular_file(path)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise StoreError(f"cannot read transcript {path}: {exc.strerror or exc}") from exc
        with handle:
            for number, raw in enumerate(handle, start=1):
                if window is not None and (match := _INDEX_PREFIX.match(raw)):
                    index = int(match.group(1))
                    if index < window[0] or (window[1] is not None and index >= window[1]):
                        continue
                record = self._parse(path, session_key, number, raw, quiet=False)
                if record is not None and (window is None or _inside(record.index, window)):
                    yield record

    def _parse(
        self, path: Path, session_key: str, number: int, raw: bytes, *, quiet: bool
    ) -> TranscriptRecord | None:
        if not raw.strip():
            return None
        problem: str
        text, replaced = decode_lenient(raw)
        try:
            data = loads_line(text)
        except JsonTooDeep as exc:
            problem = str(exc)
        except ValueError:
            problem = "torn line" if not raw.endswith(b"\n") else "not valid JSON"
        else:
            record = _record(data, session_key)
            if record is not None:
                if replaced and not quiet:
                    self._warner.warn(
                        f"{path}:not-utf8",
                        "%s line %d: bytes that are not UTF-8 read as U+FFFD; the message is "
                        "kept (further ones are kept silently)",
                        path,
                        number,
                    )
                return record
            problem = "not a transcript record of this session"
        if not quiet:
            self._warner.warn(
                f"{path}:{problem}",
                "%s line %d: %s; skipped (further lines like it are skipped silently)",
                path,
                number,
                problem,
            )
        return None


def _inside(index: int, window: tuple[int, int | None]) -> bool:
    start, end = window
    return index >= start and (end is None or index < end)


def _record(data: object, session_key: str) -> TranscriptRecord | None:
    if not isinstance(data, dict):
        return None
    index, message, key = data.get("index"), data.get("message"), data.get("session_key")
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        return None
    if not isinstance(message, dict) or key != session_key:
        return None
    archived_at = data.get("archived_at")
    reason = data.get("reason")
    return TranscriptRecord(
        session_key=session_key,
        index=index,
        message=as_message(message),
        archived_at=archived_at if isinstance(archived_at, str) else "",
        reason=reason if isinstance(reason, str) else None,
    )
