"""One memory line as the offline rules write it: a tag and the text."""

from __future__ import annotations

import re
from dataclasses import dataclass

from reverie.providers.offline.predicates import Tag

__all__ = ["AS_OF", "Fact", "fact_key"]

# "(as of 2026-03-02)": the day an open item was said, kept in the line until Dream dates it.
AS_OF = re.compile(r"\s*\(as of \d{4}-\d{2}-\d{2}\)")


@dataclass(frozen=True)
class Fact:
    """One memory line: ``[tag] text``."""

    tag: Tag
    text: str

    def line(self) -> str:
        """The line as it appears in an archive answer."""
        return f"[{self.tag}] {self.text}"


def fact_key(text: str) -> str:
    """Normalised form of a fact, for spotting repeats."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))
