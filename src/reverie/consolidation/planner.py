"""Pure decisions of the Consolidator: where to cut a session, and how to fit a chunk.

Nothing here reads files or calls a model, so every rule can be tested over
random message sequences:

* :func:`pick_boundary` chooses how many leading messages leave the context.
  A cut is only ever placed right before a user message (so what stays replays
  as whole turns) and never between an assistant's tool call and its result.
* :func:`shrink_messages` shortens the *copies* of a chunk that are shown to the
  summariser when the chunk alone would overflow the model's window; the
  messages themselves are archived whole.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from reverie.message_format import message_text
from reverie.messages import Message

__all__ = [
    "MAX_CHUNK_TOKENS",
    "MIN_KEPT_CHARS",
    "blocked_cuts",
    "largest_fitting_cut",
    "pick_boundary",
    "pick_replay_cut",
    "shrink_messages",
    "split_chunk",
]

MAX_CHUNK_TOKENS = 3_000
"""Largest chunk one history entry summarises: a summary of a whole long
conversation names messages 0-600 as its source, and finding a detail in it, or
in the messages behind it, means reading all of them."""
MIN_DAY_CHUNK = 4
"""Fewest messages on each side of a day boundary for the day to start a new chunk."""
MIN_KEPT_CHARS = 200
"""Shortest text a shrunk message keeps (head and tail together)."""
QUESTION_GRACE = 1.5
"""How far past ``max_tokens`` a chunk may grow rather than end between a question and its
answer ("did you book the half yet?" / "yep!! booked. 12th april")."""


def _call_ids(message: Message) -> list[str]:
    calls = message.get("tool_calls")
    ids: list[str] = []
    if message.get("role") == "assistant" and isinstance(calls, list):
        for call in calls:
            if isinstance(call, Mapping):
                value = call.get("id")
                if isinstance(value, str | int) and not isinstance(value, bool):
                    ids.append(str(value))
    return ids


def blocked_cuts(messages: Sequence[Message], start: int) -> list[bool]:
    """For each index ``i >= start``, whether a cut before ``i`` splits a call from its result.

    A cut before ``i`` splits a pair when an assistant message before ``i``
    issued a tool call whose result (``tool_call_id``) sits at ``i`` or later.
    A result belongs to the latest call with its id before it: some servers
    number calls ``call_0``, ``call_1``… afresh in every turn, and pairing a
    result with the first turn that used its id would block every cut in
    between. Well-formed conversations never put a user message inside a pair,
    but hand-edited or crashed sessions can.

    Returns:
        A list of ``len(messages) - start`` flags (index 0 is ``start``).
    """
    size = len(messages) - start
    # Difference array: +1 where a call opens, -1 right after its last result.
    delta = [0] * (size + 1)
    opened: dict[str, int] = {}
    for offset in range(size):
        message = messages[start + offset]
        for call_id in _call_ids(message):
            opened[call_id] = offset
        if message.get("role") == "tool":
            result = message.get("tool_call_id")
            key = str(result) if isinstance(result, str | int) else None
            origin = opened.get(key) if key is not None else None
            if origin is not None and origin < offset:
                delta[origin + 1] += 1
                delta[offset + 1] -= 1
    flags: list[bool] = []
    depth = 0
    for offset in range(size):
        depth += delta[offset]
        flags.append(depth > 0)
    return flags


def pick_boundary(
    messages: Sequence[Message],
    start: int,
    tokens_to_remove: int,
    count: Callable[[Message], int],
) -> tuple[int, int] | None:
    """Pick where a consolidation chunk ends.

    Scans from ``start``; the candidate cuts are the user messages after
    ``start``. Returns the first candidate whose preceding messages (from
    ``start``) add up to at least ``tokens_to_remove``, else the last candidate,
    else None. A user message inside a tool-call pair is not a candidate. With
    ``tokens_to_remove <= 0`` every candidate removes enough, so the first wins.

    Args:
        messages: The session's stored messages.
        start: The first message not yet consolidated.
        tokens_to_remove: How many tokens the chunk should take out of the prompt.
        count: Tokens of one message (``estimate_message_tokens``).

    Returns:
        ``(index, removed_tokens)``: the chunk is ``messages[start:index]`` and
        ``removed_tokens`` the sum of ``count`` over it; or None when there is
        no cut (no user message after ``start``).
    """
    start = max(start, 0)
    if start >= len(messages):
        return None
    blocked = blocked_cuts(messages, start)
    removed = 0
    last: tuple[int, int] | None = None
    for index in range(start, len(messages)):
        message = messages[index]
        if index > start and message.get("role") == "user" and not blocked[index - start]:
            last = (index, removed)
            if removed >= tokens_to_remove:
                return last
        removed += count(message)
    return last


def pick_replay_cut(messages: Sequence[Message], start: int, keep: int) -> int | None:
    """Where to cut so that at most the newest ``keep`` unconsolidated messages stay.

    The cut is the first user message (not inside a tool-call pair) among the
    newest ``keep`` messages after ``start``; ``keep == 0`` cuts after the last
    message.

    Returns:
        The index (the chunk is ``messages[start:index]``), or None when no
        cut is needed or none is legal.
    """
    size = len(messages)
    start = max(start, 0)
    if keep < 0 or size - start <= keep:
        return None
    if keep == 0:
        return size
    blocked = blocked_cuts(messages, start)
    for index in range(max(size - keep, start + 1), size):
        if messages[index].get("role") == "user" and not blocked[index - start]:
            return index
    return None


def split_chunk(
    messages: Sequence[Message],
    start: int,
    end: int,
    count: Callable[[Message], int],
    *,
    max_tokens: int = MAX_CHUNK_TOKENS,
    day_of: Callable[[Message], str | None] = lambda message: None,
) -> list[int]:
    """Where to cut ``messages[start:end]`` into bounded chunks, each one history entry.

    Greedy, at legal cuts only (a user message outside a tool-call pair): a chunk
    ends before the cut where it reaches ``max_tokens``, or where a new calendar
    day begins (``day_of``) once it holds :data:`MIN_DAY_CHUNK` messages. Neither cut
    falls between the other side's question and the reply to it: the chunk ends at the
    next turn instead, growing up to :data:`QUESTION_GRACE` times ``max_tokens``. Past
    that, or with no legal cut inside, a chunk exceeds ``max_tokens``.

    Returns:
        The chunk ends, ascending; the last is always ``end``.
    """
    start = max(start, 0)
    if end - start <= 1:
        return [end] if end > start else []
    blocked = blocked_cuts(messages, start)
    cuts: list[int] = []
    chunk_start, tokens = start, 0
    first_day = day_of(messages[start])
    for index in range(start, end):
        message = messages[index]
        legal = index > chunk_start and message.get("role") == "user" and not blocked[index - start]
        if legal:
            day = day_of(message)
            new_day = (
                day is not None
                and first_day is not None
                and day != first_day
                and index - chunk_start >= MIN_DAY_CHUNK
                and end - index >= MIN_DAY_CHUNK
            )
            # (a reply to the question just asked reads only with it, also when the question
            # opened a new day: cut at the next turn, unless the chunk would grow far past its
            # size)
            answers = _asked_just_before(messages, index) and tokens < max_tokens * QUESTION_GRACE
            if (tokens >= max_tokens or new_day) and not answers:
                cuts.append(index)
                chunk_start, tokens, first_day = index, 0, day
        if first_day is None:
            first_day = day_of(message)
        tokens += count(message)
    cuts.append(end)
    return cuts


def _asked_just_before(messages: Sequence[Message], index: int) -> bool:
    """The message before ``index`` is the other side's question."""
    before = messages[index - 1]
    return before.get("role") == "assistant" and message_text(before).rstrip().endswith("?")


def largest_fitting_cut(
    messages: Sequence[Message], start: int, end: int, fits: Callable[[int], bool]
) -> int:
    """The latest legal cut in ``(start, end)`` for which ``fits(cut)`` holds.

    ``fits`` must be monotonic (a smaller chunk fits whenever a larger one
    does). When no cut fits, the earliest legal cut is returned (the smallest
    chunk, which the caller shortens); ``end`` when there is no legal cut.
    """
    blocked = blocked_cuts(messages, start)
    cuts = [
        index
        for index in range(start + 1, end)
        if messages[index].get("role") == "user" and not blocked[index - start]
    ]
    low, high = 0, len(cuts) - 1
    best: int | None = None
    while low <= high:
        middle = (low + high) // 2
        if fits(cuts[middle]):
            best, low = cuts[middle], middle + 1
        else:
            high = middle - 1
    if best is not None:
        return best
    return cuts[0] if cuts else end


def _shorten(text: str, keep: int, note: str) -> str:
    if len(text) <= keep:
        return text
    head = keep // 2
    tail = keep - head
    omitted = len(text) - keep
    return f"{text[:head]}\n[… {omitted} chars omitted{note}]\n{text[len(text) - tail :]}"


def shrink_messages(
    messages: Sequence[Message],
    fits: Callable[[list[Message]], bool],
    *,
    note: str = "",
) -> list[Message] | None:
    """Copies of ``messages`` whose long texts are cut in the middle until ``fits`` says yes.

    Every message keeps the same share of its text: the largest per-message
    length ``L`` (found by bisection) such that each text longer than ``L`` keeps
    its first and last ``L / 2`` characters. Only string contents are cut.

    Args:
        messages: The chunk as stored.
        fits: Whether a candidate list is small enough (e.g. its prompt fits).
        note: Appended inside each omission marker (where the full text is kept).

    Returns:
        The copies (unchanged ones when they already fit), or None when even
        :data:`MIN_KEPT_CHARS` per message does not fit.
    """
    copies = [message.copy() for message in messages]
    if fits(copies):
        return copies
    texts = [m.get("content") for m in copies]
    longest = max((len(text) for text in texts if isinstance(text, str)), default=0)

    def cut(keep: int) -> list[Message]:
        out = []
        for message in copies:
            content = message.get("content")
            if isinstance(content, str) and len(content) > keep:
                message = message.copy()
                message["content"] = _shorten(content, keep, note)
            out.append(message)
        return out

    low, high = MIN_KEPT_CHARS, longest - 1
    if high < low or not fits(cut(low)):
        return None
    while low < high:
        middle = (low + high + 1) // 2
        if fits(cut(middle)):
            low = middle
        else:
            high = middle - 1
    return cut(low)
