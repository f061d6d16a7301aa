"""Tools offered to models: the registry, the tool loop, the path policy and Dream's tools."""

from __future__ import annotations

from reverie.tools.dream_tools import (
    ApplyPatchTool,
    EditFileTool,
    ReadFileTool,
    WriteFileTool,
    build_dream_tools,
)
from reverie.tools.files import (
    DEFAULT_MAX_FILE_CHARS,
    DEFAULT_MAX_READ_CHARS,
    NO_CHANGE_PREFIX,
    BeforeWrite,
    OnChange,
    WorkspaceFiles,
)
from reverie.tools.loop import LoopEnd, LoopHooks, LoopResult, ToolLoop
from reverie.tools.paths import (
    DREAM_WRITABLE_DIRS,
    DREAM_WRITABLE_FILES,
    PathPolicy,
    ResolvedPath,
)
from reverie.tools.registry import (
    ERROR_PREFIX,
    FunctionTool,
    Tool,
    ToolDefinitionError,
    ToolRegistry,
    ToolResult,
)

__all__ = [
    "DEFAULT_MAX_FILE_CHARS",
    "DEFAULT_MAX_READ_CHARS",
    "DREAM_WRITABLE_DIRS",
    "DREAM_WRITABLE_FILES",
    "ERROR_PREFIX",
    "NO_CHANGE_PREFIX",
    "ApplyPatchTool",
    "BeforeWrite",
    "EditFileTool",
    "FunctionTool",
    "LoopEnd",
    "LoopHooks",
    "LoopResult",
    "OnChange",
    "PathPolicy",
    "ReadFileTool",
    "ResolvedPath",
    "Tool",
    "ToolDefinitionError",
    "ToolLoop",
    "ToolRegistry",
    "ToolResult",
    "WorkspaceFiles",
    "WriteFileTool",
    "build_dream_tools",
]
