"""Where a line of memory came from: commit → history entries → original messages.

Each Dream commit carries a ``Dream-Cursors: A-B`` trailer naming the history
entries it processed, and each history entry written by reverie names the
exact messages it summarises (``source``). :func:`blame_text` follows that
chain for every memory line containing some text:

1. ``GitStore.blame`` gives the commit that introduced the line;
2. its trailer gives the entries; those sharing words with the line come first;
3. the best entries are expanded back to their messages, and the messages that
   share words with the line are picked out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from reverie.errors import UserError
from reverie.layout import MEMORY_FILE, SOUL_FILE, USER_FILE
from reverie.message_format import message_text
from reverie.ops.history import Expansion, expand_entry
from reverie.store.records import HistoryEntry
from reverie.workspace import Workspace

__all__ = ["BlameHit", "blame_text", "related_words"]

MEMORY_FILES = (MEMORY_FILE, USER_FILE, SOUL_FILE)
"""Searched in this order: project facts first."""
_WORD = re.compile(r"[\w][\w.+#-]*[\w+#]|\w", re.UNICODE)
_STOP_WORDS = """
about after again also been before being both could does doing each from have having
here into just like more most much only other over same should some such than that
their them then there these they this those through under until very what when where
which while will with would your user team
"""
_STOP = frozenset(_STOP_WORDS.split())
_MAX_ENTRIES = 3
_MAX_MESSAGES = 5


def related_words(text: str) -> frozenset[str]:
    """The words of ``text`` that carry meaning (lower-case, 3+ chars, no stop words)."""
    words = (w.casefold().strip(".-") for w in _WORD.findall(text))
    return frozenset(w for w in words if len(w) >= 3 and w not in _STOP)


def _overlap(words: frozenset[str], text: str) -> int:
    return len(words & related_words(text))


@dataclass
class BlameHit:
    """One memory line that matched, and its origin."""

    file: str
    line_no: int
    text: str
    sha: str | None = None
    """The commit that introduced the line; None when it is not committed yet."""
    timestamp: str | None = None
    subject: str | None = None
    cursors: tuple[int, int] | None = None
    """The history entries the commit processed (a Dream commit), else None."""
    model: str | None = None
    entries: list[HistoryEntry] = field(default_factory=list)
    """Entries of that range still in the log, most related first."""
    missing_entries: int = 0
    """Entries of the range no longer in the log (compacted after Dream)."""
    origins: list[Expansion] = field(default_factory=list)
    """The most related entries, expanded to the messages that share words with the line."""

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly view."""
        return {
            "file": self.file,
            "line_no": self.line_no,
            "text": self.text,
            "commit": self.sha,
            "timestamp": self.timestamp,
            "subject": self.subject,
            "cursors": list(self.cursors) if self.cursors else None,
            "model": self.model,
            "entries": [entry.to_dict() for entry in self.entries],
            "missing_entries": self.missing_entries,
            "origins": [origin.as_dict() for origin in self.origins],
        }


def _matching_lines(ws: Workspace, needle: str) -> list[tuple[str, int, str]]:
    found = []
    for rel in MEMORY_FILES:
        text = ws.store.read_file(rel)
        for number, line in enumerate(text.splitlines(), start=1):
            if needle in line.casefold():
                found.append((rel, number, line))
    return found


def _entries_in(ws: Workspace, start: int, end: int) -> list[HistoryEntry]:
    entries = ws.store.history.read_since(start - 1, limit=end - start + 1)
    return [entry for entry in entries if start <= entry.cursor <= end]


def _origin(expansion: Expansion, words: frozenset[str]) -> Expansion:
    """``expansion`` with only the messages related to ``words`` (all if none are)."""
    scored = [
        (overlap, index, message)
        for index, message in enumerate(expansion.messages)
        if (overlap := _overlap(words, message_text(message))) > 0
    ]
    if not scored:
        return expansion
    best = sorted(scored, key=lambda item: (-item[0], item[1]))[:_MAX_MESSAGES]
    kept = [message for _, _, message in sorted(best, key=lambda item: item[1])]
    return replace(expansion, messages=kept)


def blame_text(ws: Workspace, text: str) -> list[BlameHit]:
    """Trace every line of SOUL.md, USER.md and memory/MEMORY.md containing ``text``.

    Raises:
        UserError: ``text`` is blank, or no memory line contains it.
    """
    from reverie.dream.commit_message import CURSORS_TRAILER, MODEL_TRAILER, parse_cursor_range
    from reverie.store.git import parse_trailers

    needle = text.casefold().strip()
    if not needle:
        raise UserError("blame text is empty; give words from a line of memory")
    lines = _matching_lines(ws, needle)
    if not lines:
        raise UserError(
            f"no line of {', '.join(MEMORY_FILES)} contains {text!r} (see `reverie memory show`)"
        )
    git = ws.store.git
    commits = {info.sha: info for info in git.log(10_000)} if git.is_initialized() else {}
    blames = {rel: git.blame(rel) for rel in {rel for rel, _, _ in lines}}
    hits: list[BlameHit] = []
    for rel, number, line in lines:
        hit = BlameHit(file=rel, line_no=number, text=line)
        owner = next((b for b in blames[rel] if b.line_no == number), None)
        if owner is not None and owner.sha is not None:
            hit.sha, hit.timestamp = owner.sha, owner.timestamp
            info = commits.get(owner.sha)
            if info is not None:
                hit.subject = info.subject
                trailers = parse_trailers(info.message)
                hit.cursors = parse_cursor_range(trailers.get(CURSORS_TRAILER))
                hit.model = trailers.get(MODEL_TRAILER)
        if hit.cursors is not None:
            _trace(ws, hit)
        hits.append(hit)
    return hits


def _trace(ws: Workspace, hit: BlameHit) -> None:
    assert hit.cursors is not None
    start, end = hit.cursors
    entries = _entries_in(ws, start, end)
    hit.missing_entries = max(0, end - start + 1 - len(entries))
    words = related_words(hit.text)
    ranked = sorted(entries, key=lambda entry: (-_overlap(words, entry.content), entry.cursor))
    hit.entries = ranked
    related = [entry for entry in ranked if _overlap(words, entry.content) > 0]
    for entry in (related or ranked)[:_MAX_ENTRIES]:
        hit.origins.append(_origin(expand_entry(ws.store, entry, tolerant=True), words))
