"""One archive call: the summary request, what counts as a failed answer, the raw fallback.

Kept apart from the Consolidator's bookkeeping: these decide *what* is sent
to the model and *what* is stored (in history.jsonl, or as the session's last
summary); the Consolidator decides when and which messages.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from reverie._logging import OnceWarner
from reverie.consolidation.archive_prompt import NOTHING_ANSWER, build_archive_messages
from reverie.consolidation.planner import shrink_messages
from reverie.message_format import format_messages
from reverie.messages import Message, as_message
from reverie.providers.base import LLMProvider, LLMResponse
from reverie.sessions.session import LAST_SUMMARY_KEY, Session
from reverie.store.memory_store import RAW_ARCHIVE_MAX_CHARS, MemoryStore
from reverie.store.records import HistorySource
from reverie.store.text import cap_text, strip_leaked_reasoning

__all__ = [
    "ARCHIVE_SUMMARY_MAX_CHARS",
    "archive_raw",
    "conversation_time",
    "failure_reason",
    "previous_summary",
    "remember_summary",
    "summarise_into_history",
    "summary_request",
]

ARCHIVE_SUMMARY_MAX_CHARS = 8_000
"""Cap on a stored summary: one runaway answer must not crowd every later prompt."""
RAW_PREFIX = "[RAW]"

TokenCounter = Callable[[Sequence[Mapping[str, Any]]], int]


def failure_reason(response: LLMResponse) -> str | None:
    """Why ``response`` cannot serve as a summary, or None when it can."""
    if response.finish_reason == "error":
        return f"provider error: {response.error or 'unknown'}"
    if response.finish_reason == "length":
        return "the answer was cut off at max_tokens"
    if response.has_tool_calls:
        return "the model called tools instead of answering"
    if not strip_leaked_reasoning(response.content or "").strip():
        return "the answer was empty"
    return None


def previous_summary(store: MemoryStore, session_key: str | None) -> str | None:
    """The session's newest summary Dream has not processed yet (raw dumps excluded).

    Shown to the model so it does not repeat itself and can mark corrections.
    """
    if session_key is None:
        return None
    entries = store.read_recent_history_for_prompt(
        store.get_last_dream_cursor(), session_key=session_key
    )
    for entry in reversed(entries):
        content = entry.get("content")
        if isinstance(content, str) and content.strip() and not content.startswith(RAW_PREFIX):
            return content
    return None


def summary_request(
    count: TokenCounter,
    shown: list[Message],
    previous: str | None,
    *,
    limit: int | None,
    note: str = "",
) -> list[Message] | None:
    """The archive request for ``shown``, made to fit ``limit`` tokens.

    The previous summary goes first when space is short; then long messages
    are cut in the middle (their copies only; ``note`` says where the full
    text is).

    Args:
        count: Tokens of a request (the provider's counter).
        shown: The messages the model summarises.
        previous: The previous summary of this session, if any.
        limit: Most tokens the request may hold (None: no limit).
        note: Added to each omission marker.

    Returns:
        The request, or None when even shortened messages do not fit.
    """
    if limit is None:
        return build_archive_messages(shown, previous_summary=previous)

    def fits(candidate: list[Message]) -> bool:
        return count(build_archive_messages(candidate, previous_summary=previous)) <= limit

    if previous is not None and not fits(shown):
        previous = None  # the conversation matters more than the last summary
    fitted = shrink_messages(shown, fits, note=note)
    return None if fitted is None else build_archive_messages(fitted, previous_summary=previous)


def conversation_time(messages: Sequence[Mapping[str, Any]]) -> str | None:
    """When ``messages`` were said: the last stamped one's time as ``YYYY-MM-DD HH:MM``.

    A history entry is dated by its conversation, not by when it was archived:
    an import of last year's chats must not look like today's news. None when
    no message carries a readable time (the log then stamps the entry now).
    """
    for message in reversed(messages):
        stamp = message.get("timestamp")
        if not isinstance(stamp, str) or not stamp.strip():
            continue
        try:
            parsed = datetime.fromisoformat(stamp.strip().replace("Z", "+00:00"))
        except ValueError:
            continue
        if parsed.tzinfo is not None:
            parsed = parsed.astimezone().replace(tzinfo=None)
        return parsed.strftime("%Y-%m-%d %H:%M")
    return None


def archive_raw(
    store: MemoryStore,
    messages: Sequence[Mapping[str, Any]],
    *,
    session_key: str | None,
    source: HistorySource | None,
) -> None:
    """Store ``messages`` verbatim (``[RAW] N messages``) after a failed summary.

    Within the 16,000-char cap this is :meth:`MemoryStore.raw_archive`. Beyond
    it, the entry is cut with a marker naming the exact message range, which
    is still complete in the transcript archive or the session file.
    """
    text = format_messages(messages)
    when = conversation_time(messages)
    if len(text) <= RAW_ARCHIVE_MAX_CHARS or source is None:
        store.raw_archive(messages, session_key=session_key, source=source, timestamp=when)
        return
    marker = (
        f"\n… [truncated; all {len(messages)} messages are kept verbatim as messages "
        f"{source.start}-{source.end - 1} of session {source.session_key!r} "
        "(memory/transcripts/ or the session file; MemoryStore.expand_entry)]"
    )
    body = cap_text(text, RAW_ARCHIVE_MAX_CHARS, marker)
    # Not append_history: it strips reasoning markers, and these are the user's own words.
    store.history.append(
        f"{RAW_PREFIX} {len(messages)} messages\n{body}",
        timestamp=when,
        session_key=session_key,
        source=source,
    )


def remember_summary(session: Session, summary: str | None) -> None:
    """Keep a real summary in the session's metadata for its next prompt.

    ``"(nothing)"`` and a failed archive (None) leave the previous one in place.
    """
    if summary and summary != NOTHING_ANSWER:
        session.metadata[LAST_SUMMARY_KEY] = {
            "text": summary,
            "last_active": session.updated_at.isoformat(),
        }


async def summarise_into_history(
    store: MemoryStore,
    provider: LLMProvider,
    messages: Sequence[Mapping[str, Any]],
    *,
    model: str,
    max_tokens: int,
    limit: int | None,
    count: TokenCounter,
    warner: OnceWarner,
    session_key: str | None,
    summary_messages: Sequence[Mapping[str, Any]] | None,
    source: HistorySource | None,
) -> str | None:
    """One archive call: the model's summary of ``messages`` appended to history.jsonl.

    This is :meth:`Consolidator.archive` with its settings spelled out.

    Args:
        store: Where the entry goes.
        provider: The model that summarises.
        messages: What is archived (and dumped verbatim if the model fails).
        model: The model name passed to ``provider``.
        max_tokens: Room for the answer.
        limit: Most prompt tokens the request may hold (None: no limit).
        count: Tokens of a tool-less request to ``provider``.
        warner: Reports a failed summary once per kind of failure.
        session_key: Recorded on the entry.
        summary_messages: What the model summarises, when it differs from ``messages``.
        source: The range of ``messages`` in their session, recorded on the entry.

    Returns:
        The stored summary (capped at 8,000 chars); ``"(nothing)"`` (stored
        nowhere) when the model found nothing worth keeping; None when it
        failed and the messages went to ``raw_archive``, or ``messages`` is empty.
    """
    if not messages:
        return None
    shown = [as_message(dict(m)) for m in (summary_messages or messages)]
    response: LLMResponse | None = None
    try:
        request = summary_request(
            count,
            shown,
            previous_summary(store, session_key),
            limit=limit,
            note="; the full text is kept in the session transcript" if source else "",
        )
        if request is None:
            # Too big even shortened: ask anyway. A model with a larger window
            # than configured still answers; one without fails, and the
            # messages go raw below, as they would have without the call.
            request = build_archive_messages(shown)
        response = await provider.chat_with_retry(
            messages=request,
            tools=None,
            model=model,
            max_tokens=max_tokens,
        )
        reason: str | None = failure_reason(response)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # any failure of the model must still archive the words
        reason = f"{type(exc).__name__}: {exc}"
    if reason is not None or response is None:
        why = reason or "no response"
        warner.warn(
            why.split(":")[0],
            "summarising %d message(s) of %s failed (%s); stored them verbatim instead",
            len(messages),
            session_key or "a session",
            why,
        )
        archive_raw(store, messages, session_key=session_key, source=source)
        return None
    text = strip_leaked_reasoning(response.content or "").strip()
    if text.strip("`").strip().rstrip(".").lower() == NOTHING_ANSWER:
        return NOTHING_ANSWER
    stored = cap_text(text, ARCHIVE_SUMMARY_MAX_CHARS)
    store.append_history(
        stored,
        max_chars=ARCHIVE_SUMMARY_MAX_CHARS,
        session_key=session_key,
        source=source,
        timestamp=conversation_time(messages),
    )
    return stored
