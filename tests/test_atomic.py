"""Atomic writes keep the old file or the new one; new files are private; the fsync switch."""

from __future__ import annotations

import ast
import os
import stat
from pathlib import Path

import pytest

import reverie
from reverie._atomic import UNSAFE_NO_FSYNC_VARIABLE, write_text_atomic
from reverie.errors import StoreError, UserError
from reverie.sessions.transcripts import TranscriptArchive

pytestmark = pytest.mark.durable  # these tests are about what reaches the disk


@pytest.mark.parametrize("umask", [0o022, 0o000, 0o277])
def test_new_file_and_folders_are_private_whatever_the_umask(tmp_path: Path, umask: int) -> None:
    target = tmp_path / "memory" / "deep" / "MEMORY.md"
    previous = os.umask(umask)
    try:
        write_text_atomic(target, "hello")
    finally:
        os.umask(previous)
    assert target.stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "memory").stat().st_mode & 0o777 == 0o700
    assert (tmp_path / "memory" / "deep").stat().st_mode & 0o777 == 0o700
    assert target.read_text() == "hello"


def test_a_symlink_is_replaced_by_a_private_file_not_given_its_target_mode(
    tmp_path: Path,
) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("elsewhere")
    outside.chmod(0o644)
    link = tmp_path / "USER.md"
    link.symlink_to(outside)
    write_text_atomic(link, "mine")
    assert not link.is_symlink()
    assert link.stat().st_mode & 0o777 == 0o600
    assert outside.read_text() == "elsewhere"


def test_existing_mode_is_kept_and_no_temp_left(tmp_path: Path) -> None:
    target = tmp_path / "USER.md"
    target.write_text("old")
    target.chmod(0o640)
    write_text_atomic(target, "new")
    assert target.stat().st_mode & 0o777 == 0o640
    assert target.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["USER.md"]


def test_unwritable_location_names_the_path(tmp_path: Path) -> None:
    blocker = tmp_path / "memory"
    blocker.write_text("a file where a folder should be")
    with pytest.raises(StoreError, match="memory"):
        write_text_atomic(blocker / "MEMORY.md", "x")


def test_error_names_the_file_standing_where_a_folder_should_be(tmp_path: Path) -> None:
    blocker = tmp_path / "workspace"
    blocker.write_text("a file, not a workspace")
    with pytest.raises(StoreError, match=r"workspace is a file, not a folder"):
        write_text_atomic(blocker / "memory" / "MEMORY.md", "x")
    with pytest.raises(StoreError, match=r"workspace is a file, not a folder"):
        write_text_atomic(blocker / "SOUL.md", "x")
    assert blocker.read_text() == "a file, not a workspace"


def test_lone_surrogate_is_refused_and_the_old_file_kept(tmp_path: Path) -> None:
    target = tmp_path / "MEMORY.md"
    target.write_text("kept")
    with pytest.raises(UserError, match=r"MEMORY\.md.*surrogate.*index 4"):
        write_text_atomic(target, "half\ud83d of an emoji")
    assert target.read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["MEMORY.md"]


class DiskEvents:
    """Records fsyncs (of a file or a folder) and renames, in the order they happen."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.events: list[str] = []
        real_fsync, real_replace = os.fsync, os.replace

        def fsync(fd: int) -> None:
            kind = "folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file"
            self.events.append(f"fsync {kind}")
            real_fsync(fd)

        def replace(source: str | Path, target: str | Path) -> None:
            self.events.append(f"rename to {Path(target).name}")
            real_replace(source, target)

        monkeypatch.setattr(os, "fsync", fsync)
        monkeypatch.setattr(os, "replace", replace)


def test_a_whole_file_write_reaches_the_disk_before_and_after_its_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = DiskEvents(monkeypatch)
    write_text_atomic(tmp_path / "MEMORY.md", "new")
    # The data is on disk before the name points at it; the name is on disk after.
    assert disk.events == ["fsync file", "rename to MEMORY.md", "fsync folder"]


def test_a_transcript_batch_is_flushed_and_a_new_transcript_named_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = DiskEvents(monkeypatch)
    archive = TranscriptArchive(tmp_path)
    archive.append("k", [{"role": "user", "content": "a"}], first_index=0)
    assert disk.events == ["fsync file", "fsync folder"]
    archive.append("k", [{"role": "user", "content": "b"}], first_index=1)
    assert disk.events == ["fsync file", "fsync folder", "fsync file"]


def test_the_unsafe_switch_skips_fsync_and_still_writes_everything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = DiskEvents(monkeypatch)
    monkeypatch.setenv(UNSAFE_NO_FSYNC_VARIABLE, "1")
    write_text_atomic(tmp_path / "USER.md", "kept")
    archive = TranscriptArchive(tmp_path)
    archive.append("k", [{"role": "user", "content": "said"}], first_index=0)
    assert disk.events == ["rename to USER.md"]
    assert (tmp_path / "USER.md").read_text() == "kept"
    assert [m["content"] for m in archive.read("k")] == ["said"]
    monkeypatch.setenv(UNSAFE_NO_FSYNC_VARIABLE, "0")  # only "1" switches it off
    write_text_atomic(tmp_path / "USER.md", "again")
    assert disk.events[1:] == ["fsync file", "rename to USER.md", "fsync folder"]


def test_every_fsync_in_reverie_obeys_the_switch() -> None:
    """os.fsync is called in _atomic.py only; dulwich object fsync follows the switch."""
    package = Path(reverie.__file__).parent
    offenders = []
    for source in sorted(package.rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        where = source.relative_to(package)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "fsync"
                and str(where) != "_atomic.py"
            ):
                offenders.append(f"{where}:{node.lineno} calls os.fsync")
            if (
                isinstance(node, ast.Assign)
                and any(
                    isinstance(t, ast.Attribute) and t.attr == "fsync_object_files"
                    for t in node.targets
                )
                and isinstance(node.value, ast.Constant)
            ):
                offenders.append(f"{where}:{node.lineno} fixes fsync_object_files")
    assert offenders == []
