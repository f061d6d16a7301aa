"""A conversation: its messages, what is consolidated, and what may go to a model.

Messages are stored as nanobot stores them: plain dicts with ``role``,
``content``, ``timestamp`` and, when present, ``tool_calls`` / ``tool_call_id``
/ ``name`` (plus anything else a caller adds). ``last_consolidated`` counts the
leading messages already summarised into history; :meth:`Session.get_history`
only ever replays the rest.

Absolute message indexes
------------------------
A message's index in ``messages`` shifts whenever older messages leave the
file (idle compaction, ``/new``, retention). ``archived_offset`` (stored as
``metadata["archived_offset"]``, which nanobot keeps untouched) counts the
messages that have left, so ``archived_offset + i`` is the *absolute index* of
``messages[i]``: "message #k of session S" names the same message for the
session's whole life, in the live file or in the transcript archive. History
entries record ``source = {"session_key": S, "start": a, "end": b}`` in these
indexes, ``end`` exclusive (:meth:`Session.source_range`). A key that is
deleted and later used again continues after the archive's highest index, so
an index is never given to two messages.

A message whose line was too damaged to read is *lost*: its absolute index is
recorded in ``metadata["_lost_messages"]`` and skipped, so the messages after
it keep theirs (:mod:`reverie.sessions.lost`): ``archived_offset + i`` then
holds up to the first lost index, and :meth:`Session.absolute_index` always.

Times are naive local datetimes, as nanobot writes them, so files and
comparisons with ``datetime.now()`` work the same in both programs.

What goes to a model
--------------------
:meth:`Session.get_history` returns copies holding only ``role``, ``content``,
``tool_calls``, ``tool_call_id`` and ``name``. ``timestamp`` stays out (as in
nanobot): providers reject or bill unknown fields, and the time of a turn is
not something the model should echo. The tail it returns is legal for every
provider: it starts at a user turn when the window has one; each tool result
directly follows the assistant message that called it; a call whose result
never arrived (a crash mid-turn) is left out, since a dangling call makes the
next request fail; and a budget cut never falls between a call and its results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from reverie._logging import OnceWarner, get_logger
from reverie.messages import Message, as_message
from reverie.sessions import lost as _lost
from reverie.tokens import estimate_message_tokens

__all__ = ["ARCHIVED_OFFSET_KEY", "LAST_SUMMARY_KEY", "WIRE_FIELDS", "Session", "legal_messages"]

ARCHIVED_OFFSET_KEY = "archived_offset"
"""``metadata`` key counting the messages that have left the session file."""
LAST_SUMMARY_KEY = "_last_summary"
"""``metadata`` key of the summary to show once: ``{"text", "last_active"}``."""

WIRE_FIELDS = ("tool_calls", "tool_call_id", "name")
"""Optional message fields that are sent to a model (besides role and content)."""

_log = get_logger("sessions")
_warner = OnceWarner(_log)


@dataclass
class Session:
    """One conversation, keyed ``channel:chat_id``.

    Attributes:
        key: The session key.
        messages: Stored messages, oldest first (see the module docstring).
        created_at: When the session began (naive local time).
        updated_at: When a message was last added (naive local time).
        metadata: Free-form data saved with the session (summaries, offsets).
        last_consolidated: How many leading ``messages`` are already summarised.
    """

    key: str
    messages: list[Message] = field(default_factory=list)
    created_at: datetime = field(default_factory=datetime.now)
    updated_at: datetime = field(default_factory=datetime.now)
    metadata: dict[str, Any] = field(default_factory=dict)
    last_consolidated: int = 0

    def add_message(self, role: str, content: Any, **extra: Any) -> Message:
        """Append a message stamped with the current time and return it.

        ``extra`` fields (``tool_calls``, ``tool_call_id``, ``name``, or a
        caller's own ``timestamp``) are stored as given.
        """
        now = datetime.now()
        message = as_message(
            {"role": role, "content": content, "timestamp": now.isoformat(), **extra}
        )
        self.messages.append(message)
        self.updated_at = now
        return message

    @property
    def archived_offset(self) -> int:
        """How many messages of this session have left the file (into the archive)."""
        value = self.metadata.get(ARCHIVED_OFFSET_KEY, 0)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        _warner.warn(
            "archived_offset",
            "session %r: metadata.%s is %r, not a count; using 0",
            self.key,
            ARCHIVED_OFFSET_KEY,
            value,
        )
        return 0

    @archived_offset.setter
    def archived_offset(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"archived_offset must be a count >= 0, got {value!r}")
        if value:
            self.metadata[ARCHIVED_OFFSET_KEY] = value
        else:
            self.metadata.pop(ARCHIVED_OFFSET_KEY, None)

    @property
    def lost_indexes(self) -> list[int]:
        """Absolute indexes of messages whose lines were damaged beyond reading, sorted."""
        return _lost.lost_indexes(self.metadata)

    @property
    def total_messages(self) -> int:
        """Messages over the session's whole life: archived, lost and live."""
        if not self.messages:
            return self.archived_offset + sum(
                1 for index in self.lost_indexes if index >= self.archived_offset
            )
        return self.absolute_index(len(self.messages) - 1) + 1

    def consolidated_count(self) -> int:
        """``last_consolidated``, reset to 0 (and logged once) when out of range."""
        value = self.last_consolidated
        valid = isinstance(value, int) and not isinstance(value, bool)
        if valid and 0 <= value <= len(self.messages):
            return value
        _warner.warn(
            "last_consolidated",
            "session %r: last_consolidated=%r is outside 0..%d; resetting to 0",
            self.key,
            value,
            len(self.messages),
        )
        self.last_consolidated = 0
        return 0

    def unconsolidated(self) -> list[Message]:
        """The stored messages not yet summarised (from ``last_consolidated`` on)."""
        return self.messages[self.consolidated_count() :]

    def suffix_start(self, keep: int) -> int:
        """Where a kept tail of at least the newest ``keep`` messages starts.

        The cut moves back to the nearest user turn (to 0 when there is none),
        so what stays replays as whole turns. ``keep <= 0`` keeps nothing and
        returns ``len(messages)``.
        """
        if keep <= 0:
            return len(self.messages)
        start = max(0, len(self.messages) - keep)
        while start > 0 and self.messages[start].get("role") != "user":
            start -= 1
        return start

    def absolute_index(self, index: int) -> int:
        """The absolute index of ``messages[index]`` (negative indexes allowed)."""
        size = len(self.messages)
        if not -size <= index <= size:
            raise IndexError(f"session {self.key!r} has no message at {index}")
        position = index % size if index < 0 else index
        return _lost.absolute_index(self.archived_offset, self.lost_indexes, position)

    def position_of(self, index: int) -> int | None:
        """Where absolute ``index`` is in ``messages``; None when archived, lost or not yet."""
        position = _lost.live_position(self.archived_offset, self.lost_indexes, index)
        return position if position is not None and position < len(self.messages) else None

    def count_before(self, index: int) -> int:
        """How many of ``messages`` have an absolute index below ``index``."""
        count = _lost.count_before(self.archived_offset, self.lost_indexes, index)
        return max(0, min(count, len(self.messages)))

    def source_range(self, start: int, end: int) -> dict[str, Any]:
        """A history ``source`` naming ``messages[start:end]`` in absolute indexes."""
        if not 0 <= start <= end <= len(self.messages):
            raise IndexError(
                f"session {self.key!r}: range {start}:{end} is outside 0:{len(self.messages)}"
            )
        first = self.absolute_index(start) if start < len(self.messages) else self.total_messages
        last = self.absolute_index(end - 1) + 1 if end > start else first
        return {"session_key": self.key, "start": first, "end": last}

    def get_history(self, max_messages: int = 120, *, max_tokens: int = 0) -> list[Message]:
        """The unconsolidated tail to send to a model, legal for every provider.

        Args:
            max_messages: At most this many of the newest unconsolidated messages
                are considered (0 or less: no limit).
            max_tokens: When positive, keep only the newest messages whose
                ``estimate_message_tokens`` sum fits, cutting only where the rest
                stays legal (0: no limit).

        Returns:
            Copies of the messages with only the fields a provider takes (see the
            module docstring); the first is a user message whenever one is left.
        """
        window = self.unconsolidated()
        if max_messages > 0:
            window = window[-max_messages:]
        history = legal_messages(_from_first_user(window))
        if max_tokens > 0:
            history = _fit_tokens(history, max_tokens)
        return history


def _from_first_user(messages: Sequence[Message]) -> Sequence[Message]:
    for index, message in enumerate(messages):
        if message.get("role") == "user":
            return messages[index:]
    return messages


def _wire(message: Mapping[str, Any]) -> Message:
    out = {"role": message.get("role"), "content": message.get("content", "")}
    for name in WIRE_FIELDS:
        value = message.get(name)
        if value is not None and (name != "tool_calls" or value):
            out[name] = value
    return as_message(out)


def _call_id(call: object) -> str | None:
    if isinstance(call, Mapping):
        value = call.get("id")
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value):
            return str(value)
    return None


def _result_id(message: Mapping[str, Any]) -> str | None:
    value = message.get("tool_call_id")
    if isinstance(value, str | int) and not isinstance(value, bool) and str(value):
        return str(value)
    return None


def legal_messages(messages: Sequence[Mapping[str, Any]]) -> list[Message]:
    """Wire copies of ``messages`` with every unpaired tool message left out.

    A tool result is kept only inside the run of tool messages right after the
    assistant message that called it (first answer per call). An assistant
    message keeps only its answered calls; one with no answered call and no
    text is dropped. Everything else is kept in order.
    """
    out: list[Message] = []
    index, size = 0, len(messages)
    while index < size:
        message = messages[index]
        index += 1
        role = message.get("role")
        if role == "tool":
            continue  # not directly after its call: an orphan
        calls = message.get("tool_calls") if role == "assistant" else None
        if not isinstance(calls, list) or not calls:
            out.append(_wire(message))
            continue
        results: dict[str, Mapping[str, Any]] = {}
        run: list[tuple[str | None, Mapping[str, Any]]] = []
        while index < size and messages[index].get("role") == "tool":
            result_id = _result_id(messages[index])
            run.append((result_id, messages[index]))
            if result_id is not None:
                results.setdefault(result_id, messages[index])
            index += 1
        kept: list[Any] = []
        answered: set[str] = set()
        for call in calls:
            call_id = _call_id(call)
            if call_id is not None and call_id in results and call_id not in answered:
                answered.add(call_id)
                kept.append(call)
        head = _wire(message)
        if not kept:
            del head["tool_calls"]
            if head["content"] in (None, "", []):
                continue
        elif len(kept) < len(calls):
            head["tool_calls"] = kept
        out.append(head)
        for result_id, result in run:
            if result_id is not None and result_id in answered and results[result_id] is result:
                out.append(_wire(result))
    return out


def _fit_tokens(history: list[Message], max_tokens: int) -> list[Message]:
    """The newest legal suffix of ``history`` whose token estimate fits ``max_tokens``."""
    start, used = len(history), 0
    while start > 0:
        cost = estimate_message_tokens(history[start - 1])
        if used + cost > max_tokens:
            break
        used += cost
        start -= 1
    # A tool result at the cut lost its call: move the cut past the whole group.
    while start < len(history) and history[start].get("role") == "tool":
        start += 1
    return list(_from_first_user(history[start:]))
