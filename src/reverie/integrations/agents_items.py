"""OpenAI Responses items (what the Agents SDK keeps in a session) ↔ reverie session messages.

One item becomes one message, so counts, limits and ``pop_item`` line up. The
message is what reverie's consolidation, Dream and recall read: ``role``,
``content`` as plain text, and ``tool_calls`` / ``tool_call_id`` / ``name`` for
function calls and their outputs. The item itself is kept, unchanged, under
:data:`ITEM_KEY`, and that is what goes back to the SDK: a conversation is
replayed exactly as it was given, reasoning items, hosted tool calls and all.

Messages without a kept item (a session reverie's own chat wrote) are turned
into items: text messages into ``{"role", "content"}``, an assistant's tool
calls into ``function_call`` items, tool results into ``function_call_output``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from typing import Any

from reverie.errors import SessionError

__all__ = ["ITEM_KEY", "item_to_message", "message_to_items", "split_last_item"]

ITEM_KEY = "openai_agents_item"
"""The message field holding the SDK item exactly as it was added."""

Message = dict[str, Any]
Item = dict[str, Any]

_TEXT_PARTS = ("input_text", "output_text", "text", "summary_text")
_ROLES = {"user": "user", "assistant": "assistant", "system": "system", "developer": "system"}


def _text_of(content: object) -> str:
    """The readable text of a message's content (a string or a list of parts)."""
    if isinstance(content, str):
        return content
    if not isinstance(content, Sequence):
        return ""
    pieces: list[str] = []
    for part in content:
        if not isinstance(part, Mapping):
            continue
        kind = part.get("type")
        if kind in _TEXT_PARTS and isinstance(part.get("text"), str):
            pieces.append(part["text"])
        elif kind == "refusal" and isinstance(part.get("refusal"), str):
            pieces.append(part["refusal"])
        elif kind == "input_image":
            pieces.append("[image]")
        elif kind == "input_file":
            pieces.append(f"[file: {part.get('filename') or 'attachment'}]")
        elif kind == "input_audio":
            pieces.append("[audio]")
    return "\n".join(pieces)


def _plain(item: object, index: int) -> Item:
    """A deep, JSON-safe copy of ``item`` (the session file stores it as JSON)."""
    if not isinstance(item, Mapping):
        raise SessionError(f"item {index} is a {type(item).__name__}, not a Responses item dict")
    try:
        copied = json.loads(json.dumps(item, ensure_ascii=False))
    except (TypeError, ValueError) as exc:
        raise SessionError(f"item {index} cannot be stored as JSON: {exc}") from exc
    assert isinstance(copied, dict)
    return copied


def item_to_message(item: object, index: int = 0) -> Message:
    """The reverie message for one SDK item (``index`` names it in errors).

    Returns:
        ``{"role", "content", ...}`` plus the item under :data:`ITEM_KEY`.

    Raises:
        SessionError: the item is not a dict, or cannot be stored as JSON.
    """
    kept = _plain(item, index)
    kind = kept.get("type")
    role = kept.get("role")
    message: Message
    if kind in (None, "message") and isinstance(role, str) and role in _ROLES:
        message = {"role": _ROLES[role], "content": _text_of(kept.get("content"))}
    elif kind in ("function_call", "custom_tool_call"):
        arguments = kept.get("arguments" if kind == "function_call" else "input")
        call = {
            "id": str(kept.get("call_id", "")),
            "type": "function",
            "function": {"name": kept.get("name", ""), "arguments": arguments or ""},
        }
        message = {"role": "assistant", "content": "", "tool_calls": [call]}
    elif isinstance(kind, str) and kind.endswith("_output"):
        message = {"role": "tool", "content": _text_of(kept.get("output"))}
        if "call_id" in kept:
            message["tool_call_id"] = str(kept["call_id"])
    else:
        # Reasoning, hosted tool calls, references: replayed as given, no text of their own.
        message = {"role": "assistant", "content": ""}
    message[ITEM_KEY] = kept
    return message


def message_to_items(message: Mapping[str, Any]) -> list[Item]:
    """The SDK items a message stands for: its kept item, else a conversion."""
    kept = message.get(ITEM_KEY)
    if isinstance(kept, Mapping):
        return [copy.deepcopy(dict(kept))]
    role = message.get("role")
    content = message.get("content")
    text = content if isinstance(content, str) else _text_of(content)
    if role == "tool":
        return [
            {
                "type": "function_call_output",
                "call_id": str(message.get("tool_call_id", "")),
                "output": text,
            }
        ]
    items: list[Item] = []
    if role in ("user", "assistant", "system") and text:
        items.append({"role": role, "content": text})
    calls = message.get("tool_calls") if role == "assistant" else None
    for call in calls if isinstance(calls, list) else []:
        function = call.get("function", {}) if isinstance(call, Mapping) else {}
        arguments = function.get("arguments", "")
        items.append(
            {
                "type": "function_call",
                "call_id": str(call.get("id", "")),
                "name": str(function.get("name", "")),
                "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments),
            }
        )
    return items


def split_last_item(message: Mapping[str, Any]) -> tuple[Item | None, Message | None]:
    """``(last item of message, what remains of message without it)``.

    A message made from one item (every message this module writes) leaves
    nothing behind. A message of reverie's own chat that stands for text and
    tool calls gives up its last call and keeps the rest.
    """
    items = message_to_items(message)
    if len(items) <= 1:
        return (items[0] if items else None), None
    remaining = dict(message)
    calls = list(remaining.get("tool_calls") or [])
    if calls:
        calls.pop()
    remaining["tool_calls"] = calls
    if not calls:
        del remaining["tool_calls"]
    return items[-1], remaining
