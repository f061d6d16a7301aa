"""A three-way merge of lines, pure: what undoing one commit does to a file changed since.

To undo a commit's change to a file that later commits (or the user) changed
too, reverie applies the change from the commit's version (``base``) back to
its parent's version (``theirs``) onto the file as it is now (``ours``). Lines
both sides left as in ``base`` anchor the merge; between two anchors, a stretch
changed on one side only takes that side, and a stretch changed on both sides
in different ways is a conflict. Lines one side only *added* right next to a
stretch the other side changed are kept (memory files grow by appended
bullets, so the line after the one being undone is often new); any other
change to the same or adjacent lines is a conflict: refusing is safer than
guessing.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = ["Conflict", "MergeResult", "merge3"]


@dataclass(frozen=True)
class Conflict:
    """A stretch both sides changed.

    Attributes:
        ours_start: First line of the stretch in ``ours`` (0-based).
        ours_end: One past its last line (equal to ``ours_start`` when ``ours``
            deleted the stretch: the conflict sits before that line).
        ours: The stretch as ``ours`` has it.
        theirs: The stretch as ``theirs`` would have it.
    """

    ours_start: int
    ours_end: int
    ours: tuple[str, ...]
    theirs: tuple[str, ...]


@dataclass
class MergeResult:
    """The merged lines, or the conflicts that prevent a merge."""

    lines: list[str] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        """True when there is no conflict (then ``lines`` is the result)."""
        return not self.conflicts


def _aligned(base: Sequence[str], other: Sequence[str]) -> list[int | None]:
    """For each line of ``base``, its index in ``other`` when it survived there unchanged."""
    where: list[int | None] = [None] * len(base)
    matcher = difflib.SequenceMatcher(None, base, other, autojunk=False)
    for start, other_start, size in matcher.get_matching_blocks():
        for offset in range(size):
            where[start + offset] = other_start + offset
    return where


def merge3(base: Sequence[str], ours: Sequence[str], theirs: Sequence[str]) -> MergeResult:
    """Merge the change ``base`` → ``theirs`` into ``ours``.

    Args:
        base: The common ancestor's lines.
        ours: One descendant's lines (kept where only it changed).
        theirs: The other descendant's lines (taken where only it changed).

    Returns:
        The merged lines, or the conflicts (then ``lines`` is incomplete).
    """
    in_ours = _aligned(base, ours)
    in_theirs = _aligned(base, theirs)
    result = MergeResult()
    base_pos = ours_pos = theirs_pos = 0
    for index in range(len(base) + 1):
        if index < len(base):
            ours_at, theirs_at = in_ours[index], in_theirs[index]
            if ours_at is None or theirs_at is None:
                continue
        else:
            ours_at, theirs_at = len(ours), len(theirs)
        # Matching blocks are in order on both sides, so anchors never go backwards.
        _resolve(
            result,
            base[base_pos:index],
            ours[ours_pos:ours_at],
            theirs[theirs_pos:theirs_at],
            ours_pos,
        )
        if index < len(base):
            result.lines.append(ours[ours_at])
        base_pos, ours_pos, theirs_pos = index + 1, ours_at + 1, theirs_at + 1
    return result


def _resolve(
    result: MergeResult,
    base: Sequence[str],
    ours: Sequence[str],
    theirs: Sequence[str],
    ours_start: int,
) -> None:
    base, ours, theirs = list(base), list(ours), list(theirs)
    if ours in (base, theirs):
        result.lines.extend(theirs)
    elif theirs == base:
        result.lines.extend(ours)
    elif (around := _inserted_around(base, ours)) is not None:
        # One side only added lines next to the stretch the other changed
        # (Dream appending after the line being undone): keep both, in order.
        result.lines.extend(around[0] + theirs + around[1])
    elif (around := _inserted_around(base, theirs)) is not None:
        result.lines.extend(around[0] + ours + around[1])
    else:
        result.conflicts.append(
            Conflict(ours_start, ours_start + len(ours), tuple(ours), tuple(theirs))
        )


def _inserted_around(base: list[str], changed: list[str]) -> tuple[list[str], list[str]] | None:
    """``(before, after)`` when ``changed`` is ``before + base + after``, else None.

    An empty ``base`` is never "inserted around": two sides adding lines at the
    same place have no order to keep, so that stays a conflict.
    """
    size = len(base)
    if not size:
        return None
    for start in range(len(changed) - size + 1):
        if changed[start : start + size] == base:
            return changed[:start], changed[start + size :]
    return None
