"""Black-box contract tests for Session and SessionManager (DESIGN.md sections 1, 2, 4)."""

from __future__ import annotations

import base64
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from reverie import Session, SessionManager


def call(call_id: str, name: str = "shell") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": "{}"}}


def file_name(key: str) -> str:
    return base64.urlsafe_b64encode(key.encode("utf-8")).decode("ascii").rstrip("=") + ".jsonl"


def roles(history: list[dict[str, Any]]) -> list[str]:
    return [m["role"] for m in history]


# -- Session -------------------------------------------------------------------------


def test_session_defaults() -> None:
    session = Session("cli:alice")
    assert session.key == "cli:alice"
    assert session.messages == []
    assert session.metadata == {}
    assert session.last_consolidated == 0
    assert isinstance(session.created_at, datetime)
    assert isinstance(session.updated_at, datetime)
    other = Session(key="cli:bob")
    session.messages.append({"role": "user", "content": "x"})
    session.metadata["a"] = 1
    assert other.messages == [] and other.metadata == {}  # no shared mutable defaults


def test_session_keyword_construction() -> None:
    now = datetime(2026, 4, 3, 0, 2)
    session = Session(
        key="k",
        messages=[{"role": "user", "content": "hi"}],
        created_at=now,
        updated_at=now,
        metadata={"x": 1},
        last_consolidated=1,
    )
    assert session.created_at == now and session.last_consolidated == 1


def test_add_message_stores_role_content_timestamp_and_extras() -> None:
    session = Session("k")
    before = session.updated_at
    session.add_message("user", "hello")
    session.add_message("assistant", "", tool_calls=[call("c1")])
    session.add_message("tool", "ok", tool_call_id="c1", name="shell")
    first, second, third = session.messages
    assert first["role"] == "user" and first["content"] == "hello"
    datetime.fromisoformat(first["timestamp"])
    assert second["tool_calls"] == [call("c1")]
    assert third["tool_call_id"] == "c1" and third["name"] == "shell"
    assert session.updated_at >= before


def test_get_history_default_and_signature() -> None:
    session = Session("k")
    for i in range(150):
        session.add_message("user" if i % 2 == 0 else "assistant", f"m{i}")
    history = session.get_history()
    assert len(history) == 120
    assert history[0]["role"] == "user"
    assert history[-1]["content"] == "m149"
    assert len(session.get_history(10)) == 10
    assert len(session.get_history(max_messages=10, max_tokens=0)) == 10
    with pytest.raises(TypeError):
        session.get_history(10, 100)  # type: ignore[misc]


def test_get_history_starts_at_a_user_turn() -> None:
    session = Session("k")
    session.add_message("user", "u1")
    session.add_message("assistant", "a1")
    session.add_message("user", "u2")
    session.add_message("assistant", "a2")
    history = session.get_history(3)  # window a1, u2, a2
    assert [m["content"] for m in history] == ["u2", "a2"]
    for message in history:
        assert set(message) <= {"role", "content", "tool_calls", "tool_call_id", "name"}


def test_get_history_skips_consolidated_messages() -> None:
    session = Session("k")
    for text in ("u1", "a1", "u2", "a2"):
        session.add_message("user" if text[0] == "u" else "assistant", text)
    session.last_consolidated = 2
    assert [m["content"] for m in session.get_history()] == ["u2", "a2"]
    session.last_consolidated = 4
    assert session.get_history() == []


@pytest.mark.parametrize("bad", [99, 5, -1])
def test_out_of_range_last_consolidated_resets_to_zero(bad: int) -> None:
    session = Session("k")
    session.add_message("user", "u1")
    session.add_message("assistant", "a1")
    session.add_message("user", "u2")
    session.last_consolidated = bad
    assert [m["content"] for m in session.get_history()] == ["u1", "a1", "u2"]
    assert session.last_consolidated == 0


def test_get_history_never_starts_with_orphan_tool_result() -> None:
    session = Session("k")
    session.add_message("user", "u1")
    session.add_message("assistant", "", tool_calls=[call("c1")])
    session.add_message("tool", "r1", tool_call_id="c1", name="shell")
    session.add_message("assistant", "done")
    session.last_consolidated = 2  # the cut lands on the tool result
    history = session.get_history()
    assert history and history[0]["role"] != "tool"
    assert [m["content"] for m in history] == ["done"]


def test_tail_without_user_starts_at_first_legal_message() -> None:
    session = Session("k")
    session.add_message("tool", "orphan", tool_call_id="gone")
    session.add_message("assistant", "a1")
    session.add_message("assistant", "a2")
    history = session.get_history()
    assert [m["content"] for m in history] == ["a1", "a2"]


def test_get_history_keeps_tool_call_pairs() -> None:
    session = Session("k")
    session.add_message("user", "u1")
    session.add_message("assistant", "", tool_calls=[call("c1"), call("c2", "grep")])
    session.add_message("tool", "r1", tool_call_id="c1", name="shell")
    session.add_message("tool", "r2", tool_call_id="c2", name="grep")
    session.add_message("assistant", "final")
    history = session.get_history()
    assert roles(history) == ["user", "assistant", "tool", "tool", "assistant"]
    assert [c["id"] for c in history[1]["tool_calls"]] == ["c1", "c2"]
    assert [m["tool_call_id"] for m in history[2:4]] == ["c1", "c2"]
    assert history[2]["name"] == "shell"


def test_max_messages_cut_inside_a_tool_group_stays_legal() -> None:
    session = Session("k")
    session.add_message("user", "u1")
    session.add_message("assistant", "", tool_calls=[call("c1")])
    session.add_message("tool", "r1", tool_call_id="c1")
    session.add_message("user", "u2")
    session.add_message("assistant", "a2")
    history = session.get_history(3)  # window: tool, user, assistant
    assert [m["content"] for m in history] == ["u2", "a2"]


def test_max_tokens_limits_the_tail() -> None:
    session = Session("k")
    for i in range(40):
        session.add_message("user" if i % 2 == 0 else "assistant", f"message number {i} " * 20)
    everything = session.get_history()
    small = session.get_history(max_tokens=300)
    assert 0 < len(small) < len(everything)
    assert small[0]["role"] == "user"
    assert small[-1] == everything[-1]


def test_get_history_does_not_mutate_messages() -> None:
    session = Session("k")
    session.add_message("user", "u1")
    history = session.get_history()
    history[0]["content"] = "changed"
    assert session.messages[0]["content"] == "u1"


# -- SessionManager ----------------------------------------------------------------------


def test_get_or_create_caches_until_invalidate(tmp_path: Path) -> None:
    manager = SessionManager(tmp_path)
    session = manager.get_or_create("cli:alice")
    assert isinstance(session, Session) and session.key == "cli:alice"
    assert manager.get_or_create("cli:alice") is session
    session.add_message("user", "hi")
    manager.save(session)
    manager.invalidate("cli:alice")
    reloaded = manager.get_or_create("cli:alice")
    assert reloaded is not session
    assert [m["content"] for m in reloaded.messages] == ["hi"]
    manager.invalidate("never-seen")  # no error


def test_save_writes_the_section_1_format(tmp_path: Path) -> None:
    manager = SessionManager(str(tmp_path))
    session = manager.get_or_create("telegram:42/x y")
    session.add_message("user", "hello")
    session.add_message("assistant", "", tool_calls=[call("c1")])
    session.add_message("tool", "ok", tool_call_id="c1", name="shell")
    session.metadata["topic"] = "deploy"
    session.last_consolidated = 1
    assert manager.save(session) is None
    path = tmp_path / "sessions" / file_name("telegram:42/x y")
    assert "=" not in path.name
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    meta = lines[0]
    assert meta["_type"] == "metadata" and meta["key"] == "telegram:42/x y"
    datetime.fromisoformat(meta["created_at"])
    datetime.fromisoformat(meta["updated_at"])
    assert meta["metadata"] == {"topic": "deploy"}
    assert meta["last_consolidated"] == 1
    assert [m["role"] for m in lines[1:]] == ["user", "assistant", "tool"]
    assert lines[1]["content"] == "hello" and "timestamp" in lines[1]
    assert lines[2]["tool_calls"] == [call("c1")]
    assert lines[3]["tool_call_id"] == "c1" and lines[3]["name"] == "shell"
    assert [p.name for p in path.parent.iterdir() if p.is_file()] == [path.name]


def test_round_trip_through_a_new_manager(tmp_path: Path) -> None:
    manager = SessionManager(tmp_path)
    session = manager.get_or_create("cli:alice")
    session.add_message("user", "ünïcödé ✓")
    session.metadata["_last_summary"] = {"text": "t", "last_active": "2026-04-03T00:00:00"}
    manager.save(session)
    loaded = SessionManager(tmp_path).get_or_create("cli:alice")
    assert loaded.messages == session.messages
    assert loaded.metadata == session.metadata
    assert loaded.created_at == session.created_at


def test_nanobot_session_file_is_imported(tmp_path: Path) -> None:
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    lines = [
        {
            "_type": "metadata",
            "key": "cli:dana",
            "created_at": "2026-04-01T09:00:00.123456",
            "updated_at": "2026-04-02T10:00:00",
            "metadata": {"lang": "en"},
            "last_consolidated": 2,
        },
        {"role": "user", "content": "u1", "timestamp": "2026-04-01T09:00:00"},
        {"role": "assistant", "content": "a1", "timestamp": "2026-04-01T09:00:05"},
        {"role": "user", "content": "u2", "timestamp": "2026-04-02T10:00:00"},
    ]
    path = sessions / file_name("cli:dana")
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    session = SessionManager(tmp_path).get_or_create("cli:dana")
    assert [m["content"] for m in session.messages] == ["u1", "a1", "u2"]
    assert session.last_consolidated == 2
    assert session.metadata == {"lang": "en"}
    assert session.created_at == datetime(2026, 4, 1, 9, 0, 0, 123456)
    assert [m["content"] for m in session.get_history()] == ["u2"]


def test_corrupt_session_lines_are_skipped(tmp_path: Path) -> None:
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    path = sessions / file_name("cli:x")
    meta = {"_type": "metadata", "key": "cli:x", "last_consolidated": 0}
    path.write_text(
        json.dumps(meta)
        + "\n{broken\n[1]\n"
        + json.dumps({"role": "user", "content": "kept"})
        + "\n",
        encoding="utf-8",
    )
    manager = SessionManager(tmp_path)
    session = manager.get_or_create("cli:x")
    assert [m["content"] for m in session.messages] == ["kept"]
    manager.save(session)
    copies = [p for p in sessions.iterdir() if p.name != path.name and p.is_file()]
    assert copies, "the damaged original is kept before it is overwritten"


def test_list_sessions(tmp_path: Path) -> None:
    manager = SessionManager(tmp_path)
    assert manager.list_sessions() == []
    for key, count in (("cli:a", 2), ("cli:b", 3)):
        session = manager.get_or_create(key)
        for i in range(count):
            session.add_message("user", f"{key} {i}")
        manager.save(session)
    rows = manager.list_sessions()
    assert isinstance(rows, list) and len(rows) == 2
    by_key = {row["key"]: row for row in rows}
    assert set(by_key) == {"cli:a", "cli:b"}
    for row in rows:
        assert {"key", "created_at", "updated_at", "message_count", "path"} <= set(row)
        datetime.fromisoformat(row["created_at"])
        datetime.fromisoformat(row["updated_at"])
        assert Path(row["path"]).is_file()
    assert by_key["cli:a"]["message_count"] == 2
    assert by_key["cli:b"]["message_count"] == 3


def test_delete_session(tmp_path: Path) -> None:
    manager = SessionManager(tmp_path)
    session = manager.get_or_create("cli:a")
    session.add_message("user", "bye")
    manager.save(session)
    path = tmp_path / "sessions" / file_name("cli:a")
    assert path.exists()
    assert manager.delete_session("cli:a") is True
    assert not path.exists()
    assert manager.list_sessions() == []
    fresh = manager.get_or_create("cli:a")
    assert fresh is not session and fresh.messages == []
    assert manager.delete_session("cli:never") is False


def test_delete_session_from_another_manager(tmp_path: Path) -> None:
    writer = SessionManager(tmp_path)
    session = writer.get_or_create("cli:a")
    session.add_message("user", "x")
    writer.save(session)
    assert SessionManager(tmp_path).delete_session("cli:a") is True
    assert SessionManager(tmp_path).get_or_create("cli:a").messages == []
