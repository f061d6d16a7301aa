"""Black-box contract tests for MemoryStore: DESIGN.md sections 1, 2 and 4.

Only the top-level ``reverie`` package is used, exactly as the contract spells it.
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import re
import threading
from pathlib import Path
from typing import Any

import pytest

from reverie import GitStore, MemoryStore, ToolRegistry
from suite_tools import DEADLINE, ChildProcesses

STAMP = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$")


def history_lines(workspace: Path) -> list[dict[str, Any]]:
    path = workspace / "memory" / "history.jsonl"
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def write_history(workspace: Path, lines: list[object]) -> None:
    memory = workspace / "memory"
    memory.mkdir(parents=True, exist_ok=True)
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    (memory / "history.jsonl").write_text(text, encoding="utf-8")


def entry(cursor: object, content: object = "x", **extra: object) -> dict[str, object]:
    return {"cursor": cursor, "timestamp": "2026-04-03 00:02", "content": content, **extra}


# -- construction and memory files -------------------------------------------------


def test_constructor_accepts_str_and_positional_max_entries(tmp_path: Path) -> None:
    store = MemoryStore(str(tmp_path), 5)
    assert store.append_history("a") == 1
    assert MemoryStore(tmp_path, max_history_entries=0).get_latest_cursor() == 1


@pytest.mark.parametrize("name", ["memory", "soul", "user"])
def test_missing_files_read_as_empty_and_round_trip(tmp_path: Path, name: str) -> None:
    store = MemoryStore(tmp_path)
    assert getattr(store, f"read_{name}")() == ""
    assert getattr(store, f"write_{name}")("line one\nline ✓\n") is None
    assert getattr(store, f"read_{name}")() == "line one\nline ✓\n"


def test_files_live_where_section_1_says(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.write_memory("m")
    store.write_soul("s")
    store.write_user("u")
    assert (tmp_path / "memory" / "MEMORY.md").read_text(encoding="utf-8") == "m"
    assert (tmp_path / "SOUL.md").read_text(encoding="utf-8") == "s"
    assert (tmp_path / "USER.md").read_text(encoding="utf-8") == "u"


def test_memory_files_written_by_hand_are_read(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "MEMORY.md").write_text("hand-written", encoding="utf-8")
    assert MemoryStore(tmp_path).read_memory() == "hand-written"


def test_memory_context(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    assert store.get_memory_context() == ""
    store.write_memory("")
    assert store.get_memory_context() == ""
    store.write_memory("- uses PostgreSQL 16")
    assert store.get_memory_context() == "## Long-term Memory\n- uses PostgreSQL 16"


# -- append_history ------------------------------------------------------------------


def test_append_returns_increasing_cursors_starting_at_one(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    assert store.get_latest_cursor() == 0
    cursors = [store.append_history(f"entry {i}") for i in range(5)]
    assert cursors == [1, 2, 3, 4, 5]
    assert all(type(c) is int for c in cursors)
    assert store.get_latest_cursor() == 5


def test_record_format_on_disk(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("no key")
    store.append_history("with key", session_key="cli:alice")
    first, second = history_lines(tmp_path)
    assert first["cursor"] == 1 and first["content"] == "no key"
    assert STAMP.match(first["timestamp"])
    assert first.get("session_key") is None
    assert second["cursor"] == 2 and second["session_key"] == "cli:alice"


def test_append_keyword_only_arguments(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    with pytest.raises(TypeError):
        store.append_history("x", 10)  # type: ignore[misc]
    assert store.append_history("x", max_chars=None, session_key=None) == 1


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        ("<think>private plan</think>The user prefers tea.", "The user prefers tea."),
        ("The user prefers tea.<think>and then some", "The user prefers tea."),
        ("<think>only reasoning</think>", ""),
        ("<think>never closed", ""),
        ("plain text stays exactly as is  ", "plain text stays exactly as is  "),
    ],
)
def test_append_strips_leaked_reasoning(tmp_path: Path, raw: str, stored: str) -> None:
    store = MemoryStore(tmp_path)
    cursor = store.append_history(raw)
    [record] = store.read_unprocessed_history(0)
    assert record["cursor"] == cursor
    assert record["content"] == stored


def test_append_strips_channel_markers(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("<|channel>thought secret reasoning<channel|>Final fact.")
    store.append_history("Fact two.<|im_end|>")
    contents = [e["content"] for e in store.read_unprocessed_history(0)]
    assert contents == ["Final fact.", "Fact two."]
    assert all("<" not in c and "secret" not in c for c in contents)


@pytest.mark.parametrize("marker", ["<channel|>", "<|channel|>", "<|channel>", "<|im_start|>"])
def test_leading_template_marker_is_stripped(tmp_path: Path, marker: str) -> None:
    store = MemoryStore(tmp_path)
    store.append_history(f"{marker}The user prefers tea.")
    assert store.read_unprocessed_history(0)[0]["content"] == "The user prefers tea."


def test_empty_entry_is_stored(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    assert store.append_history("") == 1
    assert store.read_unprocessed_history(0)[0]["content"] == ""


def test_default_hard_cap_is_64000_marker_included(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("a" * 100_000)
    content = store.read_unprocessed_history(0)[0]["content"]
    assert len(content) <= 64_000
    assert content.startswith("a" * 60_000)
    assert len(content) > 63_000


def test_exactly_at_cap_is_not_truncated(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("b" * 64_000)
    store.append_history("c" * 50, max_chars=50)
    first, second = store.read_unprocessed_history(0)
    assert first["content"] == "b" * 64_000
    assert second["content"] == "c" * 50


@pytest.mark.parametrize("cap", [1, 5, 20, 51, 100])
def test_max_chars_caps_stored_text(tmp_path: Path, cap: int) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("d" * 200, max_chars=cap)
    content = store.read_unprocessed_history(0)[0]["content"]
    assert len(content) <= cap
    assert content != "d" * 200


# -- reading -------------------------------------------------------------------------


def test_read_unprocessed_history(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    for i in range(1, 6):
        store.append_history(f"e{i}", session_key="cli:a")
    result = store.read_unprocessed_history(3)
    assert isinstance(result, list) and all(isinstance(e, dict) for e in result)
    assert [(e["cursor"], e["content"]) for e in result] == [(4, "e4"), (5, "e5")]
    assert result[0]["session_key"] == "cli:a"
    assert STAMP.match(result[0]["timestamp"])
    assert store.read_unprocessed_history(5) == []
    assert store.read_unprocessed_history(99) == []
    assert [e["cursor"] for e in store.read_unprocessed_history(0)] == [1, 2, 3, 4, 5]
    assert [e["cursor"] for e in store.read_unprocessed_history(since_cursor=4)] == [5]


def test_reads_on_an_empty_workspace(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "fresh")
    assert store.read_unprocessed_history(0) == []
    assert store.read_recent_history_for_prompt(0, session_key=None) == []
    assert store.get_latest_cursor() == 0
    assert store.get_last_dream_cursor() == 0
    assert store.build_dream_prompt() is None


def test_read_history_with_gaps_in_cursors(tmp_path: Path) -> None:
    write_history(tmp_path, [entry(3, "a"), entry(10, "b"), entry(11, "c"), entry(40, "d")])
    store = MemoryStore(tmp_path)
    assert [e["content"] for e in store.read_unprocessed_history(10)] == ["c", "d"]
    assert [e["content"] for e in store.read_unprocessed_history(5)] == ["b", "c", "d"]
    assert store.get_latest_cursor() == 40
    assert store.append_history("next") == 41


def test_nanobot_written_history_opens_as_is(tmp_path: Path) -> None:
    write_history(
        tmp_path,
        [
            {"cursor": 1, "timestamp": "2026-04-03 00:02", "content": "first"},
            {
                "cursor": 2,
                "timestamp": "2026-04-03 00:05",
                "content": "second",
                "session_key": "telegram:42",
            },
        ],
    )
    store = MemoryStore(tmp_path)
    entries = store.read_unprocessed_history(0)
    assert entries[0] == {"cursor": 1, "timestamp": "2026-04-03 00:02", "content": "first"}
    assert entries[1]["session_key"] == "telegram:42"
    assert store.append_history("third") == 3


@pytest.fixture
def mixed_store(tmp_path: Path) -> MemoryStore:
    store = MemoryStore(tmp_path)
    store.append_history("alice 1", session_key="cli:alice")
    store.append_history("bob 1", session_key="cli:bob")
    store.append_history("no key")
    store.append_history("cron job", session_key="cron:nightly")
    store.append_history("dream run", session_key="dream:2026")
    store.append_history("heartbeat", session_key="heartbeat")
    store.append_history("alice 2", session_key="cli:alice")
    return store


def contents(entries: list[dict[str, Any]]) -> list[str]:
    return [e["content"] for e in entries]


def test_recent_history_all_sessions(mixed_store: MemoryStore) -> None:
    assert len(mixed_store.read_recent_history_for_prompt(0, session_key=None)) == 7
    assert contents(mixed_store.read_recent_history_for_prompt(5, session_key=None)) == [
        "heartbeat",
        "alice 2",
    ]


def test_recent_history_for_one_session(mixed_store: MemoryStore) -> None:
    result = mixed_store.read_recent_history_for_prompt(0, session_key="cli:alice")
    assert contents(result) == ["alice 1", "alice 2"]
    assert contents(mixed_store.read_recent_history_for_prompt(1, session_key="cli:alice")) == [
        "alice 2"
    ]
    assert mixed_store.read_recent_history_for_prompt(0, session_key="cli:nobody") == []


def test_recent_history_unified(mixed_store: MemoryStore) -> None:
    result = mixed_store.read_recent_history_for_prompt(
        0, session_key="cli:alice", unified_session=True
    )
    assert contents(result) == ["alice 1", "bob 1", "no key", "alice 2"]
    internal = mixed_store.read_recent_history_for_prompt(
        0, session_key="cron:nightly", unified_session=True
    )
    assert "cron job" in contents(internal)  # a session always sees its own entries
    assert "dream run" not in contents(internal)


def test_recent_history_unified_without_key_shows_all(mixed_store: MemoryStore) -> None:
    result = mixed_store.read_recent_history_for_prompt(0, session_key=None, unified_session=True)
    assert len(result) == 7


# -- bad data ------------------------------------------------------------------------


BAD_LINES: list[object] = [
    "{not json",
    "[1, 2, 3]",
    '"just a string"',
    "42",
    "null",
    {"timestamp": "2026-04-03 00:02", "content": "no cursor"},
    entry(True, "bool cursor"),
    entry(False, "false cursor"),
    entry(0, "zero cursor"),
    entry(-3, "negative cursor"),
    entry("7", "string cursor"),
    entry(7.0, "float cursor"),
    entry(None, "null cursor"),
    entry(8, 123),
    entry(8, None),
    entry(8, ["list"]),
    {"cursor": 8, "content": "no timestamp"},
    {"cursor": 8, "timestamp": 20260403, "content": "int timestamp"},
    entry(8, "bad key", session_key=5),
]


def test_bad_lines_are_skipped_never_crash(tmp_path: Path) -> None:
    write_history(tmp_path, [entry(1, "good one"), *BAD_LINES, entry(2, "good two")])
    store = MemoryStore(tmp_path)
    assert contents(store.read_unprocessed_history(0)) == ["good one", "good two"]
    assert contents(store.read_unprocessed_history(1)) == ["good two"]
    assert contents(store.read_recent_history_for_prompt(0, session_key=None)) == [
        "good one",
        "good two",
    ]
    assert store.get_latest_cursor() == 2
    assert store.append_history("three") == 3


def test_bad_last_line_does_not_hide_the_latest_cursor(tmp_path: Path) -> None:
    write_history(tmp_path, [entry(1), entry(2), entry(True), "{broken"])
    store = MemoryStore(tmp_path)
    assert store.get_latest_cursor() == 2
    assert store.append_history("next") == 3


def test_one_warning_per_kind(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    lines: list[object] = [entry(1)]
    lines += ["{broken"] * 20
    lines += [entry(True)] * 20
    lines += [entry(2)]
    write_history(tmp_path, lines)
    store = MemoryStore(tmp_path)
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            assert len(store.read_unprocessed_history(0)) == 2
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert 1 <= len(warnings) <= 2
    assert all(r.name.startswith("reverie") for r in warnings)


def test_non_utf8_line_is_skipped(tmp_path: Path) -> None:
    memory = tmp_path / "memory"
    memory.mkdir()
    good = json.dumps(entry(1, "ok")).encode() + b"\n"
    (memory / "history.jsonl").write_bytes(good + b'{"cursor": 2, "content": "\xff\xfe"}\n')
    store = MemoryStore(tmp_path)
    assert contents(store.read_unprocessed_history(0)) == ["ok"]


@pytest.mark.parametrize("cursor_text", ["garbage", "", "-5", "1.5", "true", "\x00\x01"])
def test_corrupt_cursor_file_is_recovered_from_the_log(tmp_path: Path, cursor_text: str) -> None:
    write_history(tmp_path, [entry(1), entry(2), entry(3)])
    (tmp_path / "memory" / ".cursor").write_text(cursor_text, encoding="utf-8")
    store = MemoryStore(tmp_path)
    assert store.append_history("next") == 4
    assert store.append_history("after") == 5


def test_stale_cursor_file_never_reissues_a_cursor(tmp_path: Path) -> None:
    write_history(tmp_path, [entry(1), entry(2), entry(9)])
    (tmp_path / "memory" / ".cursor").write_text("2", encoding="utf-8")
    assert MemoryStore(tmp_path).append_history("x") == 10


def test_cursor_file_ahead_of_the_log_wins(tmp_path: Path) -> None:
    write_history(tmp_path, [entry(1), entry(2)])
    (tmp_path / "memory" / ".cursor").write_text("50", encoding="utf-8")
    assert MemoryStore(tmp_path).append_history("x") == 51


def test_cursor_file_is_kept_up_to_date(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("a")
    store.append_history("b")
    assert (tmp_path / "memory" / ".cursor").read_text(encoding="utf-8").strip() == "2"


def test_cursor_not_reused_after_log_is_emptied(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("a")
    store.append_history("b")
    (tmp_path / "memory" / "history.jsonl").write_text("", encoding="utf-8")
    assert store.append_history("c") == 3


# -- dream cursor --------------------------------------------------------------------


def test_dream_cursor_round_trip(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    assert store.get_last_dream_cursor() == 0
    assert store.set_last_dream_cursor(7) is None
    assert store.get_last_dream_cursor() == 7
    assert (tmp_path / "memory" / ".dream_cursor").read_text(encoding="utf-8").strip() == "7"
    assert MemoryStore(tmp_path).get_last_dream_cursor() == 7


@pytest.mark.parametrize("text", ["garbage", "", "-1", "3.5", "null"])
def test_corrupt_dream_cursor_reads_as_zero_with_warning(
    tmp_path: Path, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / ".dream_cursor").write_text(text, encoding="utf-8")
    store = MemoryStore(tmp_path)
    with caplog.at_level(logging.WARNING):
        assert store.get_last_dream_cursor() == 0
    if text:
        assert any(r.name.startswith("reverie") for r in caplog.records)


def test_dream_cursor_with_trailing_newline(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / ".dream_cursor").write_text("12\n", encoding="utf-8")
    assert MemoryStore(tmp_path).get_last_dream_cursor() == 12


# -- compaction ------------------------------------------------------------------------


def fill(store: MemoryStore, count: int) -> None:
    for i in range(1, count + 1):
        store.append_history(f"e{i}")


def cursors(store: MemoryStore) -> list[int]:
    return [e["cursor"] for e in store.read_unprocessed_history(0)]


def test_compact_drops_oldest_processed_entries(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path, max_history_entries=3)
    fill(store, 6)
    store.set_last_dream_cursor(6)
    store.compact_history()
    assert cursors(store) == [4, 5, 6]
    assert store.get_latest_cursor() == 6
    assert store.append_history("next") == 7


def test_compact_never_drops_unprocessed_entries(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path, max_history_entries=2)
    fill(store, 6)
    store.compact_history()  # dream cursor 0: nothing processed
    assert cursors(store) == [1, 2, 3, 4, 5, 6]
    store.set_last_dream_cursor(2)
    store.compact_history()
    assert cursors(store) == [3, 4, 5, 6]


def test_compact_under_the_limit_and_disabled(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path, max_history_entries=10)
    fill(store, 5)
    store.set_last_dream_cursor(5)
    store.compact_history()
    assert cursors(store) == [1, 2, 3, 4, 5]
    off = MemoryStore(tmp_path, max_history_entries=0)
    off.compact_history()
    assert cursors(off) == [1, 2, 3, 4, 5]


def test_compact_exactly_at_the_limit(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path, max_history_entries=4)
    fill(store, 4)
    store.set_last_dream_cursor(4)
    store.compact_history()
    assert cursors(store) == [1, 2, 3, 4]


def test_compact_on_empty_workspace(tmp_path: Path) -> None:
    MemoryStore(tmp_path, max_history_entries=1).compact_history()


def test_compact_leaves_no_temp_files(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path, max_history_entries=1)
    fill(store, 3)
    store.set_last_dream_cursor(3)
    store.compact_history()
    memory = tmp_path / "memory"
    assert [p.name for p in memory.iterdir() if "tmp" in p.name.lower()] == []
    assert cursors(store) == [3]


# -- raw_archive -----------------------------------------------------------------------


def test_raw_archive_format(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    messages = [
        {"role": "user", "content": "deploy it", "timestamp": "2026-04-03T10:15:30"},
        {
            "role": "assistant",
            "content": "done",
            "timestamp": "2026-04-03T10:16:00",
            "tools_used": ["shell", "git"],
        },
        {
            "role": "assistant",
            "content": "checked",
            "timestamp": "2026-04-03T10:17:00",
            "tool_calls": [
                {"id": "1", "type": "function", "function": {"name": "read", "arguments": "{}"}},
                {"id": "2", "type": "function", "function": {"name": "grep", "arguments": "{}"}},
            ],
        },
    ]
    cursor = store.raw_archive(messages, session_key="cli:alice")
    assert isinstance(cursor, int) and cursor == store.get_latest_cursor()
    [record] = store.read_unprocessed_history(0)
    assert record["session_key"] == "cli:alice"
    assert record["content"] == (
        "[RAW] 3 messages\n"
        "[2026-04-03 10:15] USER: deploy it\n"
        "[2026-04-03 10:16] ASSISTANT [tools: shell, git]: done\n"
        "[2026-04-03 10:17] ASSISTANT [tools: read, grep]: checked"
    )


def test_raw_archive_of_empty_messages_returns_none(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    assert store.raw_archive([]) is None
    assert store.raw_archive([{"role": "user", "content": ""}]) is None
    assert store.get_latest_cursor() == 0


def test_raw_archive_default_cap_applies_after_header(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    messages = [
        {"role": "user", "content": "z" * 5_000, "timestamp": "2026-04-03T10:15:30"}
        for _ in range(10)
    ]
    store.raw_archive(messages)
    content = store.read_unprocessed_history(0)[0]["content"]
    header, body = content.split("\n", 1)
    assert header == "[RAW] 10 messages"
    assert len(body) <= 16_000
    assert len(body) > 15_000


def test_raw_archive_custom_cap(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.raw_archive([{"role": "user", "content": "y" * 500}], max_chars=100)
    header, body = store.read_unprocessed_history(0)[0]["content"].split("\n", 1)
    assert header == "[RAW] 1 messages"
    assert len(body) <= 100


def test_raw_archive_keeps_user_words(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.raw_archive([{"role": "user", "content": "what does <think> mean?"}])
    assert "what does <think> mean?" in store.read_unprocessed_history(0)[0]["content"]


# -- dream prompt ----------------------------------------------------------------------


def test_build_dream_prompt_nothing_new(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    assert store.build_dream_prompt() is None
    store.append_history("fact")
    store.set_last_dream_cursor(1)
    assert store.build_dream_prompt() is None


def test_build_dream_prompt_contents(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.write_soul("SOUL-MARKER")
    store.write_user("USER-MARKER")
    store.write_memory("MEMORY-MARKER")
    store.append_history("ENTRY-ONE")
    store.append_history("ENTRY-TWO")
    result = store.build_dream_prompt()
    assert isinstance(result, tuple) and len(result) == 2
    prompt, last = result
    assert isinstance(prompt, str) and last == 2
    for marker in ("SOUL-MARKER", "USER-MARKER", "MEMORY-MARKER", "ENTRY-ONE", "ENTRY-TWO"):
        assert marker in prompt
    store.set_last_dream_cursor(1)
    prompt2, last2 = store.build_dream_prompt() or ("", 0)
    assert last2 == 2 and "ENTRY-TWO" in prompt2 and "ENTRY-ONE" not in prompt2


def test_build_dream_prompt_max_entries(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    for i in range(1, 26):
        store.append_history(f"ENTRY-{i:03d}")
    prompt, last = store.build_dream_prompt() or ("", 0)
    assert last == 20
    assert "ENTRY-020" in prompt and "ENTRY-021" not in prompt
    prompt, last = store.build_dream_prompt(max_entries=3) or ("", 0)
    assert last == 3
    assert "ENTRY-003" in prompt and "ENTRY-004" not in prompt
    store.set_last_dream_cursor(3)
    prompt, last = store.build_dream_prompt(max_entries=3) or ("", 0)
    assert last == 6 and "ENTRY-004" in prompt and "ENTRY-003" not in prompt


def test_build_dream_prompt_caps(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.write_memory("☃" * 20_000)
    store.write_soul("☂" * 8_000)  # exactly at the cap: shown whole
    store.append_history("☄" * 5_000)
    prompt, _ = store.build_dream_prompt() or ("", 0)
    assert 7_000 < prompt.count("☃") <= 8_000
    assert prompt.count("☂") == 8_000
    assert 900 < prompt.count("☄") <= 1_000


def test_build_dream_prompt_guide(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("entry")
    builtin, _ = store.build_dream_prompt() or ("", 0)
    guide = tmp_path / "prompts" / "dream.md"
    guide.parent.mkdir()
    guide.write_text("   \n\t\n", encoding="utf-8")
    assert (store.build_dream_prompt() or ("", 0))[0] == builtin
    guide.write_text("CUSTOM-GUIDE-TEXT: merge facts.", encoding="utf-8")
    custom, _ = store.build_dream_prompt() or ("", 0)
    assert "CUSTOM-GUIDE-TEXT" in custom and custom != builtin
    assert "entry" in custom


def test_build_dream_prompt_is_keyword_only(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("x")
    with pytest.raises(TypeError):
        store.build_dream_prompt(5)  # type: ignore[misc]


# -- legacy migration ------------------------------------------------------------------


LEGACY = "[2026-03-01 09:00] First fact.\n\n[2026-03-02 18:30] Second fact.\nMore text.\n"


def write_legacy(workspace: Path) -> Path:
    path = workspace / "memory" / "HISTORY.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(LEGACY, encoding="utf-8")
    return path


def test_legacy_history_is_migrated_once(tmp_path: Path) -> None:
    legacy = write_legacy(tmp_path)
    store = MemoryStore(tmp_path)
    entries = store.read_unprocessed_history(0)
    assert [(e["timestamp"], e["content"]) for e in entries] == [
        ("2026-03-01 09:00", "First fact."),
        ("2026-03-02 18:30", "Second fact.\nMore text."),
    ]
    assert not legacy.exists()
    assert (tmp_path / "memory" / "HISTORY.md.bak").read_text(encoding="utf-8") == LEGACY
    assert store.get_last_dream_cursor() == entries[-1]["cursor"]
    assert store.build_dream_prompt() is None
    again = MemoryStore(tmp_path)
    assert len(again.read_unprocessed_history(0)) == 2


def test_legacy_migration_happens_on_open(tmp_path: Path) -> None:
    write_legacy(tmp_path)
    MemoryStore(tmp_path)
    assert (tmp_path / "memory" / "HISTORY.md.bak").exists()
    assert len(history_lines(tmp_path)) == 2


def test_legacy_not_migrated_over_existing_history(tmp_path: Path) -> None:
    write_history(tmp_path, [entry(1, "existing")])
    write_legacy(tmp_path)
    store = MemoryStore(tmp_path)
    assert contents(store.read_unprocessed_history(0)) == ["existing"]
    assert store.get_last_dream_cursor() == 0


# -- tools and git -----------------------------------------------------------------------


def test_build_dream_tools_and_git(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    tools = store.build_dream_tools()
    assert isinstance(tools, ToolRegistry)
    names = {d["function"]["name"] for d in tools.definitions()}
    assert names == {"read_file", "edit_file", "write_file", "apply_patch"}
    assert isinstance(store.git, GitStore)
    assert store.git is store.git


def test_git_tracks_the_durable_files(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.write_memory("fact")
    store.write_user("user")
    store.git.init()
    assert store.git.is_initialized()
    store.write_memory("fact 2")
    store.set_last_dream_cursor(3)
    (tmp_path / "notes.txt").write_text("not tracked", encoding="utf-8")
    sha = store.git.auto_commit("dream")
    assert sha is not None
    diff = store.git.show(sha)
    assert "MEMORY.md" in diff and ".dream_cursor" in diff
    assert "notes.txt" not in diff


# -- concurrency -------------------------------------------------------------------------


def _append_from_process(workspace: str, worker: int, count: int) -> None:
    store = MemoryStore(workspace)
    for index in range(count):
        store.append_history(f"p{worker}-{index}", session_key=f"proc:{worker}")


def test_processes_never_share_a_cursor(tmp_path: Path, children: ChildProcesses) -> None:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    workers = [
        context.Process(target=_append_from_process, args=(str(tmp_path), worker, 40))
        for worker in range(8)
    ]
    for process in workers:
        children.start(process)
    for process in workers:
        process.join(DEADLINE)
        assert process.exitcode == 0
    records = history_lines(tmp_path)
    assert len(records) == 320
    assert sorted(r["cursor"] for r in records) == list(range(1, 321))
    assert [r["cursor"] for r in records] == sorted(r["cursor"] for r in records)
    assert {r["content"] for r in records} == {f"p{w}-{i}" for w in range(8) for i in range(40)}


def test_threads_and_separate_stores_never_share_a_cursor(tmp_path: Path) -> None:
    shared = MemoryStore(tmp_path)
    results: list[int] = []
    lock = threading.Lock()

    def work(worker: int) -> None:
        store = shared if worker % 2 else MemoryStore(tmp_path)
        for index in range(50):
            cursor = store.append_history(f"t{worker}-{index}")
            with lock:
                results.append(cursor)

    threads = [threading.Thread(target=work, args=(w,)) for w in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == list(range(1, 301))
    assert [e["cursor"] for e in shared.read_unprocessed_history(0)] == list(range(1, 301))


def test_explicit_cap_above_the_default(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("e" * 70_000, max_chars=100_000)
    store.append_history("f" * 120_000, max_chars=100_000)
    first, second = store.read_unprocessed_history(0)
    assert first["content"] == "e" * 70_000
    assert 99_000 < len(second["content"]) <= 100_000
