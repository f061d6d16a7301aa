"""Pure text helpers for the memory repository: diffs, ignore rules, trailers, blame.

Nothing here touches the disk or dulwich, so each rule can be tested on strings.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = [
    "FileVersion",
    "attribute_lines",
    "build_gitignore",
    "parse_trailers",
    "render_file_diff",
    "split_lines",
]

# git's own heuristic: a NUL byte in the first 8,000 bytes means "binary".
_BINARY_PROBE_BYTES = 8_000
_NO_NEWLINE = "\\ No newline at end of file\n"
_TRAILER = re.compile(r"^([A-Za-z0-9][A-Za-z0-9-]*)[ \t]*:[ \t]*(.*)$")
_GITIGNORE_SPECIAL = re.compile(r"([*?\[\]\\])")


@dataclass(frozen=True, slots=True)
class FileVersion:
    """One state of a file: its git mode and its raw bytes."""

    mode: int
    data: bytes

    @property
    def is_binary(self) -> bool:
        """True when git would treat the content as binary."""
        return b"\0" in self.data[:_BINARY_PROBE_BYTES]

    def text(self) -> str:
        """The content decoded as UTF-8 (undecodable bytes become U+FFFD)."""
        return self.data.decode("utf-8", errors="replace")


def split_lines(text: str) -> list[str]:
    """Split on ``\\n`` only, keeping line ends (``str.splitlines`` also splits on U+2028)."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def render_file_diff(path: str, old: FileVersion | None, new: FileVersion | None) -> str:
    """Render a git-style unified diff of one file; ``""`` when nothing differs.

    Args:
        path: Workspace-relative POSIX path shown in the headers.
        old: The earlier state, or None when the file did not exist.
        new: The later state, or None when the file was deleted.
    """
    if old == new or (old is None and new is None):
        return ""
    out = [f"diff --git a/{path} b/{path}\n"]
    if old is None and new is not None:
        out.append(f"new file mode {new.mode:06o}\n")
    elif new is None and old is not None:
        out.append(f"deleted file mode {old.mode:06o}\n")
    elif old is not None and new is not None and old.mode != new.mode:
        out.append(f"old mode {old.mode:06o}\nnew mode {new.mode:06o}\n")
    if old is not None and new is not None and old.data == new.data:
        return "".join(out)
    from_name = f"a/{path}" if old is not None else "/dev/null"
    to_name = f"b/{path}" if new is not None else "/dev/null"
    if (old is not None and old.is_binary) or (new is not None and new.is_binary):
        out.append(f"Binary files {from_name} and {to_name} differ\n")
        return "".join(out)
    old_lines = split_lines(old.text()) if old is not None else []
    new_lines = split_lines(new.text()) if new is not None else []
    for line in difflib.unified_diff(
        old_lines, new_lines, fromfile=from_name, tofile=to_name, lineterm="\n"
    ):
        out.append(line if line.endswith("\n") else line + "\n" + _NO_NEWLINE)
    return "".join(out)


def _escape_ignore(component: str) -> str:
    escaped = _GITIGNORE_SPECIAL.sub(r"\\\1", component)
    if escaped.startswith(("#", "!")):
        escaped = "\\" + escaped
    if escaped.endswith(" "):
        escaped = escaped[:-1] + "\\ "
    return escaped


def build_gitignore(tracked: Sequence[str]) -> str:
    """Ignore rules that hide everything in the workspace except ``tracked``.

    Each directory on the way to a tracked file is re-included and then emptied
    again, so ``memory/history.jsonl`` stays ignored while ``memory/MEMORY.md``
    does not. The ``.gitignore`` itself is ignored too: the repository holds the
    tracked files and nothing else.
    """
    lines = [
        "# Written by reverie: this repository versions only the memory files below.",
        "/*",
    ]
    opened: set[str] = set()
    for name in tracked:
        parts = [_escape_ignore(part) for part in name.split("/")]
        for depth in range(1, len(parts)):
            directory = "/".join(parts[:depth])
            if directory not in opened:
                opened.add(directory)
                lines.append(f"!/{directory}/")
                lines.append(f"/{directory}/*")
        lines.append(f"!/{'/'.join(parts)}")
    return "\n".join(lines) + "\n"


def parse_trailers(message: str) -> dict[str, str]:
    """Read ``Key: value`` trailer lines from the last paragraph of a commit message.

    The last paragraph counts only when it is not the subject and every line in
    it is a trailer (or an indented continuation of one). A repeated key keeps
    its last value.

    Example:
        >>> parse_trailers("Update MEMORY.md\\n\\nDream-Cursors: 4-9\\nDream-Model: offline")
        {'Dream-Cursors': '4-9', 'Dream-Model': 'offline'}
    """
    paragraphs = [p for p in re.split(r"\n[ \t]*\n", message.strip("\n")) if p.strip()]
    if len(paragraphs) < 2:
        return {}
    trailers: dict[str, str] = {}
    last_key: str | None = None
    for line in paragraphs[-1].split("\n"):
        if line[:1] in (" ", "\t") and last_key is not None:
            trailers[last_key] = f"{trailers[last_key]} {line.strip()}".strip()
            continue
        match = _TRAILER.match(line.rstrip())
        if match is None:
            return {}
        last_key = match.group(1)
        trailers[last_key] = match.group(2).strip()
    return trailers


def attribute_lines(
    current: Sequence[str], versions: Iterable[tuple[str, Sequence[str]]]
) -> list[str | None]:
    """Say which version introduced each line of ``current``.

    Args:
        current: Lines of the file as it is now (possibly uncommitted).
        versions: ``(sha, lines)`` for each commit that changed the file, newest
            first, with the lines that commit left behind. Consumed lazily: the
            walk stops once every line has an owner.

    Returns:
        For each line of ``current``, the sha of the commit that introduced it,
        or None when the line is not in any commit yet.
    """
    owners: list[str | None] = [None] * len(current)
    newer_lines: Sequence[str] = current
    # For each line of the newer version, its index in ``current`` (None once
    # the line has been attributed or did not survive into ``current``).
    newer_pos: list[int | None] = list(range(len(current)))
    newer_sha: str | None = None
    if not current:
        return owners
    for sha, lines in versions:
        matcher = difflib.SequenceMatcher(None, lines, newer_lines, autojunk=False)
        older_pos: list[int | None] = [None] * len(lines)
        carried: set[int] = set()
        for a, b, size in matcher.get_matching_blocks():
            for k in range(size):
                older_pos[a + k] = newer_pos[b + k]
                carried.add(b + k)
        for index, pos in enumerate(newer_pos):
            if pos is not None and index not in carried:
                owners[pos] = newer_sha
        newer_lines, newer_pos, newer_sha = lines, older_pos, sha
        if all(pos is None for pos in newer_pos):
            return owners  # everything is attributed: do not read older history
    for pos in newer_pos:
        if pos is not None:
            owners[pos] = newer_sha
    return owners
