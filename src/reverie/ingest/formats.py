"""Parse conversation files: reverie JSONL, OpenAI-style JSON / JSONL, ChatGPT exports.

=================  =====================================================================
``reverie-jsonl``  one message per line, as in ``sessions/*.jsonl``; a
                   ``{"_type": "metadata", "key": ...}`` line starts a new conversation
                   (so session files of reverie or nanobot import as they are)
``openai-json``    ``{"messages": [...]}``, or a list of such objects
``openai-jsonl``   one ``{"messages": [...]}`` conversation per line
``chatgpt``        ``conversations.json`` of a ChatGPT data export
=================  =====================================================================

A zip archive (the ChatGPT export as downloaded) is read through its
``conversations.json`` (:mod:`reverie.ingest.archive`).

:func:`detect_format` tells them apart by content, not by file name.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from reverie._jsonline import JsonTooDeep, loads_line
from reverie._readfile import FileTooLarge, NotARegularFile, read_regular_file
from reverie.errors import UserError
from reverie.ingest.archive import archive_kind, read_zip_member
from reverie.ingest.chatgpt import parse_chatgpt
from reverie.ingest.messages import SpeakerRoles, normalise_message
from reverie.ingest.model import (
    FORMATS,
    IMPORT_METADATA_KEY,
    Format,
    ImportedConversation,
    IngestError,
    ParseResult,
)
from reverie.messages import Message
from reverie.sessions.session import ARCHIVED_OFFSET_KEY

__all__ = ["detect_format", "parse_file"]


MAX_FILE_BYTES = 1 << 30
"""The ingest file size limit: larger exports are split first (a whole file is parsed at once)."""
_LIMIT_NAME = "the ingest file size limit"


def _read(path: Path) -> str:
    try:
        data = read_regular_file(
            path, limit=MAX_FILE_BYTES, limit_name="the ingest file size limit"
        )
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UserError(f"{path}: is a directory; give the conversation files inside it") from None
    except NotARegularFile as exc:
        raise UserError(
            f"{path}: {exc.strerror}; reverie ingest reads regular files only"
        ) from None
    except FileTooLarge as exc:
        raise UserError(f"{path}: {exc.strerror}; split it into smaller files") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    where = str(path)
    kind = archive_kind(data)
    if kind == "a zip archive":
        member, data = read_zip_member(path, data)
        where = f"{path} (its {member})"
    elif kind is not None:
        raise UserError(f"{path}: {kind}; unpack it and import the conversation file inside")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UserError(f"{where}: not UTF-8 text (bad byte at offset {exc.start})") from exc


def _lines(text: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            yield number, line


def _json_lines(text: str, result: ParseResult) -> Iterator[tuple[int, int, Any]]:
    """``(position, line number, value)`` of each non-blank line, parsed as JSON.

    A line that is not JSON is recorded as a problem of ``result`` and skipped;
    ``position`` (1-based, over the non-blank lines) still counts it.
    """
    for position, (number, line) in enumerate(_lines(text), start=1):
        try:
            record = loads_line(line)
        except JsonTooDeep as exc:
            result.problem(f"line {number}", IngestError("", str(exc)))
            continue
        except json.JSONDecodeError as exc:
            result.problem(f"line {number}", IngestError("", f"not valid JSON ({exc.msg})"))
            continue
        yield position, number, record


def detect_format(path: Path, text: str | None = None) -> Format:
    """Which format ``path`` holds, judged by its content.

    Raises:
        UserError: naming the file when it is empty or none of the formats.
    """
    text = _read(path) if text is None else text
    stripped = text.lstrip()
    if not stripped:
        raise UserError(f"{path}: the file is empty")
    try:
        whole = loads_line(text)
    except JsonTooDeep as exc:
        raise UserError(f"{path}: {exc}") from None
    except ValueError:
        whole = None
    else:
        if isinstance(whole, list):
            first = next((item for item in whole if isinstance(item, Mapping)), None)
            if first is not None and "mapping" in first:
                return "chatgpt"
            return "openai-json"
        if isinstance(whole, Mapping) and "messages" in whole:
            return "openai-json"
        if isinstance(whole, Mapping) and "mapping" in whole:
            return "chatgpt"  # one conversation saved on its own
    for _, line in _lines(text):
        try:
            record = loads_line(line)
        except ValueError:
            continue
        if isinstance(record, Mapping):
            if "messages" in record:
                return "openai-jsonl"
            if "role" in record or "_type" in record:
                return "reverie-jsonl"
        break
    if stripped.startswith("["):
        return "openai-json"
    raise UserError(
        f"{path}: not a conversation file reverie knows; expected JSONL with one message "
        'per line, {"messages": [...]} JSON or JSONL, or a ChatGPT conversations.json'
    )


def parse_file(path: Path | str, fmt: Format | None = None) -> ParseResult:
    """Read every conversation in ``path``.

    Args:
        path: The file.
        fmt: Force a format; None detects it (see :func:`detect_format`).

    Returns:
        The conversations that are valid and a problem per bad record; a bad
        message is left out, and the rest of its conversation is kept.

    Raises:
        UserError: when the file cannot be read, is empty, or is not JSON at
            all in a JSON format.
    """
    path = Path(path)
    if fmt is not None and fmt not in FORMATS:
        raise UserError(f"unknown format {fmt!r}; accepted: {', '.join(FORMATS)}")
    text = _read(path)
    fmt = fmt or detect_format(path, text)
    result = ParseResult(file=path, format=fmt)
    if fmt == "reverie-jsonl":
        _parse_reverie_jsonl(text, result)
    elif fmt == "openai-jsonl":
        _parse_openai_jsonl(text, result)
    else:
        try:
            data = loads_line(text)
        except JsonTooDeep as exc:
            raise UserError(f"{path}: {exc}") from None
        except ValueError as exc:
            raise UserError(f"{path}: not valid JSON: {exc}") from exc
        if fmt == "chatgpt":
            parse_chatgpt(data, result)
        else:
            _parse_openai_json(data, result)
    _dedupe_keys(result.conversations)
    return result


def _default_key(path: Path) -> str:
    return f"ingest:{path.stem}"


def _user_metadata(metadata: Mapping[str, Any]) -> dict[str, Any]:
    """A session file's metadata without the bookkeeping of the workspace it came from.

    ``archived_offset`` counts messages archived *there*, ``_``-keys hold that
    workspace's summaries and in-flight state, and the import marker belongs to
    that import: copied here they would describe messages this workspace never had.
    """
    dropped = {ARCHIVED_OFFSET_KEY, IMPORT_METADATA_KEY}
    return {k: v for k, v in metadata.items() if k not in dropped and not str(k).startswith("_")}


def _parse_reverie_jsonl(text: str, result: ParseResult) -> None:
    """Messages in order; a metadata line switches to its session key.

    Blocks with the same key (one chat continued on several days) join one
    conversation, in file order.
    """
    by_key: dict[str, ImportedConversation] = {}
    people: dict[str, SpeakerRoles] = {}
    spans: dict[str, list[list[int]]] = {}
    key = _default_key(result.file)
    block_start: int | None = None
    for _, number, record in _json_lines(text, result):
        where = f"line {number}"
        if isinstance(record, Mapping) and record.get("_type") == "metadata":
            named = record.get("key")
            if named is not None and (not isinstance(named, str) or not named.strip()):
                result.problem(where, IngestError("key", "must be a non-empty session key"))
                named = None
            key = named or _default_key(result.file)
            metadata = record.get("metadata")
            if key not in by_key:
                by_key[key] = ImportedConversation(
                    key=key, messages=[], file=result.file, location=""
                )
            if isinstance(metadata, Mapping):
                by_key[key].metadata.update(_user_metadata(metadata))
            block_start = number
            continue
        try:
            message = normalise_message(record, speakers=people.setdefault(key, SpeakerRoles()))
        except IngestError as exc:
            result.problem(where, exc)
            continue
        conversation = by_key.get(key)
        if conversation is None:
            conversation = by_key[key] = ImportedConversation(
                key=key, messages=[], file=result.file, location=""
            )
        conversation.messages.append(message)
        ranges = spans.setdefault(key, [])
        first = number if block_start is None else block_start
        if ranges and ranges[-1][0] == first:
            ranges[-1][1] = number
        else:
            ranges.append([first, number])
        block_start = first
    for key, conversation in by_key.items():
        if conversation.messages:
            shown = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in spans[key])
            conversation.location = f"lines {shown}"
            result.conversations.append(conversation)


def _conversation(record: object, result: ParseResult, where: str, number: int) -> None:
    if not isinstance(record, Mapping):
        result.problem(where, IngestError("", "must be an object with a messages list"))
        return
    raw_messages = record.get("messages")
    if not isinstance(raw_messages, list):
        result.problem(where, IngestError("messages", "must be a list of message objects"))
        return
    messages: list[Message] = []
    speakers = SpeakerRoles()
    for index, raw in enumerate(raw_messages):
        try:
            messages.append(normalise_message(raw, prefix=f"messages[{index}].", speakers=speakers))
        except IngestError as exc:
            result.problem(where, exc)
    if not messages:
        if raw_messages:
            return  # every message was reported above
        result.problem(where, IngestError("messages", "is empty"))
        return
    key = record.get("id") if isinstance(record.get("id"), str) else None
    if not key:
        # The first conversation keeps the plain name, so appending a second one to
        # the file later does not rename the first (and import it twice).
        stem = _default_key(result.file)
        key = stem if number == 1 else f"{stem}:{number}"
    title = record.get("title")
    result.conversations.append(
        ImportedConversation(
            key=key,
            messages=messages,
            file=result.file,
            location=where,
            title=title if isinstance(title, str) else "",
        )
    )


def _parse_openai_json(data: object, result: ParseResult) -> None:
    if isinstance(data, Mapping):
        _conversation(data, result, "the top-level object", 1)
        return
    if not isinstance(data, list):
        result.problem("the top level", IngestError("", "must be an object or a list"))
        return
    for number, record in enumerate(data, start=1):
        _conversation(record, result, f"item {number}", number)


def _parse_openai_jsonl(text: str, result: ParseResult) -> None:
    for position, number, record in _json_lines(text, result):
        _conversation(record, result, f"line {number}", position)


def _dedupe_keys(conversations: list[ImportedConversation]) -> None:
    """Give each conversation of one file its own key (``key``, ``key#2``, ...)."""
    seen: dict[str, int] = {}
    for conversation in conversations:
        count = seen.get(conversation.key, 0) + 1
        seen[conversation.key] = count
        if count > 1:
            conversation.key = f"{conversation.key}#{count}"
