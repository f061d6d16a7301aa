"""The four file tools Dream offers its model, under Dream's path policy.

``read_file`` reads anywhere inside the workspace; ``edit_file``, ``write_file``
and ``apply_patch`` write only SOUL.md, USER.md, memory/MEMORY.md and files
under skills/. Names and arguments are part of reverie's contract.
"""

from __future__ import annotations

from abc import abstractmethod
from pathlib import Path
from typing import Any

from reverie.tools.files import (
    DEFAULT_MAX_FILE_CHARS,
    DEFAULT_MAX_READ_CHARS,
    BeforeWrite,
    OnChange,
    WorkspaceFiles,
)
from reverie.tools.paths import PathPolicy
from reverie.tools.registry import Tool, ToolRegistry

__all__ = [
    "ApplyPatchTool",
    "EditFileTool",
    "ReadFileTool",
    "WriteFileTool",
    "build_dream_tools",
]

_PATH = {
    "type": "string",
    "minLength": 1,
    "description": "Workspace-relative path such as USER.md or skills/deploy/SKILL.md.",
}


def _closed_object(properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    """The schema of an object with these properties and no others.

    Every property is required unless ``required`` names the ones that are.
    """
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
    }


class _FileTool(Tool):
    def __init__(self, files: WorkspaceFiles) -> None:
        self.files = files
        # Built per instance so a caller changing one registry's schema cannot
        # change what another registry offers.
        self.parameters = self._schema()

    @staticmethod
    @abstractmethod
    def _schema() -> dict[str, Any]:
        """The JSON schema of the tool's arguments."""


class ReadFileTool(_FileTool):
    """``read_file(path, offset=1, limit=None)``: text of any file inside the workspace."""

    name = "read_file"
    description = (
        "Read a text file inside the workspace. Returns the text exactly as stored "
        "(no line numbers), so any part of it can be copied into edit_file's old_text. "
        "offset is the first line to show (1-based), limit the number of lines; when only "
        "part of the file is shown a bracketed note after the text says which lines and "
        "how to continue. A directory path returns a listing of its entries."
    )

    @staticmethod
    def _schema() -> dict[str, Any]:
        return _closed_object(
            {
                "path": dict(_PATH),
                "offset": {
                    "type": ["integer", "null"],
                    "minimum": 1,
                    "description": "First line to return, 1-based (default 1).",
                },
                "limit": {
                    "type": ["integer", "null"],
                    "minimum": 1,
                    "description": "Number of lines to return (default: to the end).",
                },
            },
            required=["path"],
        )

    async def execute(self, args: dict[str, Any]) -> str:
        """Read the requested lines."""
        offset = args.get("offset")
        return self.files.read_file(
            args["path"], offset=1 if offset is None else offset, limit=args.get("limit")
        )


class EditFileTool(_FileTool):
    """``edit_file(path, old_text, new_text)``: replace text that occurs exactly once."""

    name = "edit_file"
    description = (
        "Replace old_text with new_text in one file. old_text must occur exactly once "
        "(copy it exactly, whitespace included; add surrounding lines if it is not unique). "
        "An empty old_text creates the file and is allowed only when the file is absent or "
        "empty. Only SOUL.md, USER.md, memory/MEMORY.md and files under skills/ can be edited."
    )

    @staticmethod
    def _schema() -> dict[str, Any]:
        return _closed_object(
            {
                "path": dict(_PATH),
                "old_text": {"type": "string", "description": "Exact text to replace."},
                "new_text": {"type": "string", "description": "Text to put in its place."},
            }
        )

    async def execute(self, args: dict[str, Any]) -> str:
        """Apply the edit."""
        return self.files.edit_file(args["path"], args["old_text"], args["new_text"])


class WriteFileTool(_FileTool):
    """``write_file(path, content)``: replace or create a whole file."""

    name = "write_file"
    description = (
        "Replace the whole content of a file, creating it (and its folders under skills/) "
        "if needed. Prefer edit_file for small changes. Only SOUL.md, USER.md, "
        "memory/MEMORY.md and files under skills/ can be written."
    )

    @staticmethod
    def _schema() -> dict[str, Any]:
        return _closed_object(
            {
                "path": dict(_PATH),
                "content": {"type": "string", "description": "The complete new file content."},
            }
        )

    async def execute(self, args: dict[str, Any]) -> str:
        """Write the file."""
        return self.files.write_file(args["path"], args["content"])


class ApplyPatchTool(_FileTool):
    """``apply_patch(edits=[{path, old_text, new_text}, ...])``: several edits, all or nothing."""

    name = "apply_patch"
    description = (
        "Apply several edit_file-style edits at once, in order, all or nothing: if any edit "
        "fails, no file is changed. Edits to the same file apply to the result of the "
        "earlier ones."
    )

    @staticmethod
    def _schema() -> dict[str, Any]:
        edit = _closed_object(
            {"path": dict(_PATH), "old_text": {"type": "string"}, "new_text": {"type": "string"}}
        )
        return _closed_object({"edits": {"type": "array", "minItems": 1, "items": edit}})

    async def execute(self, args: dict[str, Any]) -> str:
        """Apply every edit or none."""
        return self.files.apply_patch(args["edits"])


def build_dream_tools(
    workspace: Path | str,
    *,
    max_file_chars: int = DEFAULT_MAX_FILE_CHARS,
    max_read_chars: int = DEFAULT_MAX_READ_CHARS,
    on_change: OnChange | None = None,
    before_write: BeforeWrite | None = None,
) -> ToolRegistry:
    """Build the registry of Dream's tools for ``workspace``.

    Args:
        workspace: The workspace folder.
        max_file_chars: Largest file a write may produce.
        max_read_chars: Most text one ``read_file`` call returns.
        on_change: Called as ``on_change(relative_path, before, after)`` after each
            real write (``before`` is None for a new file); no-ops are not reported.
        before_write: Called with the same arguments just before each write; an
            exception it raises stops the write and becomes a tool error.

    Returns:
        A registry with ``read_file``, ``edit_file``, ``write_file`` and ``apply_patch``.
    """
    files = WorkspaceFiles(
        PathPolicy(workspace),
        max_file_chars=max_file_chars,
        max_read_chars=max_read_chars,
        on_change=on_change,
        before_write=before_write,
    )
    return ToolRegistry(
        [ReadFileTool(files), EditFileTool(files), WriteFileTool(files), ApplyPatchTool(files)]
    )
