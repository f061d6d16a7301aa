"""The provider a workspace's settings describe.

One place turns :class:`~reverie.config.Settings` (and a ``--provider``-style
name or spec) into a provider, so the CLI, the agent and services all read keys,
models and limits the same way.
"""

from __future__ import annotations

import os
from typing import Any

from reverie.config import Settings
from reverie.errors import ConfigError
from reverie.providers.base import LLMProvider
from reverie.providers.registry import resolve_provider

__all__ = ["PROVIDER_NAMES", "build_provider", "provider_overrides"]

PROVIDER_NAMES = ("offline", "openai", "anthropic", "openai-compatible")
"""The provider names settings accept."""


def provider_overrides(
    provider: str | None,
    model: str | None = None,
    base_url: str | None = None,
    *,
    label: str = "--provider",
) -> dict[str, Any]:
    """Settings overrides from a provider name or spec, a model and a base URL.

    ``provider`` is a name (``openai``) or a full spec (``openai:gpt-4.1-mini``),
    which sets the model too unless ``model`` is given. ``label`` names the
    argument in errors (the CLI's ``--provider`` flag by default).

    Raises:
        ConfigError: for an unknown provider name.
    """
    overrides: dict[str, Any] = {}
    if provider is not None:
        name, _, spec_model = provider.strip().partition(":")
        name = name.strip().lower()
        if name not in PROVIDER_NAMES:
            raise ConfigError(
                f"{label} {provider!r}: accepted forms: {', '.join(PROVIDER_NAMES)}, "
                "or <provider>:<model> such as openai:gpt-4.1-mini"
            )
        overrides["provider"] = name
        if spec_model.strip():
            overrides["model"] = spec_model.strip()
    if model is not None:
        overrides["model"] = model
    if base_url is not None:
        overrides["base_url"] = base_url
    return overrides


def build_provider(settings: Settings, *, model: str | None = None) -> LLMProvider:
    """The provider ``settings`` describe, with their generation limits.

    Args:
        settings: Loaded settings.
        model: Use this model instead of the configured one (Dream's override).

    Raises:
        ConfigError: an incomplete provider configuration (names the key).
        MissingAPIKeyError: a networked provider without its key (names the variable).
    """
    spec = settings.provider_spec
    if model and settings.provider != "offline":
        spec = f"{settings.provider}:{model}"
    options: dict[str, Any] = {
        "max_tokens": settings.max_completion_tokens,
        "temperature": settings.temperature,
    }
    if settings.provider != "offline":
        # openai-compatible servers get a key only from a variable named for them,
        # so an OpenAI key is never sent to a third party by accident.
        options["api_key_env"] = settings.key_env or None
    api_key = None
    env_name = options.get("api_key_env")
    if isinstance(env_name, str):
        api_key = os.environ.get(env_name) or None
    return resolve_provider(spec, api_key=api_key, base_url=settings.base_url or None, **options)
