"""Semantic retrieval: message embeddings from an OpenAI-compatible ``/embeddings`` endpoint.

Configured with ``[recall] embeddings_base_url`` and ``embeddings_model`` (e.g.
a local Ollama at ``http://localhost:11434/v1`` with ``nomic-embed-text``).
Vectors are cached in the index (``vectors`` table, per model, normalised
float32), keyed by each message's digest, so a message is embedded once and
again only if its text changes. Nothing is sent anywhere unless configured.

A failing endpoint never breaks a search: the error is logged (once per kind)
and the lexical rankers answer alone; missing vectors are fetched again on a
later sync.

Scoring is a dot product in pure Python (no numpy dependency), so it is
bounded: the BM25 candidate pool is always scored, and the whole index is
scanned as well while it holds at most :data:`FULL_SCAN_LIMIT` vectors, which
is what lets a query with no word in common with the answer still find it.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import urllib.error
import urllib.request
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from reverie._logging import OnceWarner, get_logger
from reverie.errors import ProviderError
from reverie.recall.fusion import Turn
from reverie.recall.pool import Candidate, CandidatePool, Filters

__all__ = [
    "FULL_SCAN_LIMIT",
    "Embedder",
    "HttpEmbedder",
    "SemanticRanker",
]

FULL_SCAN_LIMIT = 20_000
BATCH_SIZE = 64
"""Texts per ``/embeddings`` request."""
MAX_EMBEDDED_CHARS = 4_000
"""Longest text sent for one message (embedding models take a few thousand tokens)."""
_RANKED = 100

_log = get_logger("recall.embeddings")


class Embedder(Protocol):
    """Turns texts into vectors; ``model`` names the vectors in the cache."""

    model: str

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order.

        Raises:
            ProviderError: when the endpoint fails or answers something unusable.
        """
        ...


@dataclass
class HttpEmbedder:
    """An OpenAI-compatible ``POST {base_url}/embeddings`` client.

    Args:
        base_url: The server root, e.g. ``http://localhost:11434/v1``.
        model: The embedding model name.
        api_key_env: Environment variable holding a key (empty: send none).
        timeout: Seconds per request.
    """

    base_url: str
    model: str
    api_key_env: str = ""
    timeout: float = 30.0

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """POST the texts and return their vectors, in order."""
        from reverie.providers.network import check_network_allowed

        url = self.base_url.rstrip("/") + "/embeddings"
        check_network_allowed(url)
        headers = {"Content-Type": "application/json"}
        key = os.environ.get(self.api_key_env, "") if self.api_key_env else ""
        if key:
            headers["Authorization"] = f"Bearer {key}"
        body = json.dumps({"model": self.model, "input": list(texts)}).encode("utf-8")
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                payload = json.loads(response.read())
        except urllib.error.HTTPError as exc:
            detail = exc.read()[:200].decode("utf-8", "replace")
            exc.close()
            raise ProviderError(
                f"embeddings endpoint {url} answered {exc.code}: {detail}"
            ) from None
        except (OSError, ValueError) as exc:
            raise ProviderError(f"embeddings endpoint {url}: {exc}") from exc
        return _vectors(payload, len(texts), url)


def _vectors(payload: Any, expected: int, url: str) -> list[list[float]]:
    data = payload.get("data") if isinstance(payload, dict) else None
    if not isinstance(data, list) or len(data) != expected:
        raise ProviderError(f"embeddings endpoint {url}: expected {expected} vectors in 'data'")
    ordered = sorted(data, key=lambda item: item.get("index", 0) if isinstance(item, dict) else 0)
    vectors: list[list[float]] = []
    for item in ordered:
        vector = item.get("embedding") if isinstance(item, dict) else None
        if not isinstance(vector, list) or not vector:
            raise ProviderError(f"embeddings endpoint {url}: an item has no 'embedding' list")
        vectors.append([float(value) for value in vector])
    return vectors


def _pack(vector: Sequence[float]) -> bytes:
    norm = math.sqrt(sum(value * value for value in vector)) or 1.0
    return array("f", (value / norm for value in vector)).tobytes()


def _unpack(blob: bytes) -> array[float]:
    values = array("f")
    values.frombytes(blob)
    return values


def _dot(a: array[float], b: array[float]) -> float:
    return math.fsum(x * y for x, y in zip(a, b, strict=False))


class SemanticRanker:
    """Keeps message vectors cached in the index and ranks turns by similarity.

    Args:
        db: The open index connection.
        embedder: Where vectors come from.
        warner: Reports endpoint failures once per kind.
    """

    def __init__(self, db: sqlite3.Connection, embedder: Embedder, warner: OnceWarner) -> None:
        self.db = db
        self.embedder = embedder
        self.warner = warner
        self._query_cache: dict[str, array[float]] = {}

    def catch_up(self, *, limit: int | None = None) -> int:
        """Embed the messages that have no current vector; returns how many were embedded.

        Each batch commits on its own, so an interrupted catch-up keeps its progress.
        """
        model = self.embedder.model
        rows = self.db.execute(
            "SELECT m.id, m.digest, m.text FROM messages m LEFT JOIN vectors v "
            "ON v.model = ? AND v.message_id = m.id "
            "WHERE v.message_id IS NULL OR v.digest != m.digest ORDER BY m.id",
            (model,),
        ).fetchall()
        if limit is not None:
            rows = rows[:limit]
        done = 0
        for start in range(0, len(rows), BATCH_SIZE):
            batch = rows[start : start + BATCH_SIZE]
            vectors = self._embed([text[:MAX_EMBEDDED_CHARS] or " " for _, _, text in batch])
            if vectors is None:
                break
            with self.db:
                self.db.executemany(
                    "INSERT OR REPLACE INTO vectors (model, message_id, digest, vector) "
                    "VALUES (?, ?, ?, ?)",
                    [
                        (model, row_id, digest, _pack(vector))
                        for (row_id, digest, _), vector in zip(batch, vectors, strict=True)
                    ],
                )
            done += len(batch)
        return done

    def _embed(self, texts: Sequence[str]) -> list[list[float]] | None:
        try:
            return self.embedder.embed(texts)
        except ProviderError as exc:
            self.warner.warn(
                f"embeddings:{type(exc).__name__}",
                "semantic recall is off for now (%s); searching by words only",
                exc,
            )
            return None

    def _query_vector(self, query: str) -> array[float] | None:
        cached = self._query_cache.get(query)
        if cached is not None:
            return cached
        vectors = self._embed([query])
        if not vectors:
            return None
        vector = _unpack(_pack(vectors[0]))
        if len(self._query_cache) > 256:
            self._query_cache.clear()
        self._query_cache[query] = vector
        return vector

    def rank(self, query: str, pool: CandidatePool, filters: Filters) -> list[Turn]:
        """Turns most similar to ``query``: the pool's, and the whole index while it is small."""
        vector = self._query_vector(query)
        if vector is None:
            return []
        model = self.embedder.model
        scored: dict[Turn, float] = {}
        ids = {candidate.row_id: turn for turn, candidate in pool.turns.items()}
        for row_id, blob in self._vectors_of(model, list(ids)):
            scored[ids[row_id]] = _dot(vector, _unpack(blob))
        total = self.db.execute("SELECT count(*) FROM vectors WHERE model = ?", (model,)).fetchone()
        if total[0] <= FULL_SCAN_LIMIT:
            self._scan(vector, model, pool, filters, scored)
        ranked = sorted(scored, key=lambda turn: scored[turn], reverse=True)
        return ranked[:_RANKED]

    def _vectors_of(self, model: str, row_ids: list[int]) -> list[tuple[int, bytes]]:
        found: list[tuple[int, bytes]] = []
        for start in range(0, len(row_ids), 500):
            chunk = row_ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            found.extend(
                self.db.execute(
                    f"SELECT message_id, vector FROM vectors WHERE model = ? "
                    f"AND message_id IN ({marks})",
                    [model, *chunk],
                ).fetchall()
            )
        return found

    def _scan(
        self,
        vector: array[float],
        model: str,
        pool: CandidatePool,
        filters: Filters,
        scored: dict[Turn, float],
    ) -> None:
        where, params = filters.message_sql()
        best: list[tuple[float, tuple[Any, ...]]] = []
        for row in self.db.execute(
            "SELECT m.id, m.session_key, m.idx, m.role, m.speaker, m.ts, m.text, v.vector "
            "FROM vectors v "
            f"JOIN messages m ON m.id = v.message_id WHERE v.model = ?{where}",
            [model, *params],
        ):
            best.append((_dot(vector, _unpack(row[7])), row))
        best.sort(key=lambda item: item[0], reverse=True)
        for similarity, (row_id, key, index, role, speaker, ts, text, _) in best[:_RANKED]:
            turn = (key, index)
            if turn not in pool.turns:
                pool.turns[turn] = Candidate(row_id, turn, role, speaker, ts, text)
            scored[turn] = similarity
