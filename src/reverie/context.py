"""ContextBuilder: the system prompt of a turn, built from the workspace's memory files.

A prompt is ``[system, *history, user]``. The system message holds, in order,
each only when it has something to say:

1. an identity block (what the assistant is and where its memory lives), and
   what the offered tools are for (``tool_guidance``, e.g. the recall tools);
2. ``SOUL.md`` and ``USER.md``;
3. the long-term memory (``memory/MEMORY.md``, via ``get_memory_context``);
4. this session's recent history entries that Dream has not yet folded into
   the memory files (newest kept when there are too many);
5. the last summary of this session (``metadata["_last_summary"]``, written by
   the Consolidator when it archived part of the conversation), shown once:
   :meth:`ContextBuilder.mark_summary_shown` consumes it after a real turn.

Building the same prompt twice costs a few ``stat`` calls: the rendered text is
cached and keyed on the files' signatures, so the Consolidator can probe the
prompt size before and after every turn.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from reverie._logging import OnceWarner, get_logger
from reverie.errors import UserError
from reverie.layout import SOUL_FILE, USER_FILE
from reverie.messages import Message, as_message
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import LAST_SUMMARY_KEY, Session
from reverie.store.memory_store import MemoryStore
from reverie.store.text import cap_text

__all__ = ["DEFAULT_IDENTITY", "LAST_SUMMARY_KEY", "ContextBuilder"]


DEFAULT_IDENTITY = (
    "# Identity\n"
    "You are a helpful assistant with long-term memory. What you remember is kept in\n"
    "plain files in your workspace: SOUL.md (your persona and rules), USER.md (stable\n"
    "facts about the user), memory/MEMORY.md (durable facts and decisions) and\n"
    "memory/history.jsonl (summaries of earlier conversations). The sections below\n"
    "show what they hold now; rely on them as your own memory."
)
"""The identity block used when none is given."""

_log = get_logger("context")
_Signature = tuple[int, int, int] | None


def _signature(path: Path) -> _Signature:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (stat.st_ino, stat.st_size, stat.st_mtime_ns)


def _positive(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UserError(f"ContextBuilder: {name} must be a positive integer, got {value!r}")
    return value


class ContextBuilder:
    """Builds the system prompt and the message list of a turn.

    Args:
        workspace: The workspace folder.
        store: The workspace's :class:`MemoryStore` (one is made when omitted).
        sessions: Where to look up a session's last summary when a call names
            only its key (a call that passes ``session=`` needs none).
        identity: The identity block; None for :data:`DEFAULT_IDENTITY`, ``""``
            for none.
        unified_session: Show other sessions' recent history too (not internal
            ones such as ``cron:*`` or ``dream:*``).
        max_history_entries: At most this many recent history entries are shown.
        max_history_chars: ... and at most this many characters of them.
        max_file_chars: Cap on each of SOUL.md, USER.md and MEMORY.md in the prompt.
        show_date: Add today's date to the identity block (relative dates in the
            conversation then make sense to the model).
        tool_guidance: A paragraph on the tools the model is offered (e.g. the
            recall tools), shown right after the identity; ``""`` for none.
    """

    def __init__(
        self,
        workspace: Path | str,
        *,
        store: MemoryStore | None = None,
        sessions: SessionManager | None = None,
        identity: str | None = None,
        unified_session: bool = False,
        max_history_entries: int = 30,
        max_history_chars: int = 8_000,
        max_file_chars: int = 16_000,
        show_date: bool = True,
        tool_guidance: str = "",
    ) -> None:
        self.workspace = Path(workspace).expanduser()
        self.store = store if store is not None else MemoryStore(self.workspace)
        self.sessions = sessions
        self.identity = DEFAULT_IDENTITY if identity is None else identity
        self.unified_session = unified_session
        self.max_history_entries = _positive("max_history_entries", max_history_entries)
        self.max_history_chars = _positive("max_history_chars", max_history_chars)
        self.max_file_chars = _positive("max_file_chars", max_file_chars)
        self.show_date = show_date
        self.tool_guidance = tool_guidance
        self._cache: dict[tuple[Any, ...], str] = {}
        self._cache_lock = threading.Lock()
        self._warner = OnceWarner(_log)

    @classmethod
    def for_window(
        cls,
        workspace: Path | str,
        *,
        context_window_tokens: int,
        max_completion_tokens: int,
        **options: Any,
    ) -> ContextBuilder:
        """A builder whose sections fit a model's window.

        A small window cannot hold 16,000-char memory files and 8,000 chars of
        history on every turn (consolidation would then run on every turn): each
        section gets at most about an eighth of the prompt budget. A window of 0
        (no budgeting) keeps the defaults.
        """
        if context_window_tokens > 0:
            section_chars = max(1_000, (context_window_tokens - max_completion_tokens) // 2)
            options.setdefault("max_history_chars", min(8_000, section_chars))
            options.setdefault("max_file_chars", min(16_000, section_chars))
        return cls(workspace, **options)

    # -- the system prompt -------------------------------------------------------

    def build_system_prompt(
        self,
        session_key: str | None = None,
        *,
        session: Session | None = None,
        session_summary: str | Mapping[str, Any] | None = None,
        unified_session: bool | None = None,
        **context: Any,
    ) -> str:
        """The system prompt for ``session_key`` (or ``session``), sections joined by blank lines.

        Args:
            session_key: Whose recent history to show (None: every session's).
            session: The session itself, for its last summary; defaults to the
                one ``sessions`` holds for ``session_key``.
            session_summary: A summary to show instead of the session's stored
                one: its text, or a ``{"text", "last_active"}`` mapping.
            unified_session: Overrides the builder's ``unified_session`` for this call.
            **context: ``channel`` and ``chat_id`` name the session when
                ``session_key`` is not given; other keys are ignored.
        """
        if session_key is None:
            session_key = _key_from(context, session)
        summary = _explicit_summary(session_summary)
        if summary is None:
            summary = self._last_summary(session_key, session)
        unified = self.unified_session if unified_session is None else bool(unified_session)
        store = self.store
        key = (
            session_key,
            summary,
            unified,
            date.today() if self.show_date else None,
            _signature(store.soul_file),
            _signature(store.user_file),
            _signature(store.memory_file),
            _signature(store.history_file),
            _signature(store.dream_cursor_file),
        )
        with self._cache_lock:
            cached = self._cache.get(key)
        if cached is not None:
            return cached
        prompt = self._render(session_key, summary, unified)
        with self._cache_lock:
            if len(self._cache) >= 64:
                self._cache.clear()
            self._cache[key] = prompt
        return prompt

    def _render(
        self, session_key: str | None, summary: tuple[str, str] | None, unified: bool
    ) -> str:
        sections: list[str] = []
        identity = self.identity.strip()
        if identity:
            if self.show_date:
                today = date.today()
                identity += f"\nToday is {today.isoformat()} ({today.strftime('%A')})."
            sections.append(identity)
        if self.tool_guidance.strip():
            sections.append(self.tool_guidance.strip())
        sections.extend(self.memory_sections())
        recent = self._recent_history(session_key, summary[0] if summary else None, unified)
        if recent:
            sections.append(recent)
        if summary is not None:
            text, last_active = summary
            when = f" (last active {last_active})" if last_active else ""
            shown = cap_text(text, self.max_history_chars)
            sections.append(f"## Summary of the earlier conversation{when}\n{shown}")
        return "\n\n".join(sections)

    def memory_sections(self) -> list[str]:
        """SOUL.md, USER.md and the long-term memory as the system prompt holds them.

        Each is a ``## <title>`` section capped at ``max_file_chars``; empty files
        are left out.
        """
        sections: list[str] = []
        for title, text in (
            (SOUL_FILE, self.store.read_soul()),
            (USER_FILE, self.store.read_user()),
        ):
            if text.strip():
                sections.append(f"## {title}\n{cap_text(text.strip(), self.max_file_chars)}")
        memory = self.store.get_memory_context().strip()
        if memory:
            header = memory.split("\n", 1)[0]
            sections.append(cap_text(memory, self.max_file_chars + len(header) + 1))
        return sections

    def _recent_history(
        self, session_key: str | None, shown_summary: str | None, unified: bool
    ) -> str:
        entries = self.store.read_recent_history_for_prompt(
            self.store.get_last_dream_cursor(),
            session_key=session_key,
            unified_session=unified,
        )
        lines: list[str] = []
        used = 0
        per_entry = max(self.max_history_chars // 4, 200)
        for entry in reversed(entries):
            content = str(entry.get("content", "")).strip()
            if not content or content == shown_summary:
                continue  # the summary section shows it; once is enough
            line = f"- [{entry.get('timestamp', '')}] {cap_text(content, per_entry)}"
            if used + len(line) > self.max_history_chars or len(lines) >= self.max_history_entries:
                break
            lines.append(line)
            used += len(line) + 1
        if not lines:
            return ""
        lines.reverse()
        return "## Recent history (not yet in long-term memory)\n" + "\n".join(lines)

    # -- the last summary --------------------------------------------------------

    def _last_summary(
        self, session_key: str | None, session: Session | None
    ) -> tuple[str, str] | None:
        if session is None and session_key is not None and self.sessions is not None:
            session = self.sessions.get_or_create(session_key)
        if session is None:
            return None
        value = session.metadata.get(LAST_SUMMARY_KEY)
        if value is None:
            return None
        text = value.get("text") if isinstance(value, Mapping) else None
        if not isinstance(text, str) or not text.strip():
            self._warner.warn(
                f"summary:{session.key}",
                "session %r: metadata.%s is not {'text': str, 'last_active': str}; not shown",
                session.key,
                LAST_SUMMARY_KEY,
            )
            return None
        assert isinstance(value, Mapping)
        last_active = value.get("last_active")
        return text.strip(), _readable_time(last_active)

    def mark_summary_shown(self, session: Session) -> bool:
        """Consume the session's last summary after it went out in a real turn.

        The caller saves the session. Probe prompts (token estimates) never
        consume it.

        Returns:
            True when there was a summary to consume.
        """
        return session.metadata.pop(LAST_SUMMARY_KEY, None) is not None

    # -- the message list --------------------------------------------------------

    def build_messages(
        self,
        history: Sequence[Mapping[str, Any]],
        current_message: Any,
        **context: Any,
    ) -> list[Message]:
        """``[system, *history, user(current_message)]``.

        Args:
            history: The replay (``Session.get_history``), in OpenAI shape.
            current_message: The new user message (text, or content parts).
            **context: ``session_key``, ``session``, or ``channel`` and
                ``chat_id`` (joined as ``channel:chat_id``); ``session_summary``
                (text or ``{"text", "last_active"}``, shown instead of the
                stored summary); ``unified_session`` (overrides the builder's);
                ``current_role`` (default ``"user"``). Other keys are accepted
                and ignored, so callers may pass what they have.
        """
        session = context.pop("session", None)
        if not isinstance(session, Session):
            session = None
        session_key = context.pop("session_key", None)
        if not isinstance(session_key, str):
            session_key = _key_from(context, session)
        summary = context.pop("session_summary", None)
        role = context.pop("current_role", "user")
        unified = context.pop("unified_session", None)
        system = self.build_system_prompt(
            session_key,
            session=session,
            session_summary=summary if isinstance(summary, str | Mapping) else None,
            unified_session=unified if isinstance(unified, bool) else None,
        )
        messages: list[Message] = []
        if system:
            messages.append({"role": "system", "content": system})
        messages.extend(as_message(dict(message)) for message in history)
        messages.append(
            {"role": role if isinstance(role, str) else "user", "content": current_message}
        )
        return messages


def _key_from(context: Mapping[str, Any], session: Session | None) -> str | None:
    channel, chat_id = context.get("channel"), context.get("chat_id")
    if isinstance(channel, str) and isinstance(chat_id, str | int):
        return f"{channel}:{chat_id}"
    return session.key if session is not None else None


def _explicit_summary(value: object) -> tuple[str, str] | None:
    """A caller's summary (text, or nanobot's ``{"text", "last_active"}``) as (text, time)."""
    if isinstance(value, Mapping):
        text, last_active = value.get("text"), _readable_time(value.get("last_active"))
    else:
        text, last_active = value, ""
    if isinstance(text, str) and text.strip():
        return text.strip(), last_active
    return None


def _readable_time(value: object) -> str:
    if not isinstance(value, str) or not value:
        return ""
    try:
        return datetime.fromisoformat(value).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return value
