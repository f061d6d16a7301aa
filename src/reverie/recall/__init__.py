"""Recall: find anything the workspace remembers, ranked, in milliseconds.

:class:`RecallIndex` keeps a SQLite FTS5 index (``memory/.index/recall.sqlite3``)
of every message (live sessions and the transcript archive), every history
entry and every section of the memory files, derived from those files and
rebuildable from them at any time. :meth:`RecallIndex.search` returns
:class:`RecallHit` records: short windows of turns, history entries, memory
sections.
"""

from __future__ import annotations

from reverie.recall.hits import HitKind, RecallHit
from reverie.recall.index import KINDS, RecallIndex

__all__ = ["KINDS", "HitKind", "RecallHit", "RecallIndex"]
