"""Model providers: the shared types, the real SDK-backed providers, and the spec resolver.

``resolve_provider("openai:gpt-4o-mini")`` builds a provider from a spec string;
:data:`ALLOW_NETWORK` (False in the test suite) keeps every networked provider on
loopback. Neither ``openai`` nor ``anthropic`` is imported here: each SDK costs
0.4-0.9 s to import, so a provider loads its SDK on its first call.
``OfflineProvider``, ``ScriptedProvider`` and ``FunctionProvider`` load on first access.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reverie.providers.anthropic import AnthropicProvider
from reverie.providers.base import (
    ChatRequest,
    GenerationSettings,
    LLMError,
    LLMProvider,
    LLMResponse,
    Message,
    RetryPolicy,
    ToolCallRequest,
    ToolDefinition,
)
from reverie.providers.network import ALLOW_NETWORK, check_network_allowed, is_loopback_url
from reverie.providers.openai_compat import OpenAICompatProvider
from reverie.providers.registry import SPEC_FORMS, resolve_provider

if TYPE_CHECKING:
    from reverie.providers.offline import OfflineProvider
    from reverie.providers.scripted import FunctionProvider, ScriptedProvider

__all__ = [
    "ALLOW_NETWORK",
    "SPEC_FORMS",
    "AnthropicProvider",
    "ChatRequest",
    "FunctionProvider",
    "GenerationSettings",
    "LLMError",
    "LLMProvider",
    "LLMResponse",
    "Message",
    "OfflineProvider",
    "OpenAICompatProvider",
    "RetryPolicy",
    "ScriptedProvider",
    "ToolCallRequest",
    "ToolDefinition",
    "check_network_allowed",
    "is_loopback_url",
    "resolve_provider",
]

_LAZY = {
    "OfflineProvider": "reverie.providers.offline",
    "ScriptedProvider": "reverie.providers.scripted",
    "FunctionProvider": "reverie.providers.scripted",
}


def __getattr__(name: str) -> Any:
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module 'reverie.providers' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module_name), name)
    globals()[name] = value
    return value
