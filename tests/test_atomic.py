"""Atomic writes keep the old file or the new one; new files are private, old ones keep a mode."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from reverie._atomic import write_text_atomic
from reverie.errors import StoreError, UserError


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
