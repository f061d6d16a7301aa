"""MemoryStore: the contract methods, as a caller sees them."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from reverie.errors import StoreError, UserError
from reverie.store.memory_store import MemoryStore
from reverie.store.text import TRUNCATION_MARKER


@pytest.fixture
def store(workspace: Path) -> MemoryStore:
    return MemoryStore(workspace)


def stored_records(store: MemoryStore) -> list[dict[str, object]]:
    return [json.loads(line) for line in store.history_file.read_text("utf-8").splitlines()]


def test_constructor_touches_nothing(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "not-yet")
    assert store.workspace == tmp_path / "not-yet"
    assert store.history_file == tmp_path / "not-yet" / "memory" / "history.jsonl"
    assert store.max_history_entries == 1000
    assert not (tmp_path / "not-yet").exists()
    assert store.read_memory() == "" and store.get_latest_cursor() == 0
    assert not (tmp_path / "not-yet").exists()


@pytest.mark.parametrize("kind", ["memory", "soul", "user"])
def test_memory_files_read_back_and_default_to_empty(store: MemoryStore, kind: str) -> None:
    read = getattr(store, f"read_{kind}")
    write = getattr(store, f"write_{kind}")
    assert read() == ""
    write("# Notes\n- naïve fact\n")
    assert read() == "# Notes\n- naïve fact\n"
    write("")
    assert read() == ""


def test_memory_files_live_where_nanobot_puts_them(store: MemoryStore, workspace: Path) -> None:
    store.write_memory("m")
    store.write_soul("s")
    store.write_user("u")
    assert (workspace / "memory" / "MEMORY.md").read_text() == "m"
    assert (workspace / "SOUL.md").read_text() == "s"
    assert (workspace / "USER.md").read_text() == "u"
    leftovers = [p.name for p in workspace.rglob("*") if p.name.endswith(".tmp")]
    assert leftovers == []


def test_memory_context(store: MemoryStore) -> None:
    assert store.get_memory_context() == ""
    store.write_memory("   \n")
    assert store.get_memory_context() == ""
    store.write_memory("- uses Postgres")
    assert store.get_memory_context() == "## Long-term Memory\n- uses Postgres"


def test_write_refuses_non_text(store: MemoryStore) -> None:
    with pytest.raises(UserError, match=r"USER\.md"):
        store.write_user(None)  # type: ignore[arg-type]


def test_append_history_returns_cursors_and_stores_session(store: MemoryStore) -> None:
    assert store.append_history("first", session_key="cli:alice") == 1
    source = {"session_key": "cli:bob", "start": 0, "end": 2}
    assert store.append_history("second", source=source) == 2
    with pytest.raises(UserError, match=r"history source is .*'start': 0\}"):
        store.append_history("third", source={"session_key": "cli:bob", "start": 0})
    records = stored_records(store)
    assert records[0]["session_key"] == "cli:alice"
    assert records[1]["source"] == source
    assert store.get_latest_cursor() == 2  # the refused entry wrote nothing


def test_append_history_strips_leaked_reasoning(store: MemoryStore) -> None:
    store.append_history("<think>should I?</think>User likes tea.")
    store.append_history("<think>nothing but reasoning")
    store.append_history("")
    assert [r["content"] for r in stored_records(store)] == ["User likes tea.", "", ""]


def test_append_history_caps_marker_included(store: MemoryStore) -> None:
    store.append_history("a" * 500, max_chars=100)
    store.append_history("b" * 70_000)
    store.append_history("c" * 70_000, max_chars=100_000)
    first, second, third = (r["content"] for r in stored_records(store))
    assert isinstance(first, str) and isinstance(second, str) and isinstance(third, str)
    assert len(first) == 100 and first.endswith(TRUNCATION_MARKER)
    assert len(second) == 64_000 and second.endswith(TRUNCATION_MARKER)
    assert third == "c" * 70_000  # an explicit cap replaces the default one


@pytest.mark.parametrize("bad", [0, -3, True, "10"])
def test_append_history_refuses_bad_cap(store: MemoryStore, bad: object) -> None:
    with pytest.raises(UserError, match="max_chars"):
        store.append_history("x", max_chars=bad)  # type: ignore[arg-type]
    assert store.get_latest_cursor() == 0


def test_read_unprocessed_history(store: MemoryStore) -> None:
    for word in ("a", "b", "c", "d"):
        store.append_history(word, session_key="s:1")
    unread = store.read_unprocessed_history(2)
    assert [(r["cursor"], r["content"]) for r in unread] == [(3, "c"), (4, "d")]
    assert set(unread[0]) == {"cursor", "timestamp", "content", "session_key"}
    assert store.read_unprocessed_history(4) == []
    assert len(store.read_unprocessed_history(0)) == 4
    assert len(store.read_unprocessed_history(-1)) == 4


def test_recent_history_is_scoped_to_the_session(store: MemoryStore) -> None:
    keys = ["cli:alice", "tg:bob", None, "cron:daily", "dream:run", "heartbeat", "cli:alice"]
    for index, key in enumerate(keys):
        store.append_history(f"e{index}", session_key=key)

    def contents(**kwargs: object) -> list[object]:
        return [r["content"] for r in store.read_recent_history_for_prompt(0, **kwargs)]  # type: ignore[arg-type]

    assert contents(session_key=None) == [f"e{i}" for i in range(7)]
    assert contents(session_key="cli:alice") == ["e0", "e6"]
    assert contents(session_key="cli:alice", unified_session=True) == ["e0", "e1", "e2", "e6"]
    assert contents(session_key="cron:daily") == ["e3"]
    assert [
        r["cursor"] for r in store.read_recent_history_for_prompt(5, session_key="cli:alice")
    ] == [7]


def test_dream_cursor_round_trip_and_format(store: MemoryStore) -> None:
    assert store.get_last_dream_cursor() == 0
    store.set_last_dream_cursor(42)
    assert store.get_last_dream_cursor() == 42
    assert store.dream_cursor_file.read_text() == "42"
    with pytest.raises(UserError, match="dream cursor"):
        store.set_last_dream_cursor(-1)
    assert store.get_last_dream_cursor() == 42


@pytest.mark.parametrize("content", ["soon", "-4", "", "1.5"])
def test_corrupt_dream_cursor_reads_as_zero_with_a_warning(
    store: MemoryStore, caplog: pytest.LogCaptureFixture, content: str
) -> None:
    store.memory_dir.mkdir(parents=True)
    store.dream_cursor_file.write_text(content)
    with caplog.at_level(logging.WARNING, logger="reverie"):
        assert store.get_last_dream_cursor() == 0
        assert store.get_last_dream_cursor() == 0
    warnings = [r for r in caplog.records if ".dream_cursor" in r.getMessage()]
    assert len(warnings) == 1


def test_dream_cursor_with_newline_like_hand_edits(store: MemoryStore) -> None:
    store.memory_dir.mkdir(parents=True)
    store.dream_cursor_file.write_text(" 17\n")
    assert store.get_last_dream_cursor() == 17


def test_compact_history_respects_dream_cursor(workspace: Path) -> None:
    store = MemoryStore(workspace, max_history_entries=3)
    for index in range(8):
        store.append_history(f"e{index}")
    assert store.compact_history().dropped == 0  # nothing processed yet
    store.set_last_dream_cursor(4)
    assert store.compact_history().dropped == 4
    assert [r["cursor"] for r in store.read_unprocessed_history(0)] == [5, 6, 7, 8]
    store.set_last_dream_cursor(8)
    store.compact_history()
    assert [r["cursor"] for r in store.read_unprocessed_history(0)] == [6, 7, 8]
    assert store.append_history("next") == 9


def test_compaction_disabled_with_zero(workspace: Path) -> None:
    store = MemoryStore(workspace, max_history_entries=0)
    for index in range(5):
        store.append_history(f"e{index}")
    store.set_last_dream_cursor(5)
    assert store.compact_history().dropped == 0
    assert len(store.read_unprocessed_history(0)) == 5


@pytest.mark.parametrize("bad", [-1, 2.5, True])
def test_bad_history_cap_is_refused(workspace: Path, bad: object) -> None:
    with pytest.raises(UserError, match="max_history_entries"):
        MemoryStore(workspace, max_history_entries=bad)  # type: ignore[arg-type]


def test_raw_archive_formats_and_returns_cursor(store: MemoryStore) -> None:
    messages = [
        {"role": "user", "content": "deploy it", "timestamp": "2026-04-03T09:15:00"},
        {
            "role": "assistant",
            "content": "done",
            "timestamp": "2026-04-03T09:16:00",
            "tools_used": ["shell", "git"],
        },
        {"role": "tool", "content": "", "timestamp": "2026-04-03T09:16:00"},
    ]
    cursor = store.raw_archive(messages, session_key="cli:alice")
    assert cursor == 1
    record = stored_records(store)[0]
    assert record["session_key"] == "cli:alice"
    assert record["content"] == (
        "[RAW] 3 messages\n"
        "[2026-04-03 09:15] USER: deploy it\n"
        "[2026-04-03 09:16] ASSISTANT [tools: shell, git]: done"
    )


def test_raw_archive_keeps_users_words_verbatim(store: MemoryStore) -> None:
    store.raw_archive([{"role": "user", "content": "what does <think> do?", "timestamp": ""}])
    assert "<think> do?" in str(stored_records(store)[0]["content"])


def test_raw_archive_of_empty_messages_writes_nothing(store: MemoryStore) -> None:
    assert store.raw_archive([]) is None
    assert store.raw_archive([{"role": "user", "content": ""}, {"role": "assistant"}]) is None
    assert not store.history_file.exists()


def test_raw_archive_caps_the_text_after_the_first_line(store: MemoryStore) -> None:
    big = [{"role": "user", "content": "z" * 30_000, "timestamp": "2026-04-03T09:15:00"}]
    store.raw_archive(big)
    store.raw_archive(big, max_chars=500)
    default, small = (str(r["content"]) for r in stored_records(store))
    header, _, body = default.partition("\n")
    assert header == "[RAW] 1 messages"
    assert len(body) == 16_000 and body.endswith(TRUNCATION_MARKER)
    assert len(small.partition("\n")[2]) == 500


def test_build_dream_prompt_nothing_new(store: MemoryStore) -> None:
    assert store.build_dream_prompt() is None
    store.append_history("seen")
    store.set_last_dream_cursor(1)
    assert store.build_dream_prompt() is None


def test_build_dream_prompt_contents(store: MemoryStore) -> None:
    store.write_soul("Be brief.")
    store.write_user("Name: Dana")
    store.write_memory("M" * 9_000)
    for index in range(25):
        store.append_history(f"fact {index}", session_key="cli:dana")
    store.append_history("L" * 5_000)
    store.set_last_dream_cursor(3)
    built = store.build_dream_prompt(max_entries=5)
    assert built is not None
    prompt, last = built
    assert last == 8
    assert "Be brief." in prompt and "Name: Dana" in prompt
    assert "M" * 7_000 in prompt and "M" * 8_001 not in prompt
    assert "fact 3" in prompt and "fact 7" in prompt
    assert "fact 2\n" not in prompt and "fact 8" not in prompt
    assert 'cursor="4"' in prompt and "cli:dana" in prompt
    assert "USER.md" in prompt and "SOUL.md" in prompt and "memory/MEMORY.md" in prompt

    store.set_last_dream_cursor(25)
    built = store.build_dream_prompt()
    assert built is not None
    prompt, last = built
    assert last == 26
    assert "L" * 980 in prompt and "L" * 1_000 not in prompt


def test_build_dream_prompt_guide_choice(store: MemoryStore, workspace: Path) -> None:
    store.append_history("something new")
    built = store.build_dream_prompt()
    assert built is not None
    assert "USER.md" in built[0] and "[correction]" in built[0]  # the built-in guide
    guide = workspace / "prompts" / "dream.md"
    guide.parent.mkdir()
    guide.write_text("  \n\t\n")
    blank = store.build_dream_prompt()
    assert blank is not None and blank[0] == built[0]
    guide.write_text("CUSTOM GUIDE: only touch MEMORY.md")
    custom = store.build_dream_prompt()
    assert custom is not None
    assert custom[0].startswith("CUSTOM GUIDE") and "[correction]" not in custom[0]


def test_git_property_tracks_the_memory_files(store: MemoryStore) -> None:
    git = store.git
    assert git is store.git
    assert list(git.tracked_files) == [
        "SOUL.md",
        "USER.md",
        "memory/MEMORY.md",
        "memory/.dream_cursor",
    ]


def test_memory_folder_that_is_a_file(workspace: Path) -> None:
    (workspace / "memory").write_text("oops")
    store = MemoryStore(workspace)
    for call in (
        store.read_memory,
        store.get_last_dream_cursor,
        lambda: store.read_unprocessed_history(0),
        lambda: store.append_history("x"),
    ):
        with pytest.raises(StoreError, match="memory"):
            call()
    assert (workspace / "memory").read_text() == "oops"


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_unreadable_workspace_names_the_path(workspace: Path) -> None:
    store = MemoryStore(workspace)
    store.append_history("kept")
    store.write_user("kept too")
    store.memory_dir.chmod(0)
    store.user_file.chmod(0)
    try:
        with pytest.raises(StoreError, match="memory"):
            MemoryStore(workspace).read_unprocessed_history(0)
        with pytest.raises(StoreError, match=r"USER\.md"):
            store.read_user()
    finally:
        store.memory_dir.chmod(0o755)
        store.user_file.chmod(0o644)
    assert store.read_user() == "kept too"
