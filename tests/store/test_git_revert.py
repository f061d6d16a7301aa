"""GitStore.revert: undo one commit's change and keep every later one; refuse when they clash."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reverie.errors import GitStoreError, UserError
from reverie.store._merge3 import merge3
from reverie.store.git import GitStore, RevertConflict, parse_trailers

TRACKED = ["SOUL.md", "USER.md", "memory/MEMORY.md", "memory/.dream_cursor"]
MEMORY = "memory/MEMORY.md"


def write(workspace: Path, name: str, text: str) -> None:
    path = workspace / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def read(workspace: Path, name: str) -> str:
    return (workspace / name).read_text(encoding="utf-8")


def commit(git: GitStore, workspace: Path, message: str, files: dict[str, str]) -> str:
    for name, text in files.items():
        write(workspace, name, text)
    sha = git.auto_commit(message)
    assert sha is not None
    return sha


@pytest.fixture
def git(workspace: Path) -> GitStore:
    write(workspace, MEMORY, "# Memory\n\n- a\n- b\n- c\n- d\n- e\n")
    write(workspace, "memory/.dream_cursor", "1\n")
    write(workspace, "USER.md", "# User\n\n- likes tea\n")
    store = GitStore(workspace, TRACKED)
    store.init()
    return store


def test_revert_undoes_only_that_commit(git: GitStore, workspace: Path) -> None:
    bad = commit(
        git,
        workspace,
        "dream: bad",
        {
            "memory/MEMORY.md": "# Memory\n\n- a\n- B wrong\n- c\n- d\n- e\n",
            "memory/.dream_cursor": "3\n",
        },
    )
    commit(
        git,
        workspace,
        "dream: good",
        {
            "memory/MEMORY.md": "# Memory\n\n- a\n- B wrong\n- c\n- d\n- e\n- f good\n",
            "memory/.dream_cursor": "5\n",
        },
    )

    new = git.revert(bad[:10], files=["SOUL.md", "USER.md", MEMORY])

    assert new is not None
    assert read(workspace, MEMORY) == "# Memory\n\n- a\n- b\n- c\n- d\n- e\n- f good\n"
    assert read(workspace, "memory/.dream_cursor") == "5\n"  # not in files: left alone
    head = git.log(1)[0]
    assert head.sha == new and head.subject == f"Revert {bad[:8]}: dream: bad"
    assert parse_trailers(head.message) == {"Reverted-Commit": bad}
    assert git.diff_working_tree() == ""
    # Already undone: nothing to do, no commit.
    assert git.revert(bad, files=["SOUL.md", "USER.md", MEMORY]) is None


def test_a_later_change_to_the_same_lines_is_refused_naming_them(
    git: GitStore, workspace: Path
) -> None:
    bad = commit(git, workspace, "dream: bad", {"memory/MEMORY.md": "# Memory\n\n- a\n- B\n- c\n"})
    commit(git, workspace, "dream: later", {"memory/MEMORY.md": "# Memory\n\n- a\n- B2\n- c\n"})
    before = [info.sha for info in git.log()]

    with pytest.raises(RevertConflict) as caught:
        git.revert(bad)

    message = str(caught.value)
    assert f"cannot revert {bad[:8]}" in message
    assert "memory/MEMORY.md: line 4, now '- B2'" in message
    assert caught.value.clashes == [(MEMORY, "line 4, now '- B2'")]
    assert isinstance(caught.value, GitStoreError)
    assert read(workspace, MEMORY) == "# Memory\n\n- a\n- B2\n- c\n"  # nothing written
    assert [info.sha for info in git.log()] == before  # and nothing committed


def test_uncommitted_edits_are_saved_first_and_kept(git: GitStore, workspace: Path) -> None:
    bad = commit(git, workspace, "dream: bad", {"USER.md": "# User\n\n- likes tea\n- WRONG\n"})
    write(workspace, "USER.md", "# User\n\n- likes tea\n- WRONG\n- my own note\n")

    assert git.revert(bad) is not None

    assert read(workspace, "USER.md") == "# User\n\n- likes tea\n- my own note\n"
    subjects = [info.subject for info in git.log(3)]
    assert subjects[:2] == [
        f"Revert {bad[:8]}: dream: bad",
        f"Save memory before reverting {bad[:8]}",
    ]


def test_reverting_the_creation_of_a_file_deletes_it(git: GitStore, workspace: Path) -> None:
    created = commit(git, workspace, "add soul", {"SOUL.md": "# Soul\n\n- be kind\n"})
    assert git.revert(created) is not None
    assert not (workspace / "SOUL.md").exists()


def test_an_unknown_sha_or_file_is_named(git: GitStore) -> None:
    with pytest.raises(GitStoreError, match="deadbeef"):
        git.revert("deadbeef")
    with pytest.raises(UserError, match=r"notes\.md"):
        git.revert("HEAD", files=["notes.md"])


def test_later_commits_are_listed_newest_first(git: GitStore, workspace: Path) -> None:
    first = commit(git, workspace, "one", {"USER.md": "1\n"})
    second = commit(git, workspace, "two", {"USER.md": "2\n"})
    third = commit(git, workspace, "three", {"USER.md": "3\n"})
    assert [info.sha for info in git.later_commits(first)] == [third, second]
    assert git.later_commits(third) == []


lines = st.lists(st.sampled_from(["a\n", "b\n", "c\n", "d\n", "e\n"]), max_size=8)


@given(base=lines, other=lines)
def test_merge_takes_the_only_side_that_changed(base: list[str], other: list[str]) -> None:
    assert merge3(base, base, other).lines == other
    assert merge3(base, other, base).lines == other
    assert merge3(base, other, other).lines == other


def test_separate_changes_merge_and_adjacent_ones_conflict() -> None:
    base = ["1\n", "2\n", "3\n", "4\n", "5\n"]
    merged = merge3(
        base, ["1\n", "2\n", "3\n", "4\n", "FIVE\n"], ["ONE\n", "2\n", "3\n", "4\n", "5\n"]
    )
    assert merged.clean and merged.lines == ["ONE\n", "2\n", "3\n", "4\n", "FIVE\n"]
    adjacent = merge3(
        base, ["1\n", "TWO\n", "3\n", "4\n", "5\n"], ["1\n", "2\n", "THREE\n", "4\n", "5\n"]
    )
    assert not adjacent.clean
    assert (adjacent.conflicts[0].ours_start, adjacent.conflicts[0].ours_end) == (1, 3)


def test_a_line_added_right_after_the_undone_one_is_kept(git: GitStore, workspace: Path) -> None:
    # Dream appends bullets: the good run's line sits right under the bad run's line.
    start = read(workspace, MEMORY)
    bad = commit(git, workspace, "dream: bad", {MEMORY: start + "- User prefers dark roast tea.\n"})
    commit(
        git,
        workspace,
        "dream: good",
        {MEMORY: start + "- User prefers dark roast tea.\n- The team ships on Fridays.\n"},
    )
    assert git.revert(bad) is not None
    assert read(workspace, MEMORY) == start + "- The team ships on Fridays.\n"


def test_a_changed_line_with_a_new_neighbour_goes_back_and_keeps_it(
    git: GitStore, workspace: Path
) -> None:
    bad = commit(git, workspace, "bad", {MEMORY: "# Memory\n\n- a\n- WRONG\n- c\n- d\n- e\n"})
    commit(git, workspace, "good", {MEMORY: "# Memory\n\n- a\n- WRONG\n- new\n- c\n- d\n- e\n"})
    assert git.revert(bad) is not None
    assert read(workspace, MEMORY) == "# Memory\n\n- a\n- b\n- new\n- c\n- d\n- e\n"
