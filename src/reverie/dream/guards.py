"""Guard rails of an unattended Dream run, as pure functions and small state objects.

Dream runs while nobody watches, so a confused model must not be able to
empty a memory file, grow one without bound, or spin forever re-applying the
same edit. The runner feeds these guards what happened; they decide:

- :func:`deletion_violations`: a run whose net effect removes more than a share
  of a file's non-empty lines is rejected (and rolled back by the runner).
- :func:`content_violations`: the same share of a file's *facts* (lines that say
  something: three letters or digits at least, headings aside) or of its text
  (letters and digits) may not go either, so lines of ``-`` cannot stand in for deleted
  facts. :mod:`reverie.dream.deletion_window` applies it across recent runs.
- :func:`size_violations`: no memory file may grow past its size cap.
- :class:`TokenBudget`: the tokens a run may spend, summed over its calls.
- :class:`LoopDetector`: no-op edits, a call repeated while nothing changed,
  and an edit applied twice count as strikes; enough strikes stop the loop.

The last two watch the tool loop as it runs; they live in
:mod:`reverie.dream.loop_guards` and are importable from here too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reverie.dream.loop_guards import (
    DEFAULT_MAX_STRIKES,
    WRITE_TOOLS,
    FileChange,
    LoopDetector,
    TokenBudget,
    call_signature,
)

__all__ = [
    "DEFAULT_MAX_DELETION_RATIO",
    "DEFAULT_MAX_STRIKES",
    "MIN_DELETED_CHARS",
    "MIN_DELETED_LINES",
    "WRITE_TOOLS",
    "ContentMeasure",
    "ContentViolation",
    "DeletionViolation",
    "FileChange",
    "LoopDetector",
    "SizeViolation",
    "TokenBudget",
    "call_signature",
    "content_loss",
    "content_violations",
    "count_content_lines",
    "count_facts",
    "count_text_chars",
    "deletion_violations",
    "describe_violations",
    "size_violations",
]

DEFAULT_MAX_DELETION_RATIO = 0.25
"""Share of a file's non-empty lines one run may remove before it is rejected."""
MIN_DELETED_LINES = 2
"""Removing a single line is an ordinary edit (a done task, a stale fact), never mass deletion."""
MIN_DELETED_CHARS = 80
"""Removing less text than this (about one fact) is an ordinary edit, whatever the share."""
_FACT_MIN_ALNUM = 3


def count_content_lines(text: str | None) -> int:
    """Non-empty (not whitespace-only) lines of ``text``; 0 for None."""
    if not text:
        return 0
    return sum(1 for line in text.splitlines() if line.strip())


def count_facts(text: str | None) -> int:
    """Lines of ``text`` that say something: at least three letters or digits, not a heading."""
    if not text:
        return 0
    return sum(
        1
        for line in text.splitlines()
        if _alnum(line) >= _FACT_MIN_ALNUM and not line.lstrip().startswith("#")
    )


def count_text_chars(text: str | None) -> int:
    """Letters and digits in ``text``: what is left of it without markup and spacing."""
    return _alnum(text) if text else 0


def _alnum(text: str) -> int:
    return sum(1 for char in text if char.isalnum())


@dataclass(frozen=True)
class ContentViolation:
    """A file that would lose too much of what it says, in one run or over several."""

    path: str
    unit: str
    """``facts`` or ``characters of text``."""
    before: int
    after: int
    runs: int = 1
    """Dream runs the loss adds up over (1: this run alone)."""

    def describe(self, max_ratio: float) -> str:
        """One clause for the rejection reason."""
        removed = self.before - self.after
        span = "" if self.runs == 1 else f" over the last {self.runs} Dream runs"
        return (
            f"{self.path} would lose {removed:,} of {self.before:,} {self.unit}{span} "
            f"({removed / self.before:.0%} > {max_ratio:.0%})"
        )


@dataclass(frozen=True)
class ContentMeasure:
    """How much a file says: its facts and its characters of text."""

    facts: int
    chars: int

    @classmethod
    def of(cls, text: str | None) -> ContentMeasure:
        """The measure of ``text`` (None: an absent file, nothing)."""
        return cls(count_facts(text), count_text_chars(text))


def content_loss(
    path: str,
    was: ContentMeasure,
    now: ContentMeasure,
    *,
    max_ratio: float = DEFAULT_MAX_DELETION_RATIO,
    runs: int = 1,
) -> ContentViolation | None:
    """The violation when going from ``was`` to ``now`` removes more than ``max_ratio``.

    A loss of fewer than :data:`MIN_DELETED_LINES` facts and
    :data:`MIN_DELETED_CHARS` characters is an ordinary edit, unless it
    empties the file of facts.
    """
    for unit, before, after, minimum in (
        ("facts", was.facts, now.facts, MIN_DELETED_LINES),
        ("characters of text", was.chars, now.chars, MIN_DELETED_CHARS),
    ):
        lost = before - after
        emptied = lost > 0 and after == 0
        if before and (lost >= minimum or emptied) and lost > max_ratio * before:
            return ContentViolation(path, unit, before, after, runs)
    return None


def content_violations(
    before: Mapping[str, str | None],
    after: Mapping[str, str | None],
    *,
    max_ratio: float = DEFAULT_MAX_DELETION_RATIO,
) -> list[ContentViolation]:
    """Files one run leaves with more than ``max_ratio`` of their facts or text gone.

    Args:
        before: File texts when the run started (None: absent), by relative path.
        after: File texts now; a path missing here is treated as unchanged.
        max_ratio: Largest share that may go.
    """
    out: list[ContentViolation] = []
    for path, old in before.items():
        if path in after:
            found = content_loss(
                path, ContentMeasure.of(old), ContentMeasure.of(after[path]), max_ratio=max_ratio
            )
            if found is not None:
                out.append(found)
    return out


@dataclass(frozen=True)
class DeletionViolation:
    """A file that would lose too many of its lines."""

    path: str
    before_lines: int
    after_lines: int

    @property
    def removed(self) -> int:
        """Net non-empty lines removed."""
        return self.before_lines - self.after_lines

    @property
    def ratio(self) -> float:
        """``removed / before_lines``."""
        return self.removed / self.before_lines if self.before_lines else 0.0

    def describe(self, max_ratio: float) -> str:
        """One clause for the rejection reason."""
        return (
            f"{self.path} would lose {self.removed} of {self.before_lines} non-empty lines "
            f"({self.ratio:.0%} > {max_ratio:.0%})"
        )


@dataclass(frozen=True)
class SizeViolation:
    """A file that would grow past the size cap."""

    path: str
    before_chars: int
    after_chars: int
    max_chars: int

    def describe(self) -> str:
        """One clause for the rejection reason."""
        return (
            f"{self.path} would grow to {self.after_chars:,} chars "
            f"(limit {self.max_chars:,}, was {self.before_chars:,})"
        )


def deletion_violations(
    before: Mapping[str, str | None],
    after: Mapping[str, str | None],
    *,
    max_ratio: float = DEFAULT_MAX_DELETION_RATIO,
    min_lines: int = MIN_DELETED_LINES,
) -> list[DeletionViolation]:
    """Files whose non-empty line count drops by more than ``max_ratio``.

    The measure is the *net* drop in non-empty lines, so rewording or
    correcting a line in place costs nothing while truncating a file (the way
    memory is really lost: a model's answer cut off mid-file) is caught.

    Args:
        before: File texts when the run started (None: absent), by relative path.
        after: File texts now; a path missing here is treated as unchanged.
        max_ratio: Largest share of lines a run may remove (0.25 = 25 %).
        min_lines: A drop smaller than this many lines is allowed, unless it
            leaves the file without a non-empty line.

    Returns:
        The offending files, in the order of ``before``.
    """
    out: list[DeletionViolation] = []
    for path, old in before.items():
        if path not in after:
            continue
        old_lines = count_content_lines(old)
        new_lines = count_content_lines(after[path])
        removed = old_lines - new_lines
        # Emptying a file is never an ordinary edit, however short the file was.
        big_enough = removed >= max(min_lines, 1) or (removed > 0 and new_lines == 0)
        if old_lines and big_enough and removed > max_ratio * old_lines:
            out.append(DeletionViolation(path, old_lines, new_lines))
    return out


def size_violations(
    before: Mapping[str, str | None], after: Mapping[str, str | None], *, max_chars: int
) -> list[SizeViolation]:
    """Files that grew and now exceed ``max_chars`` (a file already over it may shrink)."""
    out: list[SizeViolation] = []
    for path, new in after.items():
        old_size = len(before.get(path) or "")
        new_size = len(new or "")
        if new_size > max_chars and new_size > old_size:
            out.append(SizeViolation(path, old_size, new_size, max_chars))
    return out


def describe_violations(
    deletions: Sequence[DeletionViolation],
    sizes: Sequence[SizeViolation],
    *,
    max_ratio: float,
    more: Sequence[str] = (),
) -> str:
    """The ``rejected by guard: ...`` reason for a run with violations.

    ``more`` holds clauses already described (content and window violations).
    """
    parts = [item.describe(max_ratio) for item in deletions] + [item.describe() for item in sizes]
    return "rejected by guard: " + "; ".join([*parts, *more])
