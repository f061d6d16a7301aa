"""Black-box contract tests for GitStore (DESIGN.md sections 2 and 4)."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest
from dulwich import porcelain
from dulwich.repo import Repo

from reverie import GitStore, GitStoreError, ReverieError, StoreError

TRACKED = ["SOUL.md", "USER.md", "memory/MEMORY.md", "memory/.dream_cursor"]
SHA = re.compile(r"^[0-9a-f]{40}$")


def write(workspace: Path, name: str, text: str) -> None:
    path = workspace / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def read(workspace: Path, name: str) -> str:
    return (workspace / name).read_text(encoding="utf-8")


def head_tree_paths(workspace: Path) -> set[str]:
    repo = Repo(str(workspace))
    try:
        tree = repo[repo[repo.head()].tree]
        return {item.path.decode() for item in repo.object_store.iter_tree_contents(tree.id)}
    finally:
        repo.close()


@pytest.fixture
def git(tmp_path: Path) -> GitStore:
    write(tmp_path, "SOUL.md", "Be kind.\n")
    write(tmp_path, "memory/MEMORY.md", "- fact one\n")
    store = GitStore(tmp_path, tracked_files=TRACKED)
    assert store.init() is True
    return store


def test_init_creates_repo_gitignore_and_first_commit(tmp_path: Path) -> None:
    write(tmp_path, "SOUL.md", "Be kind.\n")
    write(tmp_path, "notes.txt", "private")
    store = GitStore(tmp_path, TRACKED)
    assert store.is_initialized() is False
    assert store.init() is True
    assert store.is_initialized() is True
    assert (tmp_path / ".git").is_dir()
    assert (tmp_path / ".gitignore").is_file()
    log = store.log()
    assert len(log) == 1
    assert "SOUL.md" in log[0]["files"]
    assert head_tree_paths(tmp_path) <= {*TRACKED, ".gitignore"}
    assert "SOUL.md" in head_tree_paths(tmp_path)
    assert store.init() is False  # never re-initialised
    assert len(store.log()) == 1


def test_gitignore_hides_everything_but_the_tracked_files(tmp_path: Path) -> None:
    GitStore(tmp_path, TRACKED).init()
    rules = read(tmp_path, ".gitignore")
    assert "*" in rules
    for name in ("SOUL.md", "USER.md", "MEMORY.md"):
        assert name in rules


def test_init_on_an_empty_workspace(tmp_path: Path) -> None:
    store = GitStore(tmp_path / "ws", TRACKED)
    assert store.init() is True
    assert store.log() == []
    assert store.diff_working_tree() == ""
    write(tmp_path / "ws", "USER.md", "Dana\n")
    sha = store.auto_commit("add user")
    assert sha is not None and SHA.match(sha)
    assert [c["files"] for c in store.log()] == [["USER.md"]]


def test_auto_commit(git: GitStore, tmp_path: Path) -> None:
    assert git.auto_commit("nothing changed") is None
    write(tmp_path, "memory/MEMORY.md", "- fact one\n- fact two\n")
    write(tmp_path, "scratch.txt", "untracked")
    sha = git.auto_commit("add fact two")
    assert isinstance(sha, str) and SHA.match(sha)
    assert git.auto_commit("again") is None
    assert "scratch.txt" not in head_tree_paths(tmp_path)
    write(tmp_path, "scratch.txt", "changed, still untracked")
    assert git.auto_commit("untracked only") is None


def test_auto_commit_records_deletions(git: GitStore, tmp_path: Path) -> None:
    (tmp_path / "SOUL.md").unlink()
    sha = git.auto_commit("remove soul")
    assert sha is not None
    assert "SOUL.md" not in head_tree_paths(tmp_path)
    assert git.log(1)[0]["files"] == ["SOUL.md"]


def test_log(git: GitStore, tmp_path: Path) -> None:
    shas = []
    for i in range(3):
        write(tmp_path, "USER.md", f"version {i}\n")
        shas.append(git.auto_commit(f"user v{i}"))
    log = git.log()
    assert isinstance(log, list) and len(log) == 4
    assert [c["sha"] for c in log[:3]] == list(reversed(shas))
    newest = log[0]
    assert SHA.match(newest["sha"]) and newest.sha == newest["sha"]
    assert newest["message"].startswith("user v2")
    assert newest["files"] == ["USER.md"]
    assert isinstance(newest["timestamp"], str) and newest["timestamp"]
    datetime.fromisoformat(newest["timestamp"])
    assert len(git.log(2)) == 2
    assert len(git.log(max_entries=1)) == 1
    assert len(git.log(20)) == 4


def test_show(git: GitStore, tmp_path: Path) -> None:
    write(tmp_path, "memory/MEMORY.md", "- fact one\n- fact two\n")
    sha = git.auto_commit("add fact two")
    assert sha is not None
    diff = git.show(sha)
    assert isinstance(diff, str)
    assert "+- fact two" in diff
    assert "MEMORY.md" in diff
    assert "SOUL.md" not in diff  # only what the commit changed
    assert git.show(sha[:7]) == diff
    assert git.show(sha[:12]) == diff


def test_show_root_commit_is_against_empty(git: GitStore) -> None:
    root = git.log()[-1]["sha"]
    diff = git.show(root)
    assert "+Be kind." in diff and "+- fact one" in diff
    assert "\n-" not in diff.replace("\n--- ", "\n")


@pytest.mark.parametrize("bad", ["deadbeef" * 5, "0123456", "not-a-sha", "zzzzzzz"])
def test_unknown_sha_raises_naming_it(git: GitStore, bad: str) -> None:
    with pytest.raises(GitStoreError, match=re.escape(bad)):
        git.show(bad)
    with pytest.raises(GitStoreError, match=re.escape(bad)):
        git.restore(bad)


def test_git_store_error_is_in_the_tree() -> None:
    assert issubclass(GitStoreError, StoreError)
    assert issubclass(GitStoreError, ReverieError)


def test_restore(git: GitStore, tmp_path: Path) -> None:
    write(tmp_path, "memory/MEMORY.md", "- fact one\n- WRONG\n")
    write(tmp_path, "USER.md", "new user file\n")
    bad = git.auto_commit("bad dream")
    assert bad is not None
    write(tmp_path, "SOUL.md", "Be kind. Be brief.\n")
    later = git.auto_commit("later change")
    assert later is not None
    new = git.restore(bad)
    assert isinstance(new, str) and SHA.match(new) and new not in (bad, later)
    assert read(tmp_path, "memory/MEMORY.md") == "- fact one\n"
    assert not (tmp_path / "USER.md").exists()  # did not exist before that commit
    assert git.log(1)[0]["sha"] == new
    assert git.diff_working_tree() == ""
    assert git.restore(bad) is None  # already in that state


def test_restore_with_short_sha(git: GitStore, tmp_path: Path) -> None:
    write(tmp_path, "SOUL.md", "changed\n")
    sha = git.auto_commit("change soul")
    assert sha is not None
    assert git.restore(sha[:8]) is not None
    assert read(tmp_path, "SOUL.md") == "Be kind.\n"


def test_diff_working_tree(git: GitStore, tmp_path: Path) -> None:
    assert git.diff_working_tree() == ""
    write(tmp_path, "other.txt", "untracked")
    assert git.diff_working_tree() == ""
    write(tmp_path, "SOUL.md", "Be kind.\nBe brief.\n")
    diff = git.diff_working_tree()
    assert "SOUL.md" in diff and "+Be brief." in diff
    git.auto_commit("brief")
    assert git.diff_working_tree() == ""


def test_existing_repository_is_used_not_reinitialised(tmp_path: Path) -> None:
    write(tmp_path, "code.py", "print('hi')\n")
    write(tmp_path, "SOUL.md", "soul\n")
    porcelain.init(str(tmp_path))
    porcelain.add(str(tmp_path), paths=[str(tmp_path / "code.py")])
    user = b"U <u@example.com>"
    user_commit = porcelain.commit(
        str(tmp_path), message=b"user's own commit", author=user, committer=user
    )
    store = GitStore(tmp_path, TRACKED)
    assert store.is_initialized()
    assert store.init() is False
    sha = store.auto_commit("track soul")
    assert sha is not None
    paths = head_tree_paths(tmp_path)
    assert "code.py" in paths and "SOUL.md" in paths
    repo = Repo(str(tmp_path))
    try:
        assert repo[sha.encode()].parents == [user_commit]
    finally:
        repo.close()
