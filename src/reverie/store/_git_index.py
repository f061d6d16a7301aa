"""The index (``.git/index``) of the memory repository: checked, and rebuilt from a tree.

reverie commits without the index, but keeps it in step so ``git status`` in
the workspace shows the truth. The index is derived data: when it is empty,
garbage or of a version dulwich cannot read, it is rebuilt from the commit's
tree instead of failing the commit (or every commit after it).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from dulwich.index import Index, index_entry_from_stat
from dulwich.objects import ObjectID
from dulwich.repo import Repo

__all__ = ["index_problem", "rebuild_index"]

# No file has this stat, so git re-reads every entry it was not told about.
_UNKNOWN_STAT = os.stat_result((0, 0, 0, 0, 0, 0, 0, 0, 0, 0))


def index_problem(repo: Repo) -> str | None:
    """Why the index cannot be read (None when it reads, or there is none yet)."""
    if not os.path.exists(repo.index_path()):
        return None
    try:
        repo.open_index()
    except Exception as exc:  # dulwich raises AssertionError, struct.error, ValueError...
        return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return None


def rebuild_index(
    repo: Repo, tree_id: ObjectID | None, stats: Mapping[bytes, os.stat_result] | None = None
) -> int:
    """Write a fresh index holding every file of ``tree_id``; return how many entries.

    Args:
        repo: The repository.
        tree_id: The tree to describe (HEAD's); None writes an empty index.
        stats: Working-tree stats of files known to hold exactly the tree's
            content; every other entry gets a stat no file matches, so git
            re-hashes it rather than trusting it.
    """
    index = Index(repo.index_path(), read=False)
    known = stats or {}
    if tree_id is not None:
        for entry in repo.object_store.iter_tree_contents(tree_id):
            if entry.path is None or entry.mode is None or entry.sha is None:
                continue
            info = known.get(entry.path, _UNKNOWN_STAT)
            index[entry.path] = index_entry_from_stat(info, entry.sha, entry.mode)
    index.write()
    return len(index)
