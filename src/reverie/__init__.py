"""reverie: long-term memory for LLM agents, kept in plain files.

The public surface is re-exported here; everything else is internal.
"""

from __future__ import annotations

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
from reverie.providers.base import (
    GenerationSettings,
    LLMError,
    LLMProvider,
    LLMResponse,
    RetryPolicy,
    ToolCallRequest,
)

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "GenerationSettings",
    "GitStoreError",
    "LLMError",
    "LLMProvider",
    "LLMResponse",
    "MissingAPIKeyError",
    "ProviderError",
    "RetryPolicy",
    "ReverieError",
    "SessionError",
    "StoreError",
    "ToolCallRequest",
    "ToolError",
    "UserError",
    "__version__",
]
