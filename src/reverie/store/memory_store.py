"""MemoryStore: the one door to a workspace's memory files.

It owns no logic of its own beyond argument checks: the history log, what an
entry's text becomes (_entries), legacy migration, text cleaning, prompt
visibility and the Dream prompt each live in their own module, and this class
wires them to the workspace layout::

    workspace/SOUL.md, USER.md, memory/MEMORY.md     read_*/write_* (_text_files)
    workspace/memory/history.jsonl, .cursor           HistoryLog (history)
    workspace/memory/.dream_cursor                    DreamCursorFile (_dream_cursor)
    workspace/memory/HISTORY.md                       migrated once, on open (legacy)

The class is assembled from one module per concern, so each stays small:
_store_layout (the constructor and where each file is), _store_files (the three
memory files), _store_history (the history log) and _store_dream (Dream's
cursor, prompt and tools).
"""

from __future__ import annotations

from reverie.store._entries import HISTORY_ENTRY_MAX_CHARS, RAW_ARCHIVE_MAX_CHARS
from reverie.store._store_dream import StoreDream
from reverie.store._store_history import StoreHistory
from reverie.store.visibility import is_internal_session

__all__ = [
    "HISTORY_ENTRY_MAX_CHARS",
    "RAW_ARCHIVE_MAX_CHARS",
    "MemoryStore",
    "is_internal_session",
]


class MemoryStore(StoreHistory, StoreDream):
    """Read and write the memory files of one workspace.

    Creating a store only looks for a legacy ``memory/HISTORY.md``, which is
    then migrated into ``history.jsonl`` right away (failing that, before the
    store's first history access). Folders are created by the first write.

    Args:
        workspace: The workspace folder.
        max_history_entries: Entries :meth:`compact_history` keeps at most
            (0 disables compaction).
    """
