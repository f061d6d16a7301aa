"""A byte that is not UTF-8 inside one record costs a character, not the record."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from reverie.sessions.manager import SessionManager
from reverie.sessions.transcripts import TranscriptArchive
from reverie.store.memory_store import MemoryStore


def corrupt_byte(path: Path, needle: bytes) -> None:
    """Replace the first byte of ``needle`` in ``path`` with 0xFF (never valid UTF-8)."""
    data = path.read_bytes()
    at = data.index(needle)
    path.write_bytes(data[:at] + b"\xff" + data[at + 1 :])


def test_an_entry_with_a_bad_byte_reaches_dream_and_the_warning_names_its_line(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = MemoryStore(workspace)
    store.append_history("[durable] The team uses Redpanda for ingestion.")
    store.append_history("[durable] The billing service uses PostgreSQL 16.")
    store.append_history("[durable] Deploys happen on Fridays.")
    corrupt_byte(store.history_file, b"billing")

    with caplog.at_level(logging.WARNING, logger="reverie"):
        fresh = MemoryStore(workspace)
        built = fresh.build_dream_prompt()

    assert built is not None
    prompt, last = built
    assert last == 3
    assert "The \ufffdilling service uses PostgreSQL 16." in prompt
    assert [e["cursor"] for e in fresh.read_unprocessed_history(0)] == [1, 2, 3]
    warnings = [r.getMessage() for r in caplog.records if "not UTF-8" in r.getMessage()]
    assert len(warnings) == 1
    assert f"{store.history_file} line 2:" in warnings[0] and "cursor 2" in warnings[0]
    # The bytes on disk are left as they were; compaction keeps the entry too.
    assert b"\xffilling" in store.history_file.read_bytes()


def test_compaction_keeps_an_entry_with_a_bad_byte(workspace: Path) -> None:
    store = MemoryStore(workspace, max_history_entries=2)
    for text in ("one", "two", "three with a bad byte", "four"):
        store.append_history(text)
    corrupt_byte(store.history_file, b"bad byte")
    store.set_last_dream_cursor(1)

    store.compact_history()

    assert [e["cursor"] for e in store.read_unprocessed_history(0)] == [2, 3, 4]
    assert not store.rejected_history_file.exists()


def test_a_session_message_with_a_bad_byte_is_kept_and_the_original_file_too(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    sessions = SessionManager(workspace)
    session = sessions.get_or_create("cli:a")
    session.add_message("user", "My café is on Rua Augusta.")
    session.add_message("assistant", "Noted.")
    sessions.save(session)
    path = sessions.session_path("cli:a")
    corrupt_byte(path, "é".encode())

    with caplog.at_level(logging.WARNING, logger="reverie"):
        loaded = SessionManager(workspace).get_or_create("cli:a")

    assert [m["content"] for m in loaded.messages] == [
        "My caf\ufffd\ufffd is on Rua Augusta.",
        "Noted.",
    ]
    assert any("line 2: bytes that are not UTF-8" in r.getMessage() for r in caplog.records)


def test_a_transcript_record_with_a_bad_byte_is_kept(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    archive = TranscriptArchive(workspace)
    archive.append("cli:a", [{"role": "user", "content": "naïve"}], first_index=0)
    archive.append("cli:a", [{"role": "user", "content": "plain"}], first_index=1)
    corrupt_byte(archive.path_for("cli:a"), "ï".encode())

    with caplog.at_level(logging.WARNING, logger="reverie"):
        messages = TranscriptArchive(workspace).read("cli:a", 0, 2)

    assert [m["content"] for m in messages] == ["na\ufffd\ufffdve", "plain"]
    assert any("line 1: bytes that are not UTF-8" in r.getMessage() for r in caplog.records)
    assert json.loads(archive.path_for("cli:a").read_bytes().splitlines()[1])["index"] == 1
