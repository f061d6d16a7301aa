"""Semantic recall through an OpenAI-compatible /embeddings endpoint on loopback."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from reverie.config import RecallSettings
from reverie.errors import ConfigError
from reverie.recall import RecallIndex
from reverie.recall.configured import embedder_from_settings
from reverie.recall.embeddings import HttpEmbedder
from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore

# A toy embedding space: each text becomes counts of a few concept groups, so
# "automobile" and "car" land together although they share no word.
_CONCEPTS = (
    ("car", "automobile", "vehicle", "sedan"),
    ("dog", "puppy", "hound"),
    ("rain", "umbrella", "storm", "weather"),
)


def _vector(text: str) -> list[float]:
    lowered = text.lower()
    return [float(sum(lowered.count(word) for word in group)) + 0.01 for group in _CONCEPTS]


class _Embeddings:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.fail = False
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(
                    {"path": self.path, "body": body, "auth": self.headers.get("Authorization")}
                )
                if outer.fail:
                    payload, status = b'{"error": "down"}', 503
                else:
                    data = [
                        {"index": i, "embedding": _vector(text)}
                        for i, text in enumerate(body["input"])
                    ]
                    payload, status = json.dumps({"data": data}).encode(), 200
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


@pytest.fixture
def server() -> Iterator[_Embeddings]:
    fake = _Embeddings()
    try:
        yield fake
    finally:
        fake.close()


def _index(workspace: Path, server: _Embeddings, **env: str) -> RecallIndex:
    embedder = HttpEmbedder(base_url=server.url, model="toy-embed", **env)
    return RecallIndex(
        workspace,
        store=MemoryStore(workspace),
        sessions=SessionManager(workspace),
        embedder=embedder,
    )


def _say(workspace: Path, *texts: str) -> None:
    sessions = SessionManager(workspace)
    session = sessions.get_or_create("cli:a")
    for text in texts:
        session.add_message("user", text)
    sessions.save(session)


def test_semantic_match_without_a_shared_word(workspace: Path, server: _Embeddings) -> None:
    _say(workspace, "I finally sold my old sedan last week", "The puppy chewed my shoes")
    with _index(workspace, server) as index:
        hits = index.search("automobile", k=1)
    assert hits and hits[0].start == 0
    assert server.requests[0]["path"] == "/v1/embeddings"
    assert server.requests[0]["body"]["model"] == "toy-embed"


def test_vectors_are_cached_in_the_index(workspace: Path, server: _Embeddings) -> None:
    _say(workspace, "storm warning for tonight", "the hound needs a walk")
    with _index(workspace, server) as index:
        index.search("umbrella")
        embedded = sum(len(r["body"]["input"]) for r in server.requests)
        assert index.stats()["vectors"] == 2
    with _index(workspace, server) as again:
        again.search("umbrella")  # the query is embedded again, the messages are not
    assert sum(len(r["body"]["input"]) for r in server.requests) == embedded + 1


def test_a_failing_endpoint_falls_back_to_words(
    workspace: Path, server: _Embeddings, caplog: pytest.LogCaptureFixture
) -> None:
    _say(workspace, "storm warning for tonight")
    server.fail = True
    with caplog.at_level(logging.WARNING, logger="reverie"), _index(workspace, server) as index:
        hits = index.search("storm tonight")
    assert hits and hits[0].start == 0
    assert "semantic recall is off" in caplog.text


def test_the_key_comes_from_the_named_variable(
    workspace: Path, server: _Embeddings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EMBED_KEY", "sk-test")
    _say(workspace, "rain again")
    with _index(workspace, server, api_key_env="EMBED_KEY") as index:
        index.search("weather")
    assert server.requests[0]["auth"] == "Bearer sk-test"


def test_settings_need_both_url_and_model() -> None:
    assert embedder_from_settings(RecallSettings()) is None
    with pytest.raises(ConfigError, match="embeddings_model"):
        embedder_from_settings(RecallSettings(embeddings_base_url="http://127.0.0.1:1/v1"))
    built = embedder_from_settings(
        RecallSettings(embeddings_base_url="http://127.0.0.1:1/v1", embeddings_model="m")
    )
    assert isinstance(built, HttpEmbedder) and built.model == "m"
