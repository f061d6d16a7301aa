"""Damaged, foreign and concurrently written session files never lose data."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from reverie.errors import StoreError
from reverie.sessions.keys import session_filename
from reverie.sessions.manager import SessionManager

KEY = "cli:alice"
HEADER = (
    '{"_type": "metadata", "key": "cli:alice", "created_at": "2026-04-01T09:00:00", '
    '"updated_at": "2026-04-02T10:30:00", "metadata": {"topic": "x"}, "last_consolidated": 1}'
)
GOOD_1 = '{"role": "user", "content": "first", "timestamp": "2026-04-01T09:00:00"}'
GOOD_2 = '{"role": "assistant", "content": "second", "timestamp": "2026-04-01T09:00:05"}'


def write_session(workspace: Path, text: str | bytes, key: str = KEY) -> Path:
    path = workspace / "sessions" / session_filename(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)
    return path


def kept_copies(path: Path, kind: str) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.{kind}-*"))


DAMAGE = {
    "bad json": (f"{HEADER}\n{GOOD_1}\n{{not json\n{GOOD_2}\n", 3, "not valid JSON", [1]),
    "non-dict line": (f"{HEADER}\n{GOOD_1}\n[1, 2]\n{GOOD_2}\n", 3, "not an object", [1]),
    "no role": (f'{HEADER}\n{GOOD_1}\n{{"content": "?"}}\n{GOOD_2}\n', 3, "'role'", [1]),
    "torn last line": (
        f'{HEADER}\n{GOOD_1}\n{GOOD_2}\n{{"role": "us',
        4,
        "not valid JSON",
        [2],
    ),
    "second header": (f"{HEADER}\n{GOOD_1}\n{HEADER}\n{GOOD_2}\n", 3, "second metadata", []),
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_damaged_file_loads_valid_lines_and_keeps_the_original(
    workspace: Path, caplog: pytest.LogCaptureFixture, kind: str
) -> None:
    text, bad_line, why, lost = DAMAGE[kind]
    path = write_session(workspace, text)
    original = path.read_bytes()
    manager = SessionManager(workspace)
    with caplog.at_level(logging.WARNING, logger="reverie"):
        session = manager.get_or_create(KEY)
    assert [m["content"] for m in session.messages] == ["first", "second"]
    assert session.last_consolidated == 1 and session.metadata.get("topic") == "x"
    # A lost message keeps its index: the messages after it keep theirs.
    assert session.lost_indexes == lost
    assert [session.absolute_index(i) for i in range(2)] == ([0, 2] if lost == [1] else [0, 1])
    assert path.name in caplog.text and f"line {bad_line}" in caplog.text and why in caplog.text

    assert kept_copies(path, "corrupt") == []  # reading alone changes nothing
    session.add_message("user", "third")
    manager.save(session)
    [copy] = kept_copies(path, "corrupt")
    assert copy.read_bytes() == original
    reloaded = SessionManager(workspace).get_or_create(KEY)
    assert [m["content"] for m in reloaded.messages] == ["first", "second", "third"]
    assert reloaded.lost_indexes == lost and reloaded.last_consolidated == 1
    assert reloaded.total_messages == 3 + len(lost)
    manager.save(session)  # the file is sound now: no second copy
    assert len(kept_copies(path, "corrupt")) == 1


def test_a_message_with_bytes_that_are_not_utf8_is_kept(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    text = f"{HEADER}\n{GOOD_1}\n".encode() + b'{"role": "user", "content": "\xff"}\n'
    path = write_session(workspace, text + GOOD_2.encode())
    with caplog.at_level(logging.WARNING, logger="reverie"):
        session = SessionManager(workspace).get_or_create(KEY)
    assert [m["content"] for m in session.messages] == ["first", "\ufffd", "second"]
    assert session.lost_indexes == []
    assert path.name in caplog.text and "line 3: bytes that are not UTF-8" in caplog.text


def test_bad_metadata_fields_fall_back_and_keep_the_original(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    header = {
        "_type": "metadata",
        "key": KEY,
        "created_at": "yesterday",
        "updated_at": 17,
        "metadata": ["not", "a", "dict"],
        "last_consolidated": "two",
    }
    path = write_session(workspace, json.dumps(header) + "\n" + GOOD_1 + "\n")
    manager = SessionManager(workspace)
    with caplog.at_level(logging.WARNING, logger="reverie"):
        session = manager.get_or_create(KEY)
    assert session.metadata == {} and session.last_consolidated == 0
    assert len(session.messages) == 1
    for field in ("created_at", "updated_at", "'metadata'", "last_consolidated"):
        assert field in caplog.text
    manager.save(session)
    [copy] = kept_copies(path, "corrupt")
    assert json.loads(copy.read_text().splitlines()[0]) == header


def test_warnings_are_rate_limited_per_file(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write_session(workspace, HEADER + "\n" + "garbage\n" * 500 + GOOD_1 + "\n")
    manager = SessionManager(workspace)
    with caplog.at_level(logging.WARNING, logger="reverie"):
        manager.get_or_create(KEY)
        manager.invalidate(KEY)
        manager.get_or_create(KEY)
    records = [r for r in caplog.records if "damaged line(s)" in r.getMessage()]
    assert len(records) == 1
    assert (
        "500 damaged line(s)" in records[0].getMessage()
        and "and 495 more" in records[0].getMessage()
    )


def test_delete_of_a_damaged_session_keeps_the_original(workspace: Path) -> None:
    path = write_session(workspace, f"{HEADER}\n{GOOD_1}\n{{oops\n")
    original = path.read_bytes()
    manager = SessionManager(workspace)
    assert manager.delete_session(KEY) is True
    assert not path.exists()
    [copy] = kept_copies(path, "corrupt")
    assert copy.read_bytes() == original


def test_unreadable_session_file_raises_instead_of_starting_over(workspace: Path) -> None:
    path = workspace / "sessions" / session_filename(KEY)
    path.mkdir(parents=True)  # a directory where the file should be
    with pytest.raises(StoreError, match=session_filename(KEY)):
        SessionManager(workspace).get_or_create(KEY)


def test_nanobot_written_file_loads_as_is_and_survives_a_save(workspace: Path) -> None:
    nanobot_lines = [
        '{"_type": "metadata", "key": "telegram:99", "created_at": "2026-03-01T08:00:00.123456", '
        '"updated_at": "2026-03-01T08:05:00.654321", "metadata": {"_last_summary": '
        '{"text": "earlier", "last_active": "2026-03-01T08:00:00"}}, "last_consolidated": 2}',
        '{"role": "user", "content": "你好", "timestamp": "2026-03-01T08:00:00.1"}',
        '{"role": "assistant", "content": "", "tool_calls": [{"id": "call_1", "type": '
        '"function", "function": {"name": "web_search", "arguments": "{\\"q\\": \\"x\\"}"}}], '
        '"reasoning_content": "hmm", "timestamp": "2026-03-01T08:00:01"}',
        '{"role": "tool", "tool_call_id": "call_1", "name": "web_search", "content": "r", '
        '"timestamp": "2026-03-01T08:00:02"}',
        '{"role": "assistant", "content": "done", "tools_used": ["web_search"], '
        '"timestamp": "2026-03-01T08:00:03"}',
    ]
    path = write_session(workspace, "\n".join(nanobot_lines) + "\n", key="telegram:99")
    manager = SessionManager(workspace)
    session = manager.get_or_create("telegram:99")
    assert session.messages == [json.loads(line) for line in nanobot_lines[1:]]
    assert session.last_consolidated == 2
    assert session.metadata["_last_summary"]["text"] == "earlier"
    assert session.created_at.isoformat() == "2026-03-01T08:00:00.123456"
    assert [m["role"] for m in session.get_history()] == ["assistant"]  # orphan result dropped
    manager.save(session)
    assert path.read_text(encoding="utf-8").splitlines()[1:] == [
        json.dumps(json.loads(line), ensure_ascii=False) for line in nanobot_lines[1:]
    ]
    assert kept_copies(path, "corrupt") == [] and kept_copies(path, "conflict") == []


def test_nanobot_legacy_file_name_is_imported(workspace: Path) -> None:
    legacy = workspace / "sessions" / "cli_alice.jsonl"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(f"{HEADER}\n{GOOD_1}\n{GOOD_2}\n", encoding="utf-8")
    manager = SessionManager(workspace)
    assert [row["key"] for row in manager.list_sessions()] == [KEY]
    session = manager.get_or_create(KEY)
    assert [m["content"] for m in session.messages] == ["first", "second"]
    manager.save(session)
    assert manager.session_path(KEY).exists()
    assert not legacy.exists()
    assert (legacy.parent / "cli_alice.jsonl.migrated").read_text().startswith(HEADER)
    assert [row["key"] for row in manager.list_sessions()] == [KEY]


def test_legacy_file_of_another_key_is_not_taken(workspace: Path) -> None:
    legacy = workspace / "sessions" / "cli_alice.jsonl"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(HEADER.replace("cli:alice", "cli_alice") + "\n" + GOOD_1 + "\n")
    assert SessionManager(workspace).get_or_create(KEY).messages == []


def test_save_over_another_writers_version_keeps_it(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    first, second = SessionManager(workspace), SessionManager(workspace)
    mine = first.get_or_create(KEY)
    theirs = second.get_or_create(KEY)
    mine.add_message("user", "from the first process")
    first.save(mine)
    theirs.add_message("user", "from the second process")
    with caplog.at_level(logging.WARNING, logger="reverie"):
        second.save(theirs)
    path = first.session_path(KEY)
    [copy] = kept_copies(path, "conflict")
    assert "from the first process" in copy.read_text(encoding="utf-8")
    assert "changed by another writer" in caplog.text


def test_save_after_reloading_another_writers_version_is_not_a_conflict(workspace: Path) -> None:
    first, second = SessionManager(workspace), SessionManager(workspace)
    mine = first.get_or_create(KEY)
    mine.add_message("user", "one")
    first.save(mine)
    theirs = second.get_or_create(KEY)  # read after the first save: up to date
    theirs.add_message("user", "two")
    second.save(theirs)
    first.invalidate(KEY)
    fresh = first.get_or_create(KEY)
    fresh.add_message("user", "three")
    first.save(fresh)
    path = first.session_path(KEY)
    assert kept_copies(path, "conflict") == []
    assert [m["content"] for m in fresh.messages] == ["one", "two", "three"]


def test_stale_object_holding_everything_on_disk_saves_without_a_copy(workspace: Path) -> None:
    first, second = SessionManager(workspace), SessionManager(workspace)
    mine = first.get_or_create(KEY)
    mine.add_message("user", "one")
    first.save(mine)
    theirs = second.get_or_create(KEY)
    second.save(theirs)  # rewrites the same content: a new file version
    mine.add_message("user", "two")
    first.save(mine)
    assert kept_copies(first.session_path(KEY), "conflict") == []
