"""What opening a workspace settles before any part is built: its folder and its provider.

:meth:`Workspace.open` accepts a provider as an object, a name or a full spec;
:class:`ProviderChoice` turns that into settings overrides and, when settings
cannot express it, the provider itself. :func:`build_provider` builds the one
the settings describe; :func:`prepare_folder` refuses a file or a missing folder
and creates what ``reverie init`` creates in an empty one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reverie.config import PROVIDER_NAMES, Settings, provider_overrides
from reverie.errors import UserError
from reverie.scaffold import init_workspace, is_blank_workspace

if TYPE_CHECKING:
    from reverie.providers.base import LLMProvider

__all__ = ["ProviderChoice", "build_provider", "default_workspace_path", "prepare_folder"]


def default_workspace_path() -> Path:
    """``$REVERIE_WORKSPACE``, else ``~/.reverie/workspace`` (absolute)."""
    from reverie.config import default_workspace

    return default_workspace().absolute()


def build_provider(settings: Settings, *, model: str | None = None) -> LLMProvider:
    """The provider ``settings`` describe, with their generation limits.

    Args:
        settings: Loaded settings.
        model: Use this model instead of the configured one (Dream's override).

    Raises:
        ConfigError: an incomplete provider configuration (names the key).
        MissingAPIKeyError: a networked provider without its key (names the variable).
    """
    from reverie.providers.registry import resolve_provider

    spec = settings.provider_spec
    if model and settings.provider != "offline":
        spec = f"{settings.provider}:{model}"
    options: dict[str, Any] = {
        "max_tokens": settings.max_completion_tokens,
        "temperature": settings.temperature,
    }
    api_key = None
    if settings.provider != "offline":
        # openai-compatible servers get a key only from a variable named for them,
        # so an OpenAI key is never sent to a third party by accident.
        options["api_key_env"] = settings.key_env or None
        if settings.key_env:
            api_key = os.environ.get(settings.key_env) or None
    return resolve_provider(spec, api_key=api_key, base_url=settings.base_url or None, **options)


@dataclass(frozen=True)
class ProviderChoice:
    """The ``provider`` and ``model`` arguments of :meth:`Workspace.open`, sorted out.

    Attributes:
        overrides: The settings overrides, the caller's plus what the choice sets.
        direct: A spec the settings cannot express (e.g. ``"scripted"``), built as is.
        injected: A provider object given by the caller.
    """

    overrides: dict[str, Any]
    direct: str | None = None
    injected: LLMProvider | None = None

    @classmethod
    def of(
        cls,
        provider: str | LLMProvider | None,
        model: str | None,
        settings_overrides: Mapping[str, Any],
    ) -> ProviderChoice:
        """Sort out ``provider`` (an object, a name or a full spec) and ``model``."""
        overrides: dict[str, Any] = dict(settings_overrides)
        if isinstance(provider, str):
            name = provider.partition(":")[0].strip().lower()
            if name in PROVIDER_NAMES:
                overrides.update(provider_overrides(provider, model, label="provider"))
                return cls(overrides)
            # A spec settings cannot express goes to the registry as is.
            return cls(overrides, direct=provider)
        if provider is None:
            if model is not None:
                overrides["model"] = model
            return cls(overrides)
        # An injected provider's own limit is the room its answers take.
        overrides.setdefault("max_completion_tokens", provider.generation.max_tokens)
        return cls(overrides, injected=provider)

    def provider(self, settings: Settings) -> LLMProvider | None:
        """The provider to use as is; None leaves building it to the settings, on first use."""
        if self.direct is not None:
            from reverie.providers.registry import resolve_provider

            return resolve_provider(
                self.direct,
                max_tokens=settings.max_completion_tokens,
                temperature=settings.temperature,
            )
        return self.injected


def prepare_folder(root: Path, *, create: bool) -> None:
    """Refuse a file or (without ``create``) a missing folder; set up an empty one.

    Raises:
        UserError: ``root`` is a file, or missing with ``create=False``.
    """
    if root.exists() and not root.is_dir():
        raise UserError(f"workspace {root} is a file, not a folder")
    if not root.exists() and not create:
        raise UserError(
            f"no workspace at {root}; create one with `reverie init --workspace {root}` "
            "(or point --workspace / REVERIE_WORKSPACE at an existing one)"
        )
    if create and is_blank_workspace(root):
        init_workspace(root)
