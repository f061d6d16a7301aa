"""Pure text operations behind the edit tools: find-exactly-once and replace.

Kept apart from file I/O so the matching rules (what counts as absent,
ambiguous or a create) are one small, testable function.
"""

from __future__ import annotations

from reverie.errors import ToolError

__all__ = ["apply_edit", "describe_size", "encode_text", "find_all"]

# Counting further adds nothing for the model: the text is clearly not unique.
_MAX_COUNTED_MATCHES = 1000
_LINES_NAMED_IN_ERRORS = 5


def find_all(haystack: str, needle: str, *, limit: int = _MAX_COUNTED_MATCHES) -> list[int]:
    """Start offsets of every occurrence of ``needle``, overlapping ones included.

    ``"aa"`` occurs twice in ``"aaa"``: a replacement there would be ambiguous even
    though ``str.count`` says 1.
    """
    positions: list[int] = []
    index = haystack.find(needle)
    while index != -1 and len(positions) < limit:
        positions.append(index)
        index = haystack.find(needle, index + 1)
    return positions


def apply_edit(current: str | None, old_text: str, new_text: str, shown: str) -> str:
    """Return ``current`` with its single occurrence of ``old_text`` replaced.

    Args:
        current: The file's text, or None when the file does not exist.
        old_text: Text that must occur exactly once; ``""`` means "create", allowed
            only when the file is absent or holds nothing but whitespace.
        new_text: The replacement.
        shown: The file's name for messages.

    Raises:
        ToolError: ``old_text`` is absent or ambiguous, or a create would overwrite text.
    """
    if old_text == "":
        if current is None or not current.strip():
            return new_text
        raise ToolError(
            f"Error: cannot edit {shown!r}: an empty old_text only creates a file that is "
            f"absent or empty, and {shown} already has content; give the exact text to "
            "replace, or use write_file to replace the whole file"
        )
    if current is None:
        raise ToolError(
            f"Error: cannot edit {shown!r}: the file does not exist; create it with "
            "write_file, or with edit_file and an empty old_text"
        )
    positions = find_all(current, old_text)
    if not positions and "\r\n" in current and "\n" in old_text and "\r\n" not in old_text:
        # Models usually send "\n" even when the file uses Windows line endings.
        crlf_old = old_text.replace("\n", "\r\n")
        positions = find_all(current, crlf_old)
        if positions:
            old_text = crlf_old
            new_text = new_text.replace("\r\n", "\n").replace("\n", "\r\n")
    if not positions:
        stripped = old_text.strip()
        hint = ""
        if stripped and stripped != old_text and stripped in current:
            hint = " (it would match without its leading/trailing whitespace)"
        raise ToolError(
            f"Error: cannot edit {shown!r}: old_text was not found in {shown}{hint}; read "
            "the file and copy the text exactly, whitespace and line breaks included"
        )
    if len(positions) > 1:
        count = f"{len(positions)}+" if len(positions) >= _MAX_COUNTED_MATCHES else len(positions)
        lines = ", ".join(
            str(current.count("\n", 0, pos) + 1) for pos in positions[:_LINES_NAMED_IN_ERRORS]
        )
        more = ", ..." if len(positions) > _LINES_NAMED_IN_ERRORS else ""
        raise ToolError(
            f"Error: cannot edit {shown!r}: old_text occurs {count} times in {shown} "
            f"(starting on lines {lines}{more}); include more surrounding text so it "
            "matches exactly once"
        )
    start = positions[0]
    return current[:start] + new_text + current[start + len(old_text) :]


def encode_text(text: str, shown: str) -> bytes:
    """UTF-8 bytes of ``text``.

    Raises:
        ToolError: the text holds a lone surrogate (a broken ``\\ud800`` JSON escape).
    """
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ToolError(
            f"Error: cannot write {shown!r}: the new text is not valid Unicode "
            f"(character {exc.start} is a lone surrogate); nothing was written"
        ) from None


def describe_size(text: str) -> str:
    """``"123 chars, 4 lines"`` for result messages."""
    lines = text.count("\n") + (1 if text and not text.endswith("\n") else 0)
    return f"{len(text):,} chars, {lines} line{'s' if lines != 1 else ''}"
