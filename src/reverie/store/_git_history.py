"""Walking the memory repository's history: commit order and line blame."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from typing import Final, Literal, overload

from dulwich.objects import Commit, ObjectID
from dulwich.repo import Repo

from reverie.store._git_health import missing_object
from reverie.store._git_objects import TrackedPath, TreeReader, iso_time
from reverie.store._git_text import FileVersion, attribute_lines, parse_trailers

__all__ = ["DEFAULT_AUTHOR", "BlameLine", "CommitInfo", "blame", "commit_info", "walk"]

DEFAULT_AUTHOR: Final = "reverie <reverie@localhost>"


@dataclass(frozen=True)
class CommitInfo:
    """One memory commit as :meth:`GitStore.log` reports it.

    Fields are attributes (``info.sha``) and also keys (``info["sha"]``).
    """

    sha: str
    """Full 40-hex commit id."""
    message: str
    """The whole commit message, without the trailing newline."""
    timestamp: str
    """Commit time, ISO 8601 with the committer's UTC offset."""
    files: list[str] = field(hash=False)
    """Tracked files this commit changed, in ``tracked_files`` order."""
    author: str = DEFAULT_AUTHOR
    """``Name <email>`` of the author."""

    @property
    def short_sha(self) -> str:
        """The first 8 hex digits of :attr:`sha`."""
        return self.sha[:8]

    @property
    def subject(self) -> str:
        """The first line of the message."""
        return self.message.split("\n", 1)[0]

    @property
    def trailers(self) -> dict[str, str]:
        """``Key: value`` trailers at the end of the message (see :func:`parse_trailers`)."""
        return parse_trailers(self.message)

    def keys(self) -> list[str]:
        """The field names, so ``dict(info)`` works."""
        return [f.name for f in fields(self)]

    @overload
    def __getitem__(self, key: Literal["sha", "message", "timestamp", "author"]) -> str: ...
    @overload
    def __getitem__(self, key: Literal["files"]) -> list[str]: ...
    @overload
    def __getitem__(self, key: str) -> object: ...
    def __getitem__(self, key: str) -> object:
        """The field ``key``, for code that treats log entries as dicts."""
        if key not in self.keys():
            raise KeyError(key)
        return getattr(self, key)

    def __contains__(self, key: object) -> bool:
        return key in self.keys()


@dataclass(frozen=True, slots=True)
class BlameLine:
    """One line of a file with the commit that introduced it."""

    line_no: int
    """1-based line number in the current file."""
    text: str
    """The line without its line end."""
    sha: str | None
    """Commit that introduced the line; None when the line is not committed yet."""
    timestamp: str | None
    """ISO 8601 time of that commit; None when uncommitted."""


def walk(
    repo: Repo, head: ObjectID, on_missing: Callable[[str], None] | None = None
) -> Iterator[Commit]:
    """Every commit reachable from ``head``, newest first (by commit time).

    Args:
        repo: The repository.
        head: Where to start (it must be readable).
        on_missing: Told the sha of each ancestor that cannot be read; its line
            of history ends there and the walk goes on (None: raise instead).
    """
    heap: list[tuple[int, int, Commit]] = []
    seen = {head}
    order = 0

    def push(sha: ObjectID) -> None:
        nonlocal order
        try:
            commit = repo.object_store[sha]
        except Exception as exc:
            if on_missing is None or sha == head or missing_object(exc) is None:
                raise
            on_missing(sha.decode())
            return
        if isinstance(commit, Commit):
            order += 1
            heapq.heappush(heap, (-commit.commit_time, order, commit))

    push(head)
    while heap:
        commit = heapq.heappop(heap)[2]
        yield commit
        for parent in commit.parents:
            if parent not in seen:
                seen.add(parent)
                push(parent)


def _lines(version: FileVersion) -> list[str]:
    # Compared without line ends: adding a final newline does not re-own a line.
    text = version.text()
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _versions(
    reader: TreeReader, head: ObjectID, path: TrackedPath, times: dict[str, str]
) -> Iterator[tuple[str, list[str]]]:
    """``(sha, lines)`` for each first-parent commit that changed ``path``, newest first.

    Stops where the file did not exist, so a file deleted and re-created later
    is blamed on the commit that re-created it.
    """
    commit = reader.commit(head)
    entry = reader.lookup(commit.tree, path.parts)
    while entry is not None:
        before = reader.parent_tree(commit)
        older = reader.lookup(before, path.parts)
        if older != entry:
            version = reader.version(commit.tree, path.parts)
            sha = commit.id.decode()
            times[sha] = iso_time(commit.commit_time, commit.commit_timezone)
            yield sha, _lines(version) if version is not None else []
        if older is None:
            return
        commit = reader.commit(commit.parents[0])
        entry = older


def blame(
    repo: Repo | None, head: ObjectID | None, path: TrackedPath, current: FileVersion
) -> list[BlameLine]:
    """Blame each line of ``current`` on the commit that introduced it (None if uncommitted)."""
    lines = _lines(current)
    times: dict[str, str] = {}
    history: Iterator[tuple[str, list[str]]] = (
        _versions(TreeReader(repo), head, path, times)
        if repo is not None and head is not None
        else iter(())
    )
    owners = attribute_lines(lines, history)
    return [
        BlameLine(
            line_no=number,
            text=text,
            sha=owner,
            timestamp=times.get(owner) if owner is not None else None,
        )
        for number, (text, owner) in enumerate(zip(lines, owners, strict=True), start=1)
    ]


def commit_info(commit: Commit, files: list[str]) -> CommitInfo:
    """The :class:`CommitInfo` of ``commit`` with the tracked ``files`` it changed."""
    return CommitInfo(
        sha=commit.id.decode(),
        message=commit.message.decode("utf-8", errors="replace").rstrip("\n"),
        timestamp=iso_time(commit.commit_time, commit.commit_timezone),
        files=files,
        author=commit.author.decode("utf-8", errors="replace"),
    )
