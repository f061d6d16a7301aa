"""ToolRegistry: definitions, and every failure comes back as an ``Error:`` result."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from reverie.errors import ReverieError, ToolError
from reverie.tools import FunctionTool, Tool, ToolDefinitionError, ToolRegistry, ToolResult

ECHO_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"text": {"type": "string"}, "times": {"type": "integer", "minimum": 1}},
    "required": ["text"],
    "additionalProperties": False,
}


class EchoTool(Tool):
    """Repeats its text; refuses the word 'no'; crashes on 'boom'."""

    name = "echo"
    description = "Repeat text."

    def __init__(self) -> None:
        self.parameters = ECHO_SCHEMA
        self.calls: list[dict[str, Any]] = []

    async def execute(self, args: dict[str, Any]) -> str:
        self.calls.append(args)
        if args["text"] == "no":
            raise ToolError("Error: echo refuses 'no'")
        if args["text"] == "quiet":
            raise ToolError("nothing to say")
        if args["text"] == "boom":
            raise RuntimeError("kaboom")
        return str(args["text"]) * int(args.get("times", 1))


async def _upper(args: dict[str, Any]) -> str:
    return str(args["text"]).upper()


def _registry() -> tuple[ToolRegistry, EchoTool]:
    echo = EchoTool()
    registry = ToolRegistry()
    registry.register(echo)
    registry.register(FunctionTool("upper", "Upper-case text.", dict(ECHO_SCHEMA), _upper))
    return registry, echo


async def test_successful_call_returns_the_text() -> None:
    registry, echo = _registry()
    assert await registry.execute("echo", {"text": "ab", "times": 2}) == ToolResult("abab", False)
    assert await registry.execute("upper", {"text": "ab"}) == ToolResult("AB", False)
    assert echo.calls == [{"text": "ab", "times": 2}]


async def test_unknown_tool_is_an_error_listing_available_tools() -> None:
    registry, _ = _registry()
    result = await registry.execute("delete_everything", {})
    assert result.is_error
    assert result.content.startswith("Error:")
    assert "delete_everything" in result.content
    assert "echo, upper" in result.content


async def test_schema_failure_is_an_error_and_the_tool_is_not_called() -> None:
    registry, echo = _registry()
    result = await registry.execute("echo", {"times": True, "extra": 1})
    assert result.is_error
    assert result.content.startswith("Error: invalid arguments for echo:")
    assert "text: required" in result.content
    assert "times: expected integer, got boolean" in result.content
    assert "extra: unexpected argument" in result.content
    assert echo.calls == []


async def test_non_object_arguments_are_an_error() -> None:
    registry, _ = _registry()
    result = await registry.execute("echo", ["text"])  # type: ignore[arg-type]
    assert result == ToolResult(
        "Error: invalid arguments for echo: expected a JSON object, got array", True
    )


async def test_none_arguments_mean_empty_object() -> None:
    registry, _ = _registry()
    result = await registry.execute("echo", None)
    assert result.is_error
    assert "text: required" in result.content


async def test_arguments_as_json_text_are_decoded() -> None:
    registry, echo = _registry()
    result = await registry.execute("echo", '{"text": "hi"}')
    assert result == await registry.execute("echo", {"text": "hi"})
    assert not result.is_error
    assert len(echo.calls) == 2
    empty = await registry.execute("echo", "  ")
    assert empty.is_error and "text: required" in empty.content
    broken = await registry.execute("echo", '{"text": ')
    assert broken == ToolResult(
        "Error: invalid arguments for echo: expected a JSON object, got string", True
    )
    listed = await registry.execute("echo", '["text"]')
    assert listed.is_error and "got array" in listed.content


async def test_tool_error_message_is_passed_through_with_one_prefix() -> None:
    registry, _ = _registry()
    assert await registry.execute("echo", {"text": "no"}) == ToolResult(
        "Error: echo refuses 'no'", True
    )
    assert await registry.execute("echo", {"text": "quiet"}) == ToolResult(
        "Error: nothing to say", True
    )


async def test_unexpected_exception_becomes_an_error_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    registry, _ = _registry()
    with caplog.at_level(logging.WARNING, logger="reverie"):
        first = await registry.execute("echo", {"text": "boom"})
        second = await registry.execute("echo", {"text": "boom"})
    assert first == second
    assert first.is_error
    assert first.content == "Error: echo failed: RuntimeError: kaboom"
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert warnings[0].name.startswith("reverie.")


def test_duplicate_name_is_refused() -> None:
    registry, _ = _registry()
    with pytest.raises(ToolDefinitionError, match="already registered"):
        registry.register(EchoTool())
    assert len(registry) == 2
    assert issubclass(ToolDefinitionError, ReverieError)
    assert issubclass(ToolDefinitionError, ValueError)


@pytest.mark.parametrize(
    ("name", "parameters", "message"),
    [
        ("bad name", {"type": "object"}, "invalid"),
        ("", {"type": "object"}, "invalid"),
        ("ok", {"type": "array"}, "type 'object'"),
        ("ok", {"type": "object", "properties": {"a": {"minLenght": 1}}}, "minLenght"),
        ("ok", "not a schema", "schema must be an object"),
    ],
)
def test_malformed_tools_are_refused(name: str, parameters: Any, message: str) -> None:
    registry = ToolRegistry()
    with pytest.raises(ToolDefinitionError, match=message):
        registry.register(FunctionTool(name, "d", parameters, _upper))
    assert len(registry) == 0


def test_definitions_are_openai_function_tools_in_order() -> None:
    registry, _ = _registry()
    definitions = registry.definitions()
    assert [d["function"]["name"] for d in definitions] == ["echo", "upper"]
    assert definitions[0] == {
        "type": "function",
        "function": {"name": "echo", "description": "Repeat text.", "parameters": ECHO_SCHEMA},
    }
    # A caller editing what it got does not change the registry.
    definitions[0]["function"]["parameters"]["required"].append("times")
    assert registry.definitions()[0]["function"]["parameters"]["required"] == ["text"]


def test_lookup_helpers() -> None:
    registry, echo = _registry()
    assert registry.names() == ["echo", "upper"]
    assert "echo" in registry
    assert "nope" not in registry
    assert registry.get("echo") is echo
    assert registry.get("nope") is None
    assert len(registry) == 2
    assert [tool.name for tool in registry] == ["echo", "upper"]
