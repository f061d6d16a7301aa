"""What Dream reads and writes through a MemoryStore: its cursor, its prompt, its tools."""

from __future__ import annotations

from reverie.errors import UserError
from reverie.layout import MEMORY_FILES
from reverie.store._args import positive_int
from reverie.store._dream_cursor import warn_if_ahead
from reverie.store._store_files import StoreFiles
from reverie.store.dream_prompt import load_dream_guide, render_dream_prompt
from reverie.tools import (
    DEFAULT_MAX_FILE_CHARS,
    BeforeWrite,
    OnChange,
    ToolRegistry,
    build_dream_tools,
)

__all__ = ["StoreDream"]


class StoreDream(StoreFiles):
    """MemoryStore's Dream side: how far Dream has read, what it sees next, what it may edit."""

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
