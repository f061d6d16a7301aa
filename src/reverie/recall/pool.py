"""The candidate pool: the turns BM25 finds for a query, and their neighbours.

Every ranker of :mod:`reverie.recall.rankers` orders turns of this pool; it
is read once per search. Words are matched in what was said, never in who said
it (see :func:`collect_candidates`).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field

from reverie.recall.fusion import Turn
from reverie.recall.text import QueryTerms, fts_or_query, words

__all__ = [
    "MESSAGE_COLUMNS",
    "POOL_SIZE",
    "Candidate",
    "CandidatePool",
    "Filters",
    "collect_candidates",
    "fetch_turns",
    "named_people",
]

POOL_SIZE = 200
"""Turns BM25 hands to the other rankers: enough that a turn ranked low by BM25
but high by coverage or names still gets its chance."""


@dataclass(frozen=True)
class Filters:
    """Which rows a search may return (SQL fragments and their parameters)."""

    session_key: str | None = None
    since: str | None = None
    until: str | None = None

    def message_sql(self, alias: str = "m") -> tuple[str, list[object]]:
        """A ``WHERE`` continuation for the messages table."""
        clauses: list[str] = []
        params: list[object] = []
        if self.session_key is not None:
            clauses.append(f"{alias}.session_key = ?")
            params.append(self.session_key)
        if self.since is not None:
            clauses.append(f"{alias}.ts >= ?")
            params.append(self.since)
        if self.until is not None:
            clauses.append(f"{alias}.ts < ?")
            params.append(self.until)
        return "".join(f" AND {clause}" for clause in clauses), params


@dataclass
class Candidate:
    """A message the query matched, or a neighbour of one."""

    row_id: int
    turn: Turn
    role: str
    speaker: str
    ts: str | None
    text: str
    bm25: float = 0.0
    """Positive, higher is better; 0 for a neighbour that matched nothing."""
    _words: frozenset[str] | None = field(default=None, repr=False)
    _lower: str | None = field(default=None, repr=False)

    @property
    def lower(self) -> str:
        """The text lower-cased (computed once)."""
        if self._lower is None:
            self._lower = self.text.lower()
        return self._lower

    @property
    def word_set(self) -> frozenset[str]:
        """The distinct lower-cased words of the text (computed once)."""
        if self._words is None:
            self._words = frozenset(words(self.lower))
        return self._words


@dataclass
class CandidatePool:
    """The matched turns and their neighbours, keyed by turn."""

    turns: dict[Turn, Candidate] = field(default_factory=dict)
    matched: list[Turn] = field(default_factory=list)
    """Turns BM25 matched, best first."""

    def bm25(self, turn: Turn) -> float:
        """The turn's BM25 (0 when it matched nothing or is not in the pool)."""
        candidate = self.turns.get(turn)
        return candidate.bm25 if candidate is not None else 0.0


MESSAGE_COLUMNS = "m.id, m.session_key, m.idx, m.role, m.speaker, m.ts, m.text"
"""The columns a :class:`Candidate` is read from, in its order."""
_BM25 = "bm25(messages_fts, 1.0, 0.0)"
"""Scores count the words said; the speaker column only selects (see collect_candidates)."""
SPEAKER_POOL_SIZE = 50
"""Turns a named person said that join the pool."""


def collect_candidates(
    db: sqlite3.Connection, query: QueryTerms, filters: Filters, *, terms: Sequence[str] = ()
) -> CandidatePool:
    """BM25's best turns for the query (or for ``terms``), plus their neighbours.

    Words are matched in what was said, never in who said it: a speaker's name
    is on half the turns of their conversation and would only cost time. When
    the query names people, the best turns *they* said about the other words
    join the pool (they may rank below the first two hundred on words alone).
    """
    pool = CandidatePool()
    match = fts_or_query(list(terms or query.searched), prefixes=not terms)
    if not match:
        return pool
    _add_matches(db, pool, f"{{text}}: ({match})", filters, POOL_SIZE)
    names = named_people(query) if not terms else []
    others = fts_or_query([term for term in query.searched if term not in names], prefixes=True)
    if names and others:
        said_by = f"{{text}}: ({others}) AND {{speaker}}: ({fts_or_query(names)})"
        _add_matches(db, pool, said_by, filters, SPEAKER_POOL_SIZE)
        pool.matched.sort(key=pool.bm25, reverse=True)
    _add_neighbours(db, pool, filters)
    return pool


def _add_matches(
    db: sqlite3.Connection, pool: CandidatePool, match: str, filters: Filters, limit: int
) -> None:
    where, params = filters.message_sql()
    if where:
        rows = db.execute(
            f"SELECT {MESSAGE_COLUMNS}, {_BM25} AS rank FROM messages_fts "
            "JOIN messages m ON m.id = messages_fts.rowid "
            f"WHERE messages_fts MATCH ?{where} ORDER BY rank LIMIT ?",
            [match, *params, limit],
        ).fetchall()
    else:
        # Rank inside FTS first: joining every match before the sort would read
        # the text of thousands of rows to keep two hundred.
        rows = db.execute(
            f"SELECT {MESSAGE_COLUMNS}, f.rank FROM (SELECT rowid, {_BM25} AS rank "
            "FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rank LIMIT ?) f "
            "JOIN messages m ON m.id = f.rowid ORDER BY f.rank",
            [match, limit],
        ).fetchall()
    for row_id, key, index, role, speaker, ts, text, rank in rows:
        turn = (key, index)
        if turn not in pool.turns or pool.turns[turn].bm25 == 0.0:
            pool.turns[turn] = Candidate(row_id, turn, role, speaker, ts, text, -rank)
            pool.matched.append(turn)


def _add_neighbours(db: sqlite3.Connection, pool: CandidatePool, filters: Filters) -> None:
    # Neighbours obey the filters too: a window never reaches outside the asked-for span.
    wanted: dict[Turn, int] = {}
    for key, index in pool.matched:
        row_id = pool.turns[(key, index)].row_id
        for step in (-1, 1):
            other = (key, index + step)
            if index + step >= 0 and other not in pool.turns:
                wanted[other] = row_id + step
    _fetch_wanted(db, pool, wanted, filters)


def fetch_turns(
    db: sqlite3.Connection, pool: CandidatePool, turns: Sequence[Turn], filters: Filters
) -> None:
    """Add ``turns`` near pooled ones to the pool (those that exist and pass the filters)."""
    wanted: dict[Turn, int] = {}
    for key, index in turns:
        if (key, index) in pool.turns or index < 0:
            continue
        for step in range(1, 8):
            near = pool.turns.get((key, index - step)) or pool.turns.get((key, index + step))
            if near is not None:
                wanted[(key, index)] = near.row_id + index - near.turn[1]
                break
        else:
            wanted[(key, index)] = -1
    _fetch_wanted(db, pool, wanted, filters)


def _fetch_wanted(
    db: sqlite3.Connection, pool: CandidatePool, wanted: dict[Turn, int], filters: Filters
) -> None:
    """Fetch ``wanted`` turns, first at their guessed row ids, then by session and index.

    A session's messages are usually inserted in order, so a turn's row id is
    its neighbour's plus the distance: one query by id finds nearly all.
    """
    where, params = filters.message_sql()
    guesses = sorted({row_id for row_id in wanted.values() if row_id > 0})
    _fetch(db, pool, "m.id", guesses, where, params, set(wanted))
    by_key: dict[str, list[int]] = {}
    for key, index in sorted(set(wanted) - pool.turns.keys()):
        by_key.setdefault(key, []).append(index)
    for key, indexes in by_key.items():
        _fetch(db, pool, "m.idx", indexes, f" AND m.session_key = ?{where}", [key, *params], None)


def _fetch(
    db: sqlite3.Connection,
    pool: CandidatePool,
    column: str,
    values: list[int],
    where: str,
    params: list[object],
    wanted: set[Turn] | None,
) -> None:
    for start in range(0, len(values), 500):
        chunk = values[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for row_id, key, index, role, speaker, ts, text in db.execute(
            f"SELECT {MESSAGE_COLUMNS} FROM messages m WHERE {column} IN ({marks}){where}",
            [*chunk, *params],
        ):
            turn = (key, index)
            if (wanted is None or turn in wanted) and turn not in pool.turns:
                pool.turns[turn] = Candidate(row_id, turn, role, speaker, ts, text)


_DIGIT = re.compile(r"\d")


def named_people(query: QueryTerms) -> list[str]:
    """The names a query mentions (its exact terms that hold no digit)."""
    return [term for term in query.exact if not _DIGIT.search(term)]
