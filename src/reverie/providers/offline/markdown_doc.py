"""A Markdown file as a list of lines, edited by section.

The offline Dream adds bullets to hand-written memory files; it must put
each one where a person would (at the end of the right section, after its last
line of content, with blank lines around a list) and leave every other line as
it was, down to the file's trailing newline.
"""

from __future__ import annotations

import re

__all__ = ["BULLET", "HEADING", "MarkdownDoc"]

BULLET = re.compile(r"^(\s*(?:[-*•]|\d+[.)])\s+)")
"""A list item's marker and the space after it (group 1)."""
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
"""An ATX heading: its hashes (group 1) and its title (group 2)."""


class MarkdownDoc:
    """A file's lines, with section lookup and insertion after a section's content.

    Args:
        text: The file's text (``""`` for a missing file).
    """

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.trailing_newline = text.endswith("\n") or not text

    def text(self) -> str:
        """The file's text, with its trailing newline kept as it was."""
        body = "\n".join(self.lines)
        return body + "\n" if body and self.trailing_newline else body

    def section(self, pattern: re.Pattern[str]) -> tuple[int, int] | None:
        """``(heading index, end)`` of the first section whose title matches ``pattern``.

        The section ends at the next heading of the same or a higher level.
        """
        for index, line in enumerate(self.lines):
            heading = HEADING.match(line)
            if heading and pattern.match(heading.group(2).strip()):
                level = len(heading.group(1))
                end = len(self.lines)
                for later in range(index + 1, len(self.lines)):
                    other = HEADING.match(self.lines[later])
                    if other and len(other.group(1)) <= level:
                        end = later
                        break
                return index, end
        return None

    def insert_after_content(self, start: int, end: int, bullet: str) -> None:
        """Put ``bullet`` after the last non-blank line of ``lines[start:end]``.

        A bullet that follows a heading or a paragraph starts a new list (a
        blank line first); a following line of content gets a blank line too.
        """
        last = start
        for index in range(start, end):
            if self.lines[index].strip():
                last = index
        at = last + 1
        previous = self.lines[last] if self.lines else ""
        if HEADING.match(previous) or (previous.strip() and not BULLET.match(previous)):
            self.lines[at:at] = ["", bullet]
            at += 2
        else:
            self.lines.insert(at, bullet)
            at += 1
        if at < len(self.lines) and self.lines[at].strip():
            self.lines.insert(at, "")

    def strip_trailing_blank(self) -> None:
        """Drop the blank lines at the end."""
        while self.lines and not self.lines[-1].strip():
            self.lines.pop()
