"""Check one imported chat message and bring it to the session form.

Sessions store messages as plain dicts (``role``, ``content``, ``timestamp`` and,
when present, ``tool_calls`` / ``tool_call_id`` / ``name``). Sources differ in
small ways: content may be a list of parts, a time may be epoch seconds, who said
a turn of a two-person chat may be its ``speaker`` (kept as ``name``). This module
accepts those variants and rejects anything a model could not replay, naming the
field.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from reverie.ingest.model import IngestError
from reverie.messages import Message, as_message

__all__ = ["ROLES", "SpeakerRoles", "normalise_message", "normalise_timestamp"]

ROLES = ("assistant", "system", "tool", "user")
"""Roles a session message may have."""

_KEPT_FIELDS = ("tool_calls", "tool_call_id", "name", "tools_used")


def normalise_timestamp(value: object, field: str = "timestamp") -> str | None:
    """An ISO 8601 string for ``value`` (ISO text or epoch seconds); None when absent.

    Raises:
        IngestError: when the value is present but is neither.
    """
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise IngestError(field, f"must be an ISO 8601 time or epoch seconds (got {value!r})")
    if isinstance(value, int | float):
        try:
            # Naive local time, as sessions store it.
            return datetime.fromtimestamp(float(value)).isoformat(timespec="seconds")
        except (OverflowError, OSError, ValueError) as exc:
            raise IngestError(field, f"epoch seconds out of range (got {value!r})") from exc
    if isinstance(value, str):
        try:
            datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError as exc:
            raise IngestError(
                field, f"must be an ISO 8601 time like 2026-04-03T09:15:00 (got {value!r})"
            ) from exc
        return value
    raise IngestError(field, f"must be an ISO 8601 time or epoch seconds (got {value!r})")


def _content(value: object, prefix: str) -> str | list[Any] | None:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list):
        for index, part in enumerate(value):
            if isinstance(part, str):
                continue
            if not isinstance(part, Mapping):
                raise IngestError(
                    f"{prefix}content[{index}]",
                    f"must be a string or a content part object (got {type(part).__name__})",
                )
        return list(value)
    raise IngestError(
        f"{prefix}content",
        f"must be a string, a list of content parts or null (got {type(value).__name__})",
    )


def _tool_calls(value: object, prefix: str) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise IngestError(f"{prefix}tool_calls", "must be a list of tool call objects")
    calls: list[dict[str, Any]] = []
    for index, call in enumerate(value):
        where = f"{prefix}tool_calls[{index}]"
        if not isinstance(call, Mapping):
            raise IngestError(where, "must be an object with id and function")
        function = call.get("function")
        if not isinstance(function, Mapping) or not isinstance(function.get("name"), str):
            raise IngestError(f"{where}.function.name", "must be the called tool's name")
        calls.append(dict(call))
    return calls


class SpeakerRoles:
    """Roles for a chat between people, where each turn names who said it.

    A two-person export names the speaker instead of a role (``"role": "Caroline"``,
    or ``"speaker": "Caroline"`` with no role). The first person of a conversation
    becomes ``user``, everyone else ``assistant``; the name is kept as the
    message's ``name``, so memory and recall still know who said what.
    """

    def __init__(self) -> None:
        self._first: str | None = None

    def role_for(self, person: str) -> str:
        """``user`` for the conversation's first speaker, ``assistant`` for the others."""
        if self._first is None:
            self._first = person
        return "user" if person == self._first else "assistant"


def _person(raw: Mapping[str, Any]) -> str | None:
    """Who said a turn that has no role: a name in ``role``, or ``speaker``.

    A name is capitalised ("Caroline"); a lowercase unknown role ("bot") stays
    an error, since it is more likely a typo than a person.
    """
    role, speaker = raw.get("role"), raw.get("speaker")
    if isinstance(role, str) and role.strip()[:1].isupper() and role not in ROLES:
        return role.strip()
    if role is None and isinstance(speaker, str) and speaker.strip():
        return speaker.strip()
    return None


def normalise_message(
    raw: object, prefix: str = "", *, speakers: SpeakerRoles | None = None
) -> Message:
    """Validate one message and return it in session form.

    Args:
        raw: The decoded JSON value.
        prefix: Prepended to field names in errors (``messages[3].``).
        speakers: The conversation's people, when its turns may name a person
            instead of a role (see :class:`SpeakerRoles`).

    Raises:
        IngestError: naming the field that is missing or malformed.
    """
    if not isinstance(raw, Mapping):
        raise IngestError(prefix.rstrip("."), f"must be a message object (got {_kind(raw)})")
    person = _person(raw) if speakers is not None else None
    if person is not None and speakers is not None:
        text = raw.get("content", raw.get("text"))
        raw = {**raw, "role": speakers.role_for(person), "name": person, "content": text}
    role = raw.get("role")
    if role not in ROLES:
        shown = "missing" if role is None else f"got {role!r}"
        raise IngestError(f"{prefix}role", f"must be one of {', '.join(ROLES)} ({shown})")
    if "content" not in raw and not raw.get("tool_calls"):
        raise IngestError(f"{prefix}content", 'is missing (use "" for an empty message)')
    message: dict[str, Any] = {"role": role, "content": _content(raw.get("content"), prefix)}
    stamp = normalise_timestamp(raw.get("timestamp"), f"{prefix}timestamp")
    if stamp is not None:
        message["timestamp"] = stamp
    for name in _KEPT_FIELDS:
        value = raw.get(name)
        if value is None:
            continue
        if name == "tool_calls":
            message[name] = _tool_calls(value, prefix)
        elif name == "tools_used":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise IngestError(f"{prefix}tools_used", "must be a list of tool names")
            message[name] = list(value)
        elif not isinstance(value, str):
            raise IngestError(f"{prefix}{name}", f"must be a string (got {_kind(value)})")
        else:
            message[name] = value
    speaker = raw.get("speaker")
    if role in ("user", "assistant") and "name" not in message and speaker is not None:
        # Two-person chat exports name who said each turn in "speaker"; sessions
        # (and recall) know it as the message's name.
        if not isinstance(speaker, str):
            raise IngestError(f"{prefix}speaker", f"must be a string (got {_kind(speaker)})")
        message["name"] = speaker
    if role == "tool" and "tool_call_id" not in message and "name" not in message:
        raise IngestError(f"{prefix}tool_call_id", "a tool result needs tool_call_id or name")
    return as_message(message)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, list):
        return "list"
    return type(value).__name__
