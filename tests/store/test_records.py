"""History records: parsing at the file edge, one kind of rejection per kind of damage."""

from __future__ import annotations

import json

import pytest

from reverie.errors import UserError
from reverie.store.records import HistoryEntry, HistorySource, Reject, parse_history_line


def test_round_trip_keeps_every_field() -> None:
    entry = HistoryEntry(
        cursor=7,
        timestamp="2026-04-03 00:02",
        content="line one\nline two ünïcode",
        session_key="cli:alice",
        source=HistorySource("cli:alice", 3, 9),
    )
    line = entry.to_json_line()
    assert line.endswith("\n") and line.count("\n") == 1
    assert parse_history_line(line) == entry
    assert parse_history_line(line.encode("utf-8")) == entry


def test_optional_keys_are_left_out_like_nanobot() -> None:
    entry = HistoryEntry(cursor=1, timestamp="2026-04-03 00:02", content="hi")
    assert entry.to_dict() == {"cursor": 1, "timestamp": "2026-04-03 00:02", "content": "hi"}


def test_nanobot_line_parses() -> None:
    line = '{"cursor": 42, "timestamp": "2026-04-03 00:02", "content": "x", "session_key": "c:1"}'
    assert parse_history_line(line) == HistoryEntry(42, "2026-04-03 00:02", "x", "c:1")


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("{not json", Reject.MALFORMED_JSON),
        (b"\xff\xfe{}", Reject.MALFORMED_JSON),
        ("[1, 2]", Reject.NOT_AN_OBJECT),
        ('"text"', Reject.NOT_AN_OBJECT),
        ('{"timestamp": "t", "content": "c"}', Reject.MISSING_CURSOR),
        ('{"cursor": true, "timestamp": "t", "content": "c"}', Reject.BOOL_CURSOR),
        ('{"cursor": 0, "timestamp": "t", "content": "c"}', Reject.NON_POSITIVE_CURSOR),
        ('{"cursor": -4, "timestamp": "t", "content": "c"}', Reject.NON_POSITIVE_CURSOR),
        ('{"cursor": 2.0, "timestamp": "t", "content": "c"}', Reject.NON_INTEGER_CURSOR),
        ('{"cursor": "3", "timestamp": "t", "content": "c"}', Reject.NON_INTEGER_CURSOR),
        ('{"cursor": null, "timestamp": "t", "content": "c"}', Reject.NON_INTEGER_CURSOR),
        ('{"cursor": 3, "content": "c"}', Reject.BAD_TIMESTAMP),
        ('{"cursor": 3, "timestamp": 5, "content": "c"}', Reject.BAD_TIMESTAMP),
        ('{"cursor": 3, "timestamp": "t"}', Reject.BAD_CONTENT),
        ('{"cursor": 3, "timestamp": "t", "content": ["c"]}', Reject.BAD_CONTENT),
        (
            '{"cursor": 3, "timestamp": "t", "content": "c", "session_key": 9}',
            Reject.BAD_SESSION_KEY,
        ),
    ],
)
def test_each_kind_of_damage_is_named(line: str | bytes, kind: Reject) -> None:
    assert parse_history_line(line) is kind


def test_blank_lines_are_nothing_not_damage() -> None:
    assert parse_history_line("") is None
    assert parse_history_line("   \r") is None


def test_null_session_key_and_foreign_source_keep_the_entry() -> None:
    record = {"cursor": 5, "timestamp": "t", "content": "c", "session_key": None, "source": "x"}
    entry = parse_history_line(json.dumps(record))
    assert entry == HistoryEntry(5, "t", "c", None, None)


def test_a_source_is_parsed_once_into_a_typed_record() -> None:
    line = json.dumps(
        {
            "cursor": 3,
            "timestamp": "2026-04-03 00:02",
            "content": "x",
            "source": {"session_key": "cli:a", "start": 4, "end": 10},
        }
    )
    entry = parse_history_line(line)
    assert isinstance(entry, HistoryEntry)
    assert entry.source == HistorySource("cli:a", 4, 10)
    assert json.loads(entry.to_json_line())["source"] == {
        "session_key": "cli:a",
        "start": 4,
        "end": 10,
    }


@pytest.mark.parametrize(
    "source",
    [
        "cli:a 4-10",
        {"start": 4, "end": 10},
        {"session_key": "", "start": 4, "end": 10},
        {"session_key": "cli:a", "start": "4", "end": 10},
        {"session_key": "cli:a", "start": True, "end": 10},
        {"session_key": "cli:a", "start": 10, "end": 4},
        {"session_key": "cli:a", "start": -1, "end": 4},
    ],
)
def test_a_foreign_source_reads_as_none_and_the_entry_is_kept(source: object) -> None:
    line = json.dumps({"cursor": 3, "timestamp": "t", "content": "kept", "source": source})
    entry = parse_history_line(line)
    assert isinstance(entry, HistoryEntry)
    assert (entry.content, entry.source) == ("kept", None)
    with pytest.raises(UserError, match="history source"):
        HistorySource.coerce(source if isinstance(source, dict) else {"text": source})


def test_an_impossible_source_cannot_be_built() -> None:
    with pytest.raises(UserError, match="start and end"):
        HistorySource("cli:a", 5, 2)
    with pytest.raises(UserError, match="session_key"):
        HistorySource("", 0, 1)
