"""Settings: ``reverie.toml`` in the workspace, then ``REVERIE_*`` variables, then flags.

Each layer overrides the one before it. Every value is validated with pydantic and a
bad one is reported as a :class:`~reverie.errors.ConfigError` naming where it came
from, the key, and the accepted form, e.g.::

    ~/agent/reverie.toml: dream.interval_h: Input should be a valid number, unable to
    parse string as a number (got 'often')

A workspace without ``reverie.toml`` runs on the defaults: the offline provider, so
every command works on a fresh machine with no key.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
)

from reverie.errors import ConfigError
from reverie.redact import looks_secret_name, redact, register_key_variable
from reverie.tokens.budget import check_window

__all__ = [
    "CONFIG_FILE",
    "DEFAULT_MODELS",
    "PROVIDER_NAMES",
    "DreamSettings",
    "RecallSettings",
    "Settings",
    "default_workspace",
    "env_variable",
    "load_settings",
    "provider_overrides",
]

CONFIG_FILE = "reverie.toml"

ProviderName = Literal["offline", "openai", "anthropic", "openai-compatible"]
PROVIDER_NAMES: tuple[str, ...] = ("offline", "openai", "anthropic", "openai-compatible")
"""The provider names settings accept."""

DEFAULT_MODELS: dict[str, str] = {
    "offline": "offline-extractive",
    "openai": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "openai-compatible": "",
}

# openai-compatible has no usual variable on purpose: a local server needs no key,
# and an OpenAI key must not be sent to a third-party endpoint unless asked for.
_DEFAULT_KEY_ENV: dict[str, str] = {
    "openai": "OPENAI_API_KEY",
    "anthropic": "ANTHROPIC_API_KEY",
}


class DreamSettings(BaseModel):
    """When and how Dream runs."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    interval_h: float = Field(default=2.0, gt=0)
    """Hours between runs, counted from the last completed run."""
    cron: str = ""
    """A cron expression; when set it takes precedence over ``interval_h``."""
    model: str = ""
    """A model for Dream only; empty means the main model."""
    max_iterations: int = Field(default=15, ge=1, le=200)
    max_entries: int = Field(default=20, ge=1, le=500)
    token_budget: int = Field(default=200_000, ge=1_000)
    max_deletion_ratio: float = Field(default=0.25, ge=0, le=1)

    @field_validator("cron")
    @classmethod
    def _cron_is_valid(cls, value: str) -> str:
        value = value.strip()
        if value:
            from croniter import croniter  # only parsed when someone sets a schedule

            if not croniter.is_valid(value):
                raise ValueError("must be a 5-field cron expression like '0 3 * * *'")
        return value


class RecallSettings(BaseModel):
    """How recall searches and what it offers the agent (``[recall]``)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    tools: bool = True
    """Offer the agent the ``recall`` and ``expand`` tools."""
    context_hits: int = Field(default=0, ge=0, le=20)
    """Hits for the current user message added to each turn's prompt; 0 turns it off."""
    context_tokens: int = Field(default=800, ge=50)
    """Most tokens those hits may take in the prompt."""
    embeddings_base_url: str = ""
    """An OpenAI-compatible server root for ``/embeddings``; empty turns semantic recall off."""
    embeddings_model: str = ""
    """The embedding model name (required with ``embeddings_base_url``)."""
    embeddings_api_key_env: str = ""
    """Environment variable holding the embeddings key; empty sends none."""

    @property
    def semantic(self) -> bool:
        """True when an embeddings endpoint and model are configured."""
        return bool(self.embeddings_base_url and self.embeddings_model)


class Settings(BaseModel):
    """Everything a workspace can configure. Defaults need no network and no key."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    provider: ProviderName = "offline"
    model: str = ""
    """Empty means the provider's default (see ``DEFAULT_MODELS``)."""
    base_url: str = ""
    api_key_env: str = ""
    """Name of the environment variable holding the key; empty means the provider's usual."""
    context_window_tokens: int = Field(default=65_536, ge=0)
    """0 turns token-budget consolidation off."""
    max_completion_tokens: int = Field(default=4_096, ge=1)
    consolidation_ratio: float = Field(default=0.5, gt=0, le=1)
    unified_session: bool = False
    session_ttl_minutes: int = Field(default=0, ge=0)
    """Idle minutes before AutoCompact archives a session; 0 turns it off."""
    max_history_entries: int = Field(default=1_000, ge=0)
    temperature: float = Field(default=0.7, ge=0, le=2)
    dream: DreamSettings = Field(default_factory=DreamSettings)
    recall: RecallSettings = Field(default_factory=RecallSettings)

    @property
    def resolved_model(self) -> str:
        """The model name in force (the configured one, else the provider's default)."""
        return self.model or DEFAULT_MODELS[self.provider]

    @property
    def key_env(self) -> str:
        """The environment variable a networked provider reads its key from."""
        return self.api_key_env or _DEFAULT_KEY_ENV.get(self.provider, "")

    @property
    def provider_spec(self) -> str:
        """The string :func:`reverie.providers.resolve_provider` understands."""
        if self.provider == "offline":
            return "offline"
        if self.provider == "openai-compatible" and not self.base_url:
            raise ConfigError(
                "provider 'openai-compatible' needs base_url: the server root, given with "
                '--base-url or as base_url = "http://localhost:11434/v1" in reverie.toml'
            )
        if self.provider == "openai-compatible" and not self.resolved_model:
            raise ConfigError(
                "provider 'openai-compatible' needs model: the server's model name, given "
                'with --model or as model = "..." in reverie.toml'
            )
        return f"{self.provider}:{self.resolved_model}"


def default_workspace() -> Path:
    """``$REVERIE_WORKSPACE``, else ``~/.reverie/workspace``."""
    env = os.environ.get("REVERIE_WORKSPACE")
    return Path(env).expanduser() if env else Path.home() / ".reverie" / "workspace"


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        return {}
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from exc
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from exc


_SECTIONS: dict[str, type[BaseModel]] = {"dream": DreamSettings, "recall": RecallSettings}
"""Tables of ``reverie.toml`` whose keys are set by ``REVERIE_<TABLE>_<FIELD>``."""


def _env_layer(environ: Mapping[str, str]) -> dict[str, Any]:
    """``REVERIE_<FIELD>`` and ``REVERIE_<TABLE>_<FIELD>`` plus the vendors' usual variables."""
    layer: dict[str, Any] = {}
    for name in Settings.model_fields:
        if name in _SECTIONS:
            continue
        value = environ.get(f"REVERIE_{name.upper()}")
        if value is not None:
            layer[name] = value
    for section, model in _SECTIONS.items():
        table: dict[str, Any] = {}
        for name in model.model_fields:
            value = environ.get(f"REVERIE_{section.upper()}_{name.upper()}")
            if value is not None:
                table[name] = value
        if table:
            layer[section] = table
    return layer


def _merge(base: dict[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in top.items():
        if value is None:
            continue
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = _merge(dict(merged[key]), value)
        else:
            merged[key] = value
    return merged


def _accepted_form(field_path: tuple[str, ...]) -> str:
    model: type[BaseModel] = Settings
    for part in field_path[:-1]:
        annotation = model.model_fields[part].annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            model = annotation
    info = model.model_fields.get(field_path[-1])
    if info is None:
        known = ", ".join(sorted(model.model_fields))
        return f"unknown key; known keys: {known}"
    annotation = info.annotation
    return f"expected {getattr(annotation, '__name__', None) or annotation}"


def env_variable(field_path: tuple[str, ...]) -> str:
    """The variable that sets a field: ``("dream", "cron")`` → ``REVERIE_DREAM_CRON``."""
    return "REVERIE_" + "_".join(part.upper() for part in field_path)


def _validate(
    data: dict[str, Any], origin: str, *, name: Callable[[tuple[str, ...]], str] | None = None
) -> Settings:
    """Validate ``data``; errors name ``origin`` and each key (as ``name`` spells it)."""
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            path = tuple(str(p) for p in error["loc"])
            got = error.get("input")
            hint = error["msg"].removeprefix("Value error, ")
            if error["type"] == "extra_forbidden":
                hint = _accepted_form(path)
            shown = f" (got {got!r})" if not isinstance(got, dict) else ""
            if any(looks_secret_name(part) for part in path):
                # An error is printed, logged and pasted into bug reports: never echo a key.
                shown = " (its value is not shown)"
            key = name(path) if name is not None else ".".join(path)
            problems.append(f"{key}: {hint}{shown}" if key else f"{hint}{shown}")
        raise ConfigError(redact(f"{origin}: " + "; ".join(problems))) from None


def load_settings(
    workspace: Path | str,
    *,
    overrides: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Settings:
    """Load the settings for ``workspace``.

    Args:
        workspace: the workspace folder (its ``reverie.toml`` is read if present).
        overrides: values from flags; ``None`` values are ignored. Nested
            ``{"dream": {...}}`` overrides the dream table.
        environ: the environment to read (defaults to ``os.environ``).

    Raises:
        ConfigError: naming the source (file, environment or flag), the key, and
            the accepted form.
    """
    env = os.environ if environ is None else environ
    path = Path(workspace) / CONFIG_FILE
    file_layer = _read_toml(path)
    settings = _validate(file_layer, str(path))
    env_layer = _env_layer(env)
    if env_layer:
        settings = _validate(
            _merge(settings.model_dump(), env_layer), "environment", name=env_variable
        )
    if overrides:
        settings = _validate(_merge(settings.model_dump(), overrides), "command-line flags")
    if not settings.base_url and settings.provider == "openai" and env.get("OPENAI_BASE_URL"):
        settings.base_url = env["OPENAI_BASE_URL"]
    window_keys = {"context_window_tokens", "max_completion_tokens"}
    origin = next(
        (
            name
            for name, layer in (
                ("command-line flags", {k for k, v in (overrides or {}).items() if v is not None}),
                ("environment", set(env_layer)),
                (str(path), set(file_layer)),
            )
            if layer & window_keys
        ),
        "defaults",
    )
    if settings.key_env:
        register_key_variable(settings.key_env)  # its value is redacted from every error
    # Checked on the merged settings, so a flag can repair what the file says.
    check_window(settings.context_window_tokens, settings.max_completion_tokens, origin=origin)
    return settings


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
