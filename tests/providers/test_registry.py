"""resolve_provider: every accepted spec form, and clear errors for the rest."""

from __future__ import annotations

from typing import Any

import pytest

from reverie.errors import ConfigError, MissingAPIKeyError
from reverie.providers import (
    AnthropicProvider,
    LLMProvider,
    OpenAICompatProvider,
    RetryPolicy,
    resolve_provider,
)
from reverie.providers.base import ChatRequest

LOCAL = "http://127.0.0.1:9/v1"


def test_offline_needs_no_key_and_takes_generation_settings() -> None:
    provider = resolve_provider("offline", max_tokens=512, temperature=0.0)
    assert isinstance(provider, LLMProvider)
    assert type(provider).__name__ == "OfflineProvider"
    assert provider.generation.max_tokens == 512
    assert provider.generation.temperature == 0.0


def test_scripted_resolves() -> None:
    provider = resolve_provider("scripted")
    assert type(provider).__name__ == "ScriptedProvider"


def test_openai_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
    provider = resolve_provider(
        "openai:gpt-test",
        base_url=LOCAL,
        reasoning_effort="high",
        timeout=3,
        max_attempts=2,
        base_delay=0.1,
    )
    assert isinstance(provider, OpenAICompatProvider)
    assert provider.default_model == "gpt-test"
    assert provider.generation.reasoning_effort == "high"
    assert provider.timeout == 3.0
    assert provider.retry == RetryPolicy(max_attempts=2, base_delay=0.1)
    assert provider.build_request(ChatRequest(messages=[]))["model"] == "gpt-test"


def test_openai_compatible_spec_keeps_colons_in_the_model_name() -> None:
    provider = resolve_provider("openai-compatible:qwen2.5:7b", base_url=LOCAL)
    assert isinstance(provider, OpenAICompatProvider)
    assert provider.default_model == "qwen2.5:7b"
    assert provider.base_url == LOCAL


async def test_openai_compatible_never_sends_the_openai_key(
    server: Any, replies: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-real-openai-key")
    server.script(replies.openai("hi"))
    provider = resolve_provider("openai-compatible:local", base_url=f"{server.url}/v1")
    await provider.chat_with_retry(messages=[{"role": "user", "content": "hi"}])
    assert "sk-real-openai-key" not in server.requests[0].headers.get("authorization", "")


def test_anthropic_spec() -> None:
    provider = resolve_provider(
        "anthropic:claude-test", api_key="k", base_url="http://localhost:9", max_tokens=64
    )
    assert isinstance(provider, AnthropicProvider)
    assert provider.default_model == "claude-test"
    assert provider.generation.max_tokens == 64


def test_missing_keys_point_to_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("reverie.providers.network.ALLOW_NETWORK", True)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(MissingAPIKeyError, match="OPENAI_API_KEY is not set; use the offline"):
        resolve_provider("openai:gpt-4o-mini")
    with pytest.raises(MissingAPIKeyError, match="ANTHROPIC_API_KEY is not set"):
        resolve_provider("anthropic:claude-sonnet-4-5")


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("gemini:pro", "unknown provider spec 'gemini:pro'"),
        ("", "is empty"),
        ("openai:", "names no model"),
        ("anthropic:  ", "names no model"),
        ("offline:fast", "takes no model"),
    ],
)
def test_bad_specs_name_the_spec_and_the_forms(spec: str, fragment: str) -> None:
    with pytest.raises(ConfigError) as caught:
        resolve_provider(spec)
    message = str(caught.value)
    assert fragment in message
    if "unknown" in fragment or "empty" in fragment:
        assert "openai-compatible:<model>" in message and "anthropic:<model>" in message


def test_openai_compatible_without_base_url() -> None:
    with pytest.raises(ConfigError, match="needs base_url"):
        resolve_provider("openai-compatible:llama3")


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"max_tokens": 0}, "max_tokens must be a positive integer"),
        ({"max_tokens": True}, "max_tokens"),
        ({"temperature": 3}, "temperature must be a number between 0 and 2"),
        ({"reasoning_effort": ""}, "reasoning_effort"),
        ({"timeout": 0}, "timeout"),
        ({"max_attempts": 0}, "max_attempts"),
        ({"jitter": 2}, "jitter"),
        ({"temprature": 0.5}, "temprature"),
        ({"retry": RetryPolicy(), "max_attempts": 2}, "not both"),
    ],
)
def test_bad_options_are_named(options: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ConfigError, match=fragment):
        resolve_provider("openai-compatible:m", base_url=LOCAL, **options)


def test_network_options_are_refused_for_offline() -> None:
    with pytest.raises(ConfigError, match="timeout"):
        resolve_provider("offline", timeout=5)


def test_none_means_default() -> None:
    provider = resolve_provider("offline", max_tokens=None, temperature=None)
    assert provider.generation.max_tokens == 4096
