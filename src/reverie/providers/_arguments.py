"""Tool-call arguments as a dict, whatever the model actually sent.

Models emit arguments as JSON text, and some of them emit it broken (a missing
brace, single quotes, a truncated string). Valid JSON is used as is; broken JSON
goes through ``json_repair``; what cannot be turned into an object becomes ``{}``
with a reason, so the tool loop can tell the model instead of crashing.
"""

from __future__ import annotations

import json
from typing import Any

from reverie._jsonline import JsonTooDeep, loads_line
from reverie._logging import get_logger

__all__ = ["parse_tool_arguments"]

_log = get_logger("providers")
_PREVIEW_CHARS = 200


def _preview(text: str) -> str:
    return text if len(text) <= _PREVIEW_CHARS else text[:_PREVIEW_CHARS] + "…"


def parse_tool_arguments(raw: object, *, tool_name: str) -> tuple[dict[str, Any], str | None]:
    """Decode the arguments of one tool call.

    Args:
        raw: What the server sent: JSON text (OpenAI) or an already decoded
            value (Anthropic ``input``); None or empty text means no arguments.
        tool_name: The tool's name, for the log and the error text.

    Returns:
        ``(arguments, error)``: ``error`` is None when the arguments were usable
        (possibly after repair), else a sentence saying why they were dropped.
    """
    if raw is None:
        return {}, None
    if isinstance(raw, dict):
        return raw, None
    if not isinstance(raw, str):
        error = f"arguments for tool {tool_name!r} are a {type(raw).__name__}, not a JSON object"
        _log.warning("%s", error)
        return {}, error
    if not raw.strip():
        return {}, None
    try:
        value: object = loads_line(raw)
    except JsonTooDeep as exc:
        error = f"arguments for tool {tool_name!r} are {exc}: {_preview(raw)!r}"
        _log.warning("%s", error)
        return {}, error
    except json.JSONDecodeError:
        # Imported here: json_repair costs ~30 ms to import and is needed only
        # when a model sends broken JSON.
        import json_repair

        try:
            value = json_repair.loads(raw)
        except Exception as exc:  # the repairer is heuristic; any failure means unusable
            value = None
            _log.debug("json_repair failed on %r: %s", _preview(raw), exc)
        # An empty object repaired out of non-empty text means the content was lost.
        if isinstance(value, dict) and value:
            _log.info("repaired malformed JSON arguments for tool %r", tool_name)
            return value, None
        error = (
            f"arguments for tool {tool_name!r} are not valid JSON and could not be "
            f"repaired: {_preview(raw)!r}"
        )
        _log.warning("%s", error)
        return {}, error
    if isinstance(value, dict):
        return value, None
    if value is None:  # "null": some servers say "no arguments" this way
        return {}, None
    error = (
        f"arguments for tool {tool_name!r} must be a JSON object, got "
        f"{type(value).__name__}: {_preview(raw)!r}"
    )
    _log.warning("%s", error)
    return {}, error
