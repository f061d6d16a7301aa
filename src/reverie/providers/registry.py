"""One place that turns a provider spec string into a provider.

``offline``, ``scripted``, ``openai:<model>``, ``anthropic:<model>`` and
``openai-compatible:<model>``; everything the CLI, the config file and library
users pass goes through :func:`resolve_provider`, so a typo gets the same clear
error everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from reverie.errors import ConfigError
from reverie.providers.anthropic import AnthropicProvider
from reverie.providers.base import GenerationSettings, LLMProvider, RetryPolicy
from reverie.providers.openai_compat import OpenAICompatProvider

__all__ = ["SPEC_FORMS", "resolve_provider"]

SPEC_FORMS = (
    "offline",
    "scripted",
    "openai:<model>",
    "anthropic:<model>",
    "openai-compatible:<model> (with base_url)",
)
"""The accepted spellings, as shown in error messages."""

_GENERATION_KEYS = ("max_tokens", "temperature", "reasoning_effort")
_RETRY_KEYS = ("max_attempts", "base_delay", "max_delay", "deadline", "jitter")
_NETWORK_KEYS = ("timeout", "api_key_env", "extra_headers", "retry", "sleep", "clock", "seed")
_NETWORKED = ("openai", "anthropic", "openai-compatible")


def _forms() -> str:
    return ", ".join(SPEC_FORMS)


def _number(name: str, value: object, *, low: float, high: float = math.inf) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        bound = f"between {low:g} and {high:g}" if high != math.inf else f"at least {low:g}"
        raise ConfigError(f"{name} must be a number {bound}, got {value!r}")
    return float(value)


def _generation(options: Mapping[str, Any]) -> GenerationSettings:
    settings = GenerationSettings()
    max_tokens = options.get("max_tokens")
    if max_tokens is not None:
        if isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1:
            raise ConfigError(f"max_tokens must be a positive integer, got {max_tokens!r}")
        settings.max_tokens = max_tokens
    temperature = options.get("temperature")
    if temperature is not None:
        settings.temperature = _number("temperature", temperature, low=0.0, high=2.0)
    effort = options.get("reasoning_effort")
    if effort is not None:
        if not isinstance(effort, str) or not effort.strip():
            raise ConfigError(f"reasoning_effort must be a word like 'low', got {effort!r}")
        settings.reasoning_effort = effort.strip()
    return settings


def _retry(options: Mapping[str, Any]) -> RetryPolicy | None:
    policy = options.get("retry")
    fields = {k: options[k] for k in _RETRY_KEYS if options.get(k) is not None}
    if policy is not None and not isinstance(policy, RetryPolicy):
        raise ConfigError(f"retry must be a RetryPolicy, got {type(policy).__name__}")
    if not fields:
        return policy
    if policy is not None:
        raise ConfigError(f"give either retry= or {', '.join(sorted(fields))}, not both")
    attempts = fields.get("max_attempts")
    if attempts is not None and (
        isinstance(attempts, bool) or not isinstance(attempts, int) or attempts < 1
    ):
        raise ConfigError(f"max_attempts must be a positive integer, got {attempts!r}")
    for key in ("base_delay", "max_delay", "deadline"):
        if key in fields:
            fields[key] = _number(key, fields[key], low=0.0)
    if "jitter" in fields:
        fields["jitter"] = _number("jitter", fields["jitter"], low=0.0, high=1.0)
    return RetryPolicy(**fields)


def _parse_spec(spec: object) -> tuple[str, str]:
    if not isinstance(spec, str) or not spec.strip():
        raise ConfigError(f"provider spec {spec!r} is empty; accepted forms: {_forms()}")
    kind, _, model = spec.strip().partition(":")
    kind = kind.strip().lower()
    # Model names may hold colons themselves (Ollama tags: qwen2.5:7b).
    model = model.strip()
    if kind in ("offline", "scripted"):
        if model:
            raise ConfigError(f"provider spec {spec!r}: {kind!r} takes no model; use {kind!r}")
        return kind, ""
    if kind not in _NETWORKED:
        raise ConfigError(f"unknown provider spec {spec!r}; accepted forms: {_forms()}")
    if not model:
        raise ConfigError(f"provider spec {spec!r} names no model; write {kind}:<model>")
    return kind, model


def resolve_provider(
    spec: str,
    *,
    api_key: str | None = None,
    base_url: str | None = None,
    **generation: Any,
) -> LLMProvider:
    """Build the provider a spec string names.

    Args:
        spec: ``offline``, ``scripted``, ``openai:<model>``, ``anthropic:<model>``
            or ``openai-compatible:<model>``.
        api_key: Key for a networked provider (else its environment variable:
            ``OPENAI_API_KEY``, ``ANTHROPIC_API_KEY``; ``openai-compatible``
            reads only the variable named by ``api_key_env``, so an OpenAI key is
            never sent to a third-party server by accident).
        base_url: Server root; required for ``openai-compatible`` (requests go
            to ``{base_url}/chat/completions``).
        **generation: ``max_tokens``, ``temperature``, ``reasoning_effort`` (the
            provider's :class:`GenerationSettings`); for networked providers also
            ``timeout``, ``api_key_env``, ``extra_headers``, ``retry`` (a
            :class:`RetryPolicy`) or its fields ``max_attempts``, ``base_delay``,
            ``max_delay``, ``deadline``, ``jitter``, and ``sleep``/``clock``/``seed``
            for tests. ``None`` values mean "the default".

    Returns:
        The provider; its ``default_model`` is the model from the spec.

    Raises:
        ConfigError: bad spec, unknown option or bad value; the message names it
            and lists the accepted forms.
        MissingAPIKeyError: OpenAI's or Anthropic's own endpoint without a key.

    Example:
        >>> resolve_provider("offline").name  # doctest: +SKIP
        'offline'
    """
    kind, model = _parse_spec(spec)
    allowed = set(_GENERATION_KEYS)
    if kind in _NETWORKED:
        allowed |= set(_RETRY_KEYS) | set(_NETWORK_KEYS)
    unknown = sorted(set(generation) - allowed)
    if unknown:
        raise ConfigError(
            f"provider {spec!r} does not take option(s) {', '.join(unknown)}; "
            f"accepted: {', '.join(sorted(allowed))}"
        )
    settings = _generation(generation)
    if kind == "offline":
        # Imported here: the offline provider pulls in its summariser, which
        # networked runs never need.
        from reverie.providers.offline import OfflineProvider

        return OfflineProvider(generation=settings)
    if kind == "scripted":
        from reverie.providers.scripted import ScriptedProvider

        return ScriptedProvider(generation=settings)
    options: dict[str, Any] = {
        k: generation[k] for k in _NETWORK_KEYS if generation.get(k) is not None
    }
    options["retry"] = _retry(generation)
    if "timeout" in options:
        options["timeout"] = _number("timeout", options["timeout"], low=0.001)
    if kind == "anthropic":
        return AnthropicProvider(
            model, api_key=api_key, base_url=base_url, generation=settings, **options
        )
    if kind == "openai-compatible":
        if not base_url:
            raise ConfigError(
                f"provider {spec!r} needs base_url, the server's OpenAI-compatible root "
                f"(e.g. http://localhost:11434/v1 for Ollama)"
            )
        options.setdefault("api_key_env", None)
    return OpenAICompatProvider(
        model, api_key=api_key, base_url=base_url, generation=settings, **options
    )
