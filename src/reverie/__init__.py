"""reverie: long-term memory for LLM agents, kept in plain files.

The public surface is re-exported here; everything else is internal. Only the
error classes load eagerly: every other name loads its module on first access,
so ``import reverie`` (and with it ``reverie --help``) stays fast.
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

if TYPE_CHECKING:
    from reverie.agent import Agent, AgentReply
    from reverie.autocompact import AutoCompact
    from reverie.commands import CommandResult, DreamCommands
    from reverie.config import Settings, load_settings
    from reverie.consolidation.consolidator import Consolidator
    from reverie.context import ContextBuilder
    from reverie.dream.runner import Dream, DreamResult
    from reverie.dream.schedule import DreamSchedule
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
    from reverie.providers.offline import OfflineProvider
    from reverie.providers.scripted import (
        FunctionProvider,
        RecordedRequest,
        ScriptedProvider,
        ScriptExhaustedError,
    )
    from reverie.recall import RecallHit, RecallIndex
    from reverie.sessions.manager import SessionManager
    from reverie.sessions.session import Session
    from reverie.store.git import BlameLine, CommitInfo, GitStore
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

__version__ = "0.1.0"

_LAZY: dict[str, str] = {
    "Agent": "reverie.agent",
    "AgentReply": "reverie.agent",
    "AnthropicProvider": "reverie.providers",
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
    "FunctionTool": "reverie.tools",
    "GenerationSettings": "reverie.providers",
    "GitStore": "reverie.store.git",
    "HistoryEntry": "reverie.store.records",
    "HistoryLog": "reverie.store.history",
    "LLMError": "reverie.providers",
    "LLMProvider": "reverie.providers",
    "LLMResponse": "reverie.providers",
    "MemoryStore": "reverie.store.memory_store",
    "OfflineProvider": "reverie.providers.offline",
    "OpenAICompatProvider": "reverie.providers",
    "RecallHit": "reverie.recall",
    "RecallIndex": "reverie.recall",
    "RecordedRequest": "reverie.providers.scripted",
    "RetryPolicy": "reverie.providers",
    "ScriptExhaustedError": "reverie.providers.scripted",
    "ScriptedProvider": "reverie.providers.scripted",
    "Session": "reverie.sessions.session",
    "SessionManager": "reverie.sessions.manager",
    "Settings": "reverie.config",
    "TokenCount": "reverie.tokens",
    "Tool": "reverie.tools",
    "ToolCallRequest": "reverie.providers",
    "ToolDefinitionError": "reverie.tools",
    "ToolRegistry": "reverie.tools",
    "ToolResult": "reverie.tools",
    "TranscriptArchive": "reverie.store.transcripts",
    "TranscriptRecord": "reverie.store.transcripts",
    "WorkspaceLock": "reverie.store.locks",
    "build_dream_tools": "reverie.tools",
    "count_for_provider": "reverie.tokens",
    "count_prompt_tokens": "reverie.tokens",
    "estimate_message_tokens": "reverie.tokens",
    "estimate_prompt_tokens": "reverie.tokens",
    "load_settings": "reverie.config",
    "resolve_provider": "reverie.providers",
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
    "RecallHit",
    "RecallIndex",
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


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
