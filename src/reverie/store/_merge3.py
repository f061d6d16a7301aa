"""A three-way merge of lines, pure: what undoing one commit does to a file changed since.

To undo a commit's change to a file that later commits (or the user) changed
too, reverie applies the change from the commit's version (``base``) back to
its parent's version (``theirs``) onto the file as it is now (``ours``). Lines
both sides left as in ``base`` anchor the merge; between two anchors, a stretch
changed on one side only takes that side, and a stretch changed on both sides
in different ways is a conflict. Like git, changes to adjacent lines with no
unchanged line between them conflict: it is safer to refuse than to guess.
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
    if list(ours) == list(base) or list(ours) == list(theirs):
        result.lines.extend(theirs)
    elif list(theirs) == list(base):
        result.lines.extend(ours)
    else:
        result.conflicts.append(
            Conflict(ours_start, ours_start + len(ours), tuple(ours), tuple(theirs))
        )
