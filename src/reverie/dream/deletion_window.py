"""The deletion guard across runs: no memory file loses half of what it says in a week of Dreams.

One run may remove at most a quarter of a file (:mod:`reverie.dream.guards`);
without memory of earlier runs, twelve runs that each remove 24 % would still
leave three facts of forty. So every completed run records, per file it
changed, how many facts and characters of text the file held *before* it, in
``memory/.dream_guard.json``::

    {"version": 1, "files": {"memory/MEMORY.md": {
        "digest": "<blake2b of the text the last Dream commit left>",
        "runs": [{"at": "2026-04-03T00:02:00+00:00", "facts": 40, "chars": 1811}, ...]}}}

A new run is rejected when the file would end with less than half of the most
it held within the window (the last ten runs that changed it, and no older than
seven days). A person stays in charge: when the file on disk is not what the
last Dream left (edited by hand, restored), its record starts afresh from what
is there now, so deleting by hand is never blocked, and a user who wants the
deletion can make it. The file is reverie's own bookkeeping; losing it only
forgets the window.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from reverie._atomic import write_text_atomic
from reverie._jsonline import loads_line
from reverie._logging import OnceWarner, get_logger
from reverie._readfile import read_regular_file
from reverie.dream.guards import ContentMeasure, ContentViolation, content_loss

__all__ = [
    "DEFAULT_MAX_WINDOW_DELETION_RATIO",
    "DEFAULT_WINDOW_DAYS",
    "DEFAULT_WINDOW_RUNS",
    "GUARD_FILE",
    "DeletionWindow",
]

GUARD_FILE = ".dream_guard.json"
"""The window's record, in ``memory/``."""
DEFAULT_WINDOW_RUNS = 10
"""Runs that changed a file, kept in its window."""
DEFAULT_WINDOW_DAYS = 7.0
"""Age beyond which a run leaves the window."""
DEFAULT_MAX_WINDOW_DELETION_RATIO = 0.5
"""Largest share of a file's facts or text the runs of a window may remove together."""

_VERSION = 1
_MAX_BYTES = 1 << 20
_log = get_logger("dream.guard")
_warner = OnceWarner(_log)


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


@dataclass(frozen=True)
class _Mark:
    """What a file held before one run."""

    at: datetime
    measure: ContentMeasure


class DeletionWindow:
    """The record of recent runs' deletions, and the check against it.

    Args:
        memory_dir: The workspace's ``memory/`` folder.
        runs: Runs kept per file.
        days: Days a run stays in the window.
        max_ratio: Largest share the window's runs may remove together.
    """

    def __init__(
        self,
        memory_dir: Path,
        *,
        runs: int = DEFAULT_WINDOW_RUNS,
        days: float = DEFAULT_WINDOW_DAYS,
        max_ratio: float = DEFAULT_MAX_WINDOW_DELETION_RATIO,
    ) -> None:
        self.path = memory_dir / GUARD_FILE
        self.runs = runs
        self.days = days
        self.max_ratio = max_ratio

    def violations(
        self,
        before: Mapping[str, str | None],
        after: Mapping[str, str | None],
        now: datetime,
    ) -> list[ContentViolation]:
        """Files the run would leave with too little of what the window's runs found in them."""
        files = self._load()
        out: list[ContentViolation] = []
        for path, old in before.items():
            if old is None or path not in after:
                continue
            marks = self._marks(files.get(path), old, now)
            if not marks:
                continue
            # The baseline: the most the file held at the start of any run in the window.
            most = max(marks, key=lambda mark: (mark.measure.facts, mark.measure.chars))
            found = content_loss(
                path,
                most.measure,
                ContentMeasure.of(after[path]),
                max_ratio=self.max_ratio,
                runs=len(marks) + 1,
            )
            if found is not None:
                out.append(found)
        return out

    def record(
        self, before: Mapping[str, str | None], after: Mapping[str, str | None], now: datetime
    ) -> None:
        """Add a completed run: what each file held before it, and the digest of what it left.

        Raises:
            StoreError: the record cannot be written.
        """
        files = self._load()
        for path, old in before.items():
            new = after.get(path)
            if new is None:
                files.pop(path, None)
                continue
            marks = self._marks(files.get(path), old, now) if old is not None else []
            if old is not None:
                marks.append(_Mark(now, ContentMeasure.of(old)))
            files[path] = {
                "digest": _digest(new),
                "runs": [
                    {
                        "at": mark.at.isoformat(),
                        "facts": mark.measure.facts,
                        "chars": mark.measure.chars,
                    }
                    for mark in marks[-self.runs :]
                ],
            }
        record = {"version": _VERSION, "files": files}
        write_text_atomic(self.path, json.dumps(record, indent=1) + "\n")

    # -- internals -----------------------------------------------------------------

    def _marks(self, entry: object, old: str, now: datetime) -> list[_Mark]:
        """The runs still in the window, if ``old`` is what the last Dream left."""
        if not isinstance(entry, dict) or entry.get("digest") != _digest(old):
            return []  # changed outside Dream since (or never seen): start afresh
        oldest = now - timedelta(days=self.days)
        marks = [mark for mark in map(_parse_mark, entry.get("runs") or []) if mark is not None]
        return [mark for mark in marks if mark.at >= oldest][-(self.runs - 1) :]

    def _load(self) -> dict[str, Any]:
        try:
            data = loads_line(read_regular_file(self.path, limit=_MAX_BYTES, limit_name="1 MiB"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            _warner.warn(
                f"unreadable:{self.path}",
                "%s cannot be read (%s); the deletion window starts afresh",
                self.path,
                exc,
            )
            return {}
        files = data.get("files") if isinstance(data, dict) else None
        return dict(files) if isinstance(files, dict) else {}


def _parse_mark(value: object) -> _Mark | None:
    if not isinstance(value, dict):
        return None
    facts, chars, at = value.get("facts"), value.get("chars"), value.get("at")
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (facts, chars)):
        return None
    try:
        when = datetime.fromisoformat(at) if isinstance(at, str) else None
    except ValueError:
        return None
    if when is None or when.tzinfo is None:
        return None
    assert isinstance(facts, int) and isinstance(chars, int)
    return _Mark(when, ContentMeasure(facts, chars))
