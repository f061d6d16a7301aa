"""Legacy memory/HISTORY.md: migrated once, lazily, without replay or loss."""

from __future__ import annotations

from pathlib import Path

from reverie.store.legacy import LegacyEntry, parse_legacy_history
from reverie.store.memory_store import MemoryStore

LEGACY = """[2026-03-01 09:00] User asked for a deploy script.
It should use rsync.

[2026-03-02 18:30] Decided on PostgreSQL 16.
[2026-03-03 07:05]
[2026-03-04 12:00] Dana prefers short answers.
"""


def write_legacy(workspace: Path, text: str = LEGACY) -> Path:
    path = workspace / "memory" / "HISTORY.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_parse_splits_on_stamps_and_keeps_multiline_bodies() -> None:
    entries = parse_legacy_history(LEGACY, fallback_timestamp="2000-01-01 00:00")
    assert entries == [
        LegacyEntry("2026-03-01 09:00", "User asked for a deploy script.\nIt should use rsync."),
        LegacyEntry("2026-03-02 18:30", "Decided on PostgreSQL 16."),
        LegacyEntry("2026-03-04 12:00", "Dana prefers short answers."),
    ]


def test_text_before_the_first_stamp_is_kept() -> None:
    entries = parse_legacy_history("# History\n[2026-03-01 09:00] x", fallback_timestamp="F")
    assert entries == [LegacyEntry("F", "# History"), LegacyEntry("2026-03-01 09:00", "x")]


def test_stamp_mid_line_does_not_split() -> None:
    text = "[2026-03-01 09:00] see [2026-01-01 00:00] in the log"
    entries = parse_legacy_history(text, fallback_timestamp="F")
    assert entries == [LegacyEntry("2026-03-01 09:00", "see [2026-01-01 00:00] in the log")]


def test_raw_dump_keeps_its_message_lines() -> None:
    # nanobot's fallback wrote "[stamp] [RAW] N messages" and one stamped line per message.
    text = (
        "[2026-04-01 10:00] User prefers dark mode.\n\n"
        "[2026-04-01 10:05] [RAW] 3 messages\n"
        "[2026-04-01 10:04] USER: hello\n"
        "[2026-04-01 10:04] ASSISTANT [tools: shell, git]: hi\n"
        "second line of that answer\n"
        "[2026-04-01 10:04] TOOL: done\n\n"
        "[2026-04-01 10:06] USER: a summary that happens to start like a message\n"
    )
    entries = parse_legacy_history(text, fallback_timestamp="F")
    assert entries == [
        LegacyEntry("2026-04-01 10:00", "User prefers dark mode."),
        LegacyEntry(
            "2026-04-01 10:05",
            "[RAW] 3 messages\n"
            "[2026-04-01 10:04] USER: hello\n"
            "[2026-04-01 10:04] ASSISTANT [tools: shell, git]: hi\n"
            "second line of that answer\n"
            "[2026-04-01 10:04] TOOL: done",
        ),
        LegacyEntry("2026-04-01 10:06", "USER: a summary that happens to start like a message"),
    ]


def test_byte_order_mark_and_windows_line_ends() -> None:
    text = "\ufeff[2026-03-01 09:00] first\r\nstill first\r\n\r\n[2026-03-02 10:00] second\r\n"
    assert parse_legacy_history(text, fallback_timestamp="F") == [
        LegacyEntry("2026-03-01 09:00", "first\nstill first"),
        LegacyEntry("2026-03-02 10:00", "second"),
    ]


def test_migration_runs_when_the_store_is_opened(workspace: Path) -> None:
    legacy = write_legacy(workspace)
    store = MemoryStore(workspace)
    assert not legacy.exists()  # migrated on open, as nanobot does
    assert len(store.history_file.read_text(encoding="utf-8").splitlines()) == 3
    entries = store.read_unprocessed_history(0)
    assert [(e["cursor"], e["timestamp"]) for e in entries] == [
        (1, "2026-03-01 09:00"),
        (2, "2026-03-02 18:30"),
        (3, "2026-03-04 12:00"),
    ]
    assert entries[0]["content"] == "User asked for a deploy script.\nIt should use rsync."
    assert not legacy.exists()
    assert (workspace / "memory" / "HISTORY.md.bak").read_text(encoding="utf-8") == LEGACY
    assert store.get_last_dream_cursor() == 3  # old history is not replayed by Dream
    assert store.build_dream_prompt() is None
    assert store.append_history("new") == 4


def test_legacy_file_appearing_later_migrates_on_first_history_access(
    workspace: Path,
) -> None:
    store = MemoryStore(workspace)
    legacy = write_legacy(workspace)
    assert legacy.exists()
    assert store.get_last_dream_cursor() == 3
    assert not legacy.exists()
    assert store.get_latest_cursor() == 3


def test_unreadable_legacy_file_does_not_break_opening(workspace: Path) -> None:
    legacy = workspace / "memory" / "HISTORY.md"
    legacy.mkdir(parents=True)  # a folder in its place: not a file to migrate
    store = MemoryStore(workspace)
    assert store.append_history("x") == 1
    assert legacy.is_dir()


def test_nothing_migrated_when_history_already_has_entries(workspace: Path) -> None:
    store = MemoryStore(workspace)
    store.append_history("already here")
    legacy = write_legacy(workspace)
    fresh = MemoryStore(workspace)
    assert [e["content"] for e in fresh.read_unprocessed_history(0)] == ["already here"]
    assert legacy.read_text(encoding="utf-8") == LEGACY  # left alone, not lost
    assert fresh.get_last_dream_cursor() == 0


def test_existing_backup_is_never_overwritten(workspace: Path) -> None:
    write_legacy(workspace)
    old_backup = workspace / "memory" / "HISTORY.md.bak"
    old_backup.write_text("older backup")
    MemoryStore(workspace).get_latest_cursor()
    assert old_backup.read_text() == "older backup"
    assert (workspace / "memory" / "HISTORY.md.bak.2").read_text(encoding="utf-8") == LEGACY


def test_second_store_does_not_migrate_twice(workspace: Path) -> None:
    write_legacy(workspace)
    MemoryStore(workspace).get_latest_cursor()
    write_legacy(workspace, "[2026-05-01 10:00] a later file\n")
    assert MemoryStore(workspace).get_latest_cursor() == 3
