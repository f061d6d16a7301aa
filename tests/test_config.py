"""Settings: file, environment and flag layers, and errors that name the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie.config import Settings, load_settings
from reverie.errors import ConfigError


def write_toml(workspace: Path, text: str) -> None:
    (workspace / "reverie.toml").write_text(text, encoding="utf-8")


def test_defaults_need_no_network_or_key(workspace: Path) -> None:
    settings = load_settings(workspace, environ={})
    assert settings.provider == "offline"
    assert settings.provider_spec == "offline"
    assert settings.context_window_tokens > settings.max_completion_tokens


def test_file_then_env_then_flags(workspace: Path) -> None:
    write_toml(workspace, 'provider = "openai"\nmodel = "gpt-4o"\n[dream]\ninterval_h = 6\n')
    settings = load_settings(
        workspace,
        environ={"REVERIE_MODEL": "gpt-4.1", "REVERIE_DREAM_CRON": "0 3 * * *"},
        overrides={"context_window_tokens": 8000, "model": None},
    )
    assert settings.provider_spec == "openai:gpt-4.1"
    assert settings.dream.interval_h == 6
    assert settings.dream.cron == "0 3 * * *"
    assert settings.context_window_tokens == 8000


def test_flags_win_over_environment(workspace: Path) -> None:
    settings = load_settings(
        workspace,
        environ={"REVERIE_PROVIDER": "anthropic"},
        overrides={"provider": "offline"},
    )
    assert settings.provider == "offline"


def test_bad_value_names_file_key_and_form(workspace: Path) -> None:
    write_toml(workspace, "[dream]\ninterval_h = 'often'\n")
    with pytest.raises(ConfigError) as info:
        load_settings(workspace, environ={})
    message = str(info.value)
    assert "reverie.toml" in message
    assert "dream.interval_h" in message
    assert "'often'" in message


def test_unknown_key_lists_known_keys(workspace: Path) -> None:
    write_toml(workspace, "providr = 'openai'\n")
    with pytest.raises(ConfigError, match=r"providr: unknown key; known keys: .*provider"):
        load_settings(workspace, environ={})


def test_bad_environment_value_names_the_environment(workspace: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load_settings(workspace, environ={"REVERIE_CONSOLIDATION_RATIO": "2.5"})
    assert str(info.value) == (
        "environment: REVERIE_CONSOLIDATION_RATIO: Input should be less than or equal to 1"
        " (got '2.5')"
    )
    with pytest.raises(ConfigError, match=r"^environment: REVERIE_DREAM_INTERVAL_H: .*'often'"):
        load_settings(workspace, environ={"REVERIE_DREAM_INTERVAL_H": "often"})


def test_bad_cron_is_rejected_with_example(workspace: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load_settings(workspace, overrides={"dream": {"cron": "every night"}})
    assert str(info.value) == (
        "command-line flags: dream.cron: must be a 5-field cron expression like '0 3 * * *'"
        " (got 'every night')"
    )


def test_invalid_toml_names_the_file(workspace: Path) -> None:
    write_toml(workspace, "provider = \n")
    with pytest.raises(ConfigError, match=r"reverie\.toml: not valid TOML"):
        load_settings(workspace, environ={})


def test_openai_compatible_needs_base_url() -> None:
    settings = Settings(provider="openai-compatible", model="llama3")
    with pytest.raises(ConfigError, match="base_url"):
        _ = settings.provider_spec
    settings.base_url = "http://127.0.0.1:11434/v1"
    assert settings.provider_spec == "openai-compatible:llama3"


def test_openai_base_url_comes_from_the_usual_variable(workspace: Path) -> None:
    write_toml(workspace, 'provider = "openai"\n')
    settings = load_settings(workspace, environ={"OPENAI_BASE_URL": "http://127.0.0.1:9/v1"})
    assert settings.base_url == "http://127.0.0.1:9/v1"


def test_openai_compatible_reads_no_key_unless_named() -> None:
    assert Settings(provider="openai-compatible").key_env == ""
    assert Settings(provider="openai-compatible", api_key_env="GROQ_KEY").key_env == "GROQ_KEY"
    assert Settings(provider="openai").key_env == "OPENAI_API_KEY"


def test_a_window_with_no_room_for_a_prompt_names_both_settings(workspace: Path) -> None:
    write_toml(workspace, "context_window_tokens = 4000\n")
    with pytest.raises(ConfigError) as info:
        load_settings(workspace, environ={})
    message = str(info.value)
    assert "reverie.toml: context_window_tokens=4000" in message
    assert "max_completion_tokens=4096" in message
    assert load_settings(workspace, overrides={"max_completion_tokens": 1024}, environ={})
