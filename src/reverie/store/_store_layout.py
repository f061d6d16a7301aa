"""Where a MemoryStore's files are, and the objects that own them.

:class:`StoreLayout` is the base of :class:`~reverie.store.memory_store.MemoryStore`:
its constructor checks the arguments and wires the history log, the Dream
cursor and the legacy migration to the workspace's paths, so the methods built
on it (``_store_files``, ``_store_history``, ``_store_dream``) share one set of
objects and one warner.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from reverie._logging import OnceWarner, get_logger
from reverie.errors import UserError
from reverie.layout import (
    MEMORY_DIR,
    MEMORY_FILE,
    SOUL_FILE,
    TRACKED_FILES,
    USER_FILE,
)
from reverie.store._dream_cursor import DreamCursorFile
from reverie.store._entries import HISTORY_ENTRY_MAX_CHARS
from reverie.store.history import HistoryLog
from reverie.store.legacy import LegacyMigration
from reverie.tools.paths import PathPolicy

if TYPE_CHECKING:
    from reverie.store.git import GitStore

__all__ = ["StoreLayout"]

_log = get_logger("store")


class StoreLayout:
    """The paths of one workspace's memory files and the objects that own them.

    See :class:`~reverie.store.memory_store.MemoryStore` for the arguments.
    """

    def __init__(self, workspace: Path | str, max_history_entries: int = 1000) -> None:
        if isinstance(max_history_entries, bool) or not isinstance(max_history_entries, int):
            raise UserError(f"max_history_entries must be an integer, got {max_history_entries!r}")
        if max_history_entries < 0:
            raise UserError(
                "max_history_entries must be >= 0 (0 disables compaction), "
                f"got {max_history_entries}"
            )
        self._workspace = Path(workspace).expanduser()
        self._memory_dir = self._workspace / MEMORY_DIR
        self._max_history_entries = max_history_entries
        self._warner = OnceWarner(_log)
        self._history = HistoryLog(self._memory_dir, warner=self._warner)
        self._dream_cursor = DreamCursorFile(self._memory_dir / ".dream_cursor", self._warner)
        self._legacy = LegacyMigration(
            self._memory_dir,
            self._history,
            self._dream_cursor.write,
            max_chars=HISTORY_ENTRY_MAX_CHARS,
            warner=self._warner,
        )
        self._git: GitStore | None = None
        self._git_lock = threading.Lock()
        self._read_policy: PathPolicy | None = None
        self._legacy.on_open()

    def __repr__(self) -> str:
        return f"MemoryStore({str(self._workspace)!r})"

    # -- layout ------------------------------------------------------------------

    @property
    def workspace(self) -> Path:
        """The workspace folder."""
        return self._workspace

    @property
    def memory_dir(self) -> Path:
        """``memory/``."""
        return self._memory_dir

    @property
    def memory_file(self) -> Path:
        """``memory/MEMORY.md``: durable project facts and decisions."""
        return self._workspace / MEMORY_FILE

    @property
    def soul_file(self) -> Path:
        """``SOUL.md``: the agent's persona and behaviour rules."""
        return self._workspace / SOUL_FILE

    @property
    def user_file(self) -> Path:
        """``USER.md``: stable facts about the user."""
        return self._workspace / USER_FILE

    @property
    def history_file(self) -> Path:
        """``memory/history.jsonl``."""
        return self._history.path

    @property
    def cursor_file(self) -> Path:
        """``memory/.cursor``: the last history cursor issued."""
        return self._history.cursor_path

    @property
    def dream_cursor_file(self) -> Path:
        """``memory/.dream_cursor``: the last history cursor Dream processed."""
        return self._dream_cursor.path

    @property
    def rejected_history_file(self) -> Path:
        """``memory/history.rejected.jsonl``: malformed lines set aside by compaction."""
        return self._history.rejected_path

    @property
    def legacy_history_file(self) -> Path:
        """``memory/HISTORY.md``: the pre-JSONL history, migrated once."""
        return self._legacy.path

    @property
    def max_history_entries(self) -> int:
        """Entries :meth:`compact_history` keeps at most (0: no compaction)."""
        return self._max_history_entries

    @property
    def history(self) -> HistoryLog:
        """The history log itself, for typed access to :class:`HistoryEntry` records."""
        self._legacy.ensure()
        return self._history

    @property
    def git(self) -> GitStore:
        """The repository versioning SOUL.md, USER.md, memory/MEMORY.md and .dream_cursor."""
        if self._git is None:
            with self._git_lock:
                if self._git is None:
                    # Loaded on first use: dulwich adds ~50 ms to every import otherwise.
                    from reverie.store.git import GitStore

                    self._git = GitStore(self._workspace, tracked_files=list(TRACKED_FILES))
        return self._git
