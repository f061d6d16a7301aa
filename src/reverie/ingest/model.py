"""What the parsers produce: conversations to import and the problems met on the way.

A parser never stops at the first bad record: it keeps every valid message and
conversation and reports each bad one as an :class:`IngestProblem` naming the
file, the place (``line 7``, ``item 3``, ``conversation 2``) and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from reverie.messages import Message

__all__ = [
    "FORMATS",
    "IMPORT_METADATA_KEY",
    "Format",
    "ImportedConversation",
    "IngestError",
    "IngestProblem",
    "ParseResult",
]

Format = Literal["reverie-jsonl", "openai-json", "openai-jsonl", "chatgpt"]
"""The input formats :func:`reverie.ingest.parse_file` understands."""

FORMATS: tuple[Format, ...] = ("reverie-jsonl", "openai-json", "openai-jsonl", "chatgpt")

IMPORT_METADATA_KEY = "ingest"
"""Session metadata of an imported conversation: ``{"file", "messages", "complete",
"first", "digest"}`` (see :mod:`reverie.ingest.plan`)."""


@dataclass(frozen=True)
class IngestProblem:
    """One record that could not be imported, and why.

    Example:
        ``chat.jsonl: line 7: field 'role': must be one of assistant, system, tool, user
        (got 'bot')``
    """

    file: Path
    """The input file."""
    location: str
    """Where in the file: ``line 7``, ``item 3``, ``conversation 2 ('Trip plans')``;
    ``""`` when the whole file is unusable."""
    field: str
    """The offending field (``role``, ``messages[4].content``), or ``""`` for a whole record."""
    message: str
    """What is wrong and, where it helps, the accepted form."""

    def __str__(self) -> str:
        where = f"{self.file.name}: {self.location}" if self.location else self.file.name
        return (
            f"{where}: field {self.field!r}: {self.message}"
            if self.field
            else (f"{where}: {self.message}")
        )


class IngestError(ValueError):
    """Raised inside a parser for one bad record; collected as an :class:`IngestProblem`."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


@dataclass
class ImportedConversation:
    """One conversation read from a file, ready to become a session."""

    key: str
    """The session key it will be stored under."""
    messages: list[Message]
    """Messages in session form: ``role``, ``content``, ``timestamp`` and tool fields."""
    file: Path
    """The file it came from."""
    location: str
    """Where in that file (``lines 1-40``, ``item 2``, ``conversation 5``)."""
    title: str = ""
    """A human title when the source has one (ChatGPT exports do)."""
    metadata: dict[str, Any] = field(default_factory=dict)
    """Extra session metadata to keep (the source's own id, title)."""

    @property
    def first_timestamp(self) -> str | None:
        """The timestamp of the first message that has one."""
        for message in self.messages:
            stamp = message.get("timestamp")
            if isinstance(stamp, str) and stamp:
                return stamp
        return None


@dataclass
class ParseResult:
    """Everything read from one file."""

    file: Path
    format: Format
    conversations: list[ImportedConversation] = field(default_factory=list)
    problems: list[IngestProblem] = field(default_factory=list)

    @property
    def message_count(self) -> int:
        """Messages across all conversations."""
        return sum(len(c.messages) for c in self.conversations)

    def problem(self, location: str, error: IngestError) -> None:
        """Record ``error`` found at ``location``."""
        self.problems.append(IngestProblem(self.file, location, error.field, error.message))
