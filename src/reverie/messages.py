"""The chat message record every layer shares: sessions store it, providers send it.

A :data:`Message` is a plain ``dict`` at run time (the session files, the
contract in DESIGN.md and nanobot all speak dicts); the :class:`typing.TypedDict`
only tells the type checker which keys exist and what they hold. Every key
is optional because each kind of message uses a different subset:

====================  ====================================================
``role``              ``system``, ``user``, ``assistant`` or ``tool``
``content``           text (or a list of content parts; None on some
                      assistant messages that only call tools)
``timestamp``         when a session message was added (ISO 8601)
``tool_calls``        an assistant's calls, OpenAI shape
``tool_call_id``      on a tool result: the call it answers
``name``              on a tool result: the tool's name
``tools_used``        tool names a session message records (nanobot)
``reasoning_content`` a model's visible reasoning, sent back in a tool loop
``thinking_blocks``   Anthropic's signed thinking, sent back in a tool loop
====================  ====================================================
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

__all__ = ["ContentPart", "Message", "ToolCallDict", "ToolDefinition", "as_message"]

ContentPart = dict[str, Any]
"""One part of a multi-part ``content`` (``{"type": "text", "text": ...}``, an image, …)."""

ToolCallDict = dict[str, Any]
"""One item of ``tool_calls``: ``{"id", "type": "function", "function": {"name", "arguments"}}``."""

ToolDefinition = dict[str, Any]
"""An OpenAI function-tool definition: ``{"type": "function", "function": {...}}``."""


class Message(TypedDict, total=False):
    """A chat message in OpenAI shape, as sessions store it and providers send it."""

    role: str
    content: str | list[ContentPart] | None
    timestamp: str
    tool_calls: list[ToolCallDict]
    tool_call_id: str
    name: str
    tools_used: list[str]
    reasoning_content: str
    thinking_blocks: list[dict[str, Any]]


def as_message(data: dict[str, Any]) -> Message:
    """``data`` itself, typed as a :class:`Message` (nothing is copied or checked).

    For the edges where messages arrive as plain dicts (a line of a session
    file, keyword arguments): every key is kept, unknown ones included, so
    nothing a file or a caller stored is dropped.
    """
    return cast(Message, data)
