"""Type information for the lazily loaded names of ``reverie`` (see ``__init__.py``)."""

from reverie.agent import Agent as Agent
from reverie.agent import AgentReply as AgentReply
from reverie.autocompact import AutoCompact as AutoCompact
from reverie.config import Settings as Settings
from reverie.config import load_settings as load_settings
from reverie.consolidation.consolidator import Consolidator as Consolidator
from reverie.context import ContextBuilder as ContextBuilder
from reverie.dream.runner import Dream as Dream
from reverie.dream.runner import DreamResult as DreamResult
from reverie.errors import ConfigError as ConfigError
from reverie.errors import GitStoreError as GitStoreError
from reverie.errors import MissingAPIKeyError as MissingAPIKeyError
from reverie.errors import ProviderError as ProviderError
from reverie.errors import ReverieError as ReverieError
from reverie.errors import SessionError as SessionError
from reverie.errors import StoreError as StoreError
from reverie.errors import ToolError as ToolError
from reverie.errors import UserError as UserError
from reverie.providers import AnthropicProvider as AnthropicProvider
from reverie.providers import GenerationSettings as GenerationSettings
from reverie.providers import LLMProvider as LLMProvider
from reverie.providers import LLMResponse as LLMResponse
from reverie.providers import OpenAICompatProvider as OpenAICompatProvider
from reverie.providers import ToolCallRequest as ToolCallRequest
from reverie.providers import resolve_provider as resolve_provider
from reverie.providers.offline import OfflineProvider as OfflineProvider
from reverie.providers.scripted import FunctionProvider as FunctionProvider
from reverie.providers.scripted import RecordedRequest as RecordedRequest
from reverie.providers.scripted import ScriptedProvider as ScriptedProvider
from reverie.providers.scripted import ScriptExhaustedError as ScriptExhaustedError
from reverie.recall import RecallHit as RecallHit
from reverie.sessions.manager import SessionManager as SessionManager
from reverie.sessions.session import Session as Session
from reverie.store.git import GitStore as GitStore
from reverie.store.memory_store import MemoryStore as MemoryStore
from reverie.tokens import estimate_message_tokens as estimate_message_tokens
from reverie.tokens import estimate_prompt_tokens as estimate_prompt_tokens
from reverie.tools import FunctionTool as FunctionTool
from reverie.tools import Tool as Tool
from reverie.tools import ToolRegistry as ToolRegistry
from reverie.tools import ToolResult as ToolResult
from reverie.tools import build_dream_tools as build_dream_tools
from reverie.workspace import Workspace as Workspace

__version__: str
__all__: list[str]
