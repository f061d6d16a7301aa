"""Durable whole-file writes: temp file, fsync, rename, fsync the directory.

Every fsync in reverie goes through :func:`fsync_fd` or :func:`fsync_dir`, so one
switch can turn them off: ``REVERIE_UNSAFE_NO_FSYNC=1`` in the environment. It is
for test suites only (it halves their run time); with it, a write still survives
the death of the process, but not a power cut or a kernel crash.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from reverie.errors import StoreError, UserError
from reverie.privacy import PRIVATE_FILE_MODE, private_mkdir

__all__ = [
    "UNSAFE_NO_FSYNC_VARIABLE",
    "fsync_dir",
    "fsync_enabled",
    "fsync_fd",
    "write_bytes_atomic",
    "write_text_atomic",
]

UNSAFE_NO_FSYNC_VARIABLE = "REVERIE_UNSAFE_NO_FSYNC"
"""Set to ``1`` to skip every fsync (testing only: data is lost on a power cut)."""


def fsync_enabled() -> bool:
    """False only while ``REVERIE_UNSAFE_NO_FSYNC=1`` is set (read at every call)."""
    return os.environ.get(UNSAFE_NO_FSYNC_VARIABLE) != "1"


def fsync_fd(fd: int) -> None:
    """Flush an open file's data to the disk, unless fsync is switched off.

    Raises:
        OSError: when the flush fails (the caller names the file).
    """
    if fsync_enabled():
        os.fsync(fd)


def fsync_dir(directory: Path) -> None:
    """Flush a directory entry so a rename inside it survives a power cut."""
    if not fsync_enabled():
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # some filesystems do not allow opening directories; the rename still happened
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so readers see the old or the new file, never half.

    Raises:
        StoreError: naming ``path`` when the directory cannot be written.
    """
    path = Path(path)
    try:
        private_mkdir(path.parent)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except (FileExistsError, NotADirectoryError) as exc:
        # mkdir's own message ("File exists") hides which part of the path is wrong.
        blocker = _file_in_the_way(path.parent)
        if blocker is None:
            raise StoreError(f"cannot write {path}: {exc.strerror or exc}") from exc
        raise StoreError(f"cannot write {path}: {blocker} is a file, not a folder") from exc
    except OSError as exc:
        raise StoreError(f"cannot write {path}: {exc.strerror or exc}") from exc
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            fsync_fd(handle.fileno())
        with contextlib.suppress(OSError):
            # A rewrite keeps the file's mode (its owner may have chosen it); a new
            # file is private whatever the umask (mkstemp's 0600 is masked by it).
            os.chmod(tmp, _mode_to_keep(path))
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(exc, OSError):
            raise StoreError(f"cannot write {path}: {exc.strerror or exc}") from exc
        raise
    fsync_dir(path.parent)


def _mode_to_keep(path: Path) -> int:
    try:
        info = os.lstat(path)
    except OSError:
        return PRIVATE_FILE_MODE
    # A symlink is replaced by a file, not written through: its target's mode is not ours.
    return PRIVATE_FILE_MODE if stat.S_ISLNK(info.st_mode) else stat.S_IMODE(info.st_mode)


def write_text_atomic(path: Path, text: str) -> None:
    """UTF-8 variant of :func:`write_bytes_atomic`.

    Raises:
        UserError: naming ``path`` when ``text`` holds a lone surrogate, which
            UTF-8 cannot store (the file is left as it was).
        StoreError: naming ``path`` when the directory cannot be written.
    """
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise UserError(
            f"cannot write {path}: the text holds a lone surrogate "
            f"{text[exc.start]!r} at index {exc.start}, which is not valid UTF-8"
        ) from exc
    write_bytes_atomic(path, data)


def _file_in_the_way(folder: Path) -> Path | None:
    """The nearest existing ancestor of ``folder`` (itself included) when it is not a folder."""
    for candidate in (folder, *folder.parents):
        if candidate.is_dir():
            return None
        if os.path.lexists(candidate):
            return candidate
    return None
