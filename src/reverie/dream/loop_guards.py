"""Guards of Dream's tool loop while it runs: its token budget, and going round in circles.

- :class:`TokenBudget`: the tokens a run may spend, summed over its calls.
- :class:`LoopDetector`: no-op edits, a call repeated while nothing changed,
  and an edit applied twice count as strikes; enough strikes stop the loop.

What a finished run may change is judged in :mod:`reverie.dream.guards`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reverie.tools import NO_CHANGE_PREFIX

__all__ = [
    "DEFAULT_MAX_STRIKES",
    "WRITE_TOOLS",
    "FileChange",
    "LoopDetector",
    "TokenBudget",
    "call_signature",
]

DEFAULT_MAX_STRIKES = 3
"""No-op or repeated tool calls tolerated in one run before the loop is stopped."""
WRITE_TOOLS = frozenset({"edit_file", "write_file", "apply_patch"})
"""The tools that change files; repeating one of them with nothing changed is a strike."""


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
