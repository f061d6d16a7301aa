"""Contract: LLMResponse, ToolCallRequest, chat_with_retry and resolve_provider."""

from __future__ import annotations

import inspect
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from reverie import (
    ConfigError,
    FunctionProvider,
    GenerationSettings,
    LLMProvider,
    LLMResponse,
    MissingAPIKeyError,
    OfflineProvider,
    ScriptedProvider,
    ToolCallRequest,
    resolve_provider,
)

HI = [{"role": "user", "content": "hi"}]


# -- the response types ----------------------------------------------------------------


def test_llm_response_defaults() -> None:
    response = LLMResponse("hello")
    assert response.content == "hello"
    assert response.tool_calls == []
    assert response.finish_reason == "stop"
    assert response.usage == {}
    assert response.has_tool_calls is False


def test_llm_response_defaults_are_not_shared() -> None:
    first, second = LLMResponse("a"), LLMResponse("b")
    first.tool_calls.append(ToolCallRequest("1", "f", {}))
    first.usage["prompt_tokens"] = 3
    assert second.tool_calls == []
    assert second.usage == {}


def test_tool_call_request_positional_and_keyword() -> None:
    call = ToolCallRequest("call_1", "read_file", {"path": "SOUL.md"})
    assert (call.id, call.name, call.arguments) == ("call_1", "read_file", {"path": "SOUL.md"})
    same = ToolCallRequest(id="call_1", name="read_file", arguments={"path": "SOUL.md"})
    assert same.arguments == call.arguments
    response = LLMResponse(content=None, tool_calls=[call])
    assert response.has_tool_calls is True


# -- chat_with_retry -------------------------------------------------------------------


def test_chat_with_retry_signature_is_keyword_only_with_contract_defaults() -> None:
    parameters = inspect.signature(LLMProvider.chat_with_retry).parameters
    for name in ("messages", "tools", "model", "max_tokens", "temperature", "tool_choice"):
        assert parameters[name].kind is inspect.Parameter.KEYWORD_ONLY, name
    assert parameters["tools"].default is None
    assert parameters["model"].default is None
    assert parameters["tool_choice"].default is None
    assert parameters["max_tokens"].default in (None, 4096)
    assert parameters["temperature"].default in (None, 0.7)
    assert any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())


async def test_chat_with_retry_refuses_positional_messages() -> None:
    provider = ScriptedProvider(["never"])
    with pytest.raises(TypeError):
        await provider.chat_with_retry(HI)  # type: ignore[misc]


async def test_omitted_limits_come_from_generation_settings() -> None:
    provider = ScriptedProvider(["a", "b"])
    assert provider.generation.max_tokens == 4096
    await provider.chat_with_retry(messages=HI)
    assert provider.requests[0].max_tokens == 4096
    assert provider.requests[0].temperature == 0.7
    tuned = ScriptedProvider(["a"], generation=GenerationSettings(max_tokens=321, temperature=0.1))
    await tuned.chat_with_retry(messages=HI, max_tokens=None, temperature=None)
    assert tuned.requests[0].max_tokens == 321
    assert tuned.requests[0].temperature == 0.1


async def test_explicit_arguments_win_and_model_defaults_to_default_model() -> None:
    provider = ScriptedProvider(["a", "b"], default_model="m-default")
    await provider.chat_with_retry(messages=HI, max_tokens=12, temperature=0.0, model="m-x")
    await provider.chat_with_retry(messages=HI)
    assert provider.requests[0].max_tokens == 12
    assert provider.requests[0].temperature == 0.0
    assert provider.requests[0].model == "m-x"
    assert provider.requests[1].model == "m-default"


async def test_unknown_extra_keywords_are_accepted() -> None:
    provider = ScriptedProvider(["fine"])
    response = await provider.chat_with_retry(
        messages=HI, reasoning_effort="low", some_future_option={"a": 1}
    )
    assert response.content == "fine"


async def test_tools_and_tool_choice_reach_the_provider() -> None:
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
    provider = ScriptedProvider(["ok"])
    await provider.chat_with_retry(messages=HI, tools=tools, tool_choice="auto")
    assert provider.requests[0].tools == tools
    assert provider.requests[0].tool_choice == "auto"


async def test_an_exception_in_chat_comes_back_as_an_error_response() -> None:
    provider = ScriptedProvider([RuntimeError("boom")])
    response = await provider.chat_with_retry(messages=HI)
    assert response.finish_reason == "error"
    assert provider.remaining == 0


async def test_function_provider_exception_is_an_error_response() -> None:
    def fail(_: Any) -> str:
        raise ValueError("bad")

    response = await FunctionProvider(fail).chat_with_retry(messages=HI)
    assert response.finish_reason == "error"


class _Clock:
    """Fake sleep recording the waits, so retries cost no time."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.mark.parametrize(
    "transient",
    [
        LLMResponse(content="Error: 429 Too Many Requests", finish_reason="error"),
        LLMResponse(content="Error calling LLM: 503 Service Unavailable", finish_reason="error"),
        LLMResponse(content="Error: request timed out", finish_reason="error"),
    ],
)
async def test_transient_error_texts_are_retried(transient: LLMResponse) -> None:
    clock = _Clock()
    provider = ScriptedProvider([transient, "recovered"], sleep=clock.sleep)
    response = await provider.chat_with_retry(messages=HI)
    assert response.content == "recovered"
    assert len(clock.waits) == 1 and clock.waits[0] > 0


@pytest.mark.parametrize("exc", [TimeoutError("slow"), ConnectionError("reset")])
async def test_timeouts_and_dropped_connections_raised_by_chat_are_retried(
    exc: Exception,
) -> None:
    clock = _Clock()
    provider = ScriptedProvider([exc, "recovered"], sleep=clock.sleep)
    response = await provider.chat_with_retry(messages=HI)
    assert response.content == "recovered"
    assert len(clock.waits) == 1


async def test_a_permanent_error_is_not_retried() -> None:
    clock = _Clock()
    provider = ScriptedProvider(
        [LLMResponse(content="Error: 401 invalid api key", finish_reason="error"), "x"],
        sleep=clock.sleep,
    )
    response = await provider.chat_with_retry(messages=HI)
    assert response.finish_reason == "error"
    assert clock.waits == []
    assert provider.remaining == 1


async def test_retries_give_up_and_return_the_error() -> None:
    clock = _Clock()
    failures = [LLMResponse(content="Error: 500 server error", finish_reason="error")] * 10
    provider = ScriptedProvider(failures, sleep=clock.sleep)
    response = await provider.chat_with_retry(messages=HI)
    assert response.finish_reason == "error"
    assert 1 <= len(clock.waits) < 10


# -- resolve_provider ------------------------------------------------------------------


def test_resolve_provider_signature() -> None:
    parameters = inspect.signature(resolve_provider).parameters
    assert next(iter(parameters)) == "spec"
    assert parameters["api_key"].kind is inspect.Parameter.KEYWORD_ONLY
    assert parameters["api_key"].default is None
    assert parameters["base_url"].kind is inspect.Parameter.KEYWORD_ONLY
    assert parameters["base_url"].default is None


async def test_offline_provider_works_without_network_and_is_deterministic() -> None:
    provider = resolve_provider("offline")
    assert isinstance(provider, OfflineProvider)
    assert isinstance(provider.default_model, str) and provider.default_model
    assert provider.generation.max_tokens > 0
    first = await provider.chat_with_retry(messages=HI)
    second = await resolve_provider("offline").chat_with_retry(messages=HI)
    assert first.finish_reason != "error"
    assert first.content == second.content


def test_generation_keywords_set_generation_max_tokens() -> None:
    assert resolve_provider("offline", max_tokens=123).generation.max_tokens == 123
    provider = resolve_provider("openai:gpt-4o-mini", api_key="sk-test", max_tokens=77)
    assert provider.generation.max_tokens == 77


@pytest.mark.parametrize(
    ("spec", "model"),
    [
        ("openai:gpt-4o-mini", "gpt-4o-mini"),
        ("anthropic:claude-sonnet-4-5", "claude-sonnet-4-5"),
    ],
)
def test_vendor_specs_expose_default_model(spec: str, model: str) -> None:
    provider = resolve_provider(spec, api_key="sk-test")
    assert isinstance(provider, LLMProvider)
    assert provider.default_model == model


def test_openai_compatible_needs_base_url_and_keeps_the_model() -> None:
    with pytest.raises(ConfigError):
        resolve_provider("openai-compatible:llama3.1")
    provider = resolve_provider("openai-compatible:qwen2.5:7b", base_url="http://127.0.0.1:9/v1")
    assert provider.default_model == "qwen2.5:7b"


def test_missing_key_for_openai_is_a_missing_api_key_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(MissingAPIKeyError):
        resolve_provider("openai:gpt-4o-mini")


@pytest.mark.parametrize("spec", ["", "gpt-4o", "openai:", "nope:model"])
def test_bad_specs_are_config_errors(spec: str) -> None:
    with pytest.raises(ConfigError):
        resolve_provider(spec)


# -- the OpenAI wire format over loopback ----------------------------------------------


class _Server:
    def __init__(self, replies: list[tuple[int, dict[str, Any]]]) -> None:
        self.replies = replies
        self.seen: list[tuple[str, dict[str, Any]]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                outer.seen.append((self.path, json.loads(raw)))
                status, body = outer.replies.pop(0) if outer.replies else (500, {})
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


@pytest.fixture
def openai_server() -> Iterator[_Server]:
    server = _Server([])
    yield server
    server.close()


def _completion(message: dict[str, Any], finish: str = "stop") -> dict[str, Any]:
    return {
        "id": "x",
        "object": "chat.completion",
        "created": 0,
        "model": "local",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 5, "completion_tokens": 2, "total_tokens": 7},
    }


async def test_openai_compatible_posts_to_chat_completions(openai_server: _Server) -> None:
    openai_server.replies.append((200, _completion({"role": "assistant", "content": "hey"})))
    provider = resolve_provider("openai-compatible:local-model", base_url=openai_server.url)
    response = await provider.chat_with_retry(messages=HI, max_tokens=50)
    assert response.content == "hey"
    assert response.finish_reason == "stop"
    assert response.usage["prompt_tokens"] == 5
    path, body = openai_server.seen[0]
    assert path == "/v1/chat/completions"
    assert body["model"] == "local-model"
    assert body["messages"] == HI


async def test_openai_compatible_tool_calls_parse(openai_server: _Server) -> None:
    call = {
        "id": "call_9",
        "type": "function",
        "function": {"name": "read_file", "arguments": '{"path": "USER.md"}'},
    }
    message = {"role": "assistant", "content": None, "tool_calls": [call]}
    openai_server.replies.append((200, _completion(message, "tool_calls")))
    provider = resolve_provider("openai-compatible:m", base_url=openai_server.url)
    response = await provider.chat_with_retry(messages=HI)
    assert response.has_tool_calls
    assert response.tool_calls[0].id == "call_9"
    assert response.tool_calls[0].name == "read_file"
    assert response.tool_calls[0].arguments == {"path": "USER.md"}


async def test_openai_compatible_auth_error_is_an_error_response(openai_server: _Server) -> None:
    openai_server.replies.append((401, {"error": {"message": "bad key", "type": "auth"}}))
    provider = resolve_provider("openai-compatible:m", base_url=openai_server.url)
    response = await provider.chat_with_retry(messages=HI)
    assert response.finish_reason == "error"
    assert len(openai_server.seen) == 1


# -- a hand-written provider -----------------------------------------------------------


class _Echo(LLMProvider):
    """The smallest provider a user could write."""

    async def chat(self, **kwargs: Any) -> LLMResponse:
        return LLMResponse(f"echo {kwargs['messages'][-1]['content']} {kwargs['max_tokens']}")


async def test_a_minimal_subclass_gets_retry_defaults_and_generation() -> None:
    provider = _Echo()
    assert provider.generation.max_tokens == 4096
    assert isinstance(provider.default_model, str)
    response = await provider.chat_with_retry(messages=HI, anything_else=1)
    assert response.content == "echo hi 4096"  # None means the generation settings
    assert response.finish_reason == "stop"


@pytest.mark.parametrize("suffix", ["/v1/", "", "/api/openai"])
async def test_any_base_url_gets_chat_completions_appended(
    openai_server: _Server, suffix: str
) -> None:
    root = openai_server.url.removesuffix("/v1")
    openai_server.replies.append((200, _completion({"role": "assistant", "content": "ok"})))
    provider = resolve_provider("openai-compatible:m", base_url=root + suffix)
    response = await provider.chat_with_retry(messages=HI)
    assert response.content == "ok"
    expected = (suffix.rstrip("/") or "") + "/chat/completions"
    assert openai_server.seen[0][0] == expected


async def test_a_server_error_is_retried_then_succeeds(openai_server: _Server) -> None:
    openai_server.replies.append((503, {"error": {"message": "busy"}}))
    openai_server.replies.append((200, _completion({"role": "assistant", "content": "ok"})))
    provider = resolve_provider("openai-compatible:m", base_url=openai_server.url, base_delay=0.01)
    response = await provider.chat_with_retry(messages=HI)
    assert response.content == "ok"
    assert len(openai_server.seen) == 2
