"""SessionManager: caching, atomic saves, listing, archiving and deletion on real files."""

from __future__ import annotations

import json
import logging
import os
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from reverie.errors import SessionError, StoreError, UserError
from reverie.sessions.keys import session_filename
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.sessions.transcripts import TranscriptArchive


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def chat(session: Session, turns: int, start: int = 0) -> None:
    for i in range(start, start + turns):
        session.add_message("user", f"question {i}")
        session.add_message("assistant", f"answer {i}")


def test_constructor_touches_nothing(tmp_path: Path) -> None:
    workspace = tmp_path / "not-yet"
    manager = SessionManager(workspace)
    manager.get_or_create("cli:alice")
    assert not workspace.exists()


def test_get_or_create_returns_the_cached_object_until_invalidated(workspace: Path) -> None:
    manager = SessionManager(workspace)
    session = manager.get_or_create("cli:alice")
    assert manager.get_or_create("cli:alice") is session
    chat(session, 1)
    manager.save(session)
    manager.invalidate("cli:alice")
    reloaded = manager.get_or_create("cli:alice")
    assert reloaded is not session
    assert reloaded.messages == session.messages


def test_save_writes_nanobots_line_format(workspace: Path) -> None:
    manager = SessionManager(workspace)
    session = manager.get_or_create("telegram:42")
    session.metadata["_last_summary"] = {"text": "s", "last_active": "2026-01-01T00:00:00"}
    chat(session, 2)
    session.last_consolidated = 2
    manager.save(session)
    path = workspace / "sessions" / session_filename("telegram:42")
    assert manager.session_path("telegram:42") == path
    header, *messages = lines(path)
    assert list(header) == [
        "_type",
        "key",
        "created_at",
        "updated_at",
        "metadata",
        "last_consolidated",
    ]
    assert header["_type"] == "metadata" and header["key"] == "telegram:42"
    assert header["last_consolidated"] == 2
    assert header["metadata"]["_last_summary"]["text"] == "s"
    assert datetime.fromisoformat(header["created_at"]) == session.created_at
    assert messages == session.messages
    assert path.read_bytes().endswith(b"\n")


def test_a_new_manager_loads_exactly_what_was_saved(workspace: Path) -> None:
    first = SessionManager(workspace)
    session = first.get_or_create("cli:ü/🦊")
    chat(session, 3)
    session.add_message("assistant", None, tool_calls=[{"id": "c", "type": "function"}])
    session.last_consolidated = 4
    first.save(session)
    loaded = SessionManager(workspace).get_or_create("cli:ü/🦊")
    assert loaded.messages == session.messages
    assert loaded.last_consolidated == 4
    assert (loaded.created_at, loaded.updated_at) == (session.created_at, session.updated_at)


def test_failed_save_leaves_the_previous_file_whole(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = SessionManager(workspace)
    session = manager.get_or_create("k")
    chat(session, 2)
    manager.save(session)
    path = manager.session_path("k")
    before = path.read_bytes()

    session.add_message("user", {"unjsonable": object()})
    with pytest.raises(SessionError, match=r"session 'k': message 4"):
        manager.save(session)
    assert path.read_bytes() == before
    session.messages.pop()

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    chat(session, 1, start=9)
    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(StoreError, match="No space left"):
        manager.save(session)
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == [".locks", path.name]


def test_list_sessions_reports_every_file_newest_first(workspace: Path) -> None:
    manager = SessionManager(workspace)
    for index, key in enumerate(["cli:old", "cli:new", "slack:C1/thread"]):
        session = manager.get_or_create(key)
        chat(session, index + 1)
        session.updated_at = datetime(2026, 1, 1 + index)
        manager.save(session)
    rows = SessionManager(workspace).list_sessions()
    assert [row["key"] for row in rows] == ["slack:C1/thread", "cli:new", "cli:old"]
    assert [row["message_count"] for row in rows] == [6, 4, 2]
    for row in rows:
        assert set(row) >= {"key", "created_at", "updated_at", "message_count", "path"}
        datetime.fromisoformat(row["created_at"])
        assert Path(row["path"]).name == session_filename(row["key"])
    assert rows[0]["updated_at"] == "2026-01-03T00:00:00"


def test_list_sessions_does_not_parse_messages(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    sessions_dir = workspace / "sessions"
    sessions_dir.mkdir()
    header = {"_type": "metadata", "key": "cli:big", "created_at": "2026-01-01T00:00:00"}
    # Lines that are not JSON at all: parsing them would be noticed (and slow).
    body = "".join(f"not json {i}\n" for i in range(5000))
    path = sessions_dir / session_filename("cli:big")
    path.write_text(json.dumps(header) + "\n" + body, encoding="utf-8")
    manager = SessionManager(workspace)
    with caplog.at_level(logging.WARNING, logger="reverie"):
        [row] = manager.list_sessions()
    assert row["key"] == "cli:big" and row["message_count"] == 5000
    assert row["updated_at"]  # missing in the header: the file's modification time
    assert caplog.records == []  # parsing those lines would have reported them


def test_list_sessions_on_missing_folder_is_empty(tmp_path: Path) -> None:
    assert SessionManager(tmp_path / "nowhere").list_sessions() == []


def test_archive_and_drop_moves_messages_and_keeps_indexes(workspace: Path) -> None:
    manager = SessionManager(workspace)
    session = manager.get_or_create("cli:alice")
    chat(session, 5)  # 10 messages, absolute 0..9
    session.last_consolidated = 6
    original = [dict(m) for m in session.messages]
    source = session.source_range(2, 4)
    assert manager.archive_and_drop(session, 4, reason="compact") == 4
    assert session.messages == original[4:]
    assert session.last_consolidated == 2
    assert session.archived_offset == 4
    assert session.source_range(0, 2) == {"session_key": "cli:alice", "start": 4, "end": 6}

    archive = TranscriptArchive(workspace)
    assert archive.read("cli:alice", source["start"], source["end"]) == original[2:4]
    reloaded = SessionManager(workspace).get_or_create("cli:alice")
    assert reloaded.archived_offset == 4 and reloaded.messages == original[4:]
    assert reloaded.last_consolidated == 2


def test_archive_and_drop_everything_is_a_fresh_start(workspace: Path) -> None:
    manager = SessionManager(workspace)
    session = manager.get_or_create("cli:alice")
    chat(session, 2)
    session.last_consolidated = 3
    assert manager.archive_and_drop(session, reason="new") == 4
    assert session.messages == [] and session.last_consolidated == 0
    chat(session, 1, start=7)
    assert session.absolute_index(0) == 4
    assert manager.archive_and_drop(session, 0) == 0


def test_delete_session_archives_then_removes(workspace: Path) -> None:
    manager = SessionManager(workspace)
    session = manager.get_or_create("cli:alice")
    chat(session, 2)
    manager.save(session)
    manager.archive_and_drop(session, 1)
    remaining = [dict(m) for m in session.messages]
    path = manager.session_path("cli:alice")

    assert manager.delete_session("cli:alice") is True
    assert not path.exists()
    assert manager.list_sessions() == []
    assert TranscriptArchive(workspace).read("cli:alice", 1, 4) == remaining
    assert manager.delete_session("cli:alice") is False

    # A new session under the same key continues the key's indexes.
    again = manager.get_or_create("cli:alice")
    assert again is not session and again.messages == []
    assert again.archived_offset == 4


def test_delete_of_unsaved_cached_session_keeps_its_messages(workspace: Path) -> None:
    manager = SessionManager(workspace)
    session = manager.get_or_create("cli:draft")
    chat(session, 1)
    assert manager.delete_session("cli:draft") is True
    assert [m["content"] for m in TranscriptArchive(workspace).read("cli:draft")] == [
        "question 0",
        "answer 0",
    ]


def test_delete_archives_what_another_process_saved(workspace: Path) -> None:
    mine = SessionManager(workspace)
    stale = mine.get_or_create("k")
    chat(stale, 1)
    mine.save(stale)
    other = SessionManager(workspace)
    newer = other.get_or_create("k")
    chat(newer, 1, start=1)
    other.save(newer)
    assert mine.delete_session("k") is True
    archived = [m["content"] for m in TranscriptArchive(workspace).read("k")]
    assert archived == ["question 0", "answer 0", "question 1", "answer 1"]


def test_lock_is_reentrant_around_save(workspace: Path) -> None:
    manager = SessionManager(workspace)
    session = manager.get_or_create("k")
    with manager.lock("k"):
        chat(session, 1)
        manager.save(session)
        manager.archive_and_drop(session, 1)
    assert len(SessionManager(workspace).get_or_create("k").messages) == 1


def test_read_range_spans_archive_and_live_file(workspace: Path) -> None:
    manager = SessionManager(workspace)
    session = manager.get_or_create("cli:alice")
    chat(session, 4)  # absolute 0..7
    original = [dict(m) for m in session.messages]
    source = session.source_range(2, 6)
    manager.archive_and_drop(session, 4)
    fresh = SessionManager(workspace)
    assert fresh.read_range("cli:alice", source["start"], source["end"]) == original[2:6]
    assert fresh.read_range("cli:alice", 0, 100) == original
    assert fresh.read_range("cli:alice", 5, 7) == original[5:7]
    assert fresh.read_range("cli:alice", 1, 3) == original[1:3]
    assert fresh.read_range("cli:alice", 8, 10) == []
    with pytest.raises(UserError, match="cli:alice"):
        fresh.read_range("cli:alice", -1, 2)
