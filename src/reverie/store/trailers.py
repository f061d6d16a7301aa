"""The git trailers reverie writes on the commits of the memory repository.

A commit's trailers say which part of reverie made it, so ``reverie blame`` and
``reverie dream log`` can tell a Dream edit from a memory-tool change, a revert or
an edit by hand.
"""

from __future__ import annotations

__all__ = ["CURSORS_TRAILER", "MEMORY_TOOL_TRAILER", "MODEL_TRAILER", "REVERTED_TRAILER"]

CURSORS_TRAILER = "Dream-Cursors"
"""The history cursor range a Dream commit processed: ``Dream-Cursors: 12-20``."""
MODEL_TRAILER = "Dream-Model"
"""The model that made a Dream commit."""
MEMORY_TOOL_TRAILER = "Memory-Tool"
"""The memory tool (and client) that made a change: ``Memory-Tool: mcp (cursor 1.2)``."""
REVERTED_TRAILER = "Reverted-Commit"
"""The commit a revert undid."""
