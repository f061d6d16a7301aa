"""MemoryStore: the one door to a workspace's memory files.

It owns no logic of its own beyond argument checks: the history log, what an
entry's text becomes (_entries), legacy migration, text cleaning, prompt
visibility and the Dream prompt each live in their own module, and this class
wires them to the workspace layout::

    workspace/SOUL.md, USER.md, memory/MEMORY.md     read_*/write_* (_text_files)
    workspace/memory/history.jsonl, .cursor           HistoryLog (history)
    workspace/memory/.dream_cursor                    DreamCursorFile (_dream_cursor)
    workspace/memory/HISTORY.md                       migrated once, on open (legacy)
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reverie._logging import OnceWarner, get_logger
from reverie.errors import UserError
from reverie.layout import (
    MEMORY_DIR,
    MEMORY_FILE,
    MEMORY_FILES,
    SOUL_FILE,
    TRACKED_FILES,
    USER_FILE,
)
from reverie.messages import Message
from reverie.store._args import cursor_arg, positive_int
from reverie.store._dream_cursor import DreamCursorFile, warn_if_ahead
from reverie.store._entries import (
    HISTORY_ENTRY_MAX_CHARS,
    RAW_ARCHIVE_MAX_CHARS,
    append_entry,
    raw_archive_text,
    summary_text,
)
from reverie.store._text_files import read_text_file, write_text_file
from reverie.store.dream_prompt import load_dream_guide, render_dream_prompt
from reverie.store.expand import expand_history_entry
from reverie.store.history import Compaction, HistoryLog
from reverie.store.legacy import LegacyMigration
from reverie.store.records import HistorySource
from reverie.store.visibility import is_internal_session, visible_in_prompt
from reverie.tools import (
    DEFAULT_MAX_FILE_CHARS,
    BeforeWrite,
    OnChange,
    ToolRegistry,
    build_dream_tools,
)
from reverie.tools.paths import PathPolicy

if TYPE_CHECKING:
    from reverie.store.git import GitStore

__all__ = [
    "HISTORY_ENTRY_MAX_CHARS",
    "RAW_ARCHIVE_MAX_CHARS",
    "MemoryStore",
    "is_internal_session",
]

_log = get_logger("store")


class MemoryStore:
    """Read and write the memory files of one workspace.

    Creating a store only looks for a legacy ``memory/HISTORY.md``, which is
    then migrated into ``history.jsonl`` right away (failing that, before the
    store's first history access). Folders are created by the first write.

    Args:
        workspace: The workspace folder.
        max_history_entries: Entries :meth:`compact_history` keeps at most
            (0 disables compaction).
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

    # -- memory files ------------------------------------------------------------

    @property
    def read_policy(self) -> PathPolicy:
        """The rule every read of a memory file obeys: Dream's ``read_file`` rule.

        A memory file that resolves (symlinks followed) outside the workspace
        reads as ``""``, with one warning naming it.
        """
        if self._read_policy is None:
            self._read_policy = PathPolicy(self._workspace)  # resolves the path: not in __init__
        return self._read_policy

    def read_memory(self) -> str:
        """``memory/MEMORY.md``, or ``""`` when missing."""
        return read_text_file(self.memory_file, self._warner, self.read_policy)

    def write_memory(self, content: str) -> None:
        """Replace ``memory/MEMORY.md`` atomically."""
        write_text_file(self.memory_file, content)

    def read_soul(self) -> str:
        """``SOUL.md``, or ``""`` when missing."""
        return read_text_file(self.soul_file, self._warner, self.read_policy)

    def write_soul(self, content: str) -> None:
        """Replace ``SOUL.md`` atomically."""
        write_text_file(self.soul_file, content)

    def read_user(self) -> str:
        """``USER.md``, or ``""`` when missing."""
        return read_text_file(self.user_file, self._warner, self.read_policy)

    def write_user(self, content: str) -> None:
        """Replace ``USER.md`` atomically."""
        write_text_file(self.user_file, content)

    def read_file(self, name: str) -> str:
        """One memory file by its workspace-relative name (``USER.md``, ``memory/MEMORY.md``).

        Raises:
            UserError: ``name`` is not one of SOUL.md, USER.md, memory/MEMORY.md.
        """
        readers = {
            SOUL_FILE: self.read_soul,
            USER_FILE: self.read_user,
            MEMORY_FILE: self.read_memory,
        }
        reader = readers.get(name)
        if reader is None:
            raise UserError(f"{name!r} is not a memory file; expected one of {', '.join(readers)}")
        return reader()

    def get_memory_context(self) -> str:
        """``"## Long-term Memory\\n" + MEMORY.md``, or ``""`` when it is empty."""
        content = self.read_memory()
        return f"## Long-term Memory\n{content}" if content.strip() else ""

    # -- history -----------------------------------------------------------------

    def append_history(
        self,
        entry: str,
        *,
        max_chars: int | None = None,
        session_key: str | None = None,
        source: HistorySource | Mapping[str, Any] | None = None,
        timestamp: str | None = None,
    ) -> int:
        """Append one entry to the history log and return its cursor.

        Leaked reasoning and template markers are stripped first (an entry that
        was nothing else is stored as ``""``), then the text is capped at
        ``max_chars`` (default 64,000), truncation marker included.
        ``timestamp`` (``YYYY-MM-DD HH:MM``) dates the entry; the default is now,
        and a summary of older messages passes their time.

        Args:
            entry: The text.
            max_chars: Cap on the stored text.
            session_key: The session the entry came from.
            source: The messages it was written from: a :class:`HistorySource`
                or its dict form ``{"session_key", "start", "end"}``.
            timestamp: The entry's time, ``YYYY-MM-DD HH:MM`` (default: now).

        Raises:
            UserError: for a non-string entry, a bad ``max_chars`` or ``source``.
            StoreError: naming the path when the memory folder cannot be written.
        """
        content = summary_text(entry, max_chars)
        return append_entry(self.history, content, session_key, source, timestamp)

    def raw_archive(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        max_chars: int | None = None,
        session_key: str | None = None,
        source: HistorySource | Mapping[str, Any] | None = None,
        timestamp: str | None = None,
    ) -> int | None:
        """Archive messages verbatim when summarising them failed; return the new cursor.

        The entry is ``"[RAW] N messages\\n"`` followed by one
        ``[YYYY-MM-DD HH:MM] ROLE [tools: a, b]: text`` line per message, that
        text capped at ``max_chars`` (default 16,000). The messages are the
        user's words, so nothing is stripped from them. ``timestamp`` dates the
        entry (default: now).

        Returns:
            The cursor, or None when every message was empty (nothing is written).

        Raises:
            UserError: naming ``messages[i]`` when an item is not a message dict.
        """
        content = raw_archive_text(messages, max_chars)
        if content is None:
            return None
        return append_entry(self.history, content, session_key, source, timestamp)

    def read_unprocessed_history(self, since_cursor: int) -> list[dict[str, Any]]:
        """Entries with a cursor greater than ``since_cursor``, oldest first, as dicts."""
        entries = self.history.read_since(cursor_arg("since_cursor", since_cursor))
        return [entry.to_dict() for entry in entries]

    def read_recent_history_for_prompt(
        self,
        since_cursor: int,
        *,
        session_key: str | None = None,
        unified_session: bool = False,
    ) -> list[dict[str, Any]]:
        """Unprocessed entries fit to show in a turn's prompt, oldest first.

        With ``session_key=None`` every entry is shown. Otherwise only that
        session's entries, unless ``unified_session``: then also other sessions'
        entries and entries without a session, but never internal ones (``cron:*``,
        ``dream:*``, ``heartbeat``).
        """
        entries = self.history.read_since(cursor_arg("since_cursor", since_cursor))
        return [
            entry.to_dict()
            for entry in entries
            if visible_in_prompt(entry.session_key, session_key, unified_session)
        ]

    def expand_entry(self, cursor: int) -> list[Message]:
        """The exact messages history entry ``cursor`` was written from, oldest first.

        Follows the entry's ``source`` into the transcript archive and the live
        session file. See :func:`reverie.store.expand.expand_history_entry`.

        Raises:
            UserError: no entry has ``cursor``, or it records no source.
            StoreError: some of its messages can no longer be found.
        """
        return expand_history_entry(self.history, self._workspace, cursor)

    def compact_history(self) -> Compaction:
        """Drop the oldest processed entries beyond ``max_history_entries``.

        Entries Dream has not processed are never dropped; malformed lines are
        moved to ``memory/history.rejected.jsonl``. The rewrite is atomic.
        """
        history = self.history
        with history.lock:  # the Dream cursor must not move while we decide
            return history.compact(self._max_history_entries, self._dream_cursor.read())

    def get_latest_cursor(self) -> int:
        """The cursor of the newest entry in the log; 0 when it is empty."""
        return self.history.latest_cursor()

    def get_last_dream_cursor(self) -> int:
        """The last cursor Dream processed; 0 when unset or unreadable (with a warning)."""
        self._legacy.ensure()
        return self._dream_cursor.read()

    def set_last_dream_cursor(self, cursor: int) -> None:
        """Record that Dream processed every entry up to ``cursor`` (atomic write).

        A cursor beyond the last one issued is stored as given, with a warning:
        the entries appended next, up to it, would count as already processed.
        """
        if isinstance(cursor, bool) or not isinstance(cursor, int) or cursor < 0:
            raise UserError(f"dream cursor must be an integer >= 0, got {cursor!r}")
        history = self.history
        with history.lock:
            self._dream_cursor.write(cursor)
            issued = history.last_issued_cursor()
        warn_if_ahead(self._warner, self.dream_cursor_file, cursor, issued)

    def build_dream_prompt(self, *, max_entries: int = 20) -> tuple[str, int] | None:
        """The prompt of the next Dream pass and the last cursor it covers.

        Holds the guide (workspace ``prompts/dream.md`` unless blank, else the
        built-in one), SOUL.md, USER.md and memory/MEMORY.md (each capped at
        8,000 chars) and the next ``max_entries`` unprocessed entries (each
        capped at 1,000 chars).

        Returns:
            ``(prompt, cursor_of_last_entry_included)``, or None when nothing is new.
        """
        limit = positive_int("max_entries", max_entries)
        history = self.history
        dream_cursor = self._dream_cursor.read()
        entries = history.read_since(dream_cursor, limit=limit)
        if not entries:
            issued = history.last_issued_cursor()
            warn_if_ahead(self._warner, self.dream_cursor_file, dream_cursor, issued)
            return None
        files = {name: self.read_file(name) for name in MEMORY_FILES}
        guide = load_dream_guide(self._workspace, self.read_policy, self._warner)
        prompt = render_dream_prompt(guide, files, entries)
        return prompt, entries[-1].cursor

    def build_dream_tools(
        self,
        *,
        max_file_chars: int = DEFAULT_MAX_FILE_CHARS,
        on_change: OnChange | None = None,
        before_write: BeforeWrite | None = None,
    ) -> ToolRegistry:
        """Dream's file tools for this workspace, as a :class:`ToolRegistry`.

        ``read_file`` reads anywhere inside the workspace; ``edit_file``,
        ``write_file`` and ``apply_patch`` write only SOUL.md, USER.md,
        memory/MEMORY.md and files under skills/.

        Args:
            max_file_chars: Largest file a write may produce.
            on_change: Called as ``on_change(path, before, after)`` after each real write.
            before_write: Called just before each file is replaced (Dream journals the
                write there, so a crash mid-run can be undone precisely).
        """
        return build_dream_tools(
            self._workspace,
            max_file_chars=max_file_chars,
            on_change=on_change,
            before_write=before_write,
        )
