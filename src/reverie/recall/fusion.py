"""Pure ranking arithmetic: reciprocal-rank fusion and turning ranked turns into hits.

Kept free of SQL so each rule can be tested on plain lists. A *turn* is one
message, named ``(session_key, index)``; a *ranker* is an ordered list of
turns (best first). Fusion adds ``weight / (RRF_K + rank)`` over the rankers
that list a turn, so a turn several rankers agree on beats one that a single
ranker loves. Hits are then cut as short windows around the best turns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

__all__ = ["RRF_K", "Turn", "Window", "fuse", "set_repeats_apart", "windows_from_turns"]

RRF_K = 60
"""The usual reciprocal-rank-fusion constant: dampens the gap between ranks 1 and 2."""

_PAIR_BONUS = 1.5

Turn = tuple[str, int]
"""A message: ``(session_key, absolute index)``."""


def fuse(rankings: Sequence[tuple[float, Sequence[Turn]]]) -> dict[Turn, float]:
    """Reciprocal-rank fusion of ``(weight, ranked turns)`` lists."""
    scores: dict[Turn, float] = {}
    for weight, ranked in rankings:
        for rank, turn in enumerate(ranked, start=1):
            scores[turn] = scores.get(turn, 0.0) + weight / (RRF_K + rank)
    return scores


@dataclass
class Window:
    """Consecutive turns of one session returned as one hit."""

    session_key: str
    start: int
    end: int
    """One past the last turn."""
    score: float
    seeds: list[int] = field(default_factory=list)
    """The ranked turns the window was cut around."""

    @property
    def size(self) -> int:
        """How many turns the window covers."""
        return self.end - self.start


def windows_from_turns(
    ranked: Sequence[tuple[Turn, float]],
    *,
    limit: int,
    turn_budget: int,
    neighbour_score: Callable[[Turn], float],
    exists: Callable[[Turn], bool],
    prefer_next: Callable[[Turn], bool],
    asks: Callable[[Turn], bool] = lambda turn: False,
    together: Callable[[Turn, Turn], bool] = lambda turn, other: True,
    max_window: int = 4,
) -> list[Window]:
    """Cut the best turns into at most ``limit`` windows covering at most ``turn_budget`` turns.

    Each seed turn (best first) gets one neighbour: the one that scores higher,
    else the reply to a user turn or the question before an assistant turn
    (``prefer_next``). A seed next to a window already chosen extends it (up to
    ``max_window`` turns) instead of starting another; a seed inside one adds to
    its score. When the budget is nearly spent, seeds come alone.

    Args:
        ranked: ``(turn, fused score)``, best first.
        limit: Most windows returned.
        turn_budget: Most turns all windows together cover.
        neighbour_score: Fused score of any turn (0 when it matched nothing).
        exists: Whether a turn exists (inside its session's range).
        prefer_next: For a tie between neighbours, whether the following turn wins.
        asks: Whether a turn is a question; a window ending on one takes the
            next turn too (the answer), budget permitting.
        together: Whether two neighbouring turns belong to one sitting (a
            window never joins the last words of one day to the first of the next).
        max_window: Longest window a merge may build.
    """
    windows: list[Window] = []
    by_session: dict[str, list[Window]] = {}
    used = 0
    for turn, score in ranked:
        key, index = turn
        own = by_session.setdefault(key, [])
        inside = next((w for w in own if w.start <= index < w.end), None)
        if inside is not None:
            inside.score += score * 0.5
            inside.seeds.append(index)
            continue
        adjacent = next(
            (
                w
                for w in own
                if (w.start - 1 == index and together(turn, (key, w.start)))
                or (w.end == index and together((key, w.end - 1), turn))
            ),
            None,
        )
        if adjacent is not None and adjacent.size < max_window and used < turn_budget:
            adjacent.start = min(adjacent.start, index)
            adjacent.end = max(adjacent.end, index + 1)
            adjacent.score += score * 0.5
            adjacent.seeds.append(index)
            used += 1
            continue
        if len(windows) >= limit or used >= turn_budget:
            continue
        start, end = index, index + 1
        if used + 2 <= turn_budget - (limit - len(windows) - 1):
            before, after = (key, index - 1), (key, index + 1)
            options = [
                (neighbour_score(candidate), candidate == after, candidate)
                for candidate in (before, after)
                if exists(candidate)
                and not _covered(own, candidate[1])
                and together(min(turn, candidate), max(turn, candidate))
            ]
            if options:
                # The turn the conversation pairs it with (a user turn's reply, an
                # assistant turn's question) wins unless the other side scores far higher.
                prefer = prefer_next(turn)
                best = max(
                    options,
                    key=lambda item: (
                        item[0] * (_PAIR_BONUS if item[1] == prefer else 1),
                        item[1] == prefer,
                    ),
                )
                start, end = min(index, best[2][1]), max(index, best[2][1]) + 1
        following = (key, end)
        if (
            asks((key, end - 1))
            and exists(following)
            and together((key, end - 1), following)
            and not _covered(own, end)
            and used + (end - start) + 1 <= turn_budget - (limit - len(windows) - 1)
        ):
            end += 1
        window = Window(key, start, end, score, [index])
        windows.append(window)
        own.append(window)
        used += window.size
    windows.sort(key=lambda w: w.score, reverse=True)
    return windows


def widen(
    windows: list[Window],
    *,
    turn_budget: int,
    exists: Callable[[Turn], bool],
    together: Callable[[Turn, Turn], bool] = lambda turn, other: True,
    max_window: int = 4,
) -> None:
    """Spend turns the windows left unused on the best windows' surroundings, in place.

    A question with few good matches leaves budget over; the turns around a
    match (the answer after it, the question before it, the rest of the story)
    are the likeliest place for what the words missed. Each round gives every
    window, best first, one more turn: the next one, else the one before.
    """
    spare = turn_budget - sum(window.size for window in windows)
    grown = True
    while spare > 0 and grown:
        grown = False
        for window in windows:
            if spare <= 0:
                return
            if window.size >= max_window:
                continue
            key = window.session_key
            for index, edge in ((window.end, window.end - 1), (window.start - 1, window.start)):
                if (
                    index >= 0
                    and exists((key, index))
                    and not any(w.session_key == key and w.start <= index < w.end for w in windows)
                    and together(min((key, index), (key, edge)), max((key, index), (key, edge)))
                ):
                    window.start, window.end = min(window.start, index), max(window.end, index + 1)
                    spare -= 1
                    grown = True
                    break


def _covered(windows: Sequence[Window], index: int) -> bool:
    return any(w.start <= index < w.end for w in windows)


def rank_order(scores: Mapping[Turn, float]) -> list[tuple[Turn, float]]:
    """``scores`` best first; ties go to the later turn (newer words win a tie)."""
    return sorted(scores.items(), key=lambda item: (item[1], item[0][1]), reverse=True)


REPEAT_OVERLAP = 0.75
"""Word overlap (Jaccard) from which a turn counts as a repeat of a better one."""
REPEAT_HORIZON = 40
"""Best turns checked for repeats (hits are cut from the first few dozen)."""


def set_repeats_apart(
    ranked: Sequence[tuple[Turn, float]],
    words_of: Callable[[Turn], frozenset[str]],
    *,
    overlap: float = REPEAT_OVERLAP,
) -> list[tuple[Turn, float]]:
    """``ranked`` with turns that repeat a better-ranked turn's words moved to the end.

    People say the same thing more than once ("standup ran long again"); ten
    copies of one line would fill every hit with the same words. A repeat stays
    available (as a neighbour, or when nothing else is left), behind every
    turn that says something new. Turns of one or two words are never repeats:
    "ok" said twice is not the same news twice.
    """
    kept: list[tuple[Turn, float]] = []
    repeats: list[tuple[Turn, float]] = []
    seen: list[frozenset[str]] = []
    for turn, score in ranked[:REPEAT_HORIZON]:
        found = words_of(turn)
        size = len(found)
        # Sets this much apart in size cannot overlap enough: skip them unopened.
        if size > 2 and any(
            overlap * len(other) <= size <= len(other) / overlap
            and len(found & other) >= overlap * len(found | other)
            for other in seen
        ):
            repeats.append((turn, score))
            continue
        if len(found) > 2:
            seen.append(found)
        kept.append((turn, score))
    return kept + repeats + list(ranked[REPEAT_HORIZON:])
