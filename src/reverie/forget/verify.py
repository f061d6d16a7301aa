"""After a forget: search the whole workspace, git objects decompressed, for the text."""

from __future__ import annotations

import os
from pathlib import Path

from dulwich.errors import NotGitRepository
from dulwich.repo import Repo

from reverie.forget.scrub import Scrubber

__all__ = ["find_everywhere"]


def find_everywhere(workspace: Path, scrubber: Scrubber) -> list[str]:
    """Where any spelling of the text still is: file paths, and git objects by id.

    Every file is read as raw bytes, symlinks not followed (``.git`` included,
    where loose objects are compressed); then every object of the repository,
    loose or packed, is read decompressed.
    """
    found: list[str] = []
    for current, _dirs, files in os.walk(workspace):
        for name in files:
            path = Path(current) / name
            if path.is_symlink():
                continue
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if scrubber.in_bytes(data):
                found.append(path.relative_to(workspace).as_posix())
    found += _in_objects(workspace, scrubber)
    return found


def _in_objects(workspace: Path, scrubber: Scrubber) -> list[str]:
    if not (workspace / ".git").is_dir():
        return []
    try:
        repo = Repo(str(workspace))
    except NotGitRepository:
        return []
    try:
        store = repo.object_store
        return [
            f"git object {sha.decode()}"
            for sha in store
            if (store.contains_loose(sha) or store.contains_packed(sha))
            and scrubber.in_bytes(store[sha].as_raw_string())
        ]
    finally:
        repo.close()
