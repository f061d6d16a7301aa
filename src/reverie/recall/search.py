"""One search over the index: fuse the rankers, cut windows, add history and memory hits.

Which kinds come back:

* ``kinds=None`` (the default) returns the best *evidence*: windows of
  messages, sections of the memory files, and history entries whose messages
  are not in the index (nanobot's entries, which name no source). An entry
  that does name its messages is not returned itself: its matching is used to
  rank the messages it covers, which are the exact words, in a far smaller
  span than the whole chunk.
* explicit ``kinds`` return exactly those kinds.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Sequence
from datetime import datetime, timedelta

from reverie.recall import rankers
from reverie.recall.embeddings import SemanticRanker
from reverie.recall.fusion import (
    Turn,
    fuse,
    rank_order,
    set_repeats_apart,
    widen,
    windows_from_turns,
)
from reverie.recall.hits import RecallHit
from reverie.recall.pool import CandidatePool, Filters, collect_candidates, fetch_turns
from reverie.recall.text import QueryTerms, analyse_query, fts_or_query, words

__all__ = ["DEFAULT_WEIGHTS", "MAX_HIT_MESSAGE_CHARS", "Searcher", "plain_bm25"]

MAX_HIT_MESSAGE_CHARS = 1_500
"""Longest text one message contributes to a hit (the rest is elided in the middle)."""

DEFAULT_WEIGHTS: dict[str, float] = {
    "bm25": 1.0,
    "window": 1.0,
    "coverage": 0.8,
    "exact": 0.8,
    "speaker": 0.8,
    "answer_type": 0.8,
    "dates": 1.0,
    "months": 1.0,
    "history": 0.4,
    "recency": 0.2,
    "semantic": 1.2,
}
"""Weight of each ranker in the fusion; recency only breaks near-ties."""

_ROLE_FACTOR = {"user": 1.0, "assistant": 0.95, "tool": 0.7, "system": 0.6}
_MEMORY_WEIGHT = 1.6
_HISTORY_WEIGHT = 1.6
_MAX_SIDE_HITS = 2
"""Memory sections and source-less history entries among the default results, at most."""


class Searcher:
    """Runs searches on an open index connection (the caller holds it and syncs first)."""

    def __init__(
        self,
        db: sqlite3.Connection,
        *,
        semantic: SemanticRanker | None = None,
        weights: dict[str, float] | None = None,
    ) -> None:
        self.db = db
        self.semantic = semantic
        self.weights = {**DEFAULT_WEIGHTS, **(weights or {})}

    def search(
        self,
        query: str,
        *,
        k: int,
        filters: Filters,
        kinds: Collection[str] | None,
    ) -> list[RecallHit]:
        """The best ``k`` hits for ``query`` (see the module docstring for ``kinds``)."""
        terms = analyse_query(query)
        wanted = set(kinds) if kinds is not None else {"message", "memory", "history"}
        hits: list[RecallHit] = []
        if "message" in wanted:
            hits.extend(self._messages(query, terms, filters, k))
        side: list[RecallHit] = []
        if "memory" in wanted and filters.session_key is None:
            side.extend(self._memory(terms, filters, k))
        if "history" in wanted:
            side.extend(self._history(terms, filters, k, sourceless_only=kinds is None))
        if kinds is None:
            side.sort(key=lambda hit: hit.score, reverse=True)
            side = side[:_MAX_SIDE_HITS]
        hits.extend(side)
        hits.sort(key=lambda hit: hit.score, reverse=True)
        return hits[:k]

    # -- messages ----------------------------------------------------------------

    def _messages(self, query: str, terms: QueryTerms, filters: Filters, k: int) -> list[RecallHit]:
        pool = collect_candidates(self.db, terms, filters)
        w = self.weights
        lists: list[tuple[float, Sequence[Turn]]] = [
            (w["bm25"], pool.matched),
            (w["window"], rankers.window_bm25(pool)),
            (w["coverage"], rankers.coverage(pool, terms)),
            (w["exact"], rankers.exact_terms(pool, terms)),
            (w["speaker"], rankers.by_speaker(pool, terms)),
            (w["dates"], rankers.on_dates(self.db, pool, terms, filters)),
            (w["months"], rankers.in_months(pool, terms)),
            (w["answer_type"], rankers.answer_type(pool, terms)),
            (w["history"], rankers.within_history(self.db, pool, terms, filters)),
            (w["recency"], rankers.recency(pool)),
        ]
        if self.semantic is not None:
            lists.append((w["semantic"], self.semantic.rank(query, pool, filters)))
        scores = fuse([(weight, ranked) for weight, ranked in lists if weight and ranked])
        for turn in scores:
            candidate = pool.turns.get(turn)
            if candidate is not None:
                factor = _ROLE_FACTOR.get(candidate.role, 0.9) * _substance(candidate.text)
                scores[turn] *= factor
        _favour_named_speakers(pool, terms, scores)
        ranked = set_repeats_apart(rank_order(scores), lambda turn: pool.turns[turn].word_set)
        if ranked:
            # Seeds far below the best are not worth a hit of their own: their
            # turns are better spent around the strong ones (see widen).
            floor = WEAK_SEED * max(score for _, score in ranked[:5])
            ranked = [(turn, score) for turn, score in ranked if score >= floor]
        windows = windows_from_turns(
            ranked,
            limit=k,
            turn_budget=2 * k,
            neighbour_score=lambda turn: scores.get(turn, 0.0),
            exists=lambda turn: self._exists(pool, turn),
            prefer_next=lambda turn: pool.turns[turn].role == "user",
            asks=lambda turn: _asks(pool, turn),
            together=lambda first, second: _same_sitting(pool, first, second),
        )
        if sum(w.size for w in windows) < 2 * k:
            room = [_MAX_WIDENED - w.size for w in windows]
            around = [
                (w.session_key, index)
                for w, extra in zip(windows, room, strict=True)
                for index in range(max(0, w.start - extra), w.end + extra)
            ]
            fetch_turns(self.db, pool, around, filters)
            widen(
                windows,
                turn_budget=2 * k,
                exists=lambda turn: self._exists(pool, turn),
                together=lambda first, second: _same_sitting(pool, first, second),
                max_window=_MAX_WIDENED,
            )
        return [self._window_hit(pool, w.session_key, w.start, w.end, w.score) for w in windows]

    def _exists(self, pool: CandidatePool, turn: Turn) -> bool:
        return turn in pool.turns

    def _window_hit(
        self, pool: CandidatePool, key: str, start: int, end: int, score: float
    ) -> RecallHit:
        lines: list[str] = []
        stamp: str | None = None
        for index in range(start, end):
            candidate = pool.turns.get((key, index))
            if candidate is None:
                continue
            stamp = stamp or candidate.ts
            lines.append(
                format_turn(candidate.ts, candidate.role, candidate.text, candidate.speaker)
            )
        return RecallHit(
            kind="message",
            score=round(score, 6),
            text="\n".join(lines),
            session_key=key,
            start=start,
            end=end,
            timestamp=stamp,
        )

    # -- history and memory ------------------------------------------------------

    def _history(
        self, terms: QueryTerms, filters: Filters, k: int, *, sourceless_only: bool
    ) -> list[RecallHit]:
        match = fts_or_query(list(terms.searched))
        if not match:
            return []
        clauses, params = "", [match]
        if sourceless_only:
            clauses += " AND h.start IS NULL"
        for column, op, value in (
            ("h.session_key", "=", filters.session_key),
            ("h.ts", ">=", filters.since),
            ("h.ts", "<", filters.until),
        ):
            if value is not None:
                clauses += f" AND {column} {op} ?"
                params.append(value)
        rows = self.db.execute(
            "SELECT h.cursor, h.session_key, h.start, h.end, h.ts, h.text FROM history_fts "
            f"JOIN history h ON h.cursor = history_fts.rowid WHERE history_fts MATCH ?{clauses} "
            "ORDER BY bm25(history_fts) LIMIT ?",
            [*params, k],
        ).fetchall()
        return [
            RecallHit(
                kind="history",
                score=round(_HISTORY_WEIGHT / (60 + rank), 6),
                text=text,
                session_key=key,
                start=start,
                end=end,
                cursor=cursor,
                timestamp=ts,
            )
            for rank, (cursor, key, start, end, ts, text) in enumerate(rows, start=1)
        ]

    def _memory(self, terms: QueryTerms, filters: Filters, k: int) -> list[RecallHit]:
        match = fts_or_query(list(terms.searched))
        if not match:
            return []
        clauses, params = "", [match]
        for op, value in ((">=", filters.since), ("<", filters.until)):
            if value is not None:
                clauses += f" AND s.ts {op} ?"
                params.append(value)
        rows = self.db.execute(
            "SELECT s.path, s.ts, s.text FROM memory_fts JOIN memory s ON s.id = memory_fts.rowid "
            f"WHERE memory_fts MATCH ?{clauses} ORDER BY bm25(memory_fts) LIMIT ?",
            [*params, k],
        ).fetchall()
        return [
            RecallHit(
                kind="memory",
                score=round(_MEMORY_WEIGHT / (60 + rank), 6),
                text=text,
                path=path,
                timestamp=ts,
            )
            for rank, (path, ts, text) in enumerate(rows, start=1)
        ]


def _substance(text: str) -> float:
    """Short turns ("ok moving on") match a word by chance; damp them, never drop them."""
    return 0.55 + 0.45 * min(1.0, len(text.split()) / 12)


WEAK_SEED = 0.2
"""A turn scoring under this share of the best one starts no hit of its own."""
_MAX_WIDENED = 6
"""Most turns a hit grows to with turns the others left unused."""
SITTING_GAP = timedelta(hours=1)
"""Silence after which a conversation counts as taken up again (a new sitting)."""


def _same_sitting(pool: CandidatePool, first: Turn, second: Turn) -> bool:
    """Whether two neighbouring turns were said in one sitting (true when a time is unknown)."""
    a, b = pool.turns.get(first), pool.turns.get(second)
    if a is None or b is None or not a.ts or not b.ts:
        return True
    try:
        gap = datetime.fromisoformat(b.ts) - datetime.fromisoformat(a.ts)
    except ValueError:
        return True
    return abs(gap) <= SITTING_GAP


NAMED_SPEAKER_BONUS = 1 / 600
"""Score every turn of a person the query names gets: a tenth of a top rank's,
enough to choose between a window's neighbours, too little to outrank a match."""


def _favour_named_speakers(
    pool: CandidatePool, terms: QueryTerms, scores: dict[Turn, float]
) -> None:
    """Add a little to every pooled turn said by a person the query names.

    "What instrument does Daniel play?" matches Keiko's "what do you play
    again"; of its neighbours, Daniel's reply ("bass") is the one to show.
    """
    names = set(terms.exact)
    if not names:
        return
    named: dict[str, bool] = {"": False}
    for turn, candidate in pool.turns.items():
        speaker = candidate.speaker
        if speaker not in named:
            named[speaker] = bool(names & set(words(speaker.lower())))
        if named[speaker]:
            scores[turn] = scores.get(turn, 0.0) + NAMED_SPEAKER_BONUS


def _asks(pool: CandidatePool, turn: Turn) -> bool:
    """Whether a turn asks something ("permanently?? what about Pepper" does too)."""
    candidate = pool.turns.get(turn)
    return candidate is not None and "?" in candidate.text


def format_turn(ts: str | None, role: str, text: str, speaker: str = "") -> str:
    """One message as a hit shows it: ``[Fri 2026-04-03 09:12] user: text``.

    The weekday lets a reader date "last Saturday" or "yesterday" from the
    turn alone. A message that names its speaker shows the name instead of the
    role (``[Mon 2023-05-08 13:56] Caroline: text``), so who said what survives.
    """
    if len(text) > MAX_HIT_MESSAGE_CHARS:
        half = MAX_HIT_MESSAGE_CHARS // 2
        text = f"{text[:half]} […] {text[-half:]}"
    return f"[{_dated(ts)}] {speaker or role}: {text}"


def _dated(ts: str | None) -> str:
    if not ts:
        return "?"
    try:
        day = datetime.fromisoformat(ts)
    except ValueError:
        return ts
    return f"{_WEEKDAYS[day.weekday()]} {ts}"


_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def plain_bm25(db: sqlite3.Connection, query: str, *, k: int, filters: Filters) -> list[RecallHit]:
    """The baseline: BM25 over single turns, every query word, one turn per hit."""
    terms = analyse_query(query)
    pool = collect_candidates(db, terms, filters, terms=terms.all_words)
    hits: list[RecallHit] = []
    for key, index in pool.matched[:k]:
        candidate = pool.turns[(key, index)]
        hits.append(
            RecallHit(
                kind="message",
                score=round(candidate.bm25, 6),
                text=format_turn(candidate.ts, candidate.role, candidate.text, candidate.speaker),
                session_key=key,
                start=index,
                end=index + 1,
                timestamp=candidate.ts,
            )
        )
    return hits
