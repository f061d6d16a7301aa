"""Message framing and the caches that make per-turn counting cheap.

Framing follows OpenAI's chat format: every message costs a fixed overhead
(``<|start|>{role}<|message|>…<|end|>``), a ``name`` one more token, and the
reply is primed with three tokens. Content, tool calls and tool definitions are
counted from their text / JSON.

Two caches keep a budget check at O(new messages):

* per message, keyed by (encoding, framing, hash of the canonical JSON of the
  fields a model sees), a bounded LRU — so the same content is never counted
  twice, whatever dict it arrives in;
* per prompt, a few snapshots of recently counted message lists (deep copies,
  so a message edited in place is noticed) with their per-message counts; a new
  prompt that repeats a snapshot's messages reuses their counts after one
  C-level list comparison, and only the differing messages are looked up.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from reverie.errors import UserError
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


# Below this many messages, compare one by one; above, halve (C-speed list ==).
_LINEAR_COMPARE = 16


def _mismatches(current: list[Any], kept: list[Any], lo: int, hi: int, out: list[int]) -> None:
    """Append to ``out`` the indices in ``[lo, hi)`` where the two lists differ.

    Equal stretches are skipped with one C-level list comparison each, so a
    few changed messages among thousands cost about one pass, not a Python loop.
    """
    if current[lo:hi] == kept[lo:hi]:
        return
    if hi - lo <= _LINEAR_COMPARE:
        out.extend(i for i in range(lo, hi) if current[i] != kept[i])
        return
    middle = (lo + hi) // 2
    _mismatches(current, kept, lo, middle, out)
    _mismatches(current, kept, middle, hi, out)


def _preview(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _require_sequence(name: str, value: object) -> None:
    # A string is a sequence too, and would be counted one character per "message".
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence):
        raise UserError(
            f"{name} must be a list of dicts, not {type(value).__name__}: {_preview(value)}"
        )


class CacheInfo(NamedTuple):
    """Counters of the per-message cache (for tests and benchmarks)."""

    hits: int
    misses: int
    size: int


class _Snapshot(NamedTuple):
    messages: list[Any]
    counts: list[int]
    total: int


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
        self._cache_key = (key, framing)

    def message_tokens(self, message: Mapping[str, Any], *, index: int | None = None) -> int:
        """Tokens of one message, framing included (per-message LRU cached).

        Args:
            message: The chat message.
            index: Its position in a prompt, named in the error for a bad item.

        Raises:
            UserError: ``message`` is not a mapping (a chat message dict).
        """
        if not isinstance(message, Mapping):
            field = "message" if index is None else f"messages[{index}]"
            raise UserError(
                f"{field} must be a message dict (role, content, ...), not "
                f"{type(message).__name__}: {_preview(message)}"
            )
        fields = {k: message[k] for k in COUNTED_KEYS if k in message}
        digest = hashlib.blake2b(_canonical(fields), digest_size=16).digest()
        key = (self._cache_key, digest)
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
            _PROMPTS.store(self._cache_key, None, current, [None] * len(current), counts, None)
            return sum(counts)
        shared = min(len(current), len(snapshot.messages))
        counts = snapshot.counts[:shared]
        kept = snapshot.messages[:shared]
        total = snapshot.total if shared == len(snapshot.messages) else sum(counts)
        changed: list[int] = []
        try:
            _mismatches(current, kept, 0, shared, changed)
        except Exception:  # an odd __eq__ inside user content: recount everything shared
            changed = list(range(shared))
        for index in changed:
            fresh = self.message_tokens(current[index], index=index)
            total += fresh - counts[index]
            counts[index] = fresh
        for index, message in enumerate(current[shared:], start=shared):
            fresh = self.message_tokens(message, index=index)
            total += fresh
            counts.append(fresh)
        kept.extend([None] * (len(current) - shared))
        changed.extend(range(shared, len(current)))
        _PROMPTS.store(self._cache_key, snapshot, current, kept, counts, changed, total)
        return total

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
        digest = hashlib.blake2b(_canonical(list(tools)), digest_size=16).digest()
        key = (self._cache_key, b"tools:" + digest)
        cached = _MESSAGES.get(key)
        if cached is None:
            cached = self.count(_json(list(tools)))
            _MESSAGES.put(key, cached)
        return cached


class _MessageCache:
    """A thread-safe bounded LRU of per-message counts."""

    def __init__(self, max_size: int) -> None:
        self._data: OrderedDict[tuple[Any, bytes], int] = OrderedDict()
        self._max = max_size
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: tuple[Any, bytes]) -> int | None:
        with self._lock:
            value = self._data.get(key)
            if value is None:
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return value

    def put(self, key: tuple[Any, bytes], value: int) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self._max:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self.hits = 0
            self.misses = 0

    def info(self) -> CacheInfo:
        with self._lock:
            return CacheInfo(self.hits, self.misses, len(self._data))


class _PromptSnapshots:
    """The last few counted prompts, most recent first."""

    def __init__(self, limit: int) -> None:
        self._items: list[tuple[Any, _Snapshot]] = []
        self._limit = limit
        self._lock = threading.Lock()

    def find(self, key: Any, messages: list[Any]) -> _Snapshot | None:
        # Probe one early message: the system prompt may change every turn,
        # the first history message rarely does, and prompts of two sessions
        # differ there. A wrong pick costs speed only, never correctness.
        with self._lock:
            items = list(self._items)
        for item_key, snapshot in items:
            if item_key != key or not snapshot.messages:
                continue
            probe = 1 if len(messages) > 1 and len(snapshot.messages) > 1 else 0
            try:
                if snapshot.messages[probe] == messages[probe]:
                    return snapshot
            except Exception:  # an odd __eq__ in user content: just count afresh
                continue
        return None

    def store(
        self,
        key: Any,
        old: _Snapshot | None,
        messages: list[Any],
        kept: list[Any],
        counts: list[int],
        changed: list[int] | None,
        total: int | None = None,
    ) -> None:
        for index in range(len(messages)) if changed is None else changed:
            try:
                kept[index] = copy.deepcopy(messages[index])
            except Exception:  # uncopyable content: keep no snapshot for this prompt
                return
        snapshot = _Snapshot(kept, counts, sum(counts) if total is None else total)
        with self._lock:
            self._items = [(k, s) for k, s in self._items if s is not old]
            self._items.insert(0, (key, snapshot))
            del self._items[self._limit :]

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


_MESSAGES = _MessageCache(_MESSAGE_CACHE_SIZE)
_PROMPTS = _PromptSnapshots(_PROMPT_SNAPSHOTS)


def cache_info() -> CacheInfo:
    """Hits, misses and size of the per-message token cache."""
    return _MESSAGES.info()


def clear_caches() -> None:
    """Drop every cached count and prompt snapshot."""
    _MESSAGES.clear()
    _PROMPTS.clear()
