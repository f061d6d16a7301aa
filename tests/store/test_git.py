"""GitStore on a repository it creates: init, commit, log, show, restore, diff, blame."""

from __future__ import annotations

import logging
import re
from datetime import datetime
from pathlib import Path

import pytest
from dulwich.ignore import IgnoreFilterManager
from dulwich.objects import Commit, Tree
from dulwich.repo import Repo

from reverie.errors import GitStoreError, UserError
from reverie.store.git import CommitInfo, GitStore

TRACKED = ["SOUL.md", "USER.md", "memory/MEMORY.md", "memory/.dream_cursor"]
SHA = re.compile(r"^[0-9a-f]{40}$")


@pytest.fixture
def store(workspace: Path) -> GitStore:
    return GitStore(workspace, TRACKED)


def write(workspace: Path, name: str, text: str) -> None:
    path = workspace / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def head_paths(workspace: Path) -> set[str]:
    """Every file path in HEAD's tree."""
    with Repo(str(workspace)) as repo:
        commit = repo[repo.head()]
        assert isinstance(commit, Commit)
        found: set[str] = set()

        def visit(tree_id: bytes, prefix: str) -> None:
            tree = repo[tree_id]
            assert isinstance(tree, Tree)
            for item in tree.iteritems():
                name = prefix + item.path.decode()
                if item.mode == 0o040000:
                    visit(item.sha, name + "/")
                else:
                    found.add(name)

        visit(commit.tree, "")
        return found


def test_init_creates_repo_ignore_rules_and_first_commit(workspace: Path, store: GitStore) -> None:
    write(workspace, "SOUL.md", "be kind\n")
    write(workspace, "memory/history.jsonl", '{"cursor": 1}\n')

    assert store.is_initialized() is False
    assert store.init() is True

    assert store.is_initialized() is True
    assert (workspace / ".git").is_dir()
    entries = store.log()
    assert [e.files for e in entries] == [["SOUL.md"]]
    assert head_paths(workspace) == {"SOUL.md"}
    with Repo(str(workspace)) as repo:
        ignore = IgnoreFilterManager.from_repo(repo)
        assert ignore.is_ignored("memory/history.jsonl") is True
        assert ignore.is_ignored("sessions/cli.jsonl") is True
        assert not ignore.is_ignored("memory/MEMORY.md")
        assert not ignore.is_ignored("memory/.dream_cursor")
        assert not ignore.is_ignored("USER.md")


def test_init_twice_returns_false_and_keeps_history(workspace: Path, store: GitStore) -> None:
    write(workspace, "SOUL.md", "v1\n")
    store.init()
    ignore_rules = (workspace / ".gitignore").read_text()

    assert GitStore(workspace, TRACKED).init() is False
    assert len(store.log()) == 1
    assert (workspace / ".gitignore").read_text() == ignore_rules


def test_init_on_empty_workspace_makes_no_commit_until_a_file_exists(
    workspace: Path, store: GitStore
) -> None:
    assert store.init() is True
    assert store.log() == []
    assert store.diff_working_tree() == ""

    write(workspace, "USER.md", "name: Ada\n")
    sha = store.auto_commit("first facts")

    assert sha is not None
    assert [(e.sha, e.files) for e in store.log()] == [(sha, ["USER.md"])]


def test_auto_commit_returns_sha_then_none_when_unchanged(workspace: Path, store: GitStore) -> None:
    store.init()
    write(workspace, "memory/MEMORY.md", "- uses postgres\n")

    sha = store.auto_commit("remember the database")

    assert sha is not None and SHA.match(sha)
    assert store.auto_commit("nothing new") is None
    assert [e.sha for e in store.log()] == [sha]


def test_auto_commit_stages_only_tracked_files(workspace: Path, store: GitStore) -> None:
    store.init()
    write(workspace, "SOUL.md", "soul\n")
    write(workspace, "notes.txt", "private\n")
    write(workspace, "memory/history.jsonl", "{}\n")
    write(workspace, "sessions/abc.jsonl", "{}\n")

    store.auto_commit("soul")

    assert head_paths(workspace) == {"SOUL.md"}


def test_auto_commit_records_deleted_tracked_file(workspace: Path, store: GitStore) -> None:
    write(workspace, "SOUL.md", "soul\n")
    write(workspace, "USER.md", "user\n")
    store.init()

    (workspace / "USER.md").unlink()
    sha = store.auto_commit("forget the user file")

    assert sha is not None
    assert head_paths(workspace) == {"SOUL.md"}
    assert store.log()[0].files == ["USER.md"]
    assert "deleted file mode 100644" in store.show(sha)
    assert "-user" in store.show(sha)


def test_auto_commit_without_repository_returns_none(workspace: Path, store: GitStore) -> None:
    write(workspace, "SOUL.md", "soul\n")

    assert store.auto_commit("no repo yet") is None
    assert store.log() == []
    assert not (workspace / ".git").exists()


def test_empty_commit_message_is_refused(workspace: Path, store: GitStore) -> None:
    store.init()
    write(workspace, "SOUL.md", "soul\n")

    with pytest.raises(UserError, match="message"):
        store.auto_commit("  ")
    assert store.log() == []


def test_log_is_newest_first_with_sha_message_timestamp_files(
    workspace: Path, store: GitStore
) -> None:
    store.init()
    shas = []
    for i in range(3):
        write(workspace, "memory/MEMORY.md", f"- fact {i}\n")
        shas.append(store.auto_commit(f"fact {i}"))

    entries = store.log()

    assert [e.sha for e in entries] == shas[::-1]
    newest = entries[0]
    assert isinstance(newest, CommitInfo)
    assert newest.message == "fact 2"
    assert newest["message"] == "fact 2"
    assert newest["sha"] == newest.sha and SHA.match(newest["sha"])
    assert newest["files"] == ["memory/MEMORY.md"]
    assert datetime.fromisoformat(newest["timestamp"]).tzinfo is not None
    assert dict(newest)["author"] == "reverie <reverie@localhost>"
    assert [e.sha for e in store.log(max_entries=2)] == shas[:0:-1]
    with pytest.raises(KeyError):
        newest["nope"]


def test_show_is_unified_diff_against_parent(workspace: Path, store: GitStore) -> None:
    write(workspace, "memory/MEMORY.md", "- one\n- two\n")
    store.init()
    write(workspace, "memory/MEMORY.md", "- one\n- 2\n- three")
    sha = store.auto_commit("edit")
    assert sha is not None

    assert store.show(sha) == (
        "diff --git a/memory/MEMORY.md b/memory/MEMORY.md\n"
        "--- a/memory/MEMORY.md\n"
        "+++ b/memory/MEMORY.md\n"
        "@@ -1,2 +1,3 @@\n"
        " - one\n"
        "-- two\n"
        "+- 2\n"
        "+- three\n"
        "\\ No newline at end of file\n"
    )


def test_show_root_commit_diffs_against_empty(workspace: Path, store: GitStore) -> None:
    write(workspace, "SOUL.md", "be brief\n")
    store.init()
    root = store.log()[0].sha

    assert store.show(root) == (
        "diff --git a/SOUL.md b/SOUL.md\n"
        "new file mode 100644\n"
        "--- /dev/null\n"
        "+++ b/SOUL.md\n"
        "@@ -0,0 +1 @@\n"
        "+be brief\n"
    )


def test_short_sha_prefix_works_everywhere(workspace: Path, store: GitStore) -> None:
    write(workspace, "USER.md", "v1\n")
    store.init()
    write(workspace, "USER.md", "v2\n")
    sha = store.auto_commit("v2")
    assert sha is not None

    assert store.show(sha[:7]) == store.show(sha)
    assert store.show(sha[:7].upper()) == store.show(sha)
    assert store.file_at(sha[:8], "USER.md") == "v2\n"


@pytest.mark.parametrize("bad", ["deadbeef", "0000000000000000000000000000000000000000", "xyz!"])
def test_unknown_sha_raises_naming_it(workspace: Path, store: GitStore, bad: str) -> None:
    write(workspace, "SOUL.md", "soul\n")
    store.init()

    with pytest.raises(GitStoreError, match=re.escape(repr(bad))):
        store.show(bad)
    with pytest.raises(GitStoreError, match=re.escape(repr(bad))):
        store.restore(bad)
    assert (workspace / "SOUL.md").read_text() == "soul\n"


def test_ambiguous_prefix_raises_listing_matches(workspace: Path, store: GitStore) -> None:
    write(workspace, "SOUL.md", "soul\n")
    store.init()
    with Repo(str(workspace)) as repo:
        seen: dict[bytes, Commit] = {}
        pair: tuple[Commit, Commit] | None = None
        head = repo[repo.head()]
        assert isinstance(head, Commit)
        tree = head.tree
        for n in range(100_000):
            commit = Commit()
            commit.tree = tree
            commit.author = commit.committer = b"t <t@t>"
            commit.author_time = commit.commit_time = 0
            commit.author_timezone = commit.commit_timezone = 0
            commit.message = f"candidate {n}\n".encode()
            prefix = commit.id[:4]
            if prefix in seen:
                pair = (seen[prefix], commit)
                break
            seen[prefix] = commit
        assert pair is not None
        for commit in pair:
            repo.object_store.add_object(commit)
    with pytest.raises(GitStoreError, match="ambiguous") as caught:
        store.show(pair[0].id[:4].decode())
    assert pair[0].id.decode()[:12] in str(caught.value)
    assert pair[1].id.decode()[:12] in str(caught.value)


def test_diff_working_tree_clean_then_dirty(workspace: Path, store: GitStore) -> None:
    write(workspace, "SOUL.md", "calm\n")
    store.init()
    assert store.diff_working_tree() == ""

    write(workspace, "SOUL.md", "calm\nterse\n")
    write(workspace, "memory/history.jsonl", "ignored\n")
    diff = store.diff_working_tree()

    assert diff.startswith("diff --git a/SOUL.md b/SOUL.md\n")
    assert "+terse\n" in diff
    assert "history" not in diff
    store.auto_commit("terse")
    assert store.diff_working_tree() == ""


def test_restore_round_trip(workspace: Path, store: GitStore) -> None:
    write(workspace, "memory/MEMORY.md", "- v1\n")
    store.init()
    write(workspace, "memory/MEMORY.md", "- v2\n")
    bad = store.auto_commit("dream rewrote memory")
    assert bad is not None

    new = store.restore(bad)

    assert new is not None and SHA.match(new)
    assert (workspace / "memory/MEMORY.md").read_text() == "- v1\n"
    top = store.log()[0]
    assert top.sha == new
    assert top.subject == f"Restore memory to before {bad[:8]}"
    assert top.files == ["memory/MEMORY.md"]
    assert store.diff_working_tree() == ""
    assert store.restore(bad) is None  # already in that state


def test_restore_deletes_file_that_did_not_exist_before(workspace: Path, store: GitStore) -> None:
    write(workspace, "SOUL.md", "soul\n")
    store.init()
    write(workspace, "USER.md", "created later\n")
    write(workspace, "memory/MEMORY.md", "- fact\n")
    added = store.auto_commit("add user and memory")
    assert added is not None

    store.restore(added[:10])

    assert not (workspace / "USER.md").exists()
    assert not (workspace / "memory/MEMORY.md").exists()
    assert (workspace / "SOUL.md").read_text() == "soul\n"
    assert store.log()[0].files == ["USER.md", "memory/MEMORY.md"]
    assert store.file_at("HEAD", "USER.md") is None


def test_restore_brings_back_deleted_file_as_a_private_file(
    workspace: Path, store: GitStore
) -> None:
    write(workspace, "USER.md", "keep me\n")
    store.init()
    (workspace / "USER.md").unlink()
    gone = store.auto_commit("delete")
    assert gone is not None

    store.restore(gone)

    assert (workspace / "USER.md").read_text() == "keep me\n"
    assert (workspace / "USER.md").stat().st_mode & 0o777 == 0o600


def test_restore_commits_uncommitted_edits_first(workspace: Path, store: GitStore) -> None:
    write(workspace, "USER.md", "v1\n")
    store.init()
    write(workspace, "USER.md", "v2\n")
    second = store.auto_commit("v2")
    assert second is not None
    write(workspace, "USER.md", "hand edit not yet committed\n")

    store.restore(second)

    assert (workspace / "USER.md").read_text() == "v1\n"
    saved = store.log()[1]
    assert saved.subject.startswith("Save memory before restoring")
    assert store.file_at(saved.sha, "USER.md") == "hand edit not yet committed\n"


def test_file_at_reads_old_versions(workspace: Path, store: GitStore) -> None:
    write(workspace, "memory/MEMORY.md", "old\n")
    store.init()
    first = store.log()[0].sha
    write(workspace, "memory/MEMORY.md", "new\n")
    store.auto_commit("new")

    assert store.file_at(first, "memory/MEMORY.md") == "old\n"
    assert store.file_at("HEAD", "memory/MEMORY.md") == "new\n"
    assert store.file_at(first, "USER.md") is None


def test_blame_names_the_commit_that_introduced_each_line(workspace: Path, store: GitStore) -> None:
    write(workspace, "memory/MEMORY.md", "- alpha\n- beta\n")
    store.init()
    first = store.log()[0].sha
    write(workspace, "memory/MEMORY.md", "- alpha\n- gamma\n- beta\n")
    second = store.auto_commit("gamma")
    write(workspace, "memory/MEMORY.md", "- alpha\n- gamma\n- beta\n- delta\n")

    lines = store.blame("memory/MEMORY.md")

    assert [(b.line_no, b.text, b.sha) for b in lines] == [
        (1, "- alpha", first),
        (2, "- gamma", second),
        (3, "- beta", first),
        (4, "- delta", None),
    ]
    assert lines[0].timestamp is not None and lines[3].timestamp is None
    assert store.blame("USER.md") == []


def test_blame_starts_over_when_a_file_was_deleted_and_recreated(
    workspace: Path, store: GitStore
) -> None:
    write(workspace, "USER.md", "same line\n")
    store.init()
    (workspace / "USER.md").unlink()
    store.auto_commit("delete")
    write(workspace, "USER.md", "same line\n")
    again = store.auto_commit("recreate")

    assert [b.sha for b in store.blame("USER.md")] == [again]


def test_commit_messages_keep_trailers(workspace: Path, store: GitStore) -> None:
    store.init()
    write(workspace, "memory/MEMORY.md", "- fact\n")
    store.auto_commit("Update memory/MEMORY.md\n\n+1 line\n\nDream-Cursors: 3-7\nDream-Model: m1")

    entry = store.log()[0]

    assert entry.trailers == {"Dream-Cursors": "3-7", "Dream-Model": "m1"}
    assert GitStore.parse_trailers(entry.message)["Dream-Cursors"] == "3-7"


@pytest.mark.parametrize("bad", ["/etc/passwd", "../outside.md", ".git/config", ""])
def test_bad_tracked_file_is_refused(workspace: Path, bad: str) -> None:
    with pytest.raises(UserError, match="tracked_files"):
        GitStore(workspace, [bad])


def test_show_without_repository_says_so(workspace: Path, store: GitStore) -> None:
    with pytest.raises(GitStoreError, match="init"):
        store.show("abcd")


def test_workspace_inside_another_work_tree_gets_its_own_repository(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    Repo.init(str(tmp_path)).close()
    inner = tmp_path / "agent"
    inner.mkdir()
    (inner / "SOUL.md").write_text("soul\n")
    store = GitStore(inner, TRACKED)

    with caplog.at_level(logging.WARNING, logger="reverie"):
        assert store.init() is True

    assert (inner / ".git").is_dir()
    assert [c.files for c in store.log()] == [["SOUL.md"]]
    assert any("embedded repository" in r.getMessage() for r in caplog.records)
    with Repo(str(tmp_path)) as outer:
        assert outer.refs.as_dict() == {}  # the outer repository is untouched


@pytest.mark.parametrize(
    ("rule", "where"),
    [
        ("agent/\n", "agent"),
        ("/nested/\n", "nested/deeper/agent"),
        ("*-workspace/\n", "my-workspace"),
    ],
)
def test_no_embedded_repository_warning_when_the_outer_repository_ignores_the_workspace(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, rule: str, where: str
) -> None:
    Repo.init(str(tmp_path)).close()
    (tmp_path / ".gitignore").write_text(rule, encoding="utf-8")
    inner = tmp_path / where

    with caplog.at_level(logging.WARNING, logger="reverie"):
        assert GitStore(inner, TRACKED).init() is True

    assert (inner / ".git").is_dir()
    assert not [r for r in caplog.records if "embedded" in r.getMessage()]


def test_the_embedded_repository_warning_stays_when_only_another_folder_is_ignored(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    Repo.init(str(tmp_path)).close()
    (tmp_path / ".gitignore").write_text("other/\n", encoding="utf-8")

    with caplog.at_level(logging.WARNING, logger="reverie"):
        GitStore(tmp_path / "agent", TRACKED).init()

    assert any("embedded repository" in r.getMessage() for r in caplog.records)


def test_gitignore_found_without_repository_keeps_user_lines(
    workspace: Path, store: GitStore
) -> None:
    (workspace / ".gitignore").write_text("*.log\n")

    store.init()

    rules = (workspace / ".gitignore").read_text()
    assert rules.startswith("*.log\n")
    assert "!/memory/MEMORY.md" in rules


def test_broken_repository_raises_and_leaves_files_alone(workspace: Path, store: GitStore) -> None:
    write(workspace, "SOUL.md", "soul\n")
    store.init()
    (workspace / ".git" / "refs" / "heads" / "master").write_text("1" * 40 + "\n")
    write(workspace, "SOUL.md", "edited\n")

    with pytest.raises(GitStoreError, match="1111"):
        store.auto_commit("edit")
    with pytest.raises(GitStoreError, match="1111"):
        store.log()
    assert (workspace / "SOUL.md").read_text() == "edited\n"


def test_not_a_repository_is_reported_with_its_path(workspace: Path, store: GitStore) -> None:
    (workspace / ".git").mkdir()

    with pytest.raises(GitStoreError, match="not a valid git repository"):
        store.auto_commit("x")


def test_a_symlink_in_history_is_restored_as_a_plain_file_never_as_a_link(
    workspace: Path, store: GitStore, tmp_path: Path
) -> None:
    # A memory file linking outside the workspace would put that file in every prompt.
    shared = tmp_path / "shared-user.md"
    shared.write_text("shared facts\n")
    (workspace / "USER.md").symlink_to(shared)
    store.init()
    (workspace / "USER.md").unlink()
    gone = store.auto_commit("drop link")
    assert gone is not None

    store.restore(gone)

    restored = workspace / "USER.md"
    assert not restored.is_symlink()
    assert restored.read_text() == str(shared)
    assert restored.stat().st_mode & 0o777 == 0o600
    assert shared.read_text() == "shared facts\n"
    assert store.diff_working_tree() == ""
