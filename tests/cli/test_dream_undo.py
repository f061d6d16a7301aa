"""Undoing a bad Dream change without losing the good one after it: restore asks, revert keeps."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from reverie.store.git import parse_trailers
from reverie.store.memory_store import MemoryStore

START = "# User\n\n- User lives in Lisbon.\n"
BAD = START + "- User prefers dark roast tea.\n"
GOOD = BAD + "- User cycles to work.\n"


@pytest.fixture
def two_dreams(tmp_path: Path) -> tuple[Path, str, str]:
    """A workspace whose memory has a bad Dream change, then a good one right after it."""
    workspace = tmp_path / "ws"
    workspace.mkdir()
    store = MemoryStore(workspace)
    (workspace / "USER.md").write_text(START, encoding="utf-8")
    store.git.init()
    shas = []
    for text, cursor, subject in ((BAD, 1, "bad"), (GOOD, 2, "good")):
        (workspace / "USER.md").write_text(text, encoding="utf-8")
        store.set_last_dream_cursor(cursor)
        sha = store.git.auto_commit(
            f"dream: update USER.md ({subject})\n\nDream-Cursors: {cursor}-{cursor}\n"
            "Dream-Model: test"
        )
        assert sha is not None
        shas.append(sha)
    return workspace, shas[0], shas[1]


def user(workspace: Path) -> str:
    return (workspace / "USER.md").read_text(encoding="utf-8")


def test_restore_names_the_later_change_and_changes_nothing_without_a_yes(
    cli: Any, two_dreams: tuple[Path, str, str]
) -> None:
    workspace, bad, good = two_dreams
    result = cli.run("dream", "restore", bad[:8], "-w", workspace)
    assert result.exit_code == 1
    assert "would also undo 1 later change" in result.stderr
    assert good[:8] in result.stderr and "dream: update USER.md (good)" in result.stderr
    assert f"reverie dream revert {bad[:8]}" in result.stderr
    assert "Nothing was changed" in result.stderr
    assert user(workspace) == GOOD


def test_restore_goes_ahead_after_a_yes(cli: Any, two_dreams: tuple[Path, str, str]) -> None:
    workspace, bad, good = two_dreams
    result = cli.ok("dream", "restore", bad[:8], "-w", workspace, input="y\n")
    assert "Restore anyway" in result.stdout + result.stderr
    assert f"This also undid the 1 later change(s): {good[:8]}" in result.stdout
    assert user(workspace) == START
    assert MemoryStore(workspace).get_last_dream_cursor() == 0


def test_restore_with_yes_or_as_json(cli: Any, two_dreams: tuple[Path, str, str]) -> None:
    workspace, bad, good = two_dreams
    asked = cli.run("dream", "restore", bad[:8], "-w", workspace, "--json")
    assert asked.exit_code == 1
    data = json.loads(asked.stdout)
    assert data["needs_confirmation"] and [r["sha"] for r in data["later"]] == [good]
    done = json.loads(
        cli.ok("dream", "restore", bad[:8], "--yes", "-w", workspace, "--json").stdout
    )
    assert done["ok"] and done["restored"] == bad[:8] and done["later"][0]["sha"] == good
    assert user(workspace) == START


def test_revert_undoes_only_the_bad_change(cli: Any, two_dreams: tuple[Path, str, str]) -> None:
    workspace, bad, _ = two_dreams
    result = cli.ok("dream", "revert", bad[:8], "-w", workspace)
    assert "later changes are kept" in result.stdout
    assert user(workspace) == START + "- User cycles to work.\n"
    store = MemoryStore(workspace)
    head = store.git.log(1)[0]
    assert parse_trailers(head.message)["Reverted-Commit"] == bad
    assert store.get_last_dream_cursor() == 2  # the good change's entries stay dreamed
    assert "Revert" in cli.ok("dream", "restore", "-w", workspace).stdout  # a version too
    again = json.loads(cli.ok("dream", "revert", bad[:8], "-w", workspace, "--json").stdout)
    assert again["commit"] is None  # already undone


def test_revert_refuses_when_a_later_change_touched_the_same_line(
    cli: Any, two_dreams: tuple[Path, str, str]
) -> None:
    workspace, bad, _ = two_dreams
    store = MemoryStore(workspace)
    edited = GOOD.replace("dark roast tea", "dark roast tea, hot")
    (workspace / "USER.md").write_text(edited, encoding="utf-8")
    store.git.auto_commit("hand edit")
    result = cli.run("dream", "revert", bad[:8], "-w", workspace)
    assert result.exit_code == 1
    assert "USER.md: lines 4-5, now '- User prefers dark roast tea, hot.'" in result.stderr
    assert f"reverie dream restore {bad[:8]}" in result.stderr
    assert user(workspace) == edited


def test_in_chat_restore_asks_and_revert_works(cli: Any, two_dreams: tuple[Path, str, str]) -> None:
    workspace, bad, _ = two_dreams
    script = f"/dream-restore {bad[:8]}\n/dream-revert {bad[:8]}\n/help\n"
    out = cli.ok("chat", "-w", workspace, "--no-dream", input=script).stdout
    assert "would also undo 1 later change" in out
    assert f"/dream-restore {bad[:8]} --yes" in out and f"/dream-revert {bad[:8]}" in out
    assert "Undid only the change of" in out
    assert "/dream-revert <sha>" in out  # in /help
    assert user(workspace) == START + "- User cycles to work.\n"


def test_revert_of_a_real_dream_keeps_the_next_dreams_lines(cli: Any, tmp_path: Path) -> None:
    # Two chats, each dreamed: undo the first Dream's change, keep the second's.
    workspace = tmp_path / "ws"
    store = MemoryStore(workspace)
    cli.ok("chat", "-w", workspace, "--create", "--no-dream", input="I prefer dark roast tea.\n")
    first = json.loads(cli.ok("dream", "run", "-w", workspace, "--json").stdout)["commit"]
    cli.ok("chat", "-w", workspace, "--no-dream", input="I prefer window seats on trains.\n")
    second = json.loads(cli.ok("dream", "run", "-w", workspace, "--json").stdout)["commit"]
    assert first and second

    def added(sha: str) -> list[str]:
        diff = store.git.show(sha)
        return [line[1:] for line in diff.splitlines() if line.startswith("+- ")]

    bad_lines, good_lines = added(first), added(second)
    assert bad_lines and good_lines
    cli.ok("dream", "revert", first[:8], "-w", workspace)
    memory = user(workspace) + (workspace / "memory" / "MEMORY.md").read_text("utf-8")
    assert all(line not in memory for line in bad_lines)
    assert all(line in memory for line in good_lines)
