"""Claude's memory tool (``memory_20250818``) backed by a reverie workspace.

::

    import anthropic
    from reverie import Workspace
    from reverie.integrations.anthropic import MemoryTool

    client = anthropic.Anthropic()
    runner = client.beta.messages.run_tools(
        model="claude-sonnet-4-5",
        max_tokens=2048,
        messages=[{"role": "user", "content": "Remember that I take my coffee black."}],
        tools=[MemoryTool(Workspace.open("~/.reverie/workspace"))],
    )
    final = runner.until_done()

Claude sees ``/memories`` holding USER.md, SOUL.md, MEMORY.md, ``skills/`` and
its own notes (kept in ``memory/notes/``); see
:mod:`reverie.integrations.memory_commands` for what is shared with ``reverie
mcp``, and :mod:`reverie.integrations.memory_paths` for the map. Answers and
errors are those of the SDK's ``BetaLocalFilesystemMemoryTool``; every change
is a git commit with the trailer ``Memory-Tool: anthropic``.

``clear_all_memory`` is not offered: it would wipe the user's memory files,
which no model should do in one call (delete files one by one instead).
"""

from __future__ import annotations

from collections.abc import Callable

from anthropic.lib.tools import BetaAbstractMemoryTool, BetaAsyncAbstractMemoryTool, ToolError
from anthropic.types.beta import (
    BetaCacheControlEphemeralParam,
    BetaMemoryTool20250818CreateCommand,
    BetaMemoryTool20250818DeleteCommand,
    BetaMemoryTool20250818InsertCommand,
    BetaMemoryTool20250818RenameCommand,
    BetaMemoryTool20250818StrReplaceCommand,
    BetaMemoryTool20250818ViewCommand,
)
from anyio.to_thread import run_sync

from reverie.integrations._workspace import WorkspaceLike, open_workspace
from reverie.integrations.memory_commands import MemoryCommands, MemoryToolError

__all__ = ["VIA", "AsyncMemoryTool", "MemoryTool"]

VIA = "anthropic"
"""The ``Memory-Tool`` trailer of the commits this tool makes."""


def _commands(workspace: WorkspaceLike) -> MemoryCommands:
    return MemoryCommands(open_workspace(workspace).path, via=VIA)


def _answer(action: Callable[[], str]) -> str:
    try:
        return action()
    except MemoryToolError as exc:
        # The SDK's ToolError becomes an ``is_error`` tool result with this text.
        raise ToolError(str(exc)) from exc


class MemoryTool(BetaAbstractMemoryTool):
    """Claude's memory tool over a reverie workspace (synchronous).

    Args:
        workspace: A :class:`~reverie.Workspace`, or its folder (opened, and
            created when missing, with :meth:`Workspace.open`).
        cache_control: Passed to the SDK (prompt caching of the tool definition).
    """

    def __init__(
        self,
        workspace: WorkspaceLike,
        *,
        cache_control: BetaCacheControlEphemeralParam | None = None,
    ) -> None:
        super().__init__(cache_control=cache_control)
        self.commands = _commands(workspace)

    def view(self, command: BetaMemoryTool20250818ViewCommand) -> str:
        """Show a folder (two levels deep) or a file with line numbers."""
        return _answer(lambda: self.commands.view(command.path, command.view_range))

    def create(self, command: BetaMemoryTool20250818CreateCommand) -> str:
        """Create a new file."""
        return _answer(lambda: self.commands.create(command.path, command.file_text))

    def str_replace(self, command: BetaMemoryTool20250818StrReplaceCommand) -> str:
        """Replace the one occurrence of a text."""
        return _answer(
            lambda: self.commands.str_replace(command.path, command.old_str, command.new_str)
        )

    def insert(self, command: BetaMemoryTool20250818InsertCommand) -> str:
        """Insert text after a line."""
        return _answer(
            lambda: self.commands.insert(command.path, command.insert_line, command.insert_text)
        )

    def delete(self, command: BetaMemoryTool20250818DeleteCommand) -> str:
        """Delete a file or folder."""
        return _answer(lambda: self.commands.delete(command.path))

    def rename(self, command: BetaMemoryTool20250818RenameCommand) -> str:
        """Move a file or folder."""
        return _answer(lambda: self.commands.rename(command.old_path, command.new_path))


class AsyncMemoryTool(BetaAsyncAbstractMemoryTool):
    """:class:`MemoryTool` for ``AsyncAnthropic``: the same commands, run in a worker thread.

    Args:
        workspace: A :class:`~reverie.Workspace`, or its folder.
        cache_control: Passed to the SDK.
    """

    def __init__(
        self,
        workspace: WorkspaceLike,
        *,
        cache_control: BetaCacheControlEphemeralParam | None = None,
    ) -> None:
        super().__init__(cache_control=cache_control)
        self.commands = _commands(workspace)

    async def _run(self, action: Callable[[], str]) -> str:
        # File and git work blocks; the event loop keeps serving other tasks meanwhile.
        return await run_sync(_answer, action)

    async def view(self, command: BetaMemoryTool20250818ViewCommand) -> str:
        """Show a folder (two levels deep) or a file with line numbers."""
        return await self._run(lambda: self.commands.view(command.path, command.view_range))

    async def create(self, command: BetaMemoryTool20250818CreateCommand) -> str:
        """Create a new file."""
        return await self._run(lambda: self.commands.create(command.path, command.file_text))

    async def str_replace(self, command: BetaMemoryTool20250818StrReplaceCommand) -> str:
        """Replace the one occurrence of a text."""
        return await self._run(
            lambda: self.commands.str_replace(command.path, command.old_str, command.new_str)
        )

    async def insert(self, command: BetaMemoryTool20250818InsertCommand) -> str:
        """Insert text after a line."""
        return await self._run(
            lambda: self.commands.insert(command.path, command.insert_line, command.insert_text)
        )

    async def delete(self, command: BetaMemoryTool20250818DeleteCommand) -> str:
        """Delete a file or folder."""
        return await self._run(lambda: self.commands.delete(command.path))

    async def rename(self, command: BetaMemoryTool20250818RenameCommand) -> str:
        """Move a file or folder."""
        return await self._run(lambda: self.commands.rename(command.old_path, command.new_path))
