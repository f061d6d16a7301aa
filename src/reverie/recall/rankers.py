"""The rankers recall fuses, each an ordered list of turns read from the index.

* **bm25 on turns**: FTS5's BM25 over single messages (porter stemming,
  unicode folding, diacritics removed), for an OR of the query's content words.
* **bm25 on windows**: a turn's BM25 plus half of its neighbours', so a
  question whose words are split over a question and its answer still ranks.
* **coverage**: how many distinct query words a turn and its neighbours hold
  (BM25 over-rewards one rare word said many times).
* **exact terms**: names, numbers and codes of the query found verbatim.
* **speaker**: turns said by a person the query names, that match more than the name.
* **dates**: turns said on a calendar day the query names.
* **months**: matched turns said in a month the query names ("in March").
* **history**: turns inside the source range of history entries that match.
* **recency**: newer first, a light tie-breaker for facts that were corrected.
* **semantic**: cosine similarity of embeddings, when an endpoint is configured.
"""

from __future__ import annotations

import re
import sqlite3

from reverie.recall.fusion import Turn
from reverie.recall.pool import (
    MESSAGE_COLUMNS,
    Candidate,
    CandidatePool,
    Filters,
    named_people,
)
from reverie.recall.text import QueryTerms, fts_or_query, holds_answer_type, words

__all__ = [
    "answer_type",
    "by_speaker",
    "coverage",
    "exact_terms",
    "in_months",
    "on_dates",
    "recency",
    "window_bm25",
    "within_history",
]

RANKED_DEPTH = 100
"""Longest list the costlier rankers return: past it, a fused rank adds almost nothing."""


def window_bm25(pool: CandidatePool) -> list[Turn]:
    """Matched turns by their BM25 plus half their neighbours'."""

    def score(turn: Turn) -> float:
        key, index = turn
        return pool.bm25(turn) + 0.5 * (pool.bm25((key, index - 1)) + pool.bm25((key, index + 1)))

    return sorted(pool.matched, key=score, reverse=True)


def crude_stem(word: str) -> str:
    """The first five letters: enough to count "moved" and "moving" as one query word."""
    return word[:5]


def coverage(pool: CandidatePool, query: QueryTerms) -> list[Turn]:
    """Matched turns by how many distinct query words they and their neighbours hold."""
    if len(query.terms) < 2:
        return []
    # A term and its other forms ("buy", "bought") count as one word found.
    group = {crude_stem(term): crude_stem(term) for term in query.terms}
    for term, forms in query.alternates:
        group.update((crude_stem(form), crude_stem(term)) for form in forms)
    wanted = sorted(group, key=len, reverse=True)
    # One scan per turn, in C: words that start with a query word's stem.
    finder = re.compile(r"\b(?:" + "|".join(re.escape(stem) for stem in wanted) + ")")
    cache: dict[Turn, frozenset[str]] = {}

    def found(turn: Turn) -> frozenset[str]:
        hit = cache.get(turn)
        if hit is None:
            candidate = pool.turns.get(turn)
            if candidate is None:
                hit = frozenset()
            elif query.alternates:
                hit = frozenset([group[stem] for stem in finder.findall(candidate.lower)])
            else:
                hit = frozenset(finder.findall(candidate.lower))
            cache[turn] = hit
        return hit

    def score(turn: Turn) -> tuple[float, float]:
        key, index = turn
        own = found(turn)
        around = found((key, index - 1)) | found((key, index + 1))
        return len(own) + 0.5 * len(around - own), pool.bm25(turn)

    return sorted(pool.matched, key=score, reverse=True)


def by_speaker(pool: CandidatePool, query: QueryTerms) -> list[Turn]:
    """Matched turns said by a person the query names, by BM25.

    A speaker's name is rarely in their own words, so "what did Melanie say
    about pottery" matches Caroline's pottery as well as Melanie's; this ranker
    prefers Melanie's (and, in a workspace of many conversations, the ones
    Melanie is in). A turn matching nothing but the name is left out.
    """
    names = set(named_people(query))
    if not names:
        return []
    finders: dict[str, re.Pattern[str] | None] = {}

    def finder(speaker: str) -> re.Pattern[str] | None:
        if speaker not in finders:
            own = set(words(speaker.lower()))
            stems = {crude_stem(term) for term in query.searched if term not in own}
            finders[speaker] = (
                re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(stems))) + ")")
                if own & names and stems
                else None
            )
        return finders[speaker]

    ranked = []
    for turn in pool.matched:
        candidate = pool.turns[turn]
        found = finder(candidate.speaker) if candidate.speaker else None
        if found is not None and found.search(candidate.lower):
            ranked.append(turn)
    ranked.sort(key=pool.bm25, reverse=True)
    return ranked


def exact_terms(pool: CandidatePool, query: QueryTerms) -> list[Turn]:
    """Matched turns holding the query's names and numbers verbatim, most first."""
    if not query.exact:
        return []
    single = sorted({term for term in query.exact if "-" not in term}, key=len, reverse=True)
    compounds = [term for term in query.exact if "-" in term]
    finder = re.compile(r"\b(?:" + "|".join(map(re.escape, single)) + r")\b") if single else None
    scored: list[tuple[int, float, Turn]] = []
    for turn in pool.matched:
        candidate = pool.turns[turn]
        lowered = candidate.lower
        hits = len(set(finder.findall(lowered))) if finder is not None else 0
        hits += sum(2 for term in compounds if term in lowered)
        if hits:
            scored.append((hits, candidate.bm25, turn))
    scored.sort(reverse=True)
    return [turn for _, _, turn in scored]


def on_dates(
    db: sqlite3.Connection, pool: CandidatePool, query: QueryTerms, filters: Filters
) -> list[Turn]:
    """Turns said on a day the query names: matched ones by BM25, else that day's first."""
    if not query.dates:
        return []
    days = {f"-{month:02d}-{day:02d} " for month, day in query.dates}
    ranked = [
        turn
        for turn in pool.matched
        if (ts := pool.turns[turn].ts) is not None and ts[4:11] in days
    ]
    if ranked:
        return ranked
    where, params = filters.message_sql()
    found: list[Turn] = []
    for marker in sorted(days):
        for row_id, key, index, role, speaker, ts, text in db.execute(
            f"SELECT {MESSAGE_COLUMNS} FROM messages m WHERE substr(m.ts, 5, 7) = ?{where} "
            "ORDER BY m.ts LIMIT 20",
            [marker, *params],
        ):
            turn = (key, index)
            if turn not in pool.turns:
                pool.turns[turn] = Candidate(row_id, turn, role, speaker, ts, text)
            found.append(turn)
    return found


def in_months(pool: CandidatePool, query: QueryTerms) -> list[Turn]:
    """Matched turns said in a month the query names (and its year, when named), by BM25."""
    if not query.months:
        return []
    ranked: list[Turn] = []
    for turn in pool.matched:
        ts = pool.turns[turn].ts
        if ts is None or len(ts) < 7 or not ts[5:7].isdigit():
            continue
        year, month = int(ts[:4]), int(ts[5:7])
        if any(month == m and y in (0, year) for m, y in query.months):
            ranked.append(turn)
    return ranked


def within_history(
    db: sqlite3.Connection, pool: CandidatePool, query: QueryTerms, filters: Filters
) -> list[Turn]:
    """Matched turns inside the source ranges of the history entries that match best."""
    match = fts_or_query(list(query.searched))
    if not match or not pool.matched:
        return []
    where = ""
    params: list[object] = [match]
    if filters.session_key is not None:
        where = " AND h.session_key = ?"
        params.append(filters.session_key)
    ranges = db.execute(
        "SELECT h.session_key, h.start, h.end FROM history_fts "
        "JOIN history h ON h.cursor = history_fts.rowid "
        f"WHERE history_fts MATCH ? AND h.start IS NOT NULL{where} "
        "ORDER BY bm25(history_fts) LIMIT 5",
        params,
    ).fetchall()
    ranked: list[Turn] = []
    for key, start, end in ranges:
        inside = [t for t in pool.matched if t[0] == key and start <= t[1] < end]
        ranked.extend(t for t in inside if t not in ranked)
    return ranked


def answer_type(pool: CandidatePool, query: QueryTerms) -> list[Turn]:
    """Turns holding what the question asks for (a number, a time, a name) next to a match.

    "When is the first market day?" is often answered by a bare "april 25"
    right after the turn that matched; this ranker lifts such turns, scored by
    their own BM25 plus most of their best neighbour's.
    """
    kind = query.answer_type
    if kind is None:
        return []
    scored: list[tuple[float, Turn]] = []
    for turn, candidate in pool.turns.items():
        key, index = turn
        near = max(pool.bm25((key, index - 1)), pool.bm25((key, index + 1)))
        score = candidate.bm25 + 0.8 * near
        if score > 0:
            scored.append((score, turn))
    scored.sort(reverse=True)
    ranked: list[Turn] = []
    for _, turn in scored:
        if holds_answer_type(pool.turns[turn].text, kind):
            ranked.append(turn)
            if len(ranked) == RANKED_DEPTH:
                break
    return ranked


def recency(pool: CandidatePool) -> list[Turn]:
    """Matched turns, newest first (by time, then by position)."""
    return sorted(pool.matched, key=lambda t: (pool.turns[t].ts or "", t[1]), reverse=True)
