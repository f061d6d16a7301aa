"""Offline chat: answer a turn from memory, since there is no model to talk to.

With no model configured, a chat turn still deserves a useful answer: what
memory holds about the words asked, each line with where it came from
(``USER.md › Diet``, ``history 2026-03-04 14:10``), and — once per
conversation — how to configure a model.

The lines are read from the request itself: the system prompt carries the
memory files and the recent history (:mod:`.memory_index`). A search function
can be plugged in to reach further back, such as the recall engine
(``Workspace`` plugs ``recall`` over history entries in): any callable
``search(query, k)`` returning items with a ``text`` and, optionally,
``path``/``section``, ``cursor``, ``timestamp`` or ``session_key`` to name
the source.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from reverie._logging import OnceWarner, get_logger
from reverie.message_format import message_text
from reverie.providers.offline.memory_index import (
    MemoryLine,
    memory_lines,
    missing_words,
    query_words,
    search_lines,
    stem,
)
from reverie.providers.offline.rules import is_small_talk
from reverie.providers.offline.vocabulary import EVENT_VERBS, HABIT_VERBS, PREFERENCE_VERBS, words

__all__ = ["CONFIGURE_HINT", "MemorySearch", "SearchHit", "answer_from_memory"]

CONFIGURE_HINT = (
    "No model is configured, so this answer comes from memory, not a model. To chat with "
    "one: `reverie chat --provider openai --model gpt-4.1-mini` with OPENAI_API_KEY set "
    '(anthropic and openai-compatible work too), or put provider = "openai" and '
    'model = "gpt-4.1-mini" in reverie.toml.'
)
"""Said once per conversation: why the answer is short, and how to get a model."""

MAX_HITS = 5
"""Memory lines shown in one answer."""

_HINT_MARK = "No model is configured"
_HIT_CHARS = 300
_TAG = re.compile(r"\[(?:permanent|durable|ephemeral|correction|skip)\]\s*", re.IGNORECASE)
_log = get_logger("providers.offline")
_warner = OnceWarner(_log)
_STATEMENT_OVERLAP = 2
_VERBS = frozenset(
    stem(verb)
    for verb in (
        *HABIT_VERBS,
        *EVENT_VERBS,
        *PREFERENCE_VERBS,
        *words("choose pick call called name named say said think drink eat buy meet end"),
    )
)
_QUESTION = re.compile(
    r"\?\s*$|^(?:what|what's|whats|who|who's|where|when|which|why|how|do|does|did|is|are|was|"
    r"were|can|could|would|will|should|have|has|tell me|remind me|list|show)\b",
    re.IGNORECASE,
)


class SearchHit(Protocol):
    """What a plugged-in search returns: at least a ``text`` (other fields optional)."""

    @property
    def text(self) -> str:
        """The remembered text."""
        ...


MemorySearch = Callable[[str, int], Sequence[Any]]
"""``search(query, k)`` → up to ``k`` hits, best first (see :class:`SearchHit`)."""


def _source_of(hit: Any) -> str:
    """Where a plugged-in search's hit came from, in words."""
    source = getattr(hit, "source", None)
    if isinstance(source, str) and source:
        return source
    path = getattr(hit, "path", None)
    section = getattr(hit, "section", None)
    if isinstance(path, str) and path:
        return f"{path} › {section}" if isinstance(section, str) and section else path
    cursor = getattr(hit, "cursor", None)
    stamp = getattr(hit, "timestamp", None)
    if isinstance(cursor, int):
        when = f", {stamp}" if isinstance(stamp, str) and stamp else ""
        return f"history #{cursor}{when}"
    key = getattr(hit, "session_key", None)
    if isinstance(key, str) and key:
        start = getattr(hit, "start", None)
        return f"conversation {key}" + (f", message {start + 1}" if isinstance(start, int) else "")
    return "memory"


def _plugged(search: MemorySearch, query: str) -> list[MemoryLine]:
    """The plugged-in search's hits as lines; a failing search only costs its hits."""
    try:
        results = list(search(query, MAX_HITS))
    except Exception as exc:  # the chat answer must not fail because a search did
        _warner.warn("search", "offline chat: the memory search failed: %s", exc)
        return []
    found = []
    for hit in results:
        text = getattr(hit, "text", None)
        if isinstance(text, str) and text.strip():
            found.append(MemoryLine(_one_line(text), _source_of(hit)))
    return found


def _one_line(text: str) -> str:
    """A hit's text on one line, tags dropped, cut at a word near 300 characters."""
    flat = " ".join(_TAG.sub(" ", text).split())
    return flat if len(flat) <= _HIT_CHARS else flat[:_HIT_CHARS].rsplit(" ", 1)[0] + " …"


def _said_before(messages: Sequence[Mapping[str, Any]]) -> bool:
    """True when an earlier answer in this conversation already gave the hint."""
    return any(
        m.get("role") == "assistant" and _HINT_MARK in message_text(m) for m in messages[:-1]
    )


def _said_in_this_conversation(messages: Sequence[Mapping[str, Any]]) -> list[MemoryLine]:
    """The user's earlier statements in this chat: not in memory yet, but said."""
    earlier = [m for m in messages[:-1] if m.get("role") == "user"]
    texts = (_one_line(message_text(m)) for m in earlier)
    return [
        MemoryLine(text, "said earlier in this conversation")
        for text in texts
        if text and not _QUESTION.search(text)
    ]


def _last_user_text(messages: Sequence[Mapping[str, Any]]) -> str:
    for message in reversed(messages):
        if message.get("role") == "user":
            return message_text(message).strip()
    return ""


def _system_text(messages: Sequence[Mapping[str, Any]]) -> str:
    return "\n".join(message_text(m) for m in messages if m.get("role") == "system")


def _overlap(hit: MemoryLine, words: Sequence[str]) -> int:
    wanted = {stem(word) for word in words}
    return len(wanted & {stem(word) for word in query_words(hit.text)})


def _quoted(words: Sequence[str]) -> str:
    return " or ".join(f'"{word}"' for word in words[:4])


def _listing(hits: Sequence[MemoryLine]) -> str:
    return "\n".join(f"- {hit.text} ({hit.source})" for hit in hits)


def answer_from_memory(
    messages: Sequence[Mapping[str, Any]], *, search: MemorySearch | None = None
) -> str:
    """The offline answer to a chat turn: memory about the words asked, with sources.

    Args:
        messages: The chat request (system prompt with memory, the
            conversation so far, the new user message last).
        search: A search to add to the memory in the request (see the module
            docstring); its hits come after the request's own lines.

    Returns:
        A short Markdown answer; the configuration hint is appended the first
        time in a conversation.
    """
    said = _last_user_text(messages)
    words = query_words(said)
    lines = memory_lines(_system_text(messages)) + _said_in_this_conversation(messages)
    hits = search_lines(lines, said, MAX_HITS)
    if search is not None and words:
        # The memory in the prompt first (line by line); then what the search finds
        # further back (older history, other conversations), but not the question itself.
        shown = {hit.text for hit in hits}
        extra = [
            hit
            for hit in _plugged(search, said)
            if hit.text not in shown and " ".join(said.split()) not in hit.text
        ]
        hits = (hits + extra)[:MAX_HITS]
        lines = [*lines, *extra]
    # A verb missing from memory ("which broker did we choose?") is no news; a
    # missing thing ("what's my dog's name?") is.
    unknown = [word for word in missing_words(lines, said) if stem(word) not in _VERBS]
    if not said or is_small_talk(said) or not words:
        text = (
            "Hello! With no model configured I answer from memory: ask me what you told me before."
        )
    elif hits and _QUESTION.search(said):
        text = "From memory:\n" + _listing(hits)
        if unknown and len(unknown) * 2 >= len(words):
            # "what's my dog's name?" must not pass off "User's name is Dana" as the answer.
            text = f"Nothing in memory mentions {_quoted(unknown)}. Lines with the other words:\n"
            text += _listing(hits)
    elif strong := [hit for hit in hits if _overlap(hit, words) >= _STATEMENT_OVERLAP]:
        # A statement that touches what memory holds ("I live in Porto now"): show it.
        text = "Noted; this conversation is saved. Memory already says:\n" + _listing(strong)
    elif _QUESTION.search(said):
        text = f"Nothing in memory mentions {_quoted(words)} yet."
    else:
        text = "Noted; this conversation is saved and will reach memory when it is consolidated."
    if not _said_before(messages):
        text += "\n\n" + CONFIGURE_HINT
    return text
