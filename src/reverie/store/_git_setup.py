"""Setting up the memory repository: its ``.gitignore``, and a repository around the workspace.

A workspace inside another git work tree (a project checkout, a dotfiles
repository) gets its own repository all the same; the outer one then sees an
embedded repository, which deserves a warning only when the outer repository
does not already ignore the workspace.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from dulwich.errors import NotGitRepository
from dulwich.repo import Repo

from reverie._atomic import write_text_atomic
from reverie.store._git_text import build_gitignore

__all__ = ["ignored_by", "outer_work_tree", "write_gitignore"]


def write_gitignore(workspace: Path, tracked: Sequence[str]) -> None:
    """Write the ignore rules that hide all but ``tracked`` (a user's lines are kept)."""
    path = workspace / ".gitignore"
    rules = build_gitignore(tracked)
    if path.exists():
        # A .gitignore without a repository: keep its lines, add ours after.
        existing = path.read_text(encoding="utf-8", errors="replace")
        have = set(existing.splitlines())
        missing = [line for line in rules.splitlines() if line not in have]
        if not missing:
            return
        rules = existing.rstrip("\n") + "\n\n" + "\n".join(missing) + "\n"
    write_text_atomic(path, rules)


def outer_work_tree(workspace: Path) -> Path | None:
    """The nearest folder above ``workspace`` holding a ``.git``; None when there is none."""
    current = workspace.resolve().parent
    while True:
        if (current / ".git").exists():
            return current
        if current.parent == current:
            return None
        current = current.parent


def ignored_by(outer: Path, workspace: Path) -> bool:
    """True when the repository at ``outer`` ignores ``workspace`` (or a folder above it).

    Its ``.gitignore`` files, ``.git/info/exclude`` and ``core.excludesFile``
    count. A repository that cannot be read counts as not ignoring it, so the
    warning is shown rather than wrongly kept back.
    """
    from dulwich.ignore import IgnoreFilterManager

    try:
        relative = workspace.resolve().relative_to(outer)
        with Repo(str(outer)) as repo:
            rules = IgnoreFilterManager.from_repo(repo)
            parts = relative.parts
            return any(
                rules.is_ignored("/".join(parts[: depth + 1]) + "/") for depth in range(len(parts))
            )
    except (ValueError, OSError, NotGitRepository):
        return False
