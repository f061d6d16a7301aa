"""reverie: long-term memory for LLM agents, kept in plain files.

Where to start:

- :class:`Workspace` — ``Workspace.open("./ws")`` opens (or creates) a workspace
  and assembles everything from its settings: the memory store, sessions, the
  context builder, the Consolidator, the provider and Dream.
- :class:`Agent` — ``Agent.open("./ws").run_sync("hi")``: a turn loop with memory.
- :class:`MemoryStore` — the memory files and ``history.jsonl``, on their own.
- :class:`Dream` — folds history into USER.md / SOUL.md / MEMORY.md.
- :func:`resolve_provider` — ``offline``, ``openai:<model>``, ``anthropic:<model>``,
  ``openai-compatible:<model>``.
- :class:`ScriptedProvider`, :class:`FunctionProvider` — test doubles for your own
  tests: queue answers, record requests.

Layers (bottom first; a unit imports only its own and lower layers, tests/test_layers.py):

    0: errors, redact, privacy
    1: _logging, _atomic, _background, layout, locks, message_format, messages, prompt_markers
    1: _append, _jsonline, _readfile
    2: tokens
    3: config
    4: providers
    5: tools
    6: sessions
    7: store
    8: consolidation, dream, recall
    9: context, autocompact, commands, scaffold, forget
    10: workspace
    11: agent
    12: ops, ingest
    13: integrations
    14: mcp
    15: cli
    16: __main__

Everything listed in ``__all__`` is public; the rest is internal. Each name loads
its module on first access, so ``import reverie`` (and with it ``reverie --help``)
stays fast.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EXPORTS: dict[str, tuple[str, ...]] = {
    "reverie.errors": (
        "ConfigError",
        "GitStoreError",
        "MissingAPIKeyError",
        "ProviderError",
        "ReverieError",
        "SessionError",
        "StoreError",
        "ToolError",
        "UserError",
    ),
    "reverie.agent": ("Agent", "AgentReply"),
    "reverie.autocompact": ("AutoCompact",),
    "reverie.config": ("Settings", "load_settings"),
    "reverie.consolidation.consolidator": ("Consolidator",),
    "reverie.context": ("ContextBuilder",),
    "reverie.dream.runner": ("Dream", "DreamResult"),
    "reverie.providers": (
        "AnthropicProvider",
        "GenerationSettings",
        "LLMProvider",
        "LLMResponse",
        "OpenAICompatProvider",
        "ToolCallRequest",
        "resolve_provider",
    ),
    "reverie.providers.offline": ("OfflineProvider",),
    "reverie.providers.scripted": (
        "FunctionProvider",
        "RecordedRequest",
        "ScriptExhaustedError",
        "ScriptedProvider",
    ),
    "reverie.recall": ("RecallHit",),
    "reverie.sessions.manager": ("SessionManager",),
    "reverie.sessions.session": ("Session",),
    "reverie.store.git": ("GitStore",),
    "reverie.store.memory_store": ("MemoryStore",),
    "reverie.tokens": ("estimate_message_tokens", "estimate_prompt_tokens"),
    "reverie.tools": ("FunctionTool", "Tool", "ToolRegistry", "ToolResult", "build_dream_tools"),
    "reverie.workspace": ("Workspace",),
}
"""Where each public name lives (``__init__.pyi`` declares the same names for type checkers)."""

_LAZY = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = ["__version__", *sorted(_LAZY)]


def __getattr__(name: str) -> Any:
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module 'reverie' has no attribute {name!r}")
    value = getattr(importlib.import_module(module_name), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
