"""Parse one JSON document from a file line without letting its shape crash the reader.

``json.loads`` recurses once per nesting level, so a line of 100,000 ``[``
raises :class:`RecursionError` (not a :class:`ValueError`), and a line just
under the interpreter's limit parses but breaks the next code that walks it
(``json.dumps``, ``copy.deepcopy``). :func:`loads_line` turns both into
:class:`JsonTooDeep`, a :class:`ValueError`, so every reader that already skips
malformed lines skips these too.

:func:`decode_lenient` decodes bytes that are UTF-8 except for a few bad bytes,
so one bad byte costs a character (U+FFFD), not the whole record.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["MAX_JSON_DEPTH", "JsonTooDeep", "decode_lenient", "loads_line"]

MAX_JSON_DEPTH = 128
"""Deepest nesting of arrays and objects accepted; chat messages nest a handful of levels."""


class JsonTooDeep(ValueError):
    """A JSON document nests arrays or objects deeper than :data:`MAX_JSON_DEPTH`."""

    def __init__(self, limit: int = MAX_JSON_DEPTH) -> None:
        super().__init__(f"JSON nested deeper than {limit} levels")
        self.limit = limit


def loads_line(data: bytes | str, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads(data)``, refusing documents nested deeper than ``max_depth``.

    Raises:
        JsonTooDeep: the document nests too deeply.
        ValueError: the document is not JSON (``UnicodeDecodeError`` for bytes
            that are not UTF-8, as ``json.loads`` raises it).
    """
    try:
        value = json.loads(data)
    except RecursionError:
        raise JsonTooDeep(max_depth) from None
    # A document cannot nest deeper than it has brackets: the walk below is
    # only needed for the rare line with many of them.
    if isinstance(data, str):
        brackets = data.count("[") + data.count("{")
    else:
        brackets = data.count(b"[") + data.count(b"{")
    if brackets > max_depth and _deeper_than(value, max_depth):
        raise JsonTooDeep(max_depth)
    return value


def _deeper_than(value: Any, limit: int) -> bool:
    stack: list[tuple[Any, int]] = [(value, 1)] if isinstance(value, dict | list) else []
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def decode_lenient(raw: bytes) -> tuple[str, bool]:
    """``raw`` as UTF-8 text, and whether bytes that are not UTF-8 were replaced by U+FFFD."""
    try:
        return raw.decode("utf-8"), False
    except UnicodeDecodeError:
        return raw.decode("utf-8", errors="replace"), True
