"""The built-in archive prompt: what the Consolidator asks a model to summarise.

The prompt text lives in ``reverie/prompts/archive.md`` (package data) so it reads
and diffs like a document. The model answers with fact lines tagged
``[permanent]``, ``[durable]``, ``[ephemeral]``, ``[correction]`` or ``[skip]``, or
exactly ``(nothing)``. A marker in the prompt lets the offline provider tell an
archive request from a chat turn; the markers live in :mod:`reverie.prompt_markers`,
below both.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

from reverie.message_format import format_messages
from reverie.messages import Message
from reverie.prompt_markers import (
    ARCHIVE_REQUEST_MARKER,
    ARCHIVE_TAGS,
    CONVERSATION_CLOSE,
    CONVERSATION_OPEN,
    NOTHING_ANSWER,
    PREVIOUS_SUMMARY_CLOSE,
    PREVIOUS_SUMMARY_OPEN,
    defuse_tags,
)

__all__ = [
    "ARCHIVE_REQUEST_MARKER",
    "ARCHIVE_TAGS",
    "CONVERSATION_CLOSE",
    "CONVERSATION_OPEN",
    "NOTHING_ANSWER",
    "PREVIOUS_SUMMARY_CLOSE",
    "PREVIOUS_SUMMARY_OPEN",
    "archive_prompt",
    "build_archive_messages",
]

_BLOCKS = ("conversation", "previous_summary")
"""The tags of the archive request's blocks; text inside may not open or close one."""

_lock = threading.Lock()
_cached: str | None = None


def archive_prompt() -> str:
    """The system prompt of an archive request (read from package data once)."""
    global _cached
    if _cached is None:
        with _lock:
            if _cached is None:
                text = resources.files("reverie").joinpath("prompts/archive.md").read_text("utf-8")
                if ARCHIVE_REQUEST_MARKER not in text:
                    # A packaging mistake would silently break the offline provider.
                    raise RuntimeError(
                        f"reverie/prompts/archive.md lacks the marker {ARCHIVE_REQUEST_MARKER!r}"
                    )
                _cached = text.strip()
    return _cached


def build_archive_messages(
    messages: Iterable[Mapping[str, Any]],
    *,
    previous_summary: str | None = None,
) -> list[Message]:
    """Build the chat messages that ask a model to archive a conversation chunk.

    Args:
        messages: The session messages leaving the context window (OpenAI shape,
            with ``timestamp`` when known). They are rendered one per line as
            ``[YYYY-MM-DD HH:MM] ROLE [tools: a, b]: text``.
        previous_summary: The summary written for the previous chunk, if any;
            shown so the model does not repeat it and can mark corrections.

    Returns:
        ``[system, user]``: the archive prompt, then the conversation (and the
        previous summary) inside tagged blocks; a tag of those blocks inside the
        text is defused (:func:`~reverie.prompt_markers.defuse_tags`).
    """
    parts: list[str] = []
    if previous_summary and previous_summary.strip():
        summary = defuse_tags(previous_summary.strip(), _BLOCKS)
        parts += [PREVIOUS_SUMMARY_OPEN, summary, PREVIOUS_SUMMARY_CLOSE, ""]
    conversation = defuse_tags(format_messages(messages), _BLOCKS)
    parts += [CONVERSATION_OPEN, conversation, CONVERSATION_CLOSE, ""]
    parts.append(
        "Write the fact lines for this conversation now, "
        f"or exactly {NOTHING_ANSWER} if nothing is worth remembering."
    )
    return [
        {"role": "system", "content": archive_prompt()},
        {"role": "user", "content": "\n".join(parts)},
    ]
