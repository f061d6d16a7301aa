"""Tools an agent loop can offer a model, and the registry that runs them safely.

A tool call from a model is untrusted input: the name may be made up, the
arguments may be the wrong shape, and the tool itself may refuse or fail.
:meth:`ToolRegistry.execute` turns every one of those into a
``ToolResult(is_error=True)`` whose text starts with ``Error:`` so the loop can
hand it back to the model; nothing is raised into the loop.
"""

from __future__ import annotations

import copy
import re
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from reverie._jsonline import loads_line
from reverie._logging import OnceWarner, get_logger
from reverie.errors import ToolError, UserError
from reverie.tools.schema import check_schema, json_type_name, validate

__all__ = [
    "ERROR_PREFIX",
    "FunctionTool",
    "Tool",
    "ToolDefinitionError",
    "ToolRegistry",
    "ToolResult",
]

ERROR_PREFIX = "Error:"

# OpenAI and Anthropic both accept at most this alphabet and length for a tool name.
_NAME_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

_log = get_logger("tools")


class ToolDefinitionError(UserError, ValueError):
    """A tool cannot be registered: bad name, bad schema, or a name already taken."""


@dataclass(frozen=True)
class ToolResult:
    """What a tool call produced, ready to be sent back to the model.

    Attributes:
        content: The text for the model; starts with ``Error:`` when ``is_error``.
        is_error: True when the call was refused or failed.
    """

    content: str
    is_error: bool = False


class Tool(ABC):
    """A capability offered to a model.

    Subclasses set ``name``, ``description`` and ``parameters`` (a JSON schema for
    the arguments object, in the subset :mod:`reverie.tools.schema` supports) and
    implement :meth:`execute`. Arguments reach :meth:`execute` already checked
    against ``parameters``.
    """

    name: str
    description: str
    parameters: dict[str, Any]

    @abstractmethod
    async def execute(self, args: dict[str, Any]) -> str:
        """Run the tool and return the text for the model.

        Raises:
            ToolError: to refuse or report a failure; its message goes to the model.
        """

    def definition(self) -> dict[str, Any]:
        """The OpenAI function-tool dict describing this tool (a fresh copy each call)."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": copy.deepcopy(self.parameters),
            },
        }


class FunctionTool(Tool):
    """A :class:`Tool` made from an async function taking the arguments dict.

    Example:
        ``FunctionTool("now", "Current time.", {"type": "object"}, now_fn)``
    """

    def __init__(
        self,
        name: str,
        description: str,
        parameters: dict[str, Any],
        function: Callable[[dict[str, Any]], Awaitable[str]],
    ) -> None:
        self.name = name
        self.description = description
        self.parameters = parameters
        self._function = function

    async def execute(self, args: dict[str, Any]) -> str:
        """Call the wrapped function with the checked arguments."""
        return await self._function(args)


def _decode_arguments(text: str) -> object:
    """The value of arguments sent as JSON text; the text itself when it is not JSON."""
    if not text.strip():
        return None
    try:
        return loads_line(text)
    except ValueError:
        return text  # reported below as "expected a JSON object, got string"


def _as_error(message: str) -> str:
    message = message.strip() or "the tool failed without a message"
    return message if message.startswith(ERROR_PREFIX) else f"{ERROR_PREFIX} {message}"


class ToolRegistry:
    """An ordered set of tools with unique names.

    Example:
        >>> registry = ToolRegistry()
        >>> registry.register(my_tool)            # doctest: +SKIP
        >>> await registry.execute("my_tool", {})  # doctest: +SKIP
        ToolResult(content='...', is_error=False)
    """

    def __init__(self, tools: list[Tool] | None = None) -> None:
        self._tools: dict[str, Tool] = {}
        self._warner = OnceWarner(_log)
        for tool in tools or ():
            self.register(tool)

    def register(self, tool: Tool) -> None:
        """Add ``tool``.

        Raises:
            ToolDefinitionError: the name is taken or malformed, or the schema is
                not an object schema in the supported subset.
        """
        name = getattr(tool, "name", None)
        if not isinstance(name, str) or not _NAME_PATTERN.match(name):
            raise ToolDefinitionError(
                f"tool name {name!r} is invalid: use 1-64 letters, digits, '_' or '-'"
            )
        if name in self._tools:
            raise ToolDefinitionError(f"a tool named {name!r} is already registered")
        if not isinstance(getattr(tool, "description", None), str):
            raise ToolDefinitionError(f"tool {name!r}: description must be a string")
        parameters = getattr(tool, "parameters", None)
        problems = check_schema(parameters, path=f"{name}.parameters")
        if not problems and isinstance(parameters, Mapping) and parameters.get("type") != "object":
            problems.append(f"{name}.parameters: the arguments schema must have type 'object'")
        if problems:
            raise ToolDefinitionError(f"tool {name!r} has an invalid schema: {'; '.join(problems)}")
        self._tools[name] = tool

    def get(self, name: str) -> Tool | None:
        """The tool registered as ``name``, or None."""
        return self._tools.get(name)

    def names(self) -> list[str]:
        """Registered tool names, in registration order."""
        return list(self._tools)

    def definitions(self) -> list[dict[str, Any]]:
        """OpenAI function-tool dicts for every tool, in registration order."""
        return [tool.definition() for tool in self._tools.values()]

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

    def __iter__(self) -> Iterator[Tool]:
        return iter(list(self._tools.values()))

    async def execute(self, name: str, args: Mapping[str, Any] | str | None = None) -> ToolResult:
        """Run one tool call; never raises for anything the model or the tool did.

        Args:
            name: The tool name the model asked for.
            args: The arguments object; its JSON text as the model sent it is
                decoded first (``None`` and ``""`` are treated as ``{}``).

        Returns:
            The tool's text, or an ``is_error=True`` result starting with ``Error:``
            for an unknown tool, arguments that fail the schema, a ``ToolError``
            or any other exception raised by the tool.
        """
        tool = self._tools.get(name) if isinstance(name, str) else None
        if tool is None:
            available = ", ".join(self._tools) or "none"
            return ToolResult(
                f"{ERROR_PREFIX} unknown tool {name!r}; available tools: {available}", True
            )
        given: object = _decode_arguments(args) if isinstance(args, str) else args
        if given is None:
            given = {}
        if not isinstance(given, Mapping):
            return ToolResult(
                f"{ERROR_PREFIX} invalid arguments for {name}: expected a JSON object, "
                f"got {json_type_name(given)}",
                True,
            )
        problems = validate(given, tool.parameters)
        if problems:
            return ToolResult(
                f"{ERROR_PREFIX} invalid arguments for {name}: {'; '.join(problems)}", True
            )
        try:
            content = await tool.execute(dict(given))
        except ToolError as exc:
            _log.debug("tool %s refused: %s", name, exc)
            return ToolResult(_as_error(str(exc)), True)
        except Exception as exc:
            # A bug or an unexpected OS failure in a tool: the model still gets an
            # answer, and the log says it once per kind instead of once per call.
            kind = f"{name}:{type(exc).__name__}"
            self._warner.warn(kind, "tool %s failed with %s: %s", name, type(exc).__name__, exc)
            _log.debug("tool %s failed", name, exc_info=True)
            return ToolResult(f"{ERROR_PREFIX} {name} failed: {type(exc).__name__}: {exc}", True)
        if not isinstance(content, str):
            return ToolResult(
                f"{ERROR_PREFIX} {name} returned {json_type_name(content)} instead of text", True
            )
        return ToolResult(content, False)
