"""RecallIndex: search everything a workspace remembers, kept in step with its files.

::

    index = RecallIndex(workspace, store=store, sessions=sessions)
    for hit in index.search("which database did we pick", k=5):
        print(hit.kind, hit.session_key, hit.start, hit.end, hit.text)
    index.close()

Every search first catches the index up with the files (:meth:`RecallIndex.sync`:
only what changed since the last look is read), so writers never pay for the
index: ``append_history`` and session saves are unchanged, and the next
search indexes their work in one transaction. See :mod:`reverie.recall.sync`
for how that stays correct across processes and crashes.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Collection
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reverie._logging import OnceWarner, get_logger
from reverie.errors import StoreError, UserError
from reverie.recall import schema
from reverie.recall.embeddings import Embedder, SemanticRanker
from reverie.recall.hits import RecallHit
from reverie.recall.pool import Filters
from reverie.recall.search import Searcher, plain_bm25
from reverie.recall.sync import SyncReport, sync_workspace
from reverie.recall.text import normalise_time

if TYPE_CHECKING:
    from reverie.sessions.manager import SessionManager
    from reverie.store.memory_store import MemoryStore

__all__ = ["KINDS", "IndexStats", "RecallIndex"]

KINDS = ("message", "history", "memory")
MAX_K = 200
"""Most hits one search returns."""

_log = get_logger("recall")

TimeBound = datetime | date | str | None


class IndexStats(dict[str, Any]):
    """Row counts and file size of the index (a plain dict, for JSON output)."""


class RecallIndex:
    """The recall index of one workspace.

    Opening one creates ``memory/.index/recall.sqlite3`` if needed (private
    permissions, ignored by git) but reads no workspace file; the first search
    (or :meth:`sync`) indexes them. One object may be shared by threads; every
    process may open its own.

    Args:
        workspace: The workspace folder.
        store: Its memory store (history and memory files live where it says).
        sessions: Its session manager (messages and transcripts).
        embedder: Where message embeddings come from, when semantic recall is
            configured (see :mod:`reverie.recall.embeddings`); None for words only.
        weights: Override the fusion weight of some rankers (for evaluation).

    Raises:
        StoreError: naming the path when the index cannot be created.
    """

    def __init__(
        self,
        workspace: Path | str,
        *,
        store: MemoryStore,
        sessions: SessionManager,
        embedder: Embedder | None = None,
        weights: dict[str, float] | None = None,
    ) -> None:
        self.workspace = Path(workspace).expanduser().absolute()
        self.store = store
        self.sessions = sessions
        self._warner = OnceWarner(_log)
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = schema.connect(self.workspace)
        self._semantic = (
            SemanticRanker(self._db, embedder, self._warner) if embedder is not None else None
        )
        self._searcher = Searcher(self._db, semantic=self._semantic, weights=weights)

    @property
    def path(self) -> Path:
        """The index file."""
        return schema.index_path(self.workspace)

    def __enter__(self) -> RecallIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the database connection (a closed index refuses further calls)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            raise UserError(f"the recall index of {self.workspace} is closed")
        return self._db

    # -- keeping up with the files -----------------------------------------------

    def sync(self) -> SyncReport:
        """Index what changed in the workspace files since the last sync.

        Raises:
            StoreError: naming the index when it cannot be written.
        """
        with self._lock:
            db = self._connection()
            # History and sessions are read where the workspace keeps them; a
            # pending legacy HISTORY.md migration must run before history is read.
            self.store.history  # noqa: B018 - the property runs the migration
            try:
                report = sync_workspace(db, self.workspace, self._warner)
            except sqlite3.Error as exc:
                raise StoreError(f"cannot update the recall index {self.path}: {exc}") from exc
            if self._semantic is not None:
                self._semantic.catch_up()
            return report

    def rebuild(self) -> SyncReport:
        """Forget everything indexed and index the workspace again from its files."""
        with self._lock:
            db = self._connection()
            try:
                db.execute("BEGIN IMMEDIATE")
                for table in ("messages_fts", "history_fts", "memory_fts"):
                    db.execute(f"INSERT INTO {table} ({table}) VALUES ('delete-all')")
                for table in ("messages", "history", "memory", "sources", "vectors"):
                    db.execute(f"DELETE FROM {table}")
                db.execute("COMMIT")
            except sqlite3.Error as exc:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise StoreError(f"cannot rebuild the recall index {self.path}: {exc}") from exc
            report = self.sync()
            db.execute("VACUUM")
            return report

    # -- searching ---------------------------------------------------------------

    def search(
        self,
        query: str,
        *,
        k: int = 10,
        session_key: str | None = None,
        kinds: Collection[str] | None = None,
        since: TimeBound = None,
        until: TimeBound = None,
    ) -> list[RecallHit]:
        """The ``k`` best hits for ``query``, best first.

        Args:
            query: Words, names, dates: what to look for.
            k: How many hits at most (1 to 200).
            session_key: Only this conversation.
            kinds: Only these kinds (``"message"``, ``"history"``, ``"memory"``).
                None returns message windows, memory sections and the history
                entries whose messages are not in the index (see
                :mod:`reverie.recall.search`).
            since: Only what was said or written at or after this time.
            until: Only what was said or written before this time.

        Raises:
            UserError: for a blank query, a bad ``k``, kind or time.
        """
        filters = self._filters(query, k, session_key, since, until)
        chosen = _check_kinds(kinds)
        self.sync()
        with self._lock:
            self._connection()
            return self._searcher.search(query, k=k, filters=filters, kinds=chosen)

    def search_plain(
        self, query: str, *, k: int = 10, session_key: str | None = None
    ) -> list[RecallHit]:
        """Plain BM25 over single messages: the baseline the ranking is measured against."""
        filters = self._filters(query, k, session_key, None, None)
        self.sync()
        with self._lock:
            return plain_bm25(self._connection(), query, k=k, filters=filters)

    def _filters(
        self, query: str, k: int, session_key: str | None, since: TimeBound, until: TimeBound
    ) -> Filters:
        if not isinstance(query, str) or not query.strip():
            raise UserError("recall query is empty; give the words to look for")
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
            raise UserError(f"k must be an integer from 1 to {MAX_K}, got {k!r}")
        if session_key is not None and (not isinstance(session_key, str) or not session_key):
            raise UserError(f"session_key must be a non-empty string, got {session_key!r}")
        return Filters(
            session_key=session_key,
            since=_bound("since", since),
            until=_bound("until", until),
        )

    def stats(self) -> IndexStats:
        """How much the index holds: rows per table and the file size in bytes."""
        with self._lock:
            db = self._connection()
            counts = {
                table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                for table in ("messages", "history", "memory", "vectors")
            }
        size = sum(
            Path(f"{self.path}{suffix}").stat().st_size
            for suffix in ("", "-wal")
            if Path(f"{self.path}{suffix}").exists()
        )
        return IndexStats(path=str(self.path), bytes=size, **counts)


def _check_kinds(kinds: Collection[str] | None) -> Collection[str] | None:
    if kinds is None:
        return None
    if isinstance(kinds, str):
        kinds = [kinds]
    chosen = list(kinds)
    unknown = [kind for kind in chosen if kind not in KINDS]
    if unknown or not chosen:
        raise UserError(
            f"unknown recall kind(s) {unknown or chosen!r}; use message, history or memory"
        )
    return chosen


def _bound(name: str, value: TimeBound) -> str | None:
    if value is None:
        return None
    normalised = normalise_time(value)
    if normalised is None and isinstance(value, str):
        try:
            normalised = normalise_time(date.fromisoformat(value.strip()))
        except ValueError:
            normalised = None
    if normalised is None:
        raise UserError(
            f"{name} must be a date or time like 2026-04-03 or 2026-04-03T09:00, got {value!r}"
        )
    return normalised
