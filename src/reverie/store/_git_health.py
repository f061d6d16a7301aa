"""What is wrong with a memory repository: unreadable objects along HEAD's history.

Used by ``reverie doctor`` and to turn dulwich's bare ``KeyError(b'6f40…')``
into a sentence naming the missing object and what to run.
"""

from __future__ import annotations

import re
import stat
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from dulwich.errors import ChecksumMismatch, FileFormatException, MissingCommitError
from dulwich.objects import Commit, ObjectID, Tree
from dulwich.repo import Repo

from reverie.store._git_objects import TrackedPath, TreeReader, head_commit

__all__ = [
    "Damage",
    "describe_failure",
    "find_damage",
    "missing_object",
    "parent_tree_or_lost",
]

_HEX = re.compile(r"\b[0-9a-f]{40}\b")
# What reading a corrupt object, index or ref file raises.
_DAMAGE = (AssertionError, struct.error, zlib.error, FileFormatException, ChecksumMismatch)
# Walking the whole history of a long-lived workspace is cheap (a few thousand
# small objects), but a bound keeps `reverie doctor` quick on a huge user repository.
_MAX_COMMITS = 20_000


def missing_object(exc: BaseException) -> str | None:
    """The 40-hex id of the object ``exc`` says is missing, or None."""
    if isinstance(exc, MissingCommitError):
        return exc.sha.decode("ascii", "replace")
    if isinstance(exc, KeyError) and exc.args:
        key = exc.args[0]
        text = key.decode("ascii", "replace") if isinstance(key, bytes) else str(key)
        return text if _HEX.fullmatch(text) else None
    if type(exc).__name__ == "ObjectMissing":
        found = _HEX.search(str(exc))
        return found.group(0) if found else None
    return None


def describe_failure(exc: BaseException, git_dir: Path) -> str:
    """What a failed repository operation means, with the command that repairs it."""
    sha = missing_object(exc)
    if sha is not None:
        return (
            f"the repository is damaged: object {sha} is missing from {git_dir / 'objects'}; "
            "run `reverie doctor` to see what is lost and `reverie doctor --fix` to repair it"
        )
    if isinstance(exc, _DAMAGE):
        return (
            f"the repository is damaged ({type(exc).__name__}: {exc}); run `reverie doctor` "
            "to see what is wrong and `reverie doctor --fix` to repair it"
        )
    return str(exc)


def parent_tree_or_lost(
    reader: TreeReader, commit: Commit, missing: list[str] | None
) -> ObjectID | None:
    """The first parent's tree; None for a root, or for a lost parent (noted in ``missing``).

    Raises:
        Whatever reading raised, when ``missing`` is None or the failure is
        not a missing object.
    """
    try:
        return reader.parent_tree(commit)
    except Exception as exc:
        sha = missing_object(exc)
        if missing is None or sha is None:
            raise
        missing.append(sha)
        return None


@dataclass(frozen=True)
class Damage:
    """The first unreadable object found, and how much of the history it takes."""

    sha: str
    """The object that is missing or unreadable."""
    kind: str
    """``commit``, ``tree`` or ``blob``."""
    at_head: bool
    """True when HEAD itself cannot be read (Dream cannot commit on top of it)."""
    commit: str | None
    """The commit whose tree or file needs the object (None: the object is a commit)."""
    reason: str
    """What reading it raised."""


def _read(repo: Repo, sha: ObjectID) -> object:
    return repo.object_store[sha]


def find_damage(repo: Repo, tracked: tuple[TrackedPath, ...]) -> Damage | None:
    """The first missing or unreadable object on HEAD's first-parent history.

    Checks each commit, its tree, the trees on the way to each tracked file and
    the file's blob: what reverie reads. None when all of it reads.
    """
    sha = head_commit(repo)
    at_head = True
    checked = 0
    while sha is not None and checked < _MAX_COMMITS:
        checked += 1
        try:
            commit = _read(repo, sha)
        except Exception as exc:
            return Damage(sha.decode(), "commit", at_head, None, _why(exc))
        if not isinstance(commit, Commit):
            return Damage(sha.decode(), "commit", at_head, None, "not a commit")
        damage = _check_tree(repo, commit, tracked, at_head)
        if damage is not None:
            return damage
        sha = commit.parents[0] if commit.parents else None
        at_head = False
    return None


def _check_tree(
    repo: Repo, commit: Commit, tracked: tuple[TrackedPath, ...], at_head: bool
) -> Damage | None:
    owner = commit.id.decode()
    for path in tracked:
        tree_id: ObjectID = commit.tree
        for depth, part in enumerate(path.parts):
            try:
                tree = _read(repo, tree_id)
            except Exception as exc:
                return Damage(tree_id.decode(), "tree", at_head, owner, _why(exc))
            if not isinstance(tree, Tree) or part not in tree:
                break  # the file is not in this commit
            mode, sha = tree[part]
            if depth < len(path.parts) - 1:
                if not stat.S_ISDIR(mode):
                    break
                tree_id = sha
                continue
            if stat.S_ISREG(mode) or stat.S_ISLNK(mode):
                try:
                    _read(repo, sha)
                except Exception as exc:
                    return Damage(sha.decode(), "blob", at_head, owner, _why(exc))
    return None


def _why(exc: BaseException) -> str:
    if missing_object(exc) is not None:
        return "missing"
    return f"unreadable ({type(exc).__name__}: {exc})"
