"""Where a line of memory came from: commit → history entries → original messages.

Each Dream commit carries a ``Dream-Cursors: A-B`` trailer naming the history
entries it processed, and each history entry written by reverie names the
exact messages it summarises (``source``). :func:`blame_text` follows that
chain for every memory line holding the words asked about:

1. the words match as words, case-insensitively, several as a phrase
   ("tea" finds "green tea", never "team"); lines are ranked by relevance;
2. ``GitStore.blame`` gives the commit that introduced the line;
3. its trailer gives the entries; those mentioning the words (or, failing
   that, sharing the line's words) come first;
4. those entries are expanded back to their messages, and only the messages
   that contain the words (failing that: that share most of the line's words)
   are listed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from reverie.errors import UserError
from reverie.layout import MEMORY_FILE, SOUL_FILE, USER_FILE
from reverie.message_format import message_text
from reverie.ops.history import Expansion, expand_entry
from reverie.store.records import HistoryEntry
from reverie.workspace import Workspace

__all__ = ["BlameHit", "BlameOrigin", "blame_text", "phrase_pattern", "related_words"]

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
# Stripped from the ends of each word asked about: "tea." and "(tea" mean "tea";
# "+" and "#" stay, they are part of names such as C++ and C#.
_EDGE_PUNCTUATION = ".,;:!?\"'`()[]{}<>«»“”‘’"
_MAX_ENTRIES = 3
_MAX_MESSAGES = 5
_MAX_EXPANDED = 50
"""Entries of a commit's range read back to their messages, at most (Dream takes 20 a run)."""
_RELATED_ENOUGH = 2
"""Words a message must share with the line when none holds the words asked about."""

MessageMatch = Literal["words", "related", "none"]
"""How an origin's messages were picked: they hold the words asked about; they share
most of the line's words (the line paraphrases them); or no message qualified."""


def related_words(text: str) -> frozenset[str]:
    """The words of ``text`` that carry meaning (lower-case, 3+ chars, no stop words)."""
    words = (w.casefold().strip(".-") for w in _WORD.findall(text))
    return frozenset(w for w in words if len(w) >= 3 and w not in _STOP)


def phrase_pattern(text: str) -> re.Pattern[str] | None:
    """A pattern finding ``text`` as whole words, case-insensitively; None when it has none.

    Several words must follow each other (any spaces or punctuation between
    them): ``"green tea"`` finds "Green tea" and "green-tea", ``"tea"`` does
    not find "team" or "steam".
    """
    parts = []
    for raw in text.split():
        word = raw.strip(_EDGE_PUNCTUATION)
        if not word:
            continue
        part = re.escape(word)
        if _is_word_char(word[0]):
            part = r"(?<!\w)" + part
        if _is_word_char(word[-1]):
            part += r"(?!\w)"
        parts.append(part)
    if not parts:
        return None
    return re.compile(r"\W+".join(parts), re.IGNORECASE)


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def _overlap(words: frozenset[str], text: str) -> int:
    return len(words & related_words(text))


@dataclass
class BlameOrigin(Expansion):
    """A history entry behind a memory line, with only those of its messages that bear on it.

    ``messages`` holds the messages picked (see ``match``), oldest first.
    """

    indexes: list[int] = field(default_factory=list)
    """The absolute indexes of ``messages`` in the session."""
    match: MessageMatch = "none"

    @property
    def total(self) -> int:
        """How many messages the entry covers."""
        return 0 if self.start is None or self.end is None else self.end - self.start

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly view."""
        return {
            **super().as_dict(),
            "indexes": self.indexes,
            "total_messages": self.total,
            "match": self.match,
        }


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
    written_by: str | None = None
    """Who made a commit that is not Dream's, from its trailers (a memory tool, a revert)."""
    entries: list[HistoryEntry] = field(default_factory=list)
    """Entries of that range still in the log, most related first."""
    missing_entries: int = 0
    """Entries of the range no longer in the log (compacted after Dream)."""
    origins: list[BlameOrigin] = field(default_factory=list)
    """The entries that bear on the line (at most three), with their relevant messages."""

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
            "written_by": self.written_by,
            "model": self.model,
            "entries": [entry.to_dict() for entry in self.entries],
            "missing_entries": self.missing_entries,
            "origins": [origin.as_dict() for origin in self.origins],
        }


class _Relevance:
    """Scores texts against the words asked about and the memory line they are in."""

    def __init__(self, pattern: re.Pattern[str], line: str) -> None:
        self.pattern = pattern
        self.line_words = related_words(line)

    def mentions(self, text: str) -> int:
        return len(self.pattern.findall(text))

    def score(self, text: str) -> tuple[int, int]:
        return self.mentions(text), _overlap(self.line_words, text)

    def related_enough(self, text: str) -> bool:
        # At least two of the line's words, and half of them for a long line.
        needed = min(len(self.line_words), max(_RELATED_ENOUGH, -(-len(self.line_words) // 2)))
        return needed > 0 and _overlap(self.line_words, text) >= needed


def _matching_lines(ws: Workspace, pattern: re.Pattern[str]) -> list[tuple[str, int, str]]:
    found: list[tuple[int, float, int, str, int, str]] = []
    for order, rel in enumerate(MEMORY_FILES):
        text = ws.store.read_file(rel)
        for number, line in enumerate(text.splitlines(), start=1):
            mentions = len(pattern.findall(line))
            if mentions:
                # Most mentions first, then the line most about the words (fewest others).
                others = len(related_words(line)) or 1
                found.append((-mentions, others, order, rel, number, line))
    found.sort()
    return [(rel, number, line) for *_, rel, number, line in found]


def _inside_words_hint(ws: Workspace, text: str) -> str:
    """``; it is part of: PostgreSQL`` when the text occurs only inside longer words."""
    needle = text.strip().casefold()
    found: list[str] = []
    for rel in MEMORY_FILES:
        for word in _WORD.findall(ws.store.read_file(rel)):
            if needle in word.casefold() and word not in found:
                found.append(word)
    if not found:
        return ""
    return f"; it is only part of longer words: {', '.join(found[:5])}"


def _entries_in(ws: Workspace, start: int, end: int) -> list[HistoryEntry]:
    entries = ws.store.history.read_since(start - 1, limit=end - start + 1)
    return [entry for entry in entries if start <= entry.cursor <= end]


def _origin(ws: Workspace, entry: HistoryEntry, relevance: _Relevance) -> BlameOrigin:
    """``entry`` with only the messages that contain the words (else: that share the line's)."""
    expansion = expand_entry(ws.store, entry, tolerant=True)
    origin = BlameOrigin(
        entry=entry,
        session_key=expansion.session_key,
        start=expansion.start,
        end=expansion.end,
        problem=expansion.problem,
    )
    first = expansion.start or 0
    numbered = [(first + i, m, message_text(m)) for i, m in enumerate(expansion.messages)]
    picked = [item for item in numbered if relevance.mentions(item[2])]
    origin.match = "words"
    if not picked:
        picked = [item for item in numbered if relevance.related_enough(item[2])]
        origin.match = "related" if picked else "none"
    best = sorted(picked, key=lambda item: tuple(-x for x in relevance.score(item[2])))
    kept = sorted(best[:_MAX_MESSAGES], key=lambda item: item[0])
    origin.indexes = [index for index, _, _ in kept]
    origin.messages = [message for _, message, _ in kept]
    return origin


def blame_text(ws: Workspace, text: str) -> list[BlameHit]:
    """Trace every line of SOUL.md, USER.md and memory/MEMORY.md holding the words ``text``.

    Words match whole (case-insensitive; several words as a phrase); the most
    relevant lines come first.

    Raises:
        UserError: ``text`` holds no words, or no memory line holds them.
    """
    from reverie.dream.commit_message import parse_cursor_range
    from reverie.store.git import parse_trailers
    from reverie.store.trailers import (
        CURSORS_TRAILER,
        MEMORY_TOOL_TRAILER,
        MODEL_TRAILER,
        REVERTED_TRAILER,
    )

    pattern = phrase_pattern(text)
    if pattern is None:
        raise UserError("blame text is empty; give words from a line of memory")
    lines = _matching_lines(ws, pattern)
    if not lines:
        raise UserError(
            f"no line of {', '.join(MEMORY_FILES)} contains the word(s) {text.strip()!r}"
            + _inside_words_hint(ws, text)
            + " (see `reverie memory show`)"
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
                if MEMORY_TOOL_TRAILER in trailers:
                    hit.written_by = f"the memory tool ({trailers[MEMORY_TOOL_TRAILER]})"
                elif REVERTED_TRAILER in trailers:
                    hit.written_by = f"a revert of {trailers[REVERTED_TRAILER][:8]}"
        if hit.cursors is not None:
            _trace(ws, hit, _Relevance(pattern, line))
        hits.append(hit)
    return hits


def _trace(ws: Workspace, hit: BlameHit, relevance: _Relevance) -> None:
    assert hit.cursors is not None
    start, end = hit.cursors
    entries = _entries_in(ws, start, end)
    hit.missing_entries = max(0, end - start + 1 - len(entries))
    scores = {entry.cursor: relevance.score(entry.content) for entry in entries}
    hit.entries = sorted(
        entries, key=lambda e: (-scores[e.cursor][0], -scores[e.cursor][1], e.cursor)
    )
    # A summary may not repeat the words its messages hold: the messages decide too.
    origins = [_origin(ws, entry, relevance) for entry in hit.entries[:_MAX_EXPANDED]]
    telling = [
        origin for origin in origins if any(scores[origin.entry.cursor]) or origin.match != "none"
    ]
    telling.sort(key=lambda o: (o.match != "words", -scores[o.entry.cursor][0], -len(o.messages)))
    hit.origins = telling[:_MAX_ENTRIES]
