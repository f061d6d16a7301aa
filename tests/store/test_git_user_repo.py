"""GitStore inside a repository the user already has, under concurrency, checked by git."""

from __future__ import annotations

import multiprocessing
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from dulwich import porcelain
from dulwich.objects import Commit
from dulwich.refs import Ref
from dulwich.repo import Repo

from reverie._atomic import write_text_atomic
from reverie.store.git import GitStore
from suite_tools import DEADLINE, ChildProcesses

TRACKED = ["SOUL.md", "USER.md", "memory/MEMORY.md", "memory/.dream_cursor"]
USER_ID = b"Ada <ada@example.com>"
GIT = shutil.which("git")
needs_git = pytest.mark.skipif(GIT is None, reason="git binary not installed")


def user_repo(workspace: Path) -> bytes:
    """A repository with the user's own files and .gitignore; returns HEAD."""
    porcelain.init(str(workspace))
    (workspace / "app.py").write_text("print('hi')\n")
    (workspace / "docs").mkdir()
    (workspace / "docs" / "guide.md").write_text("# guide\n")
    (workspace / ".gitignore").write_text("*.log\n")
    (workspace / "SOUL.md").write_text("user-written soul\n")
    paths = ["app.py", "docs/guide.md", ".gitignore", "SOUL.md"]
    porcelain.add(str(workspace), paths=[str(workspace / p) for p in paths])
    return porcelain.commit(str(workspace), message=b"user work", author=USER_ID, committer=USER_ID)


def tree_entries(workspace: Path, commit_id: bytes) -> dict[str, bytes]:
    """Path → blob id for every file in a commit."""
    with Repo(str(workspace)) as repo:
        commit = repo[commit_id]
        assert isinstance(commit, Commit)
        return {
            entry.path.decode(): entry.sha
            for entry in repo.object_store.iter_tree_contents(commit.tree)
        }


def run_git(workspace: Path, *args: str) -> str:
    assert GIT is not None
    done = subprocess.run(
        [GIT, "-C", str(workspace), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=DEADLINE,
        env={"GIT_CONFIG_NOSYSTEM": "1", "HOME": str(workspace), "PATH": "/usr/bin:/bin"},
    )
    return done.stdout


def test_existing_user_repository_keeps_its_files_branch_and_gitignore(
    workspace: Path,
) -> None:
    user_head = user_repo(workspace)
    before = tree_entries(workspace, user_head)
    store = GitStore(workspace, TRACKED)

    assert store.is_initialized() is True
    assert store.init() is False
    assert (workspace / ".gitignore").read_text() == "*.log\n"

    (workspace / "memory").mkdir()
    (workspace / "memory" / "MEMORY.md").write_text("- fact\n")
    (workspace / "SOUL.md").write_text("soul, edited by dream\n")
    (workspace / "app.py").write_text("print('uncommitted user edit')\n")
    sha = store.auto_commit("dream")
    assert sha is not None

    after = tree_entries(workspace, sha.encode())
    for path in ("app.py", "docs/guide.md", ".gitignore"):
        assert after[path] == before[path]
    assert set(after) == {*before, "memory/MEMORY.md"}
    assert after["SOUL.md"] != before["SOUL.md"]
    with Repo(str(workspace)) as repo:
        assert repo.refs[Ref(b"refs/heads/master")] == sha.encode()
        assert repo.refs.get_symrefs()[Ref(b"HEAD")] == b"refs/heads/master"
        commit = repo[sha.encode()]
        assert isinstance(commit, Commit)
        assert commit.parents == [user_head]
    assert [e.files for e in store.log()] == [["SOUL.md", "memory/MEMORY.md"], ["SOUL.md"]]


def test_index_entries_of_other_files_are_untouched(workspace: Path) -> None:
    user_repo(workspace)
    (workspace / "app.py").write_text("print('staged by the user')\n")
    porcelain.add(str(workspace), paths=[str(workspace / "app.py")])
    with Repo(str(workspace)) as repo:
        staged_before = {p: e for p, e in repo.open_index().items() if p != b"SOUL.md"}

    (workspace / "SOUL.md").write_text("new soul\n")
    GitStore(workspace, TRACKED).auto_commit("soul")

    with Repo(str(workspace)) as repo:
        index = repo.open_index()
        assert {p: e for p, e in index.items() if p != b"SOUL.md"} == staged_before
        assert index.get_sha1(b"SOUL.md") == tree_entries(workspace, repo.head())["SOUL.md"]


def test_restore_in_user_repository_touches_only_tracked_files(workspace: Path) -> None:
    user_repo(workspace)
    store = GitStore(workspace, TRACKED)
    (workspace / "SOUL.md").write_text("dream soul\n")
    sha = store.auto_commit("dream")
    assert sha is not None
    (workspace / "app.py").write_text("print('work in progress')\n")

    store.restore(sha)

    assert (workspace / "SOUL.md").read_text() == "user-written soul\n"
    assert (workspace / "app.py").read_text() == "print('work in progress')\n"


def _commit_in_process(workspace: str, name: str, rounds: int) -> None:
    store = GitStore(workspace, TRACKED)
    for i in range(rounds):
        # atomic, as MemoryStore writes: a plain write_text is briefly empty
        write_text_atomic(Path(workspace) / name, f"{name} round {i}\n")
        store.auto_commit(f"{name} {i}")


def test_concurrent_commits_from_processes_and_threads_lose_nothing(
    workspace: Path, children: ChildProcesses
) -> None:
    store = GitStore(workspace, TRACKED)
    store.init()
    context = multiprocessing.get_context("fork")
    procs = [
        context.Process(target=_commit_in_process, args=(str(workspace), name, 5))
        for name in ("SOUL.md", "USER.md")
    ]
    threads = [
        threading.Thread(target=_commit_in_process, args=(str(workspace), name, 5))
        for name in ("memory/MEMORY.md", "memory/.dream_cursor")
    ]
    for proc in procs:
        children.start(proc)  # fork before any thread exists
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for proc in procs:
        proc.join(DEADLINE)
        assert proc.exitcode == 0

    # A commit takes every tracked file as it is, so one worker's commit may
    # carry another's write; what matters is that every write is in history.
    entries = store.log(max_entries=100)
    assert 5 <= len(entries) <= 20
    for name in TRACKED:
        seen: list[str | None] = []
        for entry in reversed(entries):
            text = store.file_at(entry.sha, name)
            if text is not None and (not seen or seen[-1] != text):
                seen.append(text)
        assert seen == [f"{name} round {i}\n" for i in range(5)]
    assert store.diff_working_tree() == ""
    with Repo(str(workspace)) as repo:
        chain = [c.commit.id.decode() for c in repo.get_walker()]
    assert chain == [e.sha for e in entries]


@needs_git
def test_git_agrees_repository_is_sound_and_clean(workspace: Path) -> None:
    store = GitStore(workspace, TRACKED)
    (workspace / "SOUL.md").write_text("soul\n")
    store.init()
    (workspace / "memory").mkdir()
    (workspace / "memory" / "MEMORY.md").write_text("- a\n")
    (workspace / "memory" / "history.jsonl").write_text("{}\n")
    first = store.auto_commit("memory")
    (workspace / "SOUL.md").unlink()
    store.auto_commit("drop soul")
    assert first is not None
    store.restore(first)

    run_git(workspace, "fsck", "--strict")
    assert run_git(workspace, "status", "--porcelain") == ""
    assert run_git(workspace, "log", "--format=%H").split() == [e.sha for e in store.log()]
    assert run_git(workspace, "ls-tree", "-r", "--name-only", "HEAD").split() == ["SOUL.md"]
    assert run_git(workspace, "show", f"{first}:memory/MEMORY.md") == "- a\n"


@needs_git
def test_git_commit_after_ours_keeps_our_tree(workspace: Path) -> None:
    # git caches subtree ids in its index; stale ones would make the user's
    # next commit silently undo ours.
    (workspace / "memory").mkdir()
    (workspace / "memory" / "MEMORY.md").write_text("- v1\n")
    (workspace / "app.py").write_text("x = 1\n")
    run_git(workspace, "init", "-q")
    run_git(workspace, "add", "app.py", "memory/MEMORY.md")
    run_git(workspace, "-c", "user.name=u", "-c", "user.email=u@u", "commit", "-qm", "user")

    (workspace / "memory" / "MEMORY.md").write_text("- v2\n")
    sha = GitStore(workspace, TRACKED).auto_commit("dream")
    assert sha is not None

    assert run_git(workspace, "status", "--porcelain") == ""
    assert (
        run_git(workspace, "write-tree").strip()
        == run_git(workspace, "rev-parse", "HEAD^{tree}").strip()
    )
    run_git(workspace, "fsck", "--strict")
