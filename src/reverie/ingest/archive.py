"""Conversation files inside a zip archive: a ChatGPT data export arrives as one.

The export is a zip holding ``conversations.json`` (beside ``chat.html``,
``user.json`` and attachments), so ``reverie ingest export.zip`` reads that
member directly; the user need not unzip it first. Any other zip is read when it
holds exactly one conversation-like file (``.json`` / ``.jsonl``).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path, PurePosixPath

from reverie.errors import UserError

__all__ = ["MAX_MEMBER_BYTES", "archive_kind", "read_zip_member"]

MAX_MEMBER_BYTES = 4 * 1024**3
"""Largest member read out of a zip (4 GiB): a decompression bomb stops here."""
_EXPORT_FILE = "conversations.json"
_CONVERSATION_SUFFIXES = (".json", ".jsonl")
_ZIP_MAGIC = b"PK\x03\x04"
_OTHER_ARCHIVES = {
    b"\x1f\x8b": "a gzip archive",
    b"7z\xbc\xaf": "a 7-Zip archive",
    b"Rar!": "a RAR archive",
}


def archive_kind(data: bytes) -> str | None:
    """``"a zip archive"``, ``"a gzip archive"`` ... when ``data`` starts like one, else None."""
    if data.startswith(_ZIP_MAGIC):
        return "a zip archive"
    return next((kind for magic, kind in _OTHER_ARCHIVES.items() if data.startswith(magic)), None)


def read_zip_member(path: Path, data: bytes) -> tuple[str, bytes]:
    """The conversation file inside the zip archive ``data`` (read from ``path``).

    Returns:
        ``(member name, its bytes)``: ``conversations.json`` (the shallowest one)
        when present, else the archive's only ``.json`` / ``.jsonl`` file.

    Raises:
        UserError: naming ``path`` when the archive is damaged, encrypted, too
            large, or holds no single conversation file (its files are listed).
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            member = _pick(path, [info for info in archive.infolist() if not info.is_dir()])
            if member.file_size > MAX_MEMBER_BYTES:
                raise UserError(
                    f"{path}: {member.filename} unpacks to {member.file_size:,} bytes, more than "
                    f"reverie reads from an archive ({MAX_MEMBER_BYTES:,}); unzip it and import "
                    "the file itself"
                )
            return member.filename, archive.read(member)
    except zipfile.BadZipFile as exc:
        raise UserError(f"{path}: a damaged zip archive ({exc}); unzip it and retry") from exc
    except RuntimeError as exc:  # zipfile's "is encrypted, password required"
        raise UserError(
            f"{path}: cannot read the zip archive ({exc}); unzip it and import "
            f"{_EXPORT_FILE} (or the conversation file inside)"
        ) from exc


def _pick(path: Path, members: list[zipfile.ZipInfo]) -> zipfile.ZipInfo:
    exports = [m for m in members if PurePosixPath(m.filename).name == _EXPORT_FILE]
    if exports:
        return min(exports, key=lambda m: (m.filename.count("/"), m.filename))
    candidates = [
        m
        for m in members
        if PurePosixPath(m.filename).suffix.lower() in _CONVERSATION_SUFFIXES
        and not PurePosixPath(m.filename).name.startswith(".")
    ]
    if len(candidates) == 1:
        return candidates[0]
    names = ", ".join(m.filename for m in members[:8]) + (", ..." if len(members) > 8 else "")
    if not candidates:
        found = f"it holds {names}" if members else "it is empty"
        raise UserError(f"{path}: a zip archive without {_EXPORT_FILE} or other JSON; {found}")
    raise UserError(
        f"{path}: a zip archive with several JSON files and no {_EXPORT_FILE} ({names}); "
        "unzip it and give the conversation file(s) to import"
    )
