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
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reverie.tools import NO_CHANGE_PREFIX

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
DEFAULT_MAX_STRIKES = 3
"""No-op or repeated tool calls tolerated in one run before the loop is stopped."""
WRITE_TOOLS = frozenset({"edit_file", "write_file", "apply_patch"})
"""The tools that change files; repeating one of them with nothing changed is a strike."""


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


class TokenBudget:
    """Tokens one run may spend, summed over its model calls.

    Args:
        limit: The most tokens (prompt plus completion, over all calls).
    """

    def __init__(self, limit: int) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"token budget must be a positive integer, got {limit!r}")
        self.limit = limit
        self.used = 0

    @property
    def remaining(self) -> int:
        """Tokens left (never negative)."""
        return max(0, self.limit - self.used)

    @property
    def exceeded(self) -> bool:
        """True once more than :attr:`limit` tokens were spent."""
        return self.used > self.limit

    def add(self, tokens: int) -> None:
        """Record tokens spent by one call."""
        self.used += max(0, tokens)

    def allows(self, prompt_tokens: int) -> bool:
        """Whether a call with this many prompt tokens still fits."""
        return self.used + prompt_tokens <= self.limit


@dataclass(frozen=True)
class FileChange:
    """One real write a tool made: the file's text before (None: created) and after."""

    path: str
    before: str | None
    after: str


def _digest(text: str | None) -> str:
    if text is None:
        return "-"
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def call_signature(name: str, arguments: Mapping[str, Any]) -> str:
    """A canonical text of a tool call, for spotting the same call twice."""
    try:
        args = json.dumps(arguments, sort_keys=True, ensure_ascii=False, default=repr)
    except (TypeError, ValueError):
        args = repr(sorted(arguments.items(), key=lambda item: str(item[0])))
    return f"{name}:{args}"


@dataclass
class LoopDetector:
    """Counts the ways a tool loop goes round in circles, and says when to stop.

    A strike is one of:

    * a tool result starting with ``No change:`` (the edit changed nothing);
    * a write call identical to an earlier one while no file changed in
      between (retrying the same failing edit); repeated reads are left to
      the iteration cap and the token budget;
    * an edit that takes a file from a state to a state it already went through
      the same way in this run (A→B, B→A, A→B: the second A→B is a strike).

    Args:
        max_strikes: Strikes after which :attr:`should_stop` turns True.
    """

    max_strikes: int = DEFAULT_MAX_STRIKES
    strikes: list[str] = field(default_factory=list)
    _generation: int = 0
    _calls: dict[str, int] = field(default_factory=dict)
    _transitions: set[tuple[str, str, str]] = field(default_factory=set)

    def record(
        self,
        name: str,
        arguments: Mapping[str, Any],
        content: str,
        changes: Sequence[FileChange] = (),
    ) -> None:
        """Record one executed tool call, its result text and the writes it made."""
        signature = call_signature(name, arguments)
        if content.startswith(NO_CHANGE_PREFIX):
            self.strikes.append(f"no-op {name} ({_target(arguments)})")
        elif name in WRITE_TOOLS and not changes and self._calls.get(signature) == self._generation:
            self.strikes.append(f"repeated {name} ({_target(arguments)}) with nothing changed")
        for change in changes:
            step = (change.path, _digest(change.before), _digest(change.after))
            if step in self._transitions:
                self.strikes.append(f"the same edit of {change.path} applied twice")
            self._transitions.add(step)
        if changes:
            self._generation += 1
        self._calls[signature] = self._generation

    @property
    def should_stop(self) -> bool:
        """True once :attr:`max_strikes` strikes were counted."""
        return len(self.strikes) >= self.max_strikes

    def reason(self) -> str:
        """Why the loop was stopped, naming the strikes."""
        shown = "; ".join(dict.fromkeys(self.strikes))
        return f"stopped by loop guard: {len(self.strikes)} no-op or repeated tool calls ({shown})"


def _target(arguments: Mapping[str, Any]) -> str:
    path = arguments.get("path")
    if isinstance(path, str):
        return path
    edits = arguments.get("edits")
    if isinstance(edits, list):
        paths = [e.get("path") for e in edits if isinstance(e, Mapping)]
        return ", ".join(dict.fromkeys(p for p in paths if isinstance(p, str))) or "no path"
    return "no path"
