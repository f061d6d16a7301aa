"""HistoryLog: cursor allocation, fast reads from the end, damage, torn lines, compaction."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path

import pytest

import reverie.store._history_parse as parse_module
from reverie.errors import StoreError, UserError
from reverie.store.history import HistoryLog, NewEntry
from reverie.store.records import HistoryEntry, HistorySource, parse_history_line


def naive(path: Path, since: int = 0) -> list[HistoryEntry]:
    """The reference answer: parse every line, keep the valid ones above ``since``."""
    if not path.exists():
        return []
    found = []
    for line in path.read_bytes().split(b"\n"):
        item = parse_history_line(line)
        if isinstance(item, HistoryEntry) and item.cursor > since:
            found.append(item)
    return found


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.fixture
def log(tmp_path: Path) -> HistoryLog:
    return HistoryLog(tmp_path / "memory")


def test_append_issues_consecutive_cursors_in_nanobot_format(log: HistoryLog) -> None:
    first = log.append("alpha", session_key="cli:a", source=HistorySource("cli:a", 0, 4))
    second = log.append("beta")
    assert (first.cursor, second.cursor) == (1, 2)
    records = [json.loads(line) for line in lines_of(log.path)]
    assert records[0]["content"] == "alpha" and records[0]["session_key"] == "cli:a"
    assert records[0]["source"] == {"session_key": "cli:a", "start": 0, "end": 4}
    assert set(records[1]) == {"cursor", "timestamp", "content"}
    assert log.cursor_path.read_text() == "2"
    assert log.read_since(0) == [first, second]
    assert log.latest_cursor() == 2


def test_extend_writes_a_batch_with_given_timestamps(log: HistoryLog) -> None:
    written = log.extend([NewEntry("a", "2020-01-01 10:00"), NewEntry("b", "2020-01-02 11:00")])
    assert [(e.cursor, e.timestamp) for e in written] == [
        (1, "2020-01-01 10:00"),
        (2, "2020-01-02 11:00"),
    ]
    assert log.read_since(0) == written


def test_empty_or_missing_log_reads_as_nothing(log: HistoryLog) -> None:
    assert log.read_since(0) == []
    assert log.latest_cursor() == 0
    assert not log.path.parent.exists()  # reading creates nothing
    log.path.parent.mkdir()
    log.path.write_bytes(b"")
    assert log.read_since(3) == []
    assert log.latest_cursor() == 0


def test_bad_entry_fields_are_refused_before_writing(log: HistoryLog) -> None:
    with pytest.raises(UserError, match="content"):
        log.append(123)  # type: ignore[arg-type]
    with pytest.raises(UserError, match="source"):
        log.append("x", source={"when": object()})
    assert not log.path.exists() or log.read_since(0) == []


def _count_parses(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    calls = [0]
    real = parse_module.parse_history_line

    def counting(line: bytes | str) -> object:
        calls[0] += 1
        return real(line)

    monkeypatch.setattr(parse_module, "parse_history_line", counting)
    return lambda: calls[0]


@pytest.mark.parametrize("entry_size", [40, 3000])
def test_reads_near_the_end_parse_only_a_few_lines(
    log: HistoryLog, monkeypatch: pytest.MonkeyPatch, entry_size: int
) -> None:
    count = 3000
    log.extend([NewEntry(f"{i:05d} " + "x" * (entry_size + i % 7)) for i in range(count)])
    parses = _count_parses(monkeypatch)
    for since in (count - 10, count - 1, count // 2, 1, count):
        start = parses()
        got = log.read_since(since, limit=10)
        assert [e.cursor for e in got] == list(range(since + 1, min(since + 11, count + 1)))
        # Tail walk plus bisection: a few dozen lines, never the 3,000 of a scan.
        assert parses() - start < 120
    start = parses()
    assert log.latest_cursor() == count
    assert parses() - start <= 2


def test_reads_agree_with_a_full_scan_around_damage(log: HistoryLog) -> None:
    log.extend([NewEntry("y" * (i * 37 % 900)) for i in range(400)])
    text = log.path.read_text(encoding="utf-8").splitlines(keepends=True)
    damaged = []
    for index, line in enumerate(text):
        damaged.append(line)
        if index % 23 == 0:
            damaged.append("{broken json\n")
        if index % 41 == 0:
            damaged.append('{"cursor": true, "timestamp": "t", "content": "c"}\n\n')
    log.path.write_text("".join(damaged), encoding="utf-8")
    for since in (0, 1, 57, 199, 200, 333, 398, 399, 400, 1000):
        assert log.read_since(since) == naive(log.path, since)


def test_each_kind_of_damage_warns_once(log: HistoryLog, caplog: pytest.LogCaptureFixture) -> None:
    log.append("good one")
    bad = [
        "{not json",
        "[1]",
        '{"timestamp": "t", "content": "c"}',
        '{"cursor": false, "timestamp": "t", "content": "c"}',
        '{"cursor": -1, "timestamp": "t", "content": "c"}',
        '{"cursor": "7", "timestamp": "t", "content": "c"}',
        '{"cursor": 8, "timestamp": 1, "content": "c"}',
        '{"cursor": 9, "timestamp": "t", "content": null}',
        '{"cursor": 10, "timestamp": "t", "content": "c", "session_key": []}',
    ]
    with log.path.open("a", encoding="utf-8") as handle:
        handle.write("\n".join(bad * 3) + "\n")
    log.append("good two")
    with caplog.at_level(logging.WARNING, logger="reverie"):
        entries = log.read_since(0)
        log.read_since(0)
    assert [e.content for e in entries] == ["good one", "good two"]
    messages = [r.getMessage() for r in caplog.records if r.name.startswith("reverie")]
    assert len(messages) == len(bad)
    assert all(str(log.path) in message for message in messages)


@pytest.mark.durable
def test_torn_last_line_is_skipped_then_healed(log: HistoryLog) -> None:
    log.extend([NewEntry("one"), NewEntry("two")])
    with log.path.open("ab") as handle:
        handle.write(b'{"cursor": 3, "timestamp": "2026-01-01 00:00", "conte')
    assert [e.cursor for e in log.read_since(0)] == [1, 2]
    assert log.read_since(2) == []
    assert log.latest_cursor() == 2
    third = log.append("three")
    assert third.cursor == 3
    raw = lines_of(log.path)
    assert raw[2].endswith('"conte')  # the fragment is its own (malformed) line
    assert json.loads(raw[3])["content"] == "three"
    assert [e.content for e in log.read_since(0)] == ["one", "two", "three"]


def test_complete_record_missing_only_its_newline_counts(log: HistoryLog) -> None:
    log.append("one")
    with log.path.open("ab") as handle:
        handle.write(b'{"cursor": 2, "timestamp": "2026-01-01 00:00", "content": "hand-written"}')
    assert [e.content for e in log.read_since(1)] == ["hand-written"]
    assert log.append("three").cursor == 3
    assert [e.cursor for e in log.read_since(0)] == [1, 2, 3]


@pytest.mark.parametrize("hint", [b"garbage", b"-5", b"", b"1", b"\x00\x01"])
def test_stale_or_corrupt_cursor_file_never_reissues(log: HistoryLog, hint: bytes) -> None:
    log.extend([NewEntry(str(i)) for i in range(5)])
    log.cursor_path.write_bytes(hint)
    assert log.append("next").cursor == 6
    assert log.cursor_path.read_text() == "6"


def test_cursor_file_ahead_of_the_log_wins(log: HistoryLog) -> None:
    log.extend([NewEntry("a"), NewEntry("b")])
    log.path.write_bytes(b"")  # someone emptied the log; its cursors must not come back
    assert log.append("c").cursor == 3


def test_corrupt_cursor_file_warns(log: HistoryLog, caplog: pytest.LogCaptureFixture) -> None:
    log.append("a")
    log.cursor_path.write_text("not-a-number")
    with caplog.at_level(logging.WARNING, logger="reverie"):
        log.append("b")
    assert any(".cursor" in r.getMessage() for r in caplog.records)


def test_compact_drops_only_processed_entries(log: HistoryLog) -> None:
    log.extend([NewEntry(f"e{i}") for i in range(10)])
    result = log.compact(max_entries=4, dream_cursor=3)
    assert result.dropped == 3
    assert [e.cursor for e in log.read_since(0)] == [4, 5, 6, 7, 8, 9, 10]
    result = log.compact(max_entries=4, dream_cursor=10)
    assert result.dropped == 3
    assert [e.cursor for e in log.read_since(0)] == [7, 8, 9, 10]
    assert log.append("after").cursor == 11


def test_compact_disabled_or_under_the_cap_leaves_the_file_alone(log: HistoryLog) -> None:
    log.extend([NewEntry(f"e{i}") for i in range(5)])
    before = log.path.stat()
    assert log.compact(max_entries=0, dream_cursor=5).dropped == 0
    assert log.compact(max_entries=5, dream_cursor=5).dropped == 0
    assert log.compact(max_entries=2, dream_cursor=0).dropped == 0  # nothing processed yet
    after = log.path.stat()
    assert (before.st_ino, before.st_mtime_ns) == (after.st_ino, after.st_mtime_ns)


@pytest.mark.durable
def test_compact_moves_malformed_lines_aside(log: HistoryLog) -> None:
    log.extend([NewEntry(f"e{i}") for i in range(6)])
    with log.path.open("a", encoding="utf-8") as handle:
        handle.write("{oops\n[1, 2]\n")
    log.append("last")
    with log.path.open("ab") as handle:
        handle.write(b'{"torn": ')
    result = log.compact(max_entries=3, dream_cursor=100)
    assert (result.dropped, result.rejected) == (4, 3)
    assert [e.content for e in log.read_since(0)] == ["e4", "e5", "last"]
    assert log.path.read_bytes().endswith(b"\n")
    rejected = [json.loads(line) for line in lines_of(log.rejected_path)]
    assert [r["line"] for r in rejected] == ["{oops", "[1, 2]", '{"torn": ']
    assert rejected[0]["reason"] == "malformed JSON"
    assert not [p for p in log.path.parent.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.durable
def test_compact_sweeps_temp_files_of_a_rewrite_killed_part_way(log: HistoryLog) -> None:
    log.extend([NewEntry(f"e{i}") for i in range(5)])
    # What a compaction killed between writing its temp file and the rename leaves.
    stale = log.path.parent / ".history.jsonl.k1ll3d.tmp"
    stale.write_bytes(log.path.read_bytes())
    other = log.path.parent / ".MEMORY.md.x.tmp"  # another file's rewrite: not ours to remove
    other.write_text("x")
    assert log.compact(max_entries=2, dream_cursor=5).dropped == 3
    assert not stale.exists()
    assert other.exists()
    assert [e.content for e in log.read_since(0)] == ["e3", "e4"]


def test_compact_keeps_unknown_fields_byte_for_byte(log: HistoryLog) -> None:
    log.path.parent.mkdir()
    line = '{"cursor": 5, "timestamp": "t", "content": "c", "extra": {"kept": true}}\n'
    log.path.write_text(
        "".join(f'{{"cursor": {i}, "timestamp": "t", "content": "old"}}\n' for i in range(1, 5))
        + line
    )
    log.compact(max_entries=1, dream_cursor=4)
    assert log.path.read_text() == line


def test_memory_path_that_is_a_file_raises_store_error(tmp_path: Path) -> None:
    (tmp_path / "memory").write_text("I am not a folder")
    log = HistoryLog(tmp_path / "memory")
    with pytest.raises(StoreError, match="memory"):
        log.read_since(0)
    with pytest.raises(StoreError, match="memory"):
        log.append("x")
    with pytest.raises(StoreError, match="memory"):
        log.latest_cursor()
    assert (tmp_path / "memory").read_text() == "I am not a folder"


def test_lone_surrogates_are_stored_escaped_and_read_back(log: HistoryLog) -> None:
    text = "bad byte \udcff kept"
    entry = log.append(text)
    assert log.path.read_bytes().isascii()
    assert log.read_since(0) == [entry]
    assert log.read_since(0)[0].content == text
