"""The forget journal: ``memory/.forget.json``, present only while a forget is unfinished.

It is written before the first change and deleted after the last check, so a
forget cut short (a crash, Ctrl-C, a full disk) is visible and can be finished
by running the same command again: every step is safe to repeat. It never
holds the forgotten text, only a salted digest to recognise it, so the journal
itself is not a copy of what is being removed. The digest is scrypt (salted,
memory-hard), so a short password cannot be guessed back from it quickly.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from reverie._atomic import fsync_dir, write_text_atomic
from reverie.errors import StoreError, UserError

__all__ = ["ForgetJournal", "JournalRecord", "text_target"]


@dataclass(frozen=True)
class JournalRecord:
    """What an unfinished forget was doing."""

    target: dict[str, Any]
    """``{"kind": "text", "salt", "digest", "length"}``, ``{"kind": "cursor", "cursor"}``
    or ``{"kind": "session", "key"}``, with the resolved ``selection`` for the last two."""
    started_at: str
    """ISO 8601 time the forget began."""

    def describe(self) -> str:
        """The target in words, without the forgotten text."""
        kind = self.target.get("kind")
        if kind == "text":
            return f"a text of {self.target.get('length')} characters"
        if kind == "cursor":
            return f"history entry {self.target.get('cursor')}"
        return f"session {self.target.get('key')!r}"


def text_target(needle: str, salt: str | None = None) -> dict[str, Any]:
    """The journal's record of a text target: a salted scrypt digest, never the text."""
    salt = salt if salt is not None else secrets.token_hex(16)
    digest = hashlib.scrypt(
        needle.encode("utf-8", "surrogatepass"), salt=bytes.fromhex(salt), n=2**14, r=8, p=1
    ).hex()
    return {"kind": "text", "salt": salt, "digest": digest, "length": len(needle)}


class ForgetJournal:
    """``memory/.forget.json`` of one workspace.

    Args:
        path: The journal file.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> JournalRecord | None:
        """The unfinished forget, or None.

        Raises:
            StoreError: naming the journal when it exists but cannot be read.
        """
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreError(f"cannot read {self.path}: {exc.strerror or exc}") from exc
        try:
            record = json.loads(raw)
            return JournalRecord(target=dict(record["target"]), started_at=str(record["started"]))
        except (ValueError, KeyError, TypeError) as exc:
            raise StoreError(
                f"{self.path} is damaged ({exc}); delete it to give up the interrupted forget"
            ) from exc

    def matches(self, record: JournalRecord, target: dict[str, Any], needle: str | None) -> bool:
        """True when ``target`` (and ``needle`` for a text) is what ``record`` was forgetting."""
        kind = record.target.get("kind")
        if kind != target.get("kind"):
            return False
        if kind == "text":
            salt = record.target.get("salt")
            if needle is None or not isinstance(salt, str):
                return False
            return bool(text_target(needle, salt)["digest"] == record.target.get("digest"))
        if kind == "cursor":
            return record.target.get("cursor") == target.get("cursor")
        return record.target.get("key") == target.get("key")

    def begin(self, target: dict[str, Any], needle: str | None) -> tuple[JournalRecord, bool]:
        """Start (or resume) a forget of ``target``; True when it resumes an unfinished one.

        Raises:
            UserError: another forget is unfinished (says how to finish or give it up).
        """
        existing = self.load()
        if existing is not None:
            if self.matches(existing, target, needle):
                return existing, True
            raise UserError(
                f"a forget of {existing.describe()} started {existing.started_at} did not "
                "finish: run that same `reverie forget` again to finish it first (or delete "
                f"{self.path} to give it up; what it already removed stays removed)"
            )
        record = JournalRecord(target=target, started_at=datetime.now(UTC).isoformat())
        self.save(record)
        return record, False

    def save(self, record: JournalRecord) -> None:
        """Write ``record`` atomically."""
        write_text_atomic(
            self.path,
            json.dumps({"target": record.target, "started": record.started_at}, indent=2) + "\n",
        )

    def finish(self) -> None:
        """Delete the journal: the forget is complete."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
            fsync_dir(self.path.parent)
