"""One-time migration of a legacy ``memory/HISTORY.md`` into ``history.jsonl``.

Older workspaces kept history as free text, each entry opening with a
``[YYYY-MM-DD HH:MM]`` stamp and possibly running over several lines. The
migration turns each entry into a record (the stamp becomes its timestamp and
leaves its content), sets the Dream cursor to the last migrated entry, so old
history is not replayed, and renames the old file ``HISTORY.md.bak``.

Order matters for crash safety: records first, then the Dream cursor, then the
rename. A crash before the rename leaves ``HISTORY.md`` in place, and the next
attempt sees a non-empty log and migrates nothing twice.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reverie._logging import OnceWarner, get_logger
from reverie.errors import StoreError
from reverie.store.history import HistoryLog, NewEntry
from reverie.store.text import cap_text

__all__ = ["LegacyEntry", "LegacyMigration", "migrate_legacy_history", "parse_legacy_history"]

_log = get_logger("store.legacy")

LEGACY_NAME = "HISTORY.md"
_STAMP = re.compile(r"^\[(\d{4}-\d{2}-\d{2} \d{2}:\d{2})\][ \t]?", re.MULTILINE)
# A raw dump ("[stamp] [RAW] N messages") lists one message per line, each with
# its own stamp and an upper-case role ("[2026-04-01 10:04] USER: hello",
# "… ASSISTANT [tools: a]: …"): those lines belong to the dump, not to new entries.
# This matches what follows the stamp.
_RAW_MESSAGE = re.compile(r"[A-Z][A-Z_]*(?: \[tools: [^\]\n]*\])?:")


@dataclass(frozen=True, slots=True)
class LegacyEntry:
    """One entry of a legacy ``HISTORY.md``."""

    timestamp: str
    content: str


def parse_legacy_history(text: str, *, fallback_timestamp: str) -> list[LegacyEntry]:
    """Split legacy history text into entries at each line opening with a stamp.

    Text before the first stamp is kept as an entry of its own, dated
    ``fallback_timestamp``, so nothing in the file is dropped. Entries with no
    text after their stamp are skipped. Inside a raw dump (an entry starting
    ``[RAW]``), stamped message lines stay part of the dump.
    """
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    starts: list[re.Match[str]] = []
    in_raw_dump = False
    for match in _STAMP.finditer(text):
        if in_raw_dump and _is_raw_message_line(text, match):
            continue
        starts.append(match)
        in_raw_dump = text.startswith("[RAW]", match.end())
    entries: list[LegacyEntry] = []
    preamble = text[: starts[0].start()] if starts else text
    if preamble.strip():
        entries.append(LegacyEntry(fallback_timestamp, preamble.strip()))
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        content = text[match.end() : end].strip()
        if content:
            entries.append(LegacyEntry(match.group(1), content))
    return entries


def _is_raw_message_line(text: str, match: re.Match[str]) -> bool:
    # nanobot ended every legacy entry with a blank line; a dump's message
    # lines follow one another directly.
    after_blank_line = text.endswith("\n\n", 0, match.start())
    return not after_blank_line and _RAW_MESSAGE.match(text, match.end()) is not None


def migrate_legacy_history(
    memory_dir: Path,
    history: HistoryLog,
    set_dream_cursor: Callable[[int], None],
    *,
    max_chars: int,
) -> int:
    """Move ``memory_dir/HISTORY.md`` into ``history`` once; return entries migrated.

    Nothing is migrated (and the file is left alone) when the log already has
    entries. Each entry's content is capped at ``max_chars``; the untouched
    original stays in ``HISTORY.md.bak``.

    Raises:
        StoreError: naming the file when it cannot be read or renamed.
    """
    legacy = memory_dir / LEGACY_NAME
    try:
        if not legacy.is_file():
            return 0
    except OSError as exc:
        raise StoreError(f"cannot read {legacy}: {exc.strerror or exc}") from exc
    with history.lock:
        try:
            raw = legacy.read_bytes()
            modified = legacy.stat().st_mtime
        except FileNotFoundError:
            return 0  # another process migrated it while we waited for the lock
        except OSError as exc:
            raise StoreError(f"cannot read {legacy}: {exc.strerror or exc}") from exc
        if history.has_entries():
            _log.info("%s left as is: %s already has entries", legacy, history.path)
            return 0
        text = raw.decode("utf-8", errors="replace")
        fallback = time.strftime("%Y-%m-%d %H:%M", time.localtime(modified))
        entries = parse_legacy_history(text, fallback_timestamp=fallback)
        written = history.extend(
            [NewEntry(cap_text(e.content, max_chars), timestamp=e.timestamp) for e in entries]
        )
        if written:
            set_dream_cursor(written[-1].cursor)
        backup = _free_backup_name(legacy)
        try:
            os.replace(legacy, backup)
        except OSError as exc:
            raise StoreError(
                f"cannot rename {legacy} to {backup.name}: {exc.strerror or exc}"
            ) from exc
    _log.info("migrated %d entries from %s (kept as %s)", len(written), legacy, backup.name)
    return len(written)


class LegacyMigration:
    """Runs :func:`migrate_legacy_history` for one store: at most once, thread-safe.

    Args:
        memory_dir: The workspace's ``memory/`` folder.
        history: The log the entries go into.
        set_dream_cursor: Records the last migrated cursor as processed.
        max_chars: Cap on each migrated entry.
        warner: Reports a migration that failed on open.
    """

    def __init__(
        self,
        memory_dir: Path,
        history: HistoryLog,
        set_dream_cursor: Callable[[int], None],
        *,
        max_chars: int,
        warner: OnceWarner,
    ) -> None:
        self.path = memory_dir / LEGACY_NAME
        self._memory_dir = memory_dir
        self._history = history
        self._set_dream_cursor = set_dream_cursor
        self._max_chars = max_chars
        self._warner = warner
        self._done = False
        self._lock = threading.Lock()

    def on_open(self) -> None:
        """Migrate now if there is a legacy file; a failure is only logged."""
        # Opening a legacy workspace migrates it at once, as nanobot does, so the
        # files on disk are in the new format before anything else reads them.
        # Without a HISTORY.md this is one failed stat; a failure here is only
        # logged, and the first history access retries and raises it.
        try:
            if not self.path.is_file():
                return
            self.ensure()
        except (OSError, StoreError) as exc:
            self._warner.warn("legacy:open", "could not migrate %s yet: %s", self.path, exc)

    def ensure(self) -> None:
        """Migrate unless done already (by this object).

        Raises:
            StoreError: naming the file when it cannot be read or renamed.
        """
        if self._done:
            return
        with self._lock:
            if not self._done:
                migrate_legacy_history(
                    self._memory_dir,
                    self._history,
                    self._set_dream_cursor,
                    max_chars=self._max_chars,
                )
                self._done = True


def _free_backup_name(legacy: Path) -> Path:
    backup = legacy.with_name(legacy.name + ".bak")
    number = 1
    while backup.exists():  # never overwrite an earlier backup
        number += 1
        backup = legacy.with_name(f"{legacy.name}.bak.{number}")
    return backup
