"""The network guard: loopback only when ALLOW_NETWORK is off, loudly otherwise."""

from __future__ import annotations

from typing import Any

import pytest

import reverie.providers
from reverie.errors import ProviderError
from reverie.providers import (
    AnthropicProvider,
    OpenAICompatProvider,
    check_network_allowed,
    is_loopback_url,
    network,
    resolve_provider,
)


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8000/v1", True),
        ("http://127.45.6.7", True),
        ("http://localhost:11434/v1", True),
        ("http://LOCALHOST", True),
        ("http://[::1]:8080", True),
        ("http://[::ffff:127.0.0.1]:80", True),
        ("https://api.openai.com/v1", False),
        ("http://localhost.evil.example", False),
        ("http://10.0.0.5:8000", False),
        ("http://0.0.0.0:8000", False),
        ("not a url", False),
    ],
)
def test_is_loopback_url(url: str, loopback: bool) -> None:
    assert is_loopback_url(url) is loopback


def test_remote_url_is_refused_loudly_when_network_is_off() -> None:
    with pytest.raises(ProviderError) as caught:
        check_network_allowed("https://api.openai.com/v1")
    assert "https://api.openai.com/v1" in str(caught.value)
    assert "ALLOW_NETWORK" in str(caught.value)
    check_network_allowed("http://127.0.0.1:1234/v1")


async def test_real_endpoints_build_but_their_first_call_fails_loudly() -> None:
    # Building a provider touches no network, so a spec can be checked offline.
    providers = [
        (OpenAICompatProvider("gpt-4o-mini", api_key="sk-test"), r"api\.openai\.com"),
        (AnthropicProvider("claude-sonnet-4-5", api_key="sk-test"), r"api\.anthropic\.com"),
        (
            resolve_provider("openai-compatible:x", base_url="https://openrouter.ai/api/v1"),
            "openrouter",
        ),
    ]
    for provider, host in providers:
        with pytest.raises(ProviderError, match=host):
            await provider.chat_with_retry(messages=[{"role": "user", "content": "hi"}])


async def test_switching_the_network_off_later_stops_the_next_call(
    monkeypatch: pytest.MonkeyPatch, server: Any
) -> None:
    monkeypatch.setattr(network, "ALLOW_NETWORK", True)
    provider = OpenAICompatProvider("m", base_url="http://192.0.2.1/v1", api_key="k")
    monkeypatch.setattr(network, "ALLOW_NETWORK", False)
    # Not turned into an error response: callers must not quietly fall back.
    with pytest.raises(ProviderError, match=r"192\.0\.2\.1"):
        await provider.chat_with_retry(messages=[{"role": "user", "content": "hi"}])


def test_the_package_level_flag_is_honoured_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(network, "ALLOW_NETWORK", True)
    monkeypatch.setattr(reverie.providers, "ALLOW_NETWORK", False)
    with pytest.raises(ProviderError):
        check_network_allowed("https://example.com")


def test_allowed_network_lets_remote_urls_through(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(network, "ALLOW_NETWORK", True)
    check_network_allowed("https://api.anthropic.com")
    provider = AnthropicProvider("claude-sonnet-4-5", api_key="sk-test")
    assert provider.base_url == "https://api.anthropic.com"
