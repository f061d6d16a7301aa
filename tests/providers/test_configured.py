"""One place turns settings into a provider: the CLI and Agent.open agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie.agent import Agent
from reverie.config import Settings, provider_overrides
from reverie.errors import ConfigError, MissingAPIKeyError
from reverie.workspace import build_provider


def test_a_spec_sets_provider_and_model_unless_a_model_is_named() -> None:
    assert provider_overrides("openai:gpt-4.1") == {"provider": "openai", "model": "gpt-4.1"}
    assert provider_overrides("openai:gpt-4.1", "gpt-4o") == {
        "provider": "openai",
        "model": "gpt-4o",
    }
    with pytest.raises(ConfigError, match=r"provider 'bard': accepted forms"):
        provider_overrides("bard", label="provider")


def test_settings_become_a_provider_with_their_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    settings = Settings(provider="openai", model="gpt-4o", max_completion_tokens=777)
    provider = build_provider(settings)
    assert provider.default_model == "gpt-4o"
    assert provider.generation.max_tokens == 777
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(MissingAPIKeyError, match="OPENAI_API_KEY"):
        build_provider(settings)


def test_agent_open_and_the_cli_build_the_same_provider(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    agent = Agent.open(workspace, provider="openai:gpt-4.1-mini", max_completion_tokens=512)
    assert agent.provider.default_model == "gpt-4.1-mini"
    assert agent.provider.generation.max_tokens == 512
    assert agent.model == "gpt-4.1-mini"
