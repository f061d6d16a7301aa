"""Recalled passages for a turn's prompt: the best hits for the user's message, in a budget.

Optional (``[recall] context_hits``, off by default): before a turn, the
user's message is searched and the best few hits that fit ``context_tokens``
are added to the system prompt, so a detail from months ago is at hand even
when the model would not think of calling ``recall``. Turns the prompt
already replays (the current session from ``replayed_from`` on) are skipped.
"""

from __future__ import annotations

from reverie.errors import ReverieError
from reverie.recall.hits import RecallHit
from reverie.recall.index import RecallIndex
from reverie.recall.tools import format_hits
from reverie.tokens import count_text_tokens

__all__ = ["RECALLED_HEADING", "recalled_context", "relevant_hits"]

RECALLED_HEADING = "## Recalled from earlier conversations"


def relevant_hits(
    index: RecallIndex,
    message: str,
    *,
    hits: int = 3,
    max_tokens: int = 800,
    session_key: str | None = None,
    replayed_from: int | None = None,
) -> list[RecallHit]:
    """The best ``hits`` hits for ``message`` whose text fits ``max_tokens`` together.

    Args:
        index: The workspace's recall index.
        message: The user's message.
        hits: How many hits at most.
        max_tokens: Token budget for all their texts together.
        session_key: The current session; with ``replayed_from``, its messages
            from that absolute index on are already in the prompt and skipped.
        replayed_from: First absolute index of the current session the prompt replays.
    """
    if hits <= 0 or not message.strip():
        return []
    try:
        found = index.search(message, k=min(200, hits * 3))
    except ReverieError:
        return []  # a prompt without recalled passages beats a failed turn
    chosen: list[RecallHit] = []
    used = 0
    for hit in found:
        if (
            session_key is not None
            and replayed_from is not None
            and hit.kind == "message"
            and hit.session_key == session_key
            and (hit.end or 0) > replayed_from
        ):
            continue
        cost = count_text_tokens(hit.text) + 12  # the handle line around it
        if used + cost > max_tokens:
            continue
        chosen.append(hit)
        used += cost
        if len(chosen) == hits:
            break
    return chosen


def recalled_context(
    index: RecallIndex,
    message: str,
    *,
    hits: int = 3,
    max_tokens: int = 800,
    session_key: str | None = None,
    replayed_from: int | None = None,
) -> str:
    """A system-prompt section of :func:`relevant_hits`, or ``""`` when none fits."""
    chosen = relevant_hits(
        index,
        message,
        hits=hits,
        max_tokens=max_tokens,
        session_key=session_key,
        replayed_from=replayed_from,
    )
    if not chosen:
        return ""
    return f"{RECALLED_HEADING}\n\n{format_hits(chosen)}"
