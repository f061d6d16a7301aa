"""reverie: long-term memory for LLM agents, kept in plain files.

The public surface is re-exported here; everything else is internal. Modules that
pull in heavy dependencies (dulwich for ``GitStore``, the agent loop, Dream) load on
first access so ``import reverie`` stays fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from reverie.errors import (
    ConfigError,
    GitStoreError,
    MissingAPIKeyError,
    ProviderError,
    ReverieError,
    SessionError,
    StoreError,
    ToolError,
    UserError,
)
from reverie.providers import (
    AnthropicProvider,
    GenerationSettings,
    LLMError,
    LLMProvider,
    LLMResponse,
    OpenAICompatProvider,
    RetryPolicy,
    ToolCallRequest,
    resolve_provider,
)
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.store.history import HistoryLog
from reverie.store.locks import WorkspaceLock
from reverie.store.memory_store import MemoryStore
from reverie.store.records import HistoryEntry
from reverie.store.transcripts import TranscriptArchive, TranscriptRecord
from reverie.tokens import (
    TokenCount,
    count_for_provider,
    count_prompt_tokens,
    estimate_message_tokens,
    estimate_prompt_tokens,
)
from reverie.tools import (
    FunctionTool,
    Tool,
    ToolDefinitionError,
    ToolRegistry,
    ToolResult,
    build_dream_tools,
)

if TYPE_CHECKING:
    from reverie.agent import Agent, AgentReply
    from reverie.autocompact import AutoCompact
    from reverie.commands import CommandResult, DreamCommands
    from reverie.config import Settings, load_settings
    from reverie.consolidation.consolidator import Consolidator
    from reverie.context import ContextBuilder
    from reverie.dream.runner import Dream, DreamResult
    from reverie.dream.schedule import DreamSchedule
    from reverie.providers.offline import OfflineProvider
    from reverie.providers.scripted import (
        FunctionProvider,
        RecordedRequest,
        ScriptedProvider,
        ScriptExhaustedError,
    )
    from reverie.store.git import BlameLine, CommitInfo, GitStore

__version__ = "0.1.0"

_LAZY: dict[str, str] = {
    "Agent": "reverie.agent",
    "AgentReply": "reverie.agent",
    "AutoCompact": "reverie.autocompact",
    "BlameLine": "reverie.store.git",
    "CommandResult": "reverie.commands",
    "CommitInfo": "reverie.store.git",
    "Consolidator": "reverie.consolidation.consolidator",
    "ContextBuilder": "reverie.context",
    "Dream": "reverie.dream.runner",
    "DreamCommands": "reverie.commands",
    "DreamResult": "reverie.dream.runner",
    "DreamSchedule": "reverie.dream.schedule",
    "FunctionProvider": "reverie.providers.scripted",
    "GitStore": "reverie.store.git",
    "OfflineProvider": "reverie.providers.offline",
    "RecordedRequest": "reverie.providers.scripted",
    "ScriptExhaustedError": "reverie.providers.scripted",
    "ScriptedProvider": "reverie.providers.scripted",
    "Settings": "reverie.config",
    "load_settings": "reverie.config",
}

__all__ = [
    "Agent",
    "AgentReply",
    "AnthropicProvider",
    "AutoCompact",
    "BlameLine",
    "CommandResult",
    "CommitInfo",
    "ConfigError",
    "Consolidator",
    "ContextBuilder",
    "Dream",
    "DreamCommands",
    "DreamResult",
    "DreamSchedule",
    "FunctionProvider",
    "FunctionTool",
    "GenerationSettings",
    "GitStore",
    "GitStoreError",
    "HistoryEntry",
    "HistoryLog",
    "LLMError",
    "LLMProvider",
    "LLMResponse",
    "MemoryStore",
    "MissingAPIKeyError",
    "OfflineProvider",
    "OpenAICompatProvider",
    "ProviderError",
    "RecordedRequest",
    "RetryPolicy",
    "ReverieError",
    "ScriptExhaustedError",
    "ScriptedProvider",
    "Session",
    "SessionError",
    "SessionManager",
    "Settings",
    "StoreError",
    "TokenCount",
    "Tool",
    "ToolCallRequest",
    "ToolDefinitionError",
    "ToolError",
    "ToolRegistry",
    "ToolResult",
    "TranscriptArchive",
    "TranscriptRecord",
    "UserError",
    "WorkspaceLock",
    "__version__",
    "build_dream_tools",
    "count_for_provider",
    "count_prompt_tokens",
    "estimate_message_tokens",
    "estimate_prompt_tokens",
    "load_settings",
    "resolve_provider",
]


def __getattr__(name: str) -> Any:
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module 'reverie' has no attribute {name!r}")
    value = getattr(importlib.import_module(module_name), name)
    globals()[name] = value
    return value
