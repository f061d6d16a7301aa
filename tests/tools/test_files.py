"""WorkspaceFiles: reading line ranges, exact-once edits, caps and all-or-nothing patches."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from reverie.errors import StoreError, ToolError
from reverie.tools import NO_CHANGE_PREFIX, PathPolicy, WorkspaceFiles

Change = tuple[str, str | None, str]


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "SOUL.md").write_text("I am calm.\nI am brief.\n")
    (root / "USER.md").write_text("Name: Ada\nLikes: tea\n")
    (root / "memory" / "MEMORY.md").write_text("- project uses uv\n")
    return root


@pytest.fixture
def changes() -> list[Change]:
    return []


@pytest.fixture
def files(ws: Path, changes: list[Change]) -> WorkspaceFiles:
    return WorkspaceFiles(
        PathPolicy(ws),
        max_file_chars=200,
        on_change=lambda path, before, after: changes.append((path, before, after)),
    )


# -- read_file ---------------------------------------------------------------


def test_whole_file_reads_back_exactly(files: WorkspaceFiles, ws: Path) -> None:
    (ws / "notes.txt").write_bytes(b"a\r\nb\n\nc")
    assert files.read_file("notes.txt") == "a\r\nb\n\nc"
    assert files.read_file("SOUL.md", limit=10) == "I am calm.\nI am brief.\n"


def test_line_range_and_note(files: WorkspaceFiles, ws: Path) -> None:
    (ws / "log.txt").write_text("".join(f"row{i}\n" for i in range(1, 11)))
    text = files.read_file("log.txt", offset=3, limit=2)
    assert text == "row3\nrow4\n[log.txt: lines 3-4 of 10; continue with offset=5]"
    assert files.read_file("log.txt", offset=9) == "row9\nrow10\n[log.txt: lines 9-10 of 10]"


def test_offset_past_end_is_an_error(files: WorkspaceFiles) -> None:
    with pytest.raises(ToolError, match=r"offset 5 is past the end \(the file has 2 lines\)"):
        files.read_file("SOUL.md", offset=5)


def test_bad_offset_and_limit(files: WorkspaceFiles) -> None:
    with pytest.raises(ToolError, match="offset must be an integer >= 1"):
        files.read_file("SOUL.md", offset=0)
    with pytest.raises(ToolError, match="limit must be an integer >= 1"):
        files.read_file("SOUL.md", limit=0)


def test_missing_empty_binary_and_directory(files: WorkspaceFiles, ws: Path) -> None:
    with pytest.raises(ToolError, match=r"cannot read 'nope\.md': no such file"):
        files.read_file("nope.md")
    (ws / "empty.md").write_text("")
    assert files.read_file("empty.md") == "[empty.md is empty]"
    (ws / "blob.bin").write_bytes(b"\x89PNG\x00\x00")
    with pytest.raises(ToolError, match="binary"):
        files.read_file("blob.bin")
    (ws / "skills" / "deploy").mkdir(parents=True)
    listing = files.read_file("skills")
    assert listing.splitlines() == ["[skills/ is a directory with 1 entries]", "deploy/"]


def test_read_cap_keeps_whole_lines_and_says_where_to_continue(ws: Path) -> None:
    files = WorkspaceFiles(PathPolicy(ws), max_read_chars=1000)
    (ws / "big.txt").write_text("".join(f"{i:04d} {'x' * 45}\n" for i in range(1, 101)))
    text = files.read_file("big.txt")
    assert len(text) <= 1000
    body, note = text.rsplit("\n[", 1)
    shown = body.splitlines()
    assert shown[0].startswith("0001 ")
    assert all(len(line) == 50 for line in shown)
    last = len(shown)
    assert note == (
        f"big.txt: lines 1-{last} of 100; output capped at 1,000 chars; "
        f"continue with offset={last + 1}]"
    )
    follow = files.read_file("big.txt", offset=last + 1, limit=1)
    assert follow.startswith(f"{last + 1:04d} ")


def test_single_huge_line_is_cut_within_the_cap(ws: Path) -> None:
    files = WorkspaceFiles(PathPolicy(ws), max_read_chars=1000)
    (ws / "one.txt").write_text("y" * 5000)
    text = files.read_file("one.txt")
    assert len(text) <= 1000
    assert text.startswith("y" * 500)
    assert "line 1 is longer than" in text


# -- edit_file -----------------------------------------------------------------


def test_edit_replaces_the_single_match(
    files: WorkspaceFiles, ws: Path, changes: list[Change]
) -> None:
    result = files.edit_file("USER.md", "Likes: tea", "Likes: coffee")
    assert result.startswith("Edited USER.md")
    assert (ws / "USER.md").read_text() == "Name: Ada\nLikes: coffee\n"
    assert changes == [("USER.md", "Name: Ada\nLikes: tea\n", "Name: Ada\nLikes: coffee\n")]


def test_edit_absent_text_names_the_path(
    files: WorkspaceFiles, ws: Path, changes: list[Change]
) -> None:
    with pytest.raises(ToolError) as info:
        files.edit_file("USER.md", "Likes: milk", "x")
    assert "old_text was not found in USER.md" in str(info.value)
    assert (ws / "USER.md").read_text() == "Name: Ada\nLikes: tea\n"
    assert changes == []


def test_edit_whitespace_hint(files: WorkspaceFiles) -> None:
    with pytest.raises(ToolError, match="would match without its leading/trailing whitespace"):
        files.edit_file("USER.md", "  Likes: tea  ", "x")


def test_edit_ambiguous_text_gives_the_count_and_lines(files: WorkspaceFiles, ws: Path) -> None:
    with pytest.raises(ToolError, match=r"occurs 2 times in SOUL.md \(starting on lines 1, 2\)"):
        files.edit_file("SOUL.md", "I am ", "You are ")
    assert (ws / "SOUL.md").read_text() == "I am calm.\nI am brief.\n"


def test_overlapping_matches_count_as_ambiguous(files: WorkspaceFiles, ws: Path) -> None:
    (ws / "USER.md").write_text("aaa")
    with pytest.raises(ToolError, match="occurs 2 times"):
        files.edit_file("USER.md", "aa", "b")


def test_edit_identical_text_is_a_reported_no_op(
    files: WorkspaceFiles, ws: Path, changes: list[Change]
) -> None:
    before = (ws / "SOUL.md").stat().st_mtime_ns
    result = files.edit_file("SOUL.md", "I am calm.", "I am calm.")
    assert result.startswith(NO_CHANGE_PREFIX)
    assert "SOUL.md" in result
    assert (ws / "SOUL.md").stat().st_mtime_ns == before
    assert changes == []


def test_edit_with_empty_old_text_creates_only_absent_or_empty_files(
    files: WorkspaceFiles, ws: Path, changes: list[Change]
) -> None:
    assert files.edit_file("skills/tea/SKILL.md", "", "# Tea\n").startswith("Edited")
    assert (ws / "skills" / "tea" / "SKILL.md").read_text() == "# Tea\n"
    (ws / "memory" / "MEMORY.md").write_text("  \n")
    files.edit_file("memory/MEMORY.md", "", "- fresh\n")
    assert (ws / "memory" / "MEMORY.md").read_text() == "- fresh\n"
    with pytest.raises(ToolError, match="already has content"):
        files.edit_file("SOUL.md", "", "overwrite")
    assert (ws / "SOUL.md").read_text() == "I am calm.\nI am brief.\n"
    assert [path for path, _, _ in changes] == ["skills/tea/SKILL.md", "memory/MEMORY.md"]
    assert changes[0][1] is None


def test_edit_missing_file_with_text_is_an_error(files: WorkspaceFiles) -> None:
    with pytest.raises(ToolError, match="does not exist"):
        files.edit_file("skills/x/SKILL.md", "a", "b")


def test_edit_matches_crlf_files_with_lf_text(files: WorkspaceFiles, ws: Path) -> None:
    (ws / "USER.md").write_bytes(b"Name: Ada\r\nLikes: tea\r\n")
    files.edit_file("USER.md", "Name: Ada\nLikes: tea", "Name: Ada\nLikes: rooibos")
    assert (ws / "USER.md").read_bytes() == b"Name: Ada\r\nLikes: rooibos\r\n"


def test_edit_of_non_utf8_file_is_refused(files: WorkspaceFiles, ws: Path) -> None:
    (ws / "USER.md").write_bytes(b"caf\xe9\n")
    with pytest.raises(ToolError, match="not UTF-8"):
        files.edit_file("USER.md", "caf", "bar")
    assert (ws / "USER.md").read_bytes() == b"caf\xe9\n"


def test_lone_surrogate_is_refused_before_writing(files: WorkspaceFiles, ws: Path) -> None:
    with pytest.raises(ToolError, match="not valid Unicode"):
        files.edit_file("USER.md", "tea", "\ud800")
    assert (ws / "USER.md").read_text() == "Name: Ada\nLikes: tea\n"


# -- write_file and caps ---------------------------------------------------------


def test_write_creates_skill_folders(
    files: WorkspaceFiles, ws: Path, changes: list[Change]
) -> None:
    result = files.write_file("skills/brew/SKILL.md", "# Brew\nSteep 4 min.\n")
    assert result == "Created skills/brew/SKILL.md (20 chars, 2 lines)"
    assert (ws / "skills" / "brew" / "SKILL.md").read_text() == "# Brew\nSteep 4 min.\n"
    assert changes == [("skills/brew/SKILL.md", None, "# Brew\nSteep 4 min.\n")]


def test_write_same_content_is_a_no_op(files: WorkspaceFiles, changes: list[Change]) -> None:
    assert files.write_file("SOUL.md", "I am calm.\nI am brief.\n").startswith(NO_CHANGE_PREFIX)
    assert changes == []


def test_write_over_the_cap_is_refused(files: WorkspaceFiles, ws: Path) -> None:
    with pytest.raises(ToolError, match="201 chars, over the 200-char limit"):
        files.write_file("SOUL.md", "x" * 201)
    assert (ws / "SOUL.md").read_text() == "I am calm.\nI am brief.\n"
    files.write_file("SOUL.md", "x" * 200)
    assert len((ws / "SOUL.md").read_text()) == 200


def test_edit_growing_past_the_cap_is_refused(files: WorkspaceFiles, ws: Path) -> None:
    with pytest.raises(ToolError, match="over the 200-char limit"):
        files.edit_file("USER.md", "tea", "t" * 300)
    assert (ws / "USER.md").read_text() == "Name: Ada\nLikes: tea\n"


def test_file_already_over_the_cap_may_shrink(files: WorkspaceFiles, ws: Path) -> None:
    facts = "".join(f"fact {i:02d}\n" for i in range(60))
    (ws / "memory" / "MEMORY.md").write_text("keep\n" + facts)
    files.edit_file("memory/MEMORY.md", "fact 00\nfact 01\n", "")
    assert (ws / "memory" / "MEMORY.md").read_text() == "keep\n" + facts[16:]
    with pytest.raises(ToolError, match="over the 200-char limit"):
        files.edit_file("memory/MEMORY.md", "keep\n", "keep more\n")


# -- apply_patch -----------------------------------------------------------------


def test_patch_applies_all_edits_and_chains_same_file(
    files: WorkspaceFiles, ws: Path, changes: list[Change]
) -> None:
    result = files.apply_patch(
        [
            {"path": "USER.md", "old_text": "tea", "new_text": "green tea"},
            {"path": "SOUL.md", "old_text": "calm", "new_text": "patient"},
            {"path": "skills/../USER.md", "old_text": "green tea", "new_text": "matcha"},
        ]
    )
    assert result.startswith("Applied 3 edit(s): changed USER.md")
    assert (ws / "USER.md").read_text() == "Name: Ada\nLikes: matcha\n"
    assert (ws / "SOUL.md").read_text() == "I am patient.\nI am brief.\n"
    assert changes == [
        ("USER.md", "Name: Ada\nLikes: tea\n", "Name: Ada\nLikes: matcha\n"),
        ("SOUL.md", "I am calm.\nI am brief.\n", "I am patient.\nI am brief.\n"),
    ]


def test_patch_second_edit_failing_leaves_first_file_unchanged(
    files: WorkspaceFiles, ws: Path, changes: list[Change]
) -> None:
    with pytest.raises(ToolError) as info:
        files.apply_patch(
            [
                {"path": "USER.md", "old_text": "tea", "new_text": "coffee"},
                {"path": "SOUL.md", "old_text": "loud", "new_text": "quiet"},
            ]
        )
    message = str(info.value)
    assert message.startswith("Error: apply_patch edit 2 of 2:")
    assert "old_text was not found in SOUL.md" in message
    assert message.endswith("nothing was written")
    assert (ws / "USER.md").read_text() == "Name: Ada\nLikes: tea\n"
    assert changes == []


def test_patch_with_a_forbidden_path_writes_nothing(files: WorkspaceFiles, ws: Path) -> None:
    with pytest.raises(ToolError, match=r"edit 2 of 2: cannot write 'memory/history\.jsonl'"):
        files.apply_patch(
            [
                {"path": "USER.md", "old_text": "tea", "new_text": "coffee"},
                {"path": "memory/history.jsonl", "old_text": "", "new_text": "{}"},
            ]
        )
    assert (ws / "USER.md").read_text() == "Name: Ada\nLikes: tea\n"
    assert not (ws / "memory" / "history.jsonl").exists()


def test_patch_over_the_cap_writes_nothing(files: WorkspaceFiles, ws: Path) -> None:
    with pytest.raises(ToolError, match="over the 200-char limit"):
        files.apply_patch(
            [
                {"path": "USER.md", "old_text": "tea", "new_text": "coffee"},
                {"path": "SOUL.md", "old_text": "calm", "new_text": "c" * 250},
            ]
        )
    assert (ws / "USER.md").read_text() == "Name: Ada\nLikes: tea\n"


def test_patch_of_only_no_ops_reports_no_change(
    files: WorkspaceFiles, changes: list[Change]
) -> None:
    result = files.apply_patch([{"path": "USER.md", "old_text": "tea", "new_text": "tea"}])
    assert result.startswith(NO_CHANGE_PREFIX)
    assert changes == []


def test_patch_rejects_empty_and_malformed_edits(files: WorkspaceFiles) -> None:
    with pytest.raises(ToolError, match="at least one edit"):
        files.apply_patch([])
    with pytest.raises(ToolError, match="edit 1 of 1: new_text must be a string"):
        files.apply_patch([{"path": "USER.md", "old_text": "tea"}])


class FailingWrites(WorkspaceFiles):
    """Real file tools whose disk refuses to write one chosen file."""

    def __init__(self, policy: PathPolicy, fail_on: str) -> None:
        super().__init__(policy)
        self.fail_on = fail_on

    def _write(self, path: Path, data: bytes) -> None:
        if path.name == self.fail_on:
            raise StoreError(f"cannot write {path}: No space left on device")
        super()._write(path, data)


def test_patch_restores_written_files_when_a_later_write_fails(ws: Path) -> None:
    files = FailingWrites(PathPolicy(ws), fail_on="SOUL.md")
    with pytest.raises(ToolError) as info:
        files.apply_patch(
            [
                {"path": "USER.md", "old_text": "tea", "new_text": "coffee"},
                {"path": "skills/new/deep/SKILL.md", "old_text": "", "new_text": "# New\n"},
                {"path": "SOUL.md", "old_text": "calm", "new_text": "bold"},
            ]
        )
    message = str(info.value)
    assert "No space left on device" in message
    assert "restored USER.md, skills/new/deep/SKILL.md" in message
    assert (ws / "USER.md").read_text() == "Name: Ada\nLikes: tea\n"
    assert (ws / "SOUL.md").read_text() == "I am calm.\nI am brief.\n"
    assert not (ws / "skills").exists()


def test_before_write_runs_before_each_file_is_written(ws: Path) -> None:
    seen: list[tuple[str, str | None, str, str | None]] = []

    def hook(path: str, before: str | None, after: str) -> None:
        target = ws / path
        on_disk = target.read_text() if target.exists() else None
        seen.append((path, before, after, on_disk))

    files = WorkspaceFiles(PathPolicy(ws), before_write=hook)
    files.apply_patch(
        [
            {"path": "USER.md", "old_text": "tea", "new_text": "coffee"},
            {"path": "skills/a/SKILL.md", "old_text": "", "new_text": "1. step\n"},
        ]
    )
    assert seen == [
        (
            "USER.md",
            "Name: Ada\nLikes: tea\n",
            "Name: Ada\nLikes: coffee\n",
            "Name: Ada\nLikes: tea\n",
        ),
        ("skills/a/SKILL.md", None, "1. step\n", None),
    ]
    files.write_file("USER.md", "Name: Ada\nLikes: coffee\n")  # a no-op writes nothing
    assert len(seen) == 2


def test_a_failing_before_write_hook_keeps_the_patch_all_or_nothing(ws: Path) -> None:
    def hook(path: str, before: str | None, after: str) -> None:
        if path == "SOUL.md":
            raise StoreError("cannot write memory/.dream_journal.json: disk full")

    files = WorkspaceFiles(PathPolicy(ws), before_write=hook)
    with pytest.raises(ToolError, match=r"disk full; restored USER\.md"):
        files.apply_patch(
            [
                {"path": "USER.md", "old_text": "tea", "new_text": "coffee"},
                {"path": "SOUL.md", "old_text": "calm", "new_text": "bold"},
            ]
        )
    assert (ws / "USER.md").read_text() == "Name: Ada\nLikes: tea\n"
    assert (ws / "SOUL.md").read_text() == "I am calm.\nI am brief.\n"


def test_reading_a_fifo_is_refused_instead_of_hanging(files: WorkspaceFiles, ws: Path) -> None:
    os.mkfifo(ws / "pipe")
    with pytest.raises(ToolError, match=r"cannot read 'pipe': it is not a regular file"):
        files.read_file("pipe")
