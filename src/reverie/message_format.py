"""Render chat messages as the plain lines history entries and prompts use.

One line per message: ``[YYYY-MM-DD HH:MM] ROLE [tools: a, b]: text``. The same
text feeds the raw-archive fallback and the summariser's request, so what a
model summarises and what is stored when it fails read alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from reverie.errors import UserError

__all__ = ["check_messages", "format_message", "format_messages", "message_text", "tool_names"]


def check_messages(messages: object, *, field: str = "messages") -> Sequence[Mapping[str, Any]]:
    """Return ``messages`` when it is a list of chat-message mappings.

    Raises:
        UserError: naming ``field`` (and the index of the first bad item) otherwise.
    """
    if isinstance(messages, (str, bytes, Mapping)) or not isinstance(messages, Sequence):
        raise UserError(
            f"{field} must be a list of message dicts (role, content, ...), "
            f"not {type(messages).__name__}"
        )
    for index, message in enumerate(messages):
        if not isinstance(message, Mapping):
            raise UserError(
                f"{field}[{index}] must be a message dict (role, content, ...), "
                f"not {type(message).__name__}"
            )
    return messages


def message_text(message: Mapping[str, Any]) -> str:
    """The plain text of a message; list content (text / image parts) is flattened."""
    content = message.get("content")
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts: list[str] = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, Mapping):
                if isinstance(part.get("text"), str):
                    parts.append(part["text"])
                elif part.get("type") in ("image_url", "image"):
                    parts.append("[image]")
        return "\n".join(parts)
    return str(content)


def tool_names(message: Mapping[str, Any]) -> list[str]:
    """Tools a message used: its ``tools_used`` list, else its ``tool_calls`` names."""
    used = message.get("tools_used")
    if isinstance(used, list) and used:
        return [str(name) for name in used]
    names: list[str] = []
    calls = message.get("tool_calls")
    if isinstance(calls, list):
        for call in calls:
            if not isinstance(call, Mapping):
                continue
            function = call.get("function")
            name = function.get("name") if isinstance(function, Mapping) else call.get("name")
            if isinstance(name, str) and name:
                names.append(name)
    return names


def _stamp(value: object) -> str:
    if isinstance(value, str) and value:
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00")).strftime("%Y-%m-%d %H:%M")
        except ValueError:
            return value[:16]
    return "?"  # nanobot's mark for a message without a time


def format_message(message: Mapping[str, Any]) -> str:
    """One message as ``[YYYY-MM-DD HH:MM] ROLE [tools: a, b]: text`` ("" if empty)."""
    text = message_text(message).strip()
    tools = tool_names(message)
    if not text and not tools:
        return ""
    role = str(message.get("role") or "unknown").upper()
    tools_part = f" [tools: {', '.join(tools)}]" if tools else ""
    return f"[{_stamp(message.get('timestamp'))}] {role}{tools_part}: {text}"


def format_messages(messages: Iterable[Mapping[str, Any]]) -> str:
    """Format every non-empty message, one per line."""
    return "\n".join(line for line in map(format_message, messages) if line)
