"""The message of a Dream commit, built from the real diff and nothing the model said.

::

    dream: update USER.md, memory/MEMORY.md

    USER.md: +1 -0
      + - User's name is Dana.
    memory/MEMORY.md: +2 -1
      - - The API runs on Flask.
      + - The API runs on FastAPI.
      + - Deploys go through Docker Compose.

    Dream-Cursors: 12-19
    Dream-Model: gpt-4.1-mini

The ``Dream-Cursors`` trailer names the history entries the run processed, so
any line of a memory file traces back: ``git blame`` → commit → cursors →
history entries → the original messages. Cursor bookkeeping
(``memory/.dream_cursor``) changes in every Dream commit and is left out of the
summary.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from reverie.layout import DREAM_CURSOR_FILE
from reverie.store.trailers import CURSORS_TRAILER, MODEL_TRAILER

__all__ = [
    "CURSORS_TRAILER",
    "CURSOR_FILE",
    "MODEL_TRAILER",
    "FileDiffStat",
    "build_commit_message",
    "parse_cursor_range",
    "summarize_diff",
]

CURSOR_FILE = DREAM_CURSOR_FILE

_SHOWN_LINES = 4
_LINE_CHARS = 100
_SUBJECT_CHARS = 72


@dataclass
class FileDiffStat:
    """Lines added and removed in one file, and the first changed lines (``+ x``/``- x``)."""

    path: str
    added: int = 0
    removed: int = 0
    created: bool = False
    deleted: bool = False
    first_lines: list[str] = field(default_factory=list)
    blank: int = 0
    """Changed lines that were blank (counted, never shown)."""


def summarize_diff(diff: str) -> list[FileDiffStat]:
    """Per-file statistics of a git-style unified diff, in diff order."""
    stats: list[FileDiffStat] = []
    current: FileDiffStat | None = None
    in_hunk = False
    for line in diff.splitlines():
        if line.startswith("diff --git "):
            path = line.split(" b/", 1)[1] if " b/" in line else line[len("diff --git ") :]
            current = FileDiffStat(path)
            stats.append(current)
            in_hunk = False
            continue
        if current is None:
            continue
        if not in_hunk:
            if line.startswith("new file mode"):
                current.created = True
            elif line.startswith("deleted file mode"):
                current.deleted = True
            elif line.startswith("@@"):
                in_hunk = True
            continue
        if line.startswith("@@"):
            continue
        if line.startswith("+"):
            current.added += 1
            _keep(current, "+", line[1:])
        elif line.startswith("-"):
            current.removed += 1
            _keep(current, "-", line[1:])
    return stats


def _keep(stat: FileDiffStat, sign: str, text: str) -> None:
    if not text.strip():
        stat.blank += 1
        return
    if len(stat.first_lines) >= _SHOWN_LINES:
        return
    text = text.rstrip()
    if len(text) > _LINE_CHARS:
        text = text[: _LINE_CHARS - 1] + "…"
    stat.first_lines.append(f"{sign} {text}")


def _subject(paths: Sequence[str], cursor_from: int, cursor_to: int) -> str:
    if not paths:
        return f"dream: no memory changes (history {cursor_from}-{cursor_to})"
    subject = "dream: update " + ", ".join(paths)
    if len(subject) <= _SUBJECT_CHARS:
        return subject
    shown: list[str] = []
    for index, path in enumerate(paths):
        more = f" and {len(paths) - index} more"
        if len("dream: update " + ", ".join([*shown, path]) + more) > _SUBJECT_CHARS and shown:
            return "dream: update " + ", ".join(shown) + more
        shown.append(path)
    return "dream: update " + ", ".join(shown)


def _one_line(value: str) -> str:
    return " ".join(value.split()) or "unknown"


def build_commit_message(
    diff: str,
    *,
    cursor_from: int,
    cursor_to: int,
    model: str,
    unversioned: Mapping[str, tuple[str | None, str | None]] | None = None,
) -> str:
    """Write the commit message of a completed Dream run.

    Args:
        diff: The working-tree diff of the tracked files against HEAD
            (:meth:`GitStore.diff_working_tree`), cursor file included.
        cursor_from: First history cursor the run processed.
        cursor_to: Last history cursor the run processed.
        model: The model that ran the Dream (the ``Dream-Model`` trailer).
        unversioned: Files the run changed that the repository does not track
            (skills), as ``{path: (before, after)}``; listed, not diffed.

    Returns:
        Subject line, body and trailers, separated by blank lines.
    """
    stats = [stat for stat in summarize_diff(diff) if stat.path != CURSOR_FILE]
    extra = sorted((unversioned or {}).items())
    paths = [stat.path for stat in stats] + [path for path, _ in extra]
    body: list[str] = []
    for stat in stats:
        note = " (new file)" if stat.created else " (deleted)" if stat.deleted else ""
        body.append(f"{stat.path}: +{stat.added} -{stat.removed}{note}")
        body.extend(f"  {line}" for line in stat.first_lines)
        hidden = stat.added + stat.removed - stat.blank - len(stat.first_lines)
        if hidden > 0:
            body.append(f"  … {hidden} more changed line{'s' if hidden != 1 else ''}")
    for path, (before, after) in extra:
        if before is None:
            what = "created"
        elif after is None:
            what = "deleted"
        else:
            what = "changed"
        lines = len((after or "").splitlines())
        body.append(f"{path}: {what}, {lines} line{'s' if lines != 1 else ''} (not versioned)")
    if not body:
        body.append(f"Processed history entries {cursor_from}-{cursor_to}; no memory file changed.")
    trailers = [
        f"{CURSORS_TRAILER}: {cursor_from}-{cursor_to}",
        f"{MODEL_TRAILER}: {_one_line(model)}",
    ]
    return "\n".join([_subject(paths, cursor_from, cursor_to), "", *body, "", *trailers])


def parse_cursor_range(value: str | None) -> tuple[int, int] | None:
    """``"12-19"`` → ``(12, 19)``; None for a missing or malformed trailer value."""
    if not value:
        return None
    first, sep, last = value.strip().partition("-")
    if not sep or not first.isdigit() or not last.isdigit():
        return None
    return int(first), int(last)
