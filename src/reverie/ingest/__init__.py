"""Import past conversations: parse files into sessions, then replay them into memory.

:func:`parse_file` reads one file (any supported format, detected by content)
into :class:`ImportedConversation` objects plus a list of :class:`IngestProblem`
for records it had to leave out. The replay that turns conversations into
history entries and memory lives in :mod:`reverie.ingest.replay`; what a
second import of a conversation does (skip, resume, add its new messages) is
decided in :mod:`reverie.ingest.plan`.
"""

from __future__ import annotations

from reverie.ingest.formats import detect_format, parse_file
from reverie.ingest.model import (
    FORMATS,
    Format,
    ImportedConversation,
    IngestProblem,
    ParseResult,
)

__all__ = [
    "FORMATS",
    "Format",
    "ImportedConversation",
    "IngestProblem",
    "ParseResult",
    "detect_format",
    "parse_file",
]
