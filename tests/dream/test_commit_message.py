"""Dream commit messages come from the real diff of the tracked files."""

from __future__ import annotations

from pathlib import Path

from reverie.dream.commit_message import build_commit_message, parse_cursor_range, summarize_diff
from reverie.store.git import GitStore, parse_trailers

TRACKED = ["SOUL.md", "USER.md", "memory/MEMORY.md", "memory/.dream_cursor"]


def repo(workspace: Path) -> GitStore:
    (workspace / "memory").mkdir(parents=True, exist_ok=True)
    (workspace / "memory" / "MEMORY.md").write_text("# Memory\n\n- The API runs on Flask.\n")
    (workspace / "memory" / ".dream_cursor").write_text("3")
    git = GitStore(workspace, TRACKED)
    git.init()
    return git


def test_message_names_changed_files_and_lines(workspace: Path) -> None:
    git = repo(workspace)
    (workspace / "USER.md").write_text("# User\n\n- Name: Dana.\n")
    (workspace / "memory" / "MEMORY.md").write_text(
        "# Memory\n\n- The API runs on FastAPI.\n- Deploys use Compose.\n"
    )
    (workspace / "memory" / ".dream_cursor").write_text("9")
    message = build_commit_message(
        git.diff_working_tree(), cursor_from=4, cursor_to=9, model="gpt-4.1-mini"
    )
    assert message == (
        "dream: update USER.md, memory/MEMORY.md\n"
        "\n"
        "USER.md: +3 -0 (new file)\n"
        "  + # User\n"
        "  + - Name: Dana.\n"
        "memory/MEMORY.md: +2 -1\n"
        "  - - The API runs on Flask.\n"
        "  + - The API runs on FastAPI.\n"
        "  + - Deploys use Compose.\n"
        "\n"
        "Dream-Cursors: 4-9\n"
        "Dream-Model: gpt-4.1-mini"
    )
    assert parse_trailers(message) == {"Dream-Cursors": "4-9", "Dream-Model": "gpt-4.1-mini"}
    sha = git.auto_commit(message)
    assert sha is not None
    assert parse_trailers(git.log(1)[0].message)["Dream-Cursors"] == "4-9"


def test_cursor_only_change(workspace: Path) -> None:
    git = repo(workspace)
    (workspace / "memory" / ".dream_cursor").write_text("5")
    message = build_commit_message(git.diff_working_tree(), cursor_from=4, cursor_to=5, model="m")
    assert message.splitlines()[0] == "dream: no memory changes (history 4-5)"
    assert "no memory file changed" in message


def test_long_file_lists_and_many_lines_are_shortened() -> None:
    lines = "".join(f"+line {i}\n" for i in range(10))
    diff = "".join(
        f"diff --git a/skills/{name}/SKILL.md b/skills/{name}/SKILL.md\n"
        f"--- a/skills/{name}/SKILL.md\n+++ b/skills/{name}/SKILL.md\n@@ -0,0 +1,10 @@\n{lines}"
        for name in ("alpha", "bravo", "charlie", "delta")
    )
    message = build_commit_message(diff, cursor_from=1, cursor_to=2, model="m\nInjected: yes")
    subject = message.splitlines()[0]
    assert len(subject) <= 72
    assert subject.endswith("more")
    assert "  … 6 more changed lines" in message
    # A model name cannot smuggle in a trailer of its own.
    assert parse_trailers(message) == {"Dream-Cursors": "1-2", "Dream-Model": "m Injected: yes"}


def test_unversioned_changes_are_listed() -> None:
    message = build_commit_message(
        "",
        cursor_from=1,
        cursor_to=1,
        model="m",
        unversioned={"skills/deploy/SKILL.md": (None, "1. build\n2. ship\n")},
    )
    assert message.splitlines()[0] == "dream: update skills/deploy/SKILL.md"
    assert "skills/deploy/SKILL.md: created, 2 lines (not versioned)" in message


def test_summarize_diff_counts() -> None:
    diff = (
        "diff --git a/USER.md b/USER.md\n--- a/USER.md\n+++ b/USER.md\n"
        "@@ -1,2 +1,2 @@\n a\n-b\n+c\n+\n"
    )
    [stat] = summarize_diff(diff)
    assert (stat.path, stat.added, stat.removed, stat.first_lines) == (
        "USER.md",
        2,
        1,
        ["- b", "+ c"],
    )


def test_parse_cursor_range() -> None:
    assert parse_cursor_range("12-19") == (12, 19)
    assert parse_cursor_range("12") is None
    assert parse_cursor_range(None) is None
