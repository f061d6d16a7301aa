"""The summary request of an archive call, what counts as a failed answer, and the raw fallback.

Kept apart from the Consolidator's bookkeeping: these decide *what* is sent
to the model and *what* is stored when it fails; the Consolidator decides when.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reverie.consolidation.archive_prompt import build_archive_messages
from reverie.consolidation.planner import shrink_messages
from reverie.providers.base import LLMResponse
from reverie.store.memory_store import RAW_ARCHIVE_MAX_CHARS, MemoryStore
from reverie.store.message_format import format_messages
from reverie.store.text import cap_text, strip_leaked_reasoning

__all__ = ["archive_raw", "failure_reason", "previous_summary", "summary_request"]

RAW_PREFIX = "[RAW]"


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
    count: Callable[[Sequence[Mapping[str, Any]]], int],
    shown: list[dict[str, Any]],
    previous: str | None,
    *,
    limit: int | None,
    note: str = "",
) -> list[dict[str, Any]] | None:
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

    def fits(candidate: list[dict[str, Any]]) -> bool:
        return count(build_archive_messages(candidate, previous_summary=previous)) <= limit

    if previous is not None and not fits(shown):
        previous = None  # the conversation matters more than the last summary
    fitted = shrink_messages(shown, fits, note=note)
    return None if fitted is None else build_archive_messages(fitted, previous_summary=previous)


def archive_raw(
    store: MemoryStore,
    messages: Sequence[Mapping[str, Any]],
    *,
    session_key: str | None,
    source: Mapping[str, Any] | None,
) -> None:
    """Store ``messages`` verbatim (``[RAW] N messages``) after a failed summary.

    Within the 16,000-char cap this is :meth:`MemoryStore.raw_archive`. Beyond
    it, the entry is cut with a marker naming the exact message range, which
    is still complete in the transcript archive or the session file.
    """
    text = format_messages(messages)
    if len(text) <= RAW_ARCHIVE_MAX_CHARS or not source:
        store.raw_archive(messages, session_key=session_key, source=source)
        return
    end = source.get("end")
    last = end - 1 if isinstance(end, int) and not isinstance(end, bool) else end
    marker = (
        f"\n… [truncated; all {len(messages)} messages are kept verbatim as messages "
        f"{source.get('start')}-{last} of session {source.get('session_key')!r} "
        "(memory/transcripts/ or the session file; MemoryStore.expand_entry)]"
    )
    body = cap_text(text, RAW_ARCHIVE_MAX_CHARS, marker)
    # Not append_history: it strips reasoning markers, and these are the user's own words.
    store.history.append(
        f"{RAW_PREFIX} {len(messages)} messages\n{body}",
        session_key=session_key,
        source=dict(source),
    )
