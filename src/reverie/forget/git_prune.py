"""Deleting what a rewrite left behind: objects nothing reaches any more, loose or packed.

Reachable means reachable from a ref (branches, tags, ``HEAD`` and every other
name under ``refs/``), from an entry of ``.git/index``, or from an id named in a
``*_HEAD`` file (``ORIG_HEAD`` …). Everything else is deleted: the loose objects
one by one, the packs by writing one pack of what is still reachable and
removing the old ones (with their ``.rev``/``.bitmap``/``.keep`` files and the
commit graphs that describe them). Objects borrowed through ``alternates`` are
not the repository's and are left alone.
"""

from __future__ import annotations

import contextlib
import re
import shutil
from collections.abc import Iterable, Mapping
from pathlib import Path

from dulwich.index import ConflictedIndexEntry, IndexEntry
from dulwich.objects import Commit, ObjectID, ShaFile, Tag, Tree
from dulwich.refs import Ref
from dulwich.repo import Repo

__all__ = [
    "FULL_SHA",
    "HEAD_FILES",
    "MODE_GITLINK",
    "direct_refs",
    "head_file_ids",
    "index_shas",
    "prune",
    "unreachable",
]

MODE_GITLINK = 0o160000
"""A submodule entry: its id names a commit of another repository."""
HEAD_FILES = ("ORIG_HEAD", "FETCH_HEAD", "MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD")
"""Files of ``.git`` that name commits without being refs."""
FULL_SHA = re.compile(rb"\b[0-9a-f]{40}\b")


def direct_refs(repo: Repo) -> dict[Ref, ObjectID]:
    """Refs holding an object id (symbolic refs follow their target)."""
    refs: dict[Ref, ObjectID] = {}
    for name in sorted(repo.refs.allkeys()):
        raw = repo.refs.read_ref(name)
        if raw is None or raw.startswith(b"ref: "):
            continue
        refs[name] = ObjectID(raw.strip())
    return refs


def head_file_ids(git_dir: Path) -> list[ObjectID]:
    """The object ids named in ``ORIG_HEAD``, ``FETCH_HEAD`` and the like."""
    found = []
    for name in HEAD_FILES:
        with contextlib.suppress(OSError):
            data = (git_dir / name).read_bytes()
            found += [ObjectID(match.group(0)) for match in FULL_SHA.finditer(data)]
    return found


def index_shas(
    repo: Repo, changes: Mapping[bytes, IndexEntry | ConflictedIndexEntry] | None = None
) -> list[ObjectID]:
    """The blobs ``.git/index`` stages (with ``changes`` applied, for a dry run)."""
    if not Path(repo.index_path()).exists():
        return []
    found: list[ObjectID] = []
    for path, entry in repo.open_index().items():
        current = (changes or {}).get(path, entry)
        stages = (
            [current.ancestor, current.this, current.other]
            if isinstance(current, ConflictedIndexEntry)
            else [current]
        )
        found += [stage.sha for stage in stages if stage is not None and stage.mode != MODE_GITLINK]
    return found


def unreachable(
    repo: Repo, starts: Iterable[ObjectID], created: Mapping[ObjectID, ShaFile] | None = None
) -> set[ObjectID]:
    """The repository's own objects (loose or packed) not reachable from ``starts``.

    ``created`` holds objects of a rewrite not written yet (a dry run).
    """
    store = repo.object_store
    pending = dict(created or {})
    reachable: set[ObjectID] = set()
    todo = list(starts)
    while todo:
        sha = todo.pop()
        if sha in reachable:
            continue
        obj = pending.get(sha)
        if obj is None:
            if sha not in store:
                continue
            obj = store[sha]
        reachable.add(sha)
        if isinstance(obj, Commit):
            todo.append(obj.tree)
            todo.extend(obj.parents)
        elif isinstance(obj, Tree):
            todo.extend(item.sha for item in obj.iteritems() if item.mode != MODE_GITLINK)
        elif isinstance(obj, Tag):
            todo.append(obj.object[1])
    present = {sha for sha in store if store.contains_loose(sha) or store.contains_packed(sha)}
    return present - reachable


def prune(repo: Repo, git_dir: Path) -> int:
    """Delete every object nothing reaches; return how many went.

    The caller holds the repository's lock. New packs are written before old
    ones are removed, so an interruption leaves duplicates, never a gap.
    """
    starts = [*direct_refs(repo).values(), *index_shas(repo), *head_file_ids(git_dir)]
    garbage = unreachable(repo, starts)
    if garbage:
        repo.object_store.repack(exclude=garbage)
    _drop_stale_pack_files(git_dir)
    return len(garbage)


def _drop_stale_pack_files(git_dir: Path) -> None:
    """Remove what described the deleted packs: .rev/.bitmap/.keep files, commit graphs."""
    pack_dir = git_dir / "objects" / "pack"
    if pack_dir.is_dir():
        packs = {path.stem for path in pack_dir.glob("*.pack")}
        for path in pack_dir.iterdir():
            if path.is_file() and path.suffix != ".pack" and path.stem not in packs:
                path.unlink()
    info = git_dir / "objects" / "info"
    for name in ("commit-graph", "packs"):
        with contextlib.suppress(FileNotFoundError):
            (info / name).unlink()
    shutil.rmtree(info / "commit-graphs", ignore_errors=True)
