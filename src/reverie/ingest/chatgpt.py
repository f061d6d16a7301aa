"""Read a ChatGPT data export (``conversations.json``).

The export is a list of conversations. Each keeps its messages as a tree,
``mapping``: node id → ``{"message", "parent", "children"}``; editing a prompt
or regenerating an answer adds a branch. The thread the user last saw ends at
``current_node``, so it is read by walking from there up through ``parent``
links and reversing. Text lives in ``message.content.parts``.

System prompts, hidden context (custom instructions, model memory) and the
model's reasoning notes are left out: they are not what the user said.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reverie.ingest.messages import normalise_timestamp
from reverie.ingest.model import ImportedConversation, IngestError, ParseResult
from reverie.messages import Message, as_message

__all__ = ["parse_chatgpt"]

_TEXT_TYPES = ("text", "multimodal_text")
_CODE_TYPES = ("code", "execution_output")
_ROLES = {"user": "user", "assistant": "assistant", "tool": "tool"}


def parse_chatgpt(data: object, result: ParseResult) -> None:
    """Add every conversation of a decoded ``conversations.json`` to ``result``.

    A single conversation object (one saved on its own) is read as a list of one.
    """
    if isinstance(data, Mapping) and "mapping" in data:
        data = [data]
    if not isinstance(data, list):
        result.problem("the top level", IngestError("", "must be a list of conversations"))
        return
    for number, item in enumerate(data, start=1):
        where = f"conversation {number}"
        if isinstance(item, Mapping) and isinstance(item.get("title"), str):
            where += f" ({item['title'][:40]!r})"
        try:
            conversation = _conversation(item, result, where, number)
        except IngestError as exc:
            result.problem(where, exc)
            continue
        if conversation is not None:
            result.conversations.append(conversation)


def _conversation(
    item: object, result: ParseResult, where: str, number: int
) -> ImportedConversation | None:
    if not isinstance(item, Mapping):
        raise IngestError("", "must be a conversation object with mapping and current_node")
    mapping = item.get("mapping")
    if not isinstance(mapping, Mapping):
        raise IngestError("mapping", "must be an object of message nodes")
    messages: list[Message] = []
    for node_id in _thread(mapping, item.get("current_node")):
        try:
            message = _message(mapping[node_id], node_id)
        except IngestError as exc:
            result.problem(where, exc)
            continue
        if message is not None:
            messages.append(message)
    if not messages:
        return None
    ident = item.get("conversation_id") or item.get("id")
    key = f"chatgpt:{ident}" if isinstance(ident, str) and ident else f"chatgpt:{number}"
    title = item.get("title") if isinstance(item.get("title"), str) else ""
    metadata: dict[str, Any] = {"title": title} if title else {}
    if isinstance(ident, str) and ident:
        metadata["chatgpt_id"] = ident
    return ImportedConversation(
        key=key,
        messages=messages,
        file=result.file,
        location=where,
        title=title or "",
        metadata=metadata,
    )


def _thread(mapping: Mapping[str, Any], current: object) -> list[str]:
    """Node ids from the root to ``current``, following ``parent`` links."""
    if not isinstance(current, str) or current not in mapping:
        shown = "missing" if current is None else f"{current!r} is not in mapping"
        raise IngestError("current_node", f"must name the last message node ({shown})")
    path: list[str] = []
    seen: set[str] = set()
    node_id: object = current
    while isinstance(node_id, str):
        if node_id in seen:
            raise IngestError(f"mapping[{node_id!r}].parent", "parent links form a cycle")
        node = mapping.get(node_id)
        if not isinstance(node, Mapping):
            raise IngestError(f"mapping[{node_id!r}]", "the node is missing or not an object")
        seen.add(node_id)
        path.append(node_id)
        node_id = node.get("parent")
    path.reverse()
    return path


def _message(node: Mapping[str, Any], node_id: str) -> Message | None:
    raw = node.get("message")
    if raw is None:
        return None
    field = f"mapping[{node_id!r}].message"
    if not isinstance(raw, Mapping):
        raise IngestError(field, "must be an object or null")
    author = raw.get("author")
    role_name = author.get("role") if isinstance(author, Mapping) else None
    if not isinstance(role_name, str):
        raise IngestError(f"{field}.author.role", "is missing")
    role = _ROLES.get(role_name)
    metadata = raw.get("metadata")
    hidden = isinstance(metadata, Mapping) and metadata.get("is_visually_hidden_from_conversation")
    if role is None or hidden:
        return None  # system prompts and hidden context are not the conversation
    text = _text(raw.get("content"), f"{field}.content")
    if not text.strip():
        return None
    message: dict[str, Any] = {"role": role, "content": text}
    stamp = normalise_timestamp(raw.get("create_time"), f"{field}.create_time")
    if stamp is not None:
        message["timestamp"] = stamp
    if role == "tool":
        name = author.get("name") if isinstance(author, Mapping) else None
        message["name"] = name if isinstance(name, str) and name else "tool"
    return as_message(message)


def _text(content: object, field: str) -> str:
    if not isinstance(content, Mapping):
        raise IngestError(field, "must be an object with content_type and parts")
    kind = content.get("content_type")
    if kind in _TEXT_TYPES:
        parts = content.get("parts")
        if not isinstance(parts, list):
            raise IngestError(f"{field}.parts", "must be a list of text parts")
        texts: list[str] = []
        for part in parts:
            if isinstance(part, str):
                texts.append(part)
            elif isinstance(part, Mapping):
                inner = part.get("text")
                texts.append(inner if isinstance(inner, str) else "[attachment]")
        return "\n".join(t for t in texts if t)
    if kind in _CODE_TYPES:
        code = content.get("text")
        return code if isinstance(code, str) else ""
    # Reasoning notes, browsing displays, hidden context: not part of the thread.
    return ""
