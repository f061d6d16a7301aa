"""The two caches behind per-turn counting: per-message counts and prompt snapshots.

* :class:`MessageCache` is a bounded, thread-safe LRU of per-message counts;
  the key is built by the engine from the fields a model sees, so the same
  content is counted once whatever dict it arrives in.
* :class:`PromptSnapshots` keeps the last few counted prompts: private copies
  of their messages (so a message edited in place no longer equals its copy)
  and their per-message counts. A new prompt that repeats most of a snapshot
  reuses its counts after C-level list comparisons, and only the messages that
  differ are looked up again (:func:`changed_indices`).

A snapshot is never modified once published, so threads can compare against
it without holding the lock.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, NamedTuple

__all__ = [
    "CacheInfo",
    "MessageCache",
    "PromptSnapshots",
    "Snapshot",
    "changed_indices",
    "private_copy",
]

# Below this many messages a range is compared item by item; above, halved.
_LINEAR_COMPARE = 16
# How many differing messages at the head of a prompt are looked at one by one
# before the rest is compared in bulk: the system prompt often changes every
# turn while the history after it does not.
_HEAD_PEEL = 4

# Values that nobody can change in place: a shallow copy of a dict holding only
# these is as good as a deep copy, at a fraction of the cost.
_IMMUTABLE_TYPES = frozenset({str, int, float, bool, bytes, type(None)})


class CacheInfo(NamedTuple):
    """Counters of the per-message cache (for tests and benchmarks)."""

    hits: int
    misses: int
    size: int


class MessageCache:
    """A thread-safe bounded LRU of per-message counts.

    Args:
        max_size: Entries kept; the least recently used go first.
    """

    def __init__(self, max_size: int) -> None:
        self._data: OrderedDict[Hashable, int] = OrderedDict()
        self._max = max_size
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> int | None:
        """The cached count for ``key``, or ``None`` (counted as a miss)."""
        with self._lock:
            value = self._data.get(key)
            if value is None:
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return value

    def put(self, key: Hashable, value: int) -> None:
        """Remember ``value`` for ``key``, evicting the oldest entries over the cap."""
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self._max:
                self._data.popitem(last=False)

    def clear(self) -> None:
        """Forget every entry and reset the counters."""
        with self._lock:
            self._data.clear()
            self.hits = 0
            self.misses = 0

    def info(self) -> CacheInfo:
        """Hits, misses and size."""
        with self._lock:
            return CacheInfo(self.hits, self.misses, len(self._data))


def private_copy(message: Any) -> Any:
    """A copy of ``message`` that later edits of the original cannot reach.

    The common chat message is a dict of strings (and ``None``): its shallow
    copy already is independent. Anything nested is deep-copied.

    Raises:
        Exception: Whatever ``copy.deepcopy`` raises for uncopyable content.
    """
    if type(message) is dict:
        for value in message.values():
            if type(value) not in _IMMUTABLE_TYPES:
                break
        else:
            return message.copy()
    return copy.deepcopy(message)


def _window(items: list[Any], start: int, end: int) -> list[Any]:
    # Slicing copies the references; skip it when the window is the whole list.
    return items if start == 0 and end == len(items) else items[start:end]


def changed_indices(current: list[Any], kept: list[Any], end: int) -> list[int]:
    """Indices below ``end`` where ``current`` and ``kept`` differ, in order.

    The head is checked item by item (a changed system prompt is the usual
    difference), then the rest is compared with one C-level list comparison;
    only when that fails is the range halved until the differences are found,
    about two passes over the messages for one difference.

    Raises:
        Exception: Whatever a message's ``__eq__`` raises.
    """
    out: list[int] = []
    start = 0
    while start < min(end, _HEAD_PEEL) and current[start] != kept[start]:
        out.append(start)
        start += 1
    if start >= end:
        return out
    # Most of the time the rest is equal: settle it without a Python loop.
    if _window(current, start, end) == _window(kept, start, end):
        return out
    # Every range on the stack is known to hold a difference, so when its left
    # half compares equal the right half needs no comparison of its own. Depth
    # first with the left half on top: differences come out in order.
    pending = [(start, end)]
    while pending:
        lo, hi = pending.pop()
        if hi - lo <= _LINEAR_COMPARE:
            out.extend(i for i in range(lo, hi) if current[i] != kept[i])
            continue
        middle = (lo + hi) // 2
        if current[lo:middle] == kept[lo:middle]:
            pending.append((middle, hi))
            continue
        if current[middle:hi] != kept[middle:hi]:
            pending.append((middle, hi))
        pending.append((lo, middle))
    return out


class Snapshot(NamedTuple):
    """One counted prompt: private copies of its messages and their counts."""

    messages: list[Any]
    counts: list[int]
    total: int


class PromptSnapshots:
    """The last few counted prompts, most recent first.

    Args:
        limit: Snapshots kept (one per active conversation is plenty).
    """

    def __init__(self, limit: int) -> None:
        # Replaced, never mutated, so readers may take it without the lock.
        self._items: tuple[tuple[Hashable, Snapshot], ...] = ()
        self._limit = limit
        self._lock = threading.Lock()

    def find(self, key: Hashable, messages: list[Any]) -> Snapshot | None:
        """A snapshot counted with ``key`` that likely shares most of ``messages``.

        Probes one early message: the system prompt may change every turn, the
        first history message rarely does, and the prompts of two sessions
        differ there. A wrong pick costs speed only, never correctness.
        """
        for item_key, snapshot in self._items:
            if item_key != key or not snapshot.messages:
                continue
            probe = 1 if len(messages) > 1 and len(snapshot.messages) > 1 else 0
            try:
                if snapshot.messages[probe] == messages[probe]:
                    return snapshot
            except Exception:  # an odd __eq__ in user content: just count afresh
                continue
        return None

    def publish(self, key: Hashable, snapshot: Snapshot, replaces: Snapshot | None) -> None:
        """Make ``snapshot`` the most recent one, dropping ``replaces`` and the oldest."""
        with self._lock:
            kept = [(k, s) for k, s in self._items if s is not replaces]
            self._items = ((key, snapshot), *kept[: self._limit - 1])

    def clear(self) -> None:
        """Forget every snapshot."""
        with self._lock:
            self._items = ()
