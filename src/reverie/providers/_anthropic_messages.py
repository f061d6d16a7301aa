"""OpenAI-shaped chat messages, tools and tool_choice in Anthropic's Messages format.

reverie stores conversations in OpenAI shape. Anthropic's API differs and is
strict about it: system text goes in a separate field; turns must alternate
user/assistant and start with a user turn; a tool call is a ``tool_use`` block in
the assistant turn and its answer a ``tool_result`` block, first in the very next
user turn. A stored session does not always obey that (a crash between a tool
call and its result, two user messages in a row), and Anthropic rejects the
whole request if it does not, so the conversion repairs what it must.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from reverie._logging import get_logger
from reverie.providers._arguments import parse_tool_arguments

__all__ = ["convert_messages", "convert_tool_choice", "convert_tools"]

Block = dict[str, Any]
Turn = dict[str, Any]

_log = get_logger("providers.anthropic")

_CONTINUE_TEXT = "(conversation continues)"
_MISSING_RESULT = "(no result was recorded for this tool call)"
_THINKING_TYPES = frozenset({"thinking", "redacted_thinking"})
_PASSTHROUGH_TYPES = frozenset({"image", "document", "text"})
_DATA_URL = re.compile(r"^data:(?P<media>[\w.+-]+/[\w.+-]+);base64,(?P<data>.*)$", re.DOTALL)


def _text_of(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            part["text"]
            for part in content
            if isinstance(part, Mapping) and isinstance(part.get("text"), str)
        )
    return "" if content is None else str(content)


def _image_block(part: Mapping[str, Any]) -> Block | None:
    image = part.get("image_url")
    url = image.get("url") if isinstance(image, Mapping) else image
    if not isinstance(url, str) or not url:
        return None
    match = _DATA_URL.match(url)
    if match:
        source = {"type": "base64", "media_type": match["media"], "data": match["data"]}
        return {"type": "image", "source": source}
    if url.startswith(("http://", "https://")):
        return {"type": "image", "source": {"type": "url", "url": url}}
    return None


def _user_blocks(content: object) -> list[Block]:
    """Blocks of a user message: text parts, images (data or http URLs)."""
    if not isinstance(content, list):
        text = _text_of(content)
        return [{"type": "text", "text": text}] if text.strip() else []
    blocks: list[Block] = []
    for part in content:
        if not isinstance(part, Mapping):
            continue
        kind = part.get("type")
        if kind == "text":
            part_text = part.get("text")
            if isinstance(part_text, str) and part_text.strip():
                blocks.append({"type": "text", "text": part_text})
        elif kind == "image_url":
            block = _image_block(part)
            if block is None:
                _log.warning("dropped an image part whose URL Anthropic cannot take")
            else:
                blocks.append(block)
        elif kind in _PASSTHROUGH_TYPES:
            blocks.append(dict(part))
        else:
            _log.warning("dropped a content part of unsupported type %r", kind)
    return blocks


def _assistant_blocks(message: Mapping[str, Any]) -> list[Block]:
    """Replayed thinking first (Anthropic checks its signature), then text, then tool_use."""
    blocks: list[Block] = []
    thinking = message.get("thinking_blocks")
    if isinstance(thinking, list):
        blocks.extend(
            dict(b) for b in thinking if isinstance(b, Mapping) and b.get("type") in _THINKING_TYPES
        )
    text = _text_of(message.get("content"))
    if text.strip():
        blocks.append({"type": "text", "text": text})
    calls = message.get("tool_calls")
    for index, call in enumerate(calls if isinstance(calls, list) else []):
        if not isinstance(call, Mapping):
            continue
        function = call.get("function")
        function = function if isinstance(function, Mapping) else {}
        name = function.get("name")
        if not isinstance(name, str) or not name:
            continue
        arguments, _ = parse_tool_arguments(function.get("arguments"), tool_name=name)
        call_id = call.get("id")
        blocks.append(
            {
                "type": "tool_use",
                "id": call_id if isinstance(call_id, str) and call_id else f"toolu_missing_{index}",
                "name": name,
                "input": arguments,
            }
        )
    return blocks


def _tool_result_block(message: Mapping[str, Any]) -> Block:
    call_id = message.get("tool_call_id")
    block: Block = {
        "type": "tool_result",
        "tool_use_id": call_id if isinstance(call_id, str) else "",
    }
    text = _text_of(message.get("content"))
    if text:
        block["content"] = text
    return block


def _append(turns: list[Turn], role: str, blocks: list[Block]) -> None:
    """Add a turn, merging it into the previous one when the role repeats."""
    if not blocks:
        return
    if turns and turns[-1]["role"] == role:
        turns[-1]["content"].extend(blocks)
    else:
        turns.append({"role": role, "content": blocks})


def _pair_tool_results(turns: list[Turn]) -> list[Turn]:
    """Make every tool_use answered in the next user turn, and every tool_result expected.

    A missing result gets a stand-in marked as an error; a result with no call
    before it becomes plain text, so nothing said is lost from the context.
    """
    repaired: list[Turn] = []
    pending: list[str] = []
    for turn in turns:
        # Turns alternate here (same-role turns were merged), so calls left
        # pending by an assistant turn are settled by the user turn after it.
        if turn["role"] == "assistant":
            repaired.append(turn)
            pending = [b["id"] for b in turn["content"] if b.get("type") == "tool_use"]
            continue
        results: list[Block] = []
        others: list[Block] = []
        for block in turn["content"]:
            if block.get("type") != "tool_result":
                others.append(block)
            elif block.get("tool_use_id") in pending:
                pending.remove(block["tool_use_id"])
                results.append(block)
            else:
                text = f"[result of tool call {block.get('tool_use_id') or '?'}]: "
                others.append({"type": "text", "text": text + _text_of(block.get("content"))})
        results.extend(_stand_ins(pending))
        pending = []
        # tool_result blocks must open the user turn that answers the calls.
        repaired.append({"role": "user", "content": results + others})
    if pending:
        repaired.append({"role": "user", "content": _stand_ins(pending)})
    return repaired


def _stand_ins(ids: Sequence[str]) -> list[Block]:
    if ids:
        _log.warning("%d tool call(s) had no recorded result; sent a placeholder", len(ids))
    return [
        {"type": "tool_result", "tool_use_id": i, "content": _MISSING_RESULT, "is_error": True}
        for i in ids
    ]


def _compact(turn: Turn) -> Turn:
    content = turn["content"]
    if len(content) == 1 and content[0].get("type") == "text" and len(content[0]) == 2:
        return {"role": turn["role"], "content": content[0]["text"]}
    return turn


def convert_messages(messages: Sequence[Mapping[str, Any]]) -> tuple[str | None, list[Turn]]:
    """Split OpenAI-shaped messages into Anthropic's ``system`` and ``messages``.

    Args:
        messages: Chat messages with ``role`` system/developer, user, assistant or tool.

    Returns:
        ``(system, turns)``: the system texts joined by blank lines (None when
        there are none) and alternating turns starting with a user turn. A turn
        holding a single plain text block is sent as a string. ``turns`` is empty
        when there was nothing but system text.
    """
    system: list[str] = []
    turns: list[Turn] = []
    for message in messages:
        role = message.get("role")
        if role in ("system", "developer"):
            text = _text_of(message.get("content"))
            if text.strip():
                system.append(text)
        elif role == "user":
            _append(turns, "user", _user_blocks(message.get("content")))
        elif role == "assistant":
            _append(turns, "assistant", _assistant_blocks(message))
        elif role == "tool":
            _append(turns, "user", [_tool_result_block(message)])
        else:
            _log.warning("dropped a message with unknown role %r", role)
    turns = _pair_tool_results(turns)
    if turns and turns[0]["role"] != "user":
        turns.insert(0, {"role": "user", "content": [{"type": "text", "text": _CONTINUE_TEXT}]})
    if turns and turns[-1]["role"] == "assistant":
        # A final (prefilled) assistant turn may not end with whitespace.
        last = turns[-1]["content"][-1]
        if last.get("type") == "text":
            last["text"] = last["text"].rstrip()
    return ("\n\n".join(system) if system else None), [_compact(t) for t in turns]


def convert_tools(tools: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """OpenAI function tools as Anthropic tools (``input_schema``); Anthropic tools pass."""
    converted: list[dict[str, Any]] = []
    for tool in tools:
        function = tool.get("function")
        if not isinstance(function, Mapping):
            converted.append(dict(tool))
            continue
        schema = function.get("parameters")
        item: dict[str, Any] = {
            "name": function.get("name"),
            "input_schema": dict(schema)
            if isinstance(schema, Mapping)
            else {"type": "object", "properties": {}},
        }
        if function.get("description"):
            item["description"] = function["description"]
        converted.append(item)
    return converted


def convert_tool_choice(choice: str | Mapping[str, Any]) -> dict[str, Any]:
    """``auto``/``required``/``none`` or a named function as Anthropic's ``tool_choice``."""
    if isinstance(choice, str):
        mapped = {"auto": "auto", "required": "any", "any": "any", "none": "none"}.get(choice)
        if mapped is None:
            _log.warning("unknown tool_choice %r; using auto", choice)
            mapped = "auto"
        return {"type": mapped}
    if choice.get("type") == "function":
        function = choice.get("function")
        name = function.get("name") if isinstance(function, Mapping) else None
        if isinstance(name, str) and name:
            return {"type": "tool", "name": name}
    return dict(choice)
