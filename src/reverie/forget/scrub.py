"""Removing one text from a string, a JSON value, or a file's bytes.

A forgotten text is replaced by ``[forgotten]`` where it stood, so a sentence
still reads ("my password is [forgotten]"). The text can hide in more than one
spelling: JSON escapes it (``\\"``, ``\\n``, ``\\u00e9`` when written ASCII-only),
and a tool call's ``arguments`` is JSON inside JSON, escaped twice. So each
string is searched for every spelling, and a JSON file is decoded, cleaned
value by value and encoded again, never edited as raw text (a raw edit could
cut an escape sequence in half).

Files that are not UTF-8 text get the text's bytes overwritten in place with a
filler of the same length, so offsets inside a binary format stay valid.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["PLACEHOLDER", "STRUCTURAL_FIELDS", "Scrubbed", "Scrubber", "json_line_bytes"]

PLACEHOLDER = "[forgotten]"
"""What a forgotten text is replaced with (unless it is part of the text itself)."""

STRUCTURAL_FIELDS = frozenset(
    {
        "_type",
        "archived_at",
        "created_at",
        "id",
        "key",
        "last_active",
        "role",
        "session_key",
        "timestamp",
        "tool_call_id",
        "type",
        "updated_at",
    }
)
"""JSON fields whose values are reverie's bookkeeping, not text: never edited.

A needle found in one of them (a session key, a role) cannot be forgotten by
editing text; the caller refuses and says what to do instead.
"""

_JSON_DEPTH = 3
"""Spellings tried: raw, escaped once (JSON), twice (JSON in JSON), three times."""


def json_line_bytes(value: Any) -> bytes:
    """``value`` as reverie writes a JSONL line (UTF-8, no ASCII escaping)."""
    text = json.dumps(value, ensure_ascii=False)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: reverie writes those lines ASCII-escaped
        return json.dumps(value, ensure_ascii=True).encode("ascii")


@dataclass(frozen=True)
class Scrubbed:
    """A file's bytes after the needle was removed."""

    data: bytes
    count: int
    """Occurrences removed."""
    structure: tuple[str, ...] = ()
    """Bookkeeping fields (``role``, ``session_key`` …) holding the needle, left as they were."""


@dataclass(frozen=True)
class _Spelling:
    text: str
    replacement: str


class Scrubber:
    """Finds and removes one text (the *needle*) in strings, JSON values and file bytes.

    The needle is kept only in memory: :func:`repr` shows its length, never it.

    Args:
        needle: The exact text to forget (case-sensitive).
    """

    def __init__(self, needle: str) -> None:
        if not needle:
            raise ValueError("the text to forget is empty")
        self._needle = needle
        replacement = "" if needle in PLACEHOLDER else PLACEHOLDER
        spellings = {needle: _Spelling(needle, replacement)}
        layer = [spellings[needle]]
        for _ in range(_JSON_DEPTH):
            # Each level escapes every spelling of the level below, with and without
            # ASCII escapes: a writer may pick either at any level.
            deeper = []
            for form in layer:
                for ascii_only in (False, True):
                    escaped = json.dumps(form.text, ensure_ascii=ascii_only)[1:-1]
                    if escaped not in spellings:
                        filler = json.dumps(form.replacement, ensure_ascii=ascii_only)[1:-1]
                        spellings[escaped] = _Spelling(escaped, filler)
                        deeper.append(spellings[escaped])
            layer = deeper
        # Longest first: an escaped spelling may contain the raw one.
        self._spellings = sorted(spellings.values(), key=lambda s: len(s.text), reverse=True)
        self._byte_forms = sorted(
            {form.text.encode("utf-8", "surrogatepass") for form in spellings.values()},
            key=len,
            reverse=True,
        )

    def __repr__(self) -> str:
        return f"Scrubber(<{len(self._needle)} characters>)"

    @property
    def needle(self) -> str:
        """The text being forgotten."""
        return self._needle

    # -- finding -----------------------------------------------------------------

    def in_bytes(self, data: bytes) -> bool:
        """True when any spelling of the needle occurs in ``data``."""
        return any(form in data for form in self._byte_forms)

    # -- removing ----------------------------------------------------------------

    def text(self, text: str) -> tuple[str, int]:
        """``text`` without the needle (any spelling) and how many occurrences went."""
        text, total = self._pass(text, placeholders=True)
        # Replacing can join two halves into a new occurrence ("aab" minus "ab",
        # or two placeholders side by side): later passes delete instead, which
        # shortens the text every time, so they end.
        while True:
            text, found = self._pass(text, placeholders=False)
            if not found:
                return text, total
            total += found

    def _pass(self, text: str, *, placeholders: bool) -> tuple[str, int]:
        found = 0
        for spelling in self._spellings:
            if spelling.text in text:
                found += text.count(spelling.text)
                text = text.replace(spelling.text, spelling.replacement if placeholders else "")
        return text, found

    def value(self, value: Any, structure: list[str] | None = None) -> tuple[Any, int]:
        """A JSON value with the needle removed from its text.

        Field names and the values of :data:`STRUCTURAL_FIELDS` (roles, ids, keys,
        times) are never changed: a needle found there is recorded in
        ``structure`` (as ``field`` names) for the caller to refuse.
        """
        return self._value(value, "", structure if structure is not None else [])

    def _value(self, value: Any, field: str, structure: list[str]) -> tuple[Any, int]:
        if isinstance(value, str):
            if field in STRUCTURAL_FIELDS:
                if self.in_bytes(value.encode("utf-8", "surrogatepass")):
                    structure.append(field)
                return value, 0
            return self.text(value)
        if isinstance(value, list):
            total = 0
            items = []
            for item in value:
                cleaned, count = self._value(item, field, structure)
                items.append(cleaned)
                total += count
            return (items, total) if total else (value, 0)
        if isinstance(value, dict):
            total = 0
            pairs = []
            for key, item in value.items():
                if self.in_bytes(str(key).encode("utf-8", "surrogatepass")):
                    structure.append("a field name")
                cleaned, count = self._value(item, str(key), structure)
                pairs.append((key, cleaned))
                total += count
            return (dict(pairs), total) if total else (value, 0)
        return value, 0

    def raw_bytes(self, data: bytes) -> tuple[bytes, int]:
        """``data`` with each byte spelling of the needle overwritten by a filler of its length."""
        total = 0
        for form in self._byte_forms:
            if form not in data:
                continue
            filler = _filler(form)
            total += data.count(form)
            data = data.replace(form, filler)
        return data, total

    def file_bytes(self, name: str, data: bytes) -> Scrubbed:
        """A whole file's bytes without the needle, treated by its kind.

        ``*.jsonl`` (and copies such as ``x.jsonl.corrupt-…``): line by line,
        each line decoded, cleaned and encoded again (a line that is not JSON is
        cleaned as text). ``*.json``: one document. Other UTF-8 files: text.
        Anything else: :meth:`raw_bytes`.
        """
        if not self.in_bytes(data):
            return Scrubbed(data, 0)
        structure: list[str] = []
        if ".jsonl" in name:
            cleaned, count = self._jsonl(data, structure)
            return Scrubbed(cleaned, count, tuple(structure))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return Scrubbed(*self.raw_bytes(data))
        if name.endswith(".json"):
            document = self._json_document(text, structure)
            if document is not None:
                return Scrubbed(*document, tuple(structure))
        new_text, count = self.text(text)
        return Scrubbed(new_text.encode("utf-8"), count)

    def _jsonl(self, data: bytes, structure: list[str]) -> tuple[bytes, int]:
        out: list[bytes] = []
        total = 0
        for line in _lines(data):
            body = line.rstrip(b"\r\n")
            ending = line[len(body) :]
            if not self.in_bytes(body):
                out.append(line)
                continue
            cleaned, count = self._json_line(body, structure)
            out.append(cleaned + ending)
            total += count
        return b"".join(out), total

    def _json_line(self, body: bytes, structure: list[str]) -> tuple[bytes, int]:
        try:
            value = json.loads(body)
        except (ValueError, RecursionError):
            return self._text_or_raw(body)
        before = len(structure)
        cleaned, count = self.value(value, structure)
        if not count:
            if len(structure) > before:
                return body, 0  # only in bookkeeping fields: left for the caller to refuse
            return self._text_or_raw(body)  # only in a spelling JSON decoding does not undo
        return json_line_bytes(cleaned), count

    def _json_document(self, text: str, structure: list[str]) -> tuple[bytes, int] | None:
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            return None
        cleaned, count = self.value(value, structure)
        if not count:
            return None
        indent = 2 if "\n" in text.strip() else None
        dumped = json.dumps(cleaned, ensure_ascii=False, indent=indent)
        return (dumped + ("\n" if text.endswith("\n") else "")).encode("utf-8"), count

    def _text_or_raw(self, body: bytes) -> tuple[bytes, int]:
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            return self.raw_bytes(body)
        cleaned, count = self.text(text)
        return cleaned.encode("utf-8"), count


def _lines(data: bytes) -> Iterator[bytes]:
    start = 0
    while start < len(data):
        end = data.find(b"\n", start)
        if end < 0:
            yield data[start:]
            return
        yield data[start : end + 1]
        start = end + 1


def _filler(form: bytes) -> bytes:
    """A run of one byte that does not occur in ``form``, as long as ``form``."""
    for candidate in b"*#~-_0x":
        if candidate not in form:
            return bytes([candidate]) * len(form)
    return next(bytes([b]) * len(form) for b in range(256) if b not in form)
