"""Rewriting the memory repository so a text is in none of its versions.

Every commit reachable from a ref is visited parents first. A commit is
rebuilt when its tree holds the text (in any file, at any depth), its message
or its author/committer does, or one of its parents was rebuilt; the new
commit keeps the author, committer, dates, time zones, encoding and message
(with the text removed, and the ids of rebuilt commits it names updated). A
signature cannot survive a rewrite and is dropped. Everything else keeps its
id. Then refs move to the new commits, the index follows the new blobs,
reflogs are dropped (they name the old commits), and every object no ref, the
index or a ``*_HEAD`` file reaches is deleted, loose and packed: the packs are
replaced by one pack of what is still reachable.

Each step leaves a valid repository: objects are written before refs move, and
old objects are deleted only after nothing points at them, so an interrupted
rewrite is finished by running it again.
"""

from __future__ import annotations

import re
import shutil
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from dulwich.index import ConflictedIndexEntry, IndexEntry, TreeExtension
from dulwich.object_store import BaseObjectStore
from dulwich.objects import Blob, Commit, ObjectID, ShaFile, Tag, Tree
from dulwich.refs import Ref
from dulwich.repo import Repo

from reverie.errors import GitStoreError
from reverie.forget.git_prune import (
    FULL_SHA,
    HEAD_FILES,
    MODE_GITLINK,
    direct_refs,
    head_file_ids,
    index_shas,
    prune,
    unreachable,
)
from reverie.forget.scrub import Scrubber

__all__ = ["GitRewrite", "rewrite_repository"]

_SHORT_SHA = re.compile(rb"\b[0-9a-f]{7,12}\b")


@dataclass
class GitRewrite:
    """What rewriting the repository found and (unless a dry run) changed."""

    commits_seen: int = 0
    """Commits reachable from the refs."""
    commits_with_text: int = 0
    """Commits whose files or message held the text."""
    commits_rewritten: int = 0
    """Commits given a new id (those, and every commit after them)."""
    occurrences: int = 0
    """Occurrences removed from file versions and messages."""
    refs_moved: list[str] = field(default_factory=list)
    index_entries: int = 0
    """Staged files in ``.git/index`` that now point at cleaned versions."""
    objects_deleted: int = 0
    """Objects nothing reaches any more, deleted (loose and packed)."""
    reflogs_dropped: bool = False
    names: list[str] = field(default_factory=list)
    """Paths in the history whose *name* holds the text (not changed; the caller refuses)."""
    alternates: bool = False
    """The repository borrows objects from another store, which is not searched."""


class _Rewriter:
    def __init__(self, repo: Repo, scrubber: Scrubber) -> None:
        self.repo = repo
        self.store = repo.object_store
        self.scrubber = scrubber
        self.blobs: dict[ObjectID, ObjectID] = {}
        self.trees: dict[ObjectID, ObjectID] = {}
        self.commits: dict[ObjectID, ObjectID] = {}
        self.tags: dict[ObjectID, ObjectID] = {}
        self.moved: dict[ObjectID, ObjectID] = {}
        """Rebuilt commits only: old id → new id."""
        self.created: list[ShaFile] = []
        self.report = GitRewrite()

    # -- objects -----------------------------------------------------------------

    def _bytes(self, data: bytes) -> tuple[bytes, int]:
        if not self.scrubber.in_bytes(data):
            return data, 0
        text = data.decode("utf-8", "surrogateescape")
        cleaned, count = self.scrubber.text(text)
        return cleaned.encode("utf-8", "surrogateescape"), count

    def blob(self, sha: ObjectID, path: str) -> ObjectID:
        known = self.blobs.get(sha)
        if known is not None:
            return known
        obj = self.store[sha]
        new_sha = sha
        if isinstance(obj, Blob) and self.scrubber.in_bytes(obj.data):
            result = self.scrubber.file_bytes(path, obj.data)
            self.report.occurrences += result.count
            if result.data != obj.data:
                blob = Blob.from_string(result.data)
                self.created.append(blob)
                new_sha = blob.id
        self.blobs[sha] = new_sha
        return new_sha

    def tree(self, sha: ObjectID, prefix: str = "") -> ObjectID:
        known = self.trees.get(sha)
        if known is not None:
            return known
        obj = self.store[sha]
        assert isinstance(obj, Tree)
        new = Tree()
        changed = False
        for item in obj.iteritems():
            name = item.path.decode("utf-8", "surrogateescape")
            path = f"{prefix}{name}"
            if self.scrubber.in_bytes(item.path):
                self.report.names.append(self.scrubber.text(path)[0])
            if item.mode == MODE_GITLINK:
                entry = item.sha
            elif stat.S_ISDIR(item.mode):
                entry = self.tree(item.sha, f"{path}/")
            else:
                entry = self.blob(item.sha, path)
            changed |= entry != item.sha
            new.add(item.path, item.mode, entry)
        new_sha = sha
        if changed:
            self.created.append(new)
            new_sha = new.id
        self.trees[sha] = new_sha
        return new_sha

    def commit(self, sha: ObjectID) -> ObjectID:
        obj = self.store[sha]
        assert isinstance(obj, Commit)
        self.report.commits_seen += 1
        tree = self.tree(obj.tree)
        parents = [self.commits.get(parent, parent) for parent in obj.parents]
        message, in_message = self._bytes(obj.message)
        author, in_author = self._bytes(obj.author)
        committer, in_committer = self._bytes(obj.committer)
        if tree != obj.tree or in_message or in_author or in_committer:
            self.report.commits_with_text += 1
        self.report.occurrences += in_message + in_author + in_committer
        message = self._renamed_ids(message)
        if (tree, parents, message, author, committer) == (
            obj.tree,
            obj.parents,
            obj.message,
            obj.author,
            obj.committer,
        ):
            self.commits[sha] = sha
            return sha
        new = obj.copy()
        assert isinstance(new, Commit)
        new.tree = tree
        new.parents = parents
        new.message = message
        new.author = author
        new.committer = committer
        new.gpgsig = None  # a signature over the old content no longer holds
        self.created.append(new)
        self.commits[sha] = self.moved[sha] = new.id
        self.report.commits_rewritten += 1
        return new.id

    def _renamed_ids(self, message: bytes) -> bytes:
        """``message`` with the ids of rebuilt commits it names (full or short) updated."""
        moved = self.moved
        if not moved:
            return message

        def full(match: re.Match[bytes]) -> bytes:
            return moved.get(ObjectID(match.group(0)), match.group(0))

        def short(match: re.Match[bytes]) -> bytes:
            prefix = match.group(0)
            hits = [old for old in moved if old.startswith(prefix)]
            return moved[hits[0]][: len(prefix)] if len(hits) == 1 else prefix

        return _SHORT_SHA.sub(short, FULL_SHA.sub(full, message))

    def tag(self, sha: ObjectID) -> ObjectID:
        known = self.tags.get(sha)
        if known is not None:
            return known
        obj = self.store[sha]
        assert isinstance(obj, Tag)
        kind, target = obj.object
        new_target = self.any(target)
        message, in_message = self._bytes(obj.message or b"")
        tagger, in_tagger = self._bytes(obj.tagger or b"")
        self.report.occurrences += in_message + in_tagger
        if new_target == target and not in_message and not in_tagger:
            self.tags[sha] = sha
            return sha
        new = obj.copy()
        assert isinstance(new, Tag)
        new.object = (kind, new_target)
        if obj.message is not None:
            new.message = message
        if obj.tagger is not None:
            new.tagger = tagger
        new.signature = None
        self.created.append(new)
        self.tags[sha] = new.id
        return new.id

    def any(self, sha: ObjectID) -> ObjectID:
        obj = self.store[sha]
        if isinstance(obj, Commit):
            for commit in _parents_first(self.store, [sha], self.commits):
                self.commit(commit)
            return self.commits[sha]
        if isinstance(obj, Tag):
            return self.tag(sha)
        if isinstance(obj, Tree):
            return self.tree(sha)
        return self.blob(sha, "")


def _parents_first(
    store: BaseObjectStore, starts: Iterable[ObjectID], done: dict[ObjectID, ObjectID]
) -> Iterator[ObjectID]:
    """Commits reachable from ``starts`` not in ``done``, every parent before its children."""
    seen: set[ObjectID] = set(done)
    stack: list[tuple[ObjectID, bool]] = [(sha, False) for sha in starts]
    while stack:
        sha, expanded = stack.pop()
        if expanded:
            yield sha
            continue
        if sha in seen:
            continue
        seen.add(sha)
        stack.append((sha, True))
        commit = store[sha]
        assert isinstance(commit, Commit)
        stack.extend((parent, False) for parent in commit.parents if parent not in seen)


def rewrite_repository(
    git_dir: Path, repo: Repo, scrubber: Scrubber, *, dry_run: bool
) -> GitRewrite:
    """Remove the text from every version in the repository (see the module docstring).

    The caller holds the repository's commit lock. With ``dry_run`` nothing is
    written: the report says what would change.
    """
    rewriter = _Rewriter(repo, scrubber)
    report = rewriter.report
    report.alternates = (git_dir / "objects" / "info" / "alternates").exists()
    refs = direct_refs(repo)
    moved = {name: rewriter.any(sha) for name, sha in refs.items() if sha in repo.object_store}
    index_changes = _index_changes(repo, rewriter)
    report.index_entries = len(index_changes)
    if dry_run:
        report.refs_moved = [name.decode() for name, new in moved.items() if new != refs[name]]
        starts = [*moved.values(), *index_shas(repo, index_changes), *head_file_ids(git_dir)]
        created = {obj.id: obj for obj in rewriter.created}
        report.objects_deleted = len(unreachable(repo, starts, created))
        return report
    if rewriter.created:
        repo.object_store.add_objects([(obj, None) for obj in rewriter.created])
    if index_changes:
        _write_index(repo, index_changes)
    for name, new in moved.items():
        if new == refs[name]:
            continue
        if not _move_ref(repo, name, refs[name], new):
            raise GitStoreError(
                f"ref {name.decode()} moved during the rewrite (a git command ran meanwhile)"
            )
        report.refs_moved.append(name.decode())
    _update_head_files(git_dir, rewriter)
    logs = git_dir / "logs"
    if logs.exists():
        shutil.rmtree(logs)
        report.reflogs_dropped = True
    report.objects_deleted = prune(repo, git_dir)
    return report


def _move_ref(repo: Repo, name: Ref, old: ObjectID, new: ObjectID) -> bool:
    packed = repo.refs.get_packed_refs()
    if name in packed and repo.refs.read_loose_ref(name) is None:
        repo.refs.add_packed_refs({name: new})
        return True
    return bool(repo.refs.set_if_equals(name, old, new))


def _index_changes(
    repo: Repo, rewriter: _Rewriter
) -> dict[bytes, IndexEntry | ConflictedIndexEntry]:
    """Index entries whose staged blob held the text, with their cleaned blob."""
    index_path = Path(repo.index_path())
    if not index_path.exists():
        return {}
    index = repo.open_index()
    changes: dict[bytes, IndexEntry | ConflictedIndexEntry] = {}
    for path, entry in index.items():
        name = path.decode("utf-8", "surrogateescape")
        if isinstance(entry, ConflictedIndexEntry):
            stages = [entry.ancestor, entry.this, entry.other]
            cleaned = [_cleaned_entry(rewriter, stage, name) for stage in stages]
            if cleaned != stages:
                changes[path] = ConflictedIndexEntry(*cleaned)
            continue
        new = _cleaned_entry(rewriter, entry, name)
        if new is not None and new is not entry:
            changes[path] = new
    return changes


def _cleaned_entry(rewriter: _Rewriter, entry: IndexEntry | None, path: str) -> IndexEntry | None:
    if entry is None or entry.mode == MODE_GITLINK or entry.sha not in rewriter.store:
        return entry
    sha = rewriter.blob(entry.sha, path)
    if sha == entry.sha:
        return entry
    return IndexEntry(
        ctime=entry.ctime,
        mtime=entry.mtime,
        dev=entry.dev,
        ino=entry.ino,
        mode=entry.mode,
        uid=entry.uid,
        gid=entry.gid,
        size=0,  # never matches the file, so git re-reads it instead of trusting the stat
        sha=sha,
        flags=entry.flags,
        extended_flags=entry.extended_flags,
    )


def _write_index(repo: Repo, changes: dict[bytes, IndexEntry | ConflictedIndexEntry]) -> None:
    index = repo.open_index()
    # Cached subtree ids name the old trees; git rebuilds the cache without them.
    index._extensions = [ext for ext in index._extensions if not isinstance(ext, TreeExtension)]
    for path, entry in changes.items():
        index[path] = entry
    index.write()


def _update_head_files(git_dir: Path, rewriter: _Rewriter) -> None:
    moved = rewriter.moved
    for name in HEAD_FILES:
        path = git_dir / name
        try:
            data = path.read_bytes()
        except OSError:
            continue
        updated = FULL_SHA.sub(lambda m: moved.get(ObjectID(m.group(0)), m.group(0)), data)
        if updated != data:
            path.write_bytes(updated)
