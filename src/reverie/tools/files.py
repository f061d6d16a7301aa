"""Read, edit, write and patch workspace files under a :class:`PathPolicy`.

Choices made here, as the tool descriptions tell the model:

- ``read_file`` returns the file's text **as is** (no line numbers), so any
  part of it can be pasted into ``old_text`` unchanged. When only part of the
  file is shown (``offset``/``limit`` or the size cap), a bracketed note after
  the text says which lines were shown and how to read on. A directory reads
  as a listing of its entries.
- ``edit_file`` needs ``old_text`` to occur exactly once. An empty ``old_text``
  creates the file, allowed only when the file is absent or holds nothing but
  whitespace, so an existing file is never overwritten by accident.
- An edit or write that leaves a file as it was is a no-op: nothing is written,
  no change is reported, and the result starts with ``No change:``.
- A write that would make a file longer than ``max_file_chars`` is refused,
  except that a file already over the cap may still shrink.
- Every write is atomic. ``apply_patch`` computes every edit in memory first,
  writes only when all of them apply, and restores the files already written if
  a later write fails.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from reverie._atomic import write_bytes_atomic
from reverie._logging import get_logger
from reverie.errors import StoreError, ToolError
from reverie.tools.paths import PathPolicy, ResolvedPath
from reverie.tools.text_edit import apply_edit, describe_size, encode_text

__all__ = [
    "DEFAULT_MAX_FILE_CHARS",
    "DEFAULT_MAX_READ_CHARS",
    "NO_CHANGE_PREFIX",
    "BeforeWrite",
    "OnChange",
    "WorkspaceFiles",
]

DEFAULT_MAX_FILE_CHARS = 32_000
"""Largest file a write may produce; memory files are prompt material, not archives."""

DEFAULT_MAX_READ_CHARS = 64_000
"""Most text one ``read_file`` call returns, its note included."""

NO_CHANGE_PREFIX = "No change:"
"""How results of edits that changed nothing begin, so loops can spot repeats."""

OnChange = Callable[[str, str | None, str], None]
"""Observer called as ``on_change(relative_path, before, after)`` after each real write.

``before`` is None when the file did not exist. Exceptions it raises propagate.
"""

BeforeWrite = Callable[[str, str | None, str], None]
"""Hook called as ``before_write(relative_path, before, after)`` just before each write.

It runs for every file of a patch, before that file is written; an exception it
raises stops the write (the files of the patch already written are restored)
and reaches the model as a tool error. Dream journals its writes with it.
"""

_BINARY_SNIFF_BYTES = 8192
_NOTE_RESERVE = 120  # room kept under the read cap for the note, plus the path's length
_MIN_READ_CHARS = 1000
_MAX_LISTED_ENTRIES = 200

_log = get_logger("tools.files")


@dataclass
class _Pending:
    """One file's state while a patch is computed: what it was and what it becomes."""

    target: ResolvedPath
    before: str | None
    after: str | None


class WorkspaceFiles:
    """The four file operations of Dream's tools, bound to one :class:`PathPolicy`.

    Each method returns the text for the model or raises :class:`ToolError` with
    an ``Error: ...`` message naming the path; nothing is written on a refusal.

    Args:
        policy: Which paths may be read and written.
        max_file_chars: Largest file a write may produce.
        max_read_chars: Most text one read returns.
        on_change: Optional observer of every real change (see :data:`OnChange`).
        before_write: Optional hook run just before each write (see :data:`BeforeWrite`).
    """

    def __init__(
        self,
        policy: PathPolicy,
        *,
        max_file_chars: int = DEFAULT_MAX_FILE_CHARS,
        max_read_chars: int = DEFAULT_MAX_READ_CHARS,
        on_change: OnChange | None = None,
        before_write: BeforeWrite | None = None,
    ) -> None:
        if max_file_chars < 1:
            raise ValueError(f"max_file_chars must be >= 1, got {max_file_chars}")
        if max_read_chars < _MIN_READ_CHARS:
            raise ValueError(f"max_read_chars must be >= {_MIN_READ_CHARS}, got {max_read_chars}")
        self.policy = policy
        self.max_file_chars = max_file_chars
        self.max_read_chars = max_read_chars
        self.on_change = on_change
        self.before_write = before_write

    # -- reading -----------------------------------------------------------

    def read_file(self, path: str, offset: int = 1, limit: int | None = None) -> str:
        """Return lines ``offset`` .. ``offset + limit - 1`` (1-based) of a file, as is.

        Raises:
            ToolError: the path is outside the workspace, missing, binary or unreadable,
                or ``offset`` is past the end.
        """
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 1:
            raise ToolError(f"Error: cannot read {path!r}: offset must be an integer >= 1")
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or limit < 1
        ):
            raise ToolError(f"Error: cannot read {path!r}: limit must be an integer >= 1")
        target = self.policy.check_read(path)
        if target.path.is_dir():
            return self._list_directory(target)
        if target.path.exists() and not target.path.is_file():
            # Opening a FIFO would block the whole Dream run until a writer appears.
            raise ToolError(f"Error: cannot read {path!r}: it is not a regular file")
        last = None if limit is None else offset + limit - 1
        try:
            with open(target.path, "rb") as handle:
                if b"\x00" in handle.read(_BINARY_SNIFF_BYTES):
                    raise ToolError(f"Error: cannot read {path!r}: it is a binary file, not text")
                handle.seek(0)
                return self._read_lines(target, handle, offset, last)
        except FileNotFoundError:
            raise ToolError(f"Error: cannot read {path!r}: no such file in the workspace") from None
        except OSError as exc:
            raise ToolError(f"Error: cannot read {path!r}: {exc.strerror or exc}") from exc

    def _read_lines(
        self, target: ResolvedPath, handle: BinaryIO, first: int, last: int | None
    ) -> str:
        # Streams the file so a large log can be paged through without loading it.
        # Whole lines are kept or dropped; a first line too long for the cap is cut.
        budget = max(100, self.max_read_chars - _NOTE_RESERVE - len(target.relative))
        parts: list[str] = []
        used = 0
        shown_last = first - 1
        capped = cut_line = False
        total = 0
        for total, raw in enumerate(handle, start=1):
            if total < first or capped or (last is not None and total > last):
                continue
            line = raw.decode("utf-8", errors="replace")
            if used + len(line) > budget:
                capped = True
                if not parts:
                    parts.append(line[:budget])
                    cut_line = True
                continue
            parts.append(line)
            used += len(line)
            shown_last = total
        if total == 0:
            return f"[{target.relative} is empty]"
        if first > total:
            raise ToolError(
                f"Error: cannot read {target.requested!r}: offset {first} is past the end "
                f"(the file has {total} line{'s' if total != 1 else ''})"
            )
        body = "".join(parts)
        if cut_line:
            return (
                f"{body}\n[{target.relative}: line {first} is longer than {budget:,} chars; "
                "only its start is shown]"
            )
        if first == 1 and shown_last == total:
            return body
        if not body.endswith("\n"):
            body += "\n"
        note = f"[{target.relative}: lines {first}-{shown_last} of {total}"
        if capped:
            note += f"; output capped at {self.max_read_chars:,} chars"
        if shown_last < total:
            note += f"; continue with offset={shown_last + 1}"
        return body + note + "]"

    def _list_directory(self, target: ResolvedPath) -> str:
        try:
            with os.scandir(target.path) as scan:
                entries = sorted(scan, key=lambda entry: entry.name)
        except OSError as exc:
            raise ToolError(f"Error: cannot read {target.requested!r}: {exc.strerror}") from exc
        lines = [
            entry.name + ("/" if entry.is_dir() else "") for entry in entries[:_MAX_LISTED_ENTRIES]
        ]
        shown = "." if target.relative == "." else f"{target.relative}/"
        header = f"[{shown} is a directory with {len(entries)} entries]"
        if len(entries) > _MAX_LISTED_ENTRIES:
            lines.append(f"[... {len(entries) - _MAX_LISTED_ENTRIES} more not shown]")
        return "\n".join([header, *lines])

    def _read_bytes(self, target: ResolvedPath, verb: str) -> bytes:
        try:
            return target.path.read_bytes()
        except FileNotFoundError:
            raise ToolError(
                f"Error: cannot {verb} {target.requested!r}: no such file in the workspace"
            ) from None
        except OSError as exc:
            raise ToolError(
                f"Error: cannot {verb} {target.requested!r}: {exc.strerror or exc}"
            ) from exc

    def _load_for_write(self, target: ResolvedPath) -> str | None:
        if not target.path.exists():
            return None
        data = self._read_bytes(target, "edit")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise ToolError(
                f"Error: cannot edit {target.requested!r}: it is not UTF-8 text"
            ) from None

    # -- writing -------------------------------------------------------------

    def write_file(self, path: str, content: str) -> str:
        """Replace (or create) a whole file with ``content``.

        Raises:
            ToolError: the path breaks the write rule, or the content is over the cap.
        """
        target = self.policy.check_write(path)
        before = self._load_for_write(target)
        pending = _Pending(target, before, content)
        if before == content:
            return (
                f"{NO_CHANGE_PREFIX} {target.relative} already has this content; "
                "nothing was written"
            )
        self._commit([pending])
        verb = "Created" if before is None else "Wrote"
        return f"{verb} {target.relative} ({describe_size(content)})"

    def edit_file(self, path: str, old_text: str, new_text: str) -> str:
        """Replace the one occurrence of ``old_text`` with ``new_text``.

        Raises:
            ToolError: ``old_text`` is absent or occurs more than once, the path breaks
                the write rule, or the result would be over the cap.
        """
        target = self.policy.check_write(path)
        before = self._load_for_write(target)
        after = apply_edit(before, old_text, new_text, target.relative)
        if after == before:
            return (
                f"{NO_CHANGE_PREFIX} the edit leaves {target.relative} exactly as it was "
                "(new_text equals old_text); nothing was written"
            )
        self._commit([_Pending(target, before, after)])
        return f"Edited {target.relative} ({describe_size(after)})"

    def apply_patch(self, edits: Sequence[Mapping[str, object]]) -> str:
        """Apply several edits, in order, all or nothing.

        Each edit is ``{"path", "old_text", "new_text"}`` with ``edit_file`` rules;
        edits to the same file apply to the result of the earlier ones.

        Raises:
            ToolError: any edit fails (nothing is written), or a write fails (the files
                already written are restored).
        """
        if not edits:
            raise ToolError("Error: apply_patch needs at least one edit")
        files: dict[Path, _Pending] = {}
        for number, edit in enumerate(edits, start=1):
            where = f"apply_patch edit {number} of {len(edits)}"
            fields = {key: edit.get(key) for key in ("path", "old_text", "new_text")}
            for key, value in fields.items():
                if not isinstance(value, str):
                    raise ToolError(f"Error: {where}: {key} must be a string; nothing was written")
            try:
                target = self.policy.check_write(fields["path"])
                pending = files.get(target.path)
                if pending is None:
                    before = self._load_for_write(target)
                    pending = files[target.path] = _Pending(target, before, before)
                pending.after = apply_edit(
                    pending.after, str(fields["old_text"]), str(fields["new_text"]), target.relative
                )
            except ToolError as exc:
                reason = str(exc).removeprefix("Error:").strip()
                raise ToolError(f"Error: {where}: {reason}; nothing was written") from exc
        changed = [item for item in files.values() if item.after != item.before]
        if not changed:
            return (
                f"{NO_CHANGE_PREFIX} the {len(edits)} edit(s) leave every file as it was; "
                "nothing was written"
            )
        self._commit(changed)
        unchanged = [item.target.relative for item in files.values() if item not in changed]
        summary = ", ".join(
            f"{item.target.relative} ({describe_size(item.after or '')})" for item in changed
        )
        result = f"Applied {len(edits)} edit(s): changed {summary}"
        if unchanged:
            result += f"; unchanged: {', '.join(unchanged)}"
        return result

    def _commit(self, changes: list[_Pending]) -> None:
        """Check caps and encodings for every change, then write them, restoring on failure."""
        encoded: list[tuple[_Pending, bytes]] = []
        for item in changes:
            after = item.after if item.after is not None else ""
            grows = len(after) > len(item.before or "")
            if len(after) > self.max_file_chars and grows:
                raise ToolError(
                    f"Error: cannot write {item.target.relative!r}: the result would be "
                    f"{len(after):,} chars, over the {self.max_file_chars:,}-char limit per "
                    "file; make it shorter (nothing was written)"
                )
            encoded.append((item, encode_text(after, item.target.relative)))
        written: list[tuple[_Pending, list[Path]]] = []
        for item, data in encoded:
            created = [p for p in reversed(item.target.path.parents) if not p.exists()]
            try:
                if self.before_write is not None:
                    self.before_write(item.target.relative, item.before, item.after or "")
                self._write(item.target.path, data)
            except Exception as exc:
                # Also a failing before_write hook: the patch must stay all or nothing.
                restored = self._restore(written)
                raise ToolError(
                    f"Error: cannot write {item.target.relative!r}: {exc}; {restored}"
                ) from exc
            written.append((item, created))
        for item, _ in written:
            if self.on_change is not None:
                self.on_change(item.target.relative, item.before, item.after or "")

    def _write(self, path: Path, data: bytes) -> None:
        """Write one file atomically (the single place files are written)."""
        write_bytes_atomic(path, data)

    def _restore(self, written: list[tuple[_Pending, list[Path]]]) -> str:
        if not written:
            return "nothing was written"
        restored: list[str] = []
        failed: list[str] = []
        for item, created in reversed(written):
            try:
                if item.before is None:
                    item.target.path.unlink(missing_ok=True)
                    for folder in reversed(created):
                        with contextlib.suppress(OSError):
                            folder.rmdir()
                else:
                    self._write(item.target.path, item.before.encode("utf-8"))
                restored.append(item.target.relative)
            except (StoreError, OSError) as exc:
                _log.error("could not restore %s after a failed patch: %s", item.target.path, exc)
                failed.append(item.target.relative)
        message = f"restored {', '.join(reversed(restored))}" if restored else ""
        if failed:
            message += ("; " if message else "") + f"COULD NOT RESTORE {', '.join(failed)}"
        return message
