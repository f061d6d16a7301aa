"""Message framing, and counting prompts with the caches that make re-counts cheap.

Framing follows OpenAI's chat format: every message costs a fixed overhead
(``<|start|>{role}<|message|>…<|end|>``), a ``name`` one more token, and the
reply is primed with three tokens. Content, tool calls and tool definitions are
counted from their text / JSON.

Two caches (see :mod:`reverie.tokens.caches`) keep a budget check at
O(new messages):

* per message, keyed by (encoding, framing, the fields a model sees), a
  bounded LRU — so the same content is never counted twice, whatever dict it
  arrives in. Short strings are part of the key as they are; long ones and
  nested values (tool calls, content parts) by a hash of their canonical JSON;
* per prompt, a few snapshots of recently counted message lists (private
  copies, so a message edited in place is noticed) with their per-message
  counts; a new prompt that repeats a snapshot's messages reuses their counts
  after C-level list comparisons, and only the differing messages are looked up.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reverie.errors import UserError
from reverie.tokens.caches import (
    CacheInfo,
    MessageCache,
    PromptSnapshots,
    Snapshot,
    changed_indices,
    private_copy,
)
from reverie.tokens.encodings import TextCounter

__all__ = [
    "COUNTED_KEYS",
    "CacheInfo",
    "Engine",
    "Framing",
    "cache_info",
    "clear_caches",
    "framing_for",
]

COUNTED_KEYS = ("role", "content", "name", "tool_calls", "tool_call_id", "function_call")
"""Message fields sent to a model; bookkeeping such as ``timestamp`` costs nothing."""

# OpenAI bills an image at 85 tokens in low detail and from 85 + 170 per tile in
# high detail; without its size, assume a 1024x1024 high-detail image so a
# budget check over-counts rather than under-counts.
_IMAGE_TOKENS_LOW = 85
_IMAGE_TOKENS_DEFAULT = 765
_IMAGE_PART_TYPES = frozenset({"image_url", "image", "input_image"})

_MESSAGE_CACHE_SIZE = 32_768
_PROMPT_SNAPSHOTS = 8
# Strings up to this length are cache keys as they are (no hashing); longer
# ones are keyed by a digest so the cache does not pin large texts in memory.
_INLINE_KEY_CHARS = 256


@dataclass(frozen=True)
class Framing:
    """Token overheads of the chat format around the content."""

    per_message: int = 3
    per_name: int = 1
    reply_priming: int = 3


_DEFAULT_FRAMING = Framing()
# The one model whose chat format differed (retired March 2024, still in old configs).
_LEGACY_0301_FRAMING = Framing(per_message=4, per_name=-1)


@functools.lru_cache(maxsize=256)
def framing_for(model: str | None) -> Framing:
    """The framing overheads for ``model``."""
    if model and "gpt-3.5-turbo-0301" in model.lower():
        return _LEGACY_0301_FRAMING
    return _DEFAULT_FRAMING


def _json(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    except ValueError:  # a circular reference: count what it prints as
        return str(value)


def _canonical(value: Any) -> bytes:
    try:
        text = json.dumps(
            value, ensure_ascii=False, separators=(",", ":"), sort_keys=True, default=str
        )
    except (TypeError, ValueError):  # keys that cannot be sorted, or a cycle
        text = repr(value)
    return text.encode("utf-8", "surrogatepass")


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def _fields_key(fields: dict[str, Any]) -> Hashable:
    """A cache key that is equal exactly when the counted fields are.

    The usual message holds only strings (and ``None``): its key is the tuple of
    names and values, long strings replaced by their digest (``bytes``, so they
    never equal a ``str``). Anything else is keyed by a digest of its canonical
    JSON, which is ``bytes`` and so never equals a tuple.
    """
    parts: list[object] = []
    for name, value in fields.items():
        if type(value) is str:
            if len(value) > _INLINE_KEY_CHARS:
                value = _digest(value.encode("utf-8", "surrogatepass"))
        elif value is not None:
            return _digest(_canonical(fields))
        parts.append(name)
        parts.append(value)
    return tuple(parts)


def _content_tokens(content: Any, count: TextCounter) -> int:
    if isinstance(content, str):
        return count(content)
    if not isinstance(content, list):
        return count(_json(content))
    total = 0
    for part in content:
        if isinstance(part, str):
            total += count(part)
        elif isinstance(part, Mapping):
            text = part.get("text")
            if isinstance(text, str):
                total += count(text)
            elif part.get("type") in _IMAGE_PART_TYPES:
                total += _image_tokens(part)
            else:
                total += count(_json(part))
        else:
            total += count(_json(part))
    return total


def _image_tokens(part: Mapping[str, Any]) -> int:
    image = part.get("image_url")
    detail = image.get("detail") if isinstance(image, Mapping) else part.get("detail")
    return _IMAGE_TOKENS_LOW if detail == "low" else _IMAGE_TOKENS_DEFAULT


def _preview(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _require_sequence(name: str, value: object) -> None:
    if type(value) is list:  # the usual case; the ABC checks below cost microseconds
        return
    # A string is a sequence too, and would be counted one character per "message".
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence):
        raise UserError(
            f"{name} must be a list of dicts, not {type(value).__name__}: {_preview(value)}"
        )


class Engine:
    """Counts messages for one (encoding, framing) pair, with the shared caches.

    Args:
        key: Identifies the text counter (encoding name, or ``"heuristic"``);
            counts are cached under it.
        count: The text counter.
        framing: The chat-format overheads.
    """

    def __init__(self, key: str, count: TextCounter, framing: Framing) -> None:
        self.key = key
        self.count = count
        self.framing = framing
        # Plain strings and ints: a dataclass would hash and compare in Python
        # on every cache lookup.
        self._cache_key = (key, framing.per_message, framing.per_name, framing.reply_priming)

    def message_tokens(self, message: Mapping[str, Any], *, index: int | None = None) -> int:
        """Tokens of one message, framing included (per-message LRU cached).

        Args:
            message: The chat message.
            index: Its position in a prompt, named in the error for a bad item.

        Raises:
            UserError: ``message`` is not a mapping (a chat message dict).
        """
        if type(message) is not dict and not isinstance(message, Mapping):
            field = "message" if index is None else f"messages[{index}]"
            raise UserError(
                f"{field} must be a message dict (role, content, ...), not "
                f"{type(message).__name__}: {_preview(message)}"
            )
        fields = {k: message[k] for k in COUNTED_KEYS if k in message}
        key = (self._cache_key, _fields_key(fields))
        cached = _MESSAGES.get(key)
        if cached is not None:
            return cached
        tokens = self.framing.per_message
        for name, value in fields.items():
            if value is None:
                continue
            if name == "content":
                tokens += _content_tokens(value, self.count)
            else:
                tokens += self.count(value if isinstance(value, str) else _json(value))
            if name == "name":
                tokens += self.framing.per_name
        _MESSAGES.put(key, tokens)
        return tokens

    def messages_tokens(self, messages: Sequence[Mapping[str, Any]]) -> int:
        """Sum of :meth:`message_tokens`, reusing a matching prompt snapshot.

        Raises:
            UserError: ``messages`` is not a list of chat message dicts.
        """
        _require_sequence("messages", messages)
        current = messages if isinstance(messages, list) else list(messages)
        if not current:
            return 0
        snapshot = _PROMPTS.find(self._cache_key, current)
        if snapshot is None:
            counts = [self.message_tokens(m, index=i) for i, m in enumerate(current)]
            total = sum(counts)
            self._remember(None, current, [], counts, range(len(current)), total)
            return total
        shared = min(len(current), len(snapshot.messages))
        try:
            changed = changed_indices(current, snapshot.messages, shared)
        except Exception:  # an odd __eq__ inside user content: recount everything shared
            changed = list(range(shared))
        counts = snapshot.counts[:shared]
        total = snapshot.total if shared == len(snapshot.counts) else sum(counts)
        for index in changed:
            fresh = self.message_tokens(current[index], index=index)
            total += fresh - counts[index]
            counts[index] = fresh
        for index in range(shared, len(current)):
            fresh = self.message_tokens(current[index], index=index)
            total += fresh
            counts.append(fresh)
        fresh_indices = [*changed, *range(shared, len(current))]
        self._remember(snapshot, current, snapshot.messages[:shared], counts, fresh_indices, total)
        return total

    def _remember(
        self,
        old: Snapshot | None,
        current: list[Any],
        kept: list[Any],
        counts: list[int],
        fresh: Sequence[int],
        total: int,
    ) -> None:
        """Publish a snapshot of ``current``: ``kept`` with the ``fresh`` indices copied anew."""
        kept.extend([None] * (len(current) - len(kept)))
        try:
            for index in fresh:
                kept[index] = private_copy(current[index])
        except Exception:  # uncopyable content: keep no snapshot of this prompt
            return
        _PROMPTS.publish(self._cache_key, Snapshot(kept, counts, total), old)

    def tools_tokens(self, tools: Sequence[Mapping[str, Any]] | None) -> int:
        """Tokens of the tool definitions, counted from their JSON (cached).

        Raises:
            UserError: ``tools`` is not a list of tool definitions.
        """
        if tools is None:
            return 0
        _require_sequence("tools", tools)
        if not tools:
            return 0
        key = (self._cache_key, b"tools:" + _digest(_canonical(list(tools))))
        cached = _MESSAGES.get(key)
        if cached is None:
            cached = self.count(_json(list(tools)))
            _MESSAGES.put(key, cached)
        return cached


_MESSAGES = MessageCache(_MESSAGE_CACHE_SIZE)
_PROMPTS = PromptSnapshots(_PROMPT_SNAPSHOTS)


def cache_info() -> CacheInfo:
    """Hits, misses and size of the per-message token cache."""
    return _MESSAGES.info()


def clear_caches() -> None:
    """Drop every cached count and prompt snapshot."""
    _MESSAGES.clear()
    _PROMPTS.clear()
