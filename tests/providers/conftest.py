"""A real HTTP server on 127.0.0.1 that speaks just enough OpenAI and Anthropic.

Each test scripts the replies in order (status, headers, JSON or raw bytes, or
"drop the connection" / "stall past the timeout") and afterwards inspects what
the SDK actually put on the wire.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

import pytest

from reverie.providers import network


@dataclass
class Reply:
    """One scripted answer of the fake server."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    action: Literal["respond", "drop", "stall"] = "respond"


@dataclass
class Received:
    """One request as the server saw it."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any


class FakeServer:
    """Loopback server replaying scripted replies and recording requests."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[Received] = []
        self.release = threading.Event()
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self._thread.start()
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def script(self, *replies: Reply) -> None:
        """Queue replies, answered one per request in order."""
        with self._lock:
            self.replies.extend(replies)

    def close(self) -> None:
        self.release.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def _next(self, received: Received) -> Reply:
        with self._lock:
            self.requests.append(received)
            if self.replies:
                return self.replies.pop(0)
        return Reply(500, {"error": {"message": "fake server: no reply scripted"}})

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = raw
                headers = {k.lower(): v for k, v in self.headers.items()}
                reply = server._next(Received("POST", self.path, headers, body))
                if reply.action == "drop":
                    self.close_connection = True
                    return
                if reply.action == "stall":
                    server.release.wait(timeout=60)  # past any client timeout; close() ends it
                    self.close_connection = True
                    return
                payload = reply.body
                if isinstance(payload, bytes):
                    data = payload
                elif isinstance(payload, str):
                    data = payload.encode()
                else:
                    data = json.dumps(payload).encode()
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

        return Handler


@pytest.fixture
def server() -> Iterator[FakeServer]:
    fake = FakeServer()
    try:
        yield fake
    finally:
        fake.close()


class FakeTime:
    """A clock that only moves when the code under test sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Provider tests may only reach the loopback server."""
    monkeypatch.setattr(network, "ALLOW_NETWORK", False)


def openai_reply(
    content: str | None = "Hello.",
    *,
    tool_calls: list[dict[str, Any]] | None = None,
    finish_reason: str = "stop",
    usage: dict[str, Any] | None = None,
    reasoning_content: str | None = None,
) -> Reply:
    """A chat-completions body as OpenAI (or DeepSeek, with reasoning) sends it."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls is not None:
        message["tool_calls"] = tool_calls
    if reasoning_content is not None:
        message["reasoning_content"] = reasoning_content
    body = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": "gpt-test",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": usage or {"prompt_tokens": 12, "completion_tokens": 3, "total_tokens": 15},
    }
    return Reply(200, body)


def openai_error(
    status: int, message: str, err_type: str, code: str | None = None, **headers: str
) -> Reply:
    """An OpenAI error body with optional headers (use _ for -)."""
    body = {"error": {"message": message, "type": err_type, "code": code, "param": None}}
    return Reply(status, body, {k.replace("_", "-"): v for k, v in headers.items()})


def anthropic_reply(
    *blocks: dict[str, Any],
    stop_reason: str = "end_turn",
    usage: dict[str, int] | None = None,
) -> Reply:
    """A Messages API body with the given content blocks."""
    body = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-test",
        "content": list(blocks) or [{"type": "text", "text": "Hello."}],
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": usage or {"input_tokens": 20, "output_tokens": 5},
    }
    return Reply(200, body)


def anthropic_error(status: int, message: str, err_type: str, **headers: str) -> Reply:
    """An Anthropic error body."""
    body = {"type": "error", "error": {"type": err_type, "message": message}}
    return Reply(status, body, {k.replace("_", "-"): v for k, v in headers.items()})


class Replies:
    """The reply builders, handed to tests as the ``replies`` fixture."""

    Reply = Reply
    openai = staticmethod(openai_reply)
    openai_error = staticmethod(openai_error)
    anthropic = staticmethod(anthropic_reply)
    anthropic_error = staticmethod(anthropic_error)


@pytest.fixture
def replies() -> type[Replies]:
    return Replies
