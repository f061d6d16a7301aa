"""The conversation parsers: every format, and malformed input named by file, place and field."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.errors import UserError
from reverie.ingest import detect_format, parse_file


def write_jsonl(path: Path, records: list[Any]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_reverie_jsonl_splits_sessions_and_joins_continued_ones(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "chats.jsonl",
        [
            {"_type": "metadata", "key": "cli:ana"},
            {"role": "user", "content": "I prefer tea.", "timestamp": "2026-03-01T09:00:00"},
            {"role": "assistant", "content": "Noted."},
            {"_type": "metadata", "key": "telegram:ana"},
            {"role": "user", "content": "Hello from the phone."},
            {"_type": "metadata", "key": "cli:ana"},
            {"role": "user", "content": "Back again."},
        ],
    )
    result = parse_file(path)
    assert result.format == "reverie-jsonl"
    assert result.problems == []
    keys = [c.key for c in result.conversations]
    assert keys == ["cli:ana", "telegram:ana"]
    ana = result.conversations[0]
    assert [m["content"] for m in ana.messages] == ["I prefer tea.", "Noted.", "Back again."]
    assert ana.messages[0]["timestamp"] == "2026-03-01T09:00:00"
    assert ana.location == "lines 1-3, 6-7"


def test_a_session_file_without_metadata_gets_a_key_from_the_file_name(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "notes.jsonl", [{"role": "user", "content": "hi there"}])
    (conversation,) = parse_file(path).conversations
    assert conversation.key == "ingest:notes"


def test_tool_calls_and_results_are_kept(tmp_path: Path) -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "read_file", "arguments": "{}"}}
    path = write_jsonl(
        tmp_path / "tools.jsonl",
        [
            {"role": "user", "content": "read it"},
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "content": "file text", "tool_call_id": "c1", "name": "read_file"},
        ],
    )
    messages = parse_file(path).conversations[0].messages
    assert messages[1]["tool_calls"] == [call]
    assert messages[2] == {
        "role": "tool",
        "content": "file text",
        "tool_call_id": "c1",
        "name": "read_file",
    }


def test_malformed_lines_are_named_and_the_rest_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"role": "user", "content": "first"}\n'
        "{not json\n"
        '{"role": "bot", "content": "who am I"}\n'
        '{"role": "user"}\n'
        '{"role": "user", "content": "ok", "timestamp": "yesterday"}\n'
        '{"role": "assistant", "content": "last"}\n',
        encoding="utf-8",
    )
    result = parse_file(path)
    assert [m["content"] for m in result.conversations[0].messages] == ["first", "last"]
    shown = [str(p) for p in result.problems]
    assert shown[0].startswith("bad.jsonl: line 2: not valid JSON")
    assert (
        "bad.jsonl: line 3: field 'role': must be one of assistant, system, tool, user" in shown[1]
    )
    assert "(got 'bot')" in shown[1]
    assert shown[2].startswith("bad.jsonl: line 4: field 'content': is missing")
    assert shown[3].startswith("bad.jsonl: line 5: field 'timestamp': must be an ISO 8601 time")


def test_openai_json_single_and_list(tmp_path: Path) -> None:
    single = tmp_path / "one.json"
    single.write_text(
        json.dumps(
            {
                "messages": [
                    {"role": "system", "content": "be brief"},
                    {"role": "user", "content": [{"type": "text", "text": "I live in Oslo."}]},
                ]
            }
        ),
        encoding="utf-8",
    )
    result = parse_file(single)
    assert result.format == "openai-json"
    (conversation,) = result.conversations
    assert conversation.key == "ingest:one"
    assert conversation.messages[1]["content"] == [{"type": "text", "text": "I live in Oslo."}]

    many = tmp_path / "many.json"
    many.write_text(
        json.dumps(
            [
                {"messages": [{"role": "user", "content": "a"}]},
                {"id": "conv-7", "title": "Trip", "messages": [{"role": "user", "content": "b"}]},
                {"messages": "oops"},
            ]
        ),
        encoding="utf-8",
    )
    result = parse_file(many)
    assert [c.key for c in result.conversations] == ["ingest:many", "conv-7"]
    assert result.conversations[1].title == "Trip"
    assert [str(p) for p in result.problems] == [
        "many.json: item 3: field 'messages': must be a list of message objects"
    ]


def test_openai_jsonl_names_line_and_message_index(tmp_path: Path) -> None:
    path = tmp_path / "convs.jsonl"
    path.write_text(
        json.dumps({"messages": [{"role": "user", "content": "hello"}]})
        + "\n"
        + json.dumps({"messages": [{"role": "user", "content": "x"}, {"role": 5, "content": "y"}]})
        + "\n",
        encoding="utf-8",
    )
    result = parse_file(path)
    assert result.format == "openai-jsonl"
    assert [len(c.messages) for c in result.conversations] == [1, 1]
    (problem,) = result.problems
    assert (problem.location, problem.field) == ("line 2", "messages[1].role")


def node(
    node_id: str,
    parent: str | None,
    role: str | None,
    text: str = "",
    *,
    created: float = 1_772_000_000.0,
    **extra: Any,
) -> dict[str, Any]:
    message = None
    if role is not None:
        message = {
            "id": node_id,
            "author": {"role": role, "name": extra.pop("name", None)},
            "create_time": created,
            "content": extra.pop("content", {"content_type": "text", "parts": [text]}),
            "metadata": extra.pop("metadata", {}),
        }
    return {"id": node_id, "message": message, "parent": parent, "children": []}


def chatgpt_export(tmp_path: Path, conversations: list[dict[str, Any]]) -> Path:
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(conversations), encoding="utf-8")
    return path


def test_chatgpt_export_follows_the_current_branch(tmp_path: Path) -> None:
    nodes = [
        node("root", None, None),
        node("sys", "root", "system", "You are ChatGPT"),
        node("u1", "sys", "user", "My cat is called Miso."),
        node("a-old", "u1", "assistant", "Old answer, regenerated away."),
        node("a-new", "u1", "assistant", "What a lovely name."),
        node(
            "hidden",
            "a-new",
            "user",
            "custom instructions",
            metadata={"is_visually_hidden_from_conversation": True},
        ),
        node("u2", "hidden", "user", "Run some code.", created=1_772_000_100.0),
        node(
            "code",
            "u2",
            "assistant",
            content={"content_type": "code", "text": "print(1)"},
        ),
        node(
            "out",
            "code",
            "tool",
            name="python",
            content={"content_type": "execution_output", "text": "1"},
        ),
        node("thoughts", "out", "assistant", content={"content_type": "thoughts", "thoughts": []}),
    ]
    export = chatgpt_export(
        tmp_path,
        [
            {
                "title": "Cats",
                "id": "abc-123",
                "current_node": "thoughts",
                "mapping": {n["id"]: n for n in nodes},
            }
        ],
    )
    result = parse_file(export)
    assert result.format == "chatgpt"
    assert result.problems == []
    (conversation,) = result.conversations
    assert conversation.key == "chatgpt:abc-123"
    assert conversation.title == "Cats"
    assert [(m["role"], m["content"]) for m in conversation.messages] == [
        ("user", "My cat is called Miso."),
        ("assistant", "What a lovely name."),
        ("user", "Run some code."),
        ("assistant", "print(1)"),
        ("tool", "1"),
    ]
    assert conversation.messages[4]["name"] == "python"
    assert conversation.messages[0]["timestamp"].startswith("2026-")


def test_chatgpt_problems_name_conversation_and_field(tmp_path: Path) -> None:
    good = [node("u", None, "user", "I run marathons.")]
    broken_parts = [
        node("u", None, "user", "kept text"),
        node("a", "u", "assistant", content={"content_type": "text", "parts": "nope"}),
        node("u2", "a", "user", "also kept"),
    ]
    cycle = [node("x", "y", "user", "x"), node("y", "x", "assistant", "y")]
    export = chatgpt_export(
        tmp_path,
        [
            {"title": "Good", "current_node": "u", "mapping": {n["id"]: n for n in good}},
            {"title": "Lost", "mapping": {n["id"]: n for n in good}},
            {"title": "Parts", "current_node": "u2", "mapping": {n["id"]: n for n in broken_parts}},
            {"title": "Loop", "current_node": "x", "mapping": {n["id"]: n for n in cycle}},
            "not a conversation",
        ],
    )
    result = parse_file(export)
    assert [c.title for c in result.conversations] == ["Good", "Parts"]
    assert [m["content"] for m in result.conversations[1].messages] == ["kept text", "also kept"]
    shown = [str(p) for p in result.problems]
    assert shown[0].startswith("conversations.json: conversation 2 ('Lost'): field 'current_node'")
    assert shown[1].startswith(
        "conversations.json: conversation 3 ('Parts'): field \"mapping['a'].message.content.parts\""
    )
    assert "parent links form a cycle" in shown[2]
    assert shown[3].startswith("conversations.json: conversation 5: must be a conversation object")


def test_unreadable_files_are_user_errors_naming_the_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("   \n", encoding="utf-8")
    with pytest.raises(UserError, match=re.escape("empty.jsonl: the file is empty")):
        parse_file(empty)
    prose = tmp_path / "notes.txt"
    prose.write_text("just some notes\n", encoding="utf-8")
    with pytest.raises(UserError, match=re.escape("notes.txt: not a conversation file")):
        detect_format(prose)
    with pytest.raises(UserError, match=re.escape("missing.json: no such file")):
        parse_file(tmp_path / "missing.json")
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(b'{"role": "user", "content": "caf\xe9"}\n')
    with pytest.raises(UserError, match=re.escape("latin.jsonl: not UTF-8")):
        parse_file(latin)


texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=40)
messages = st.lists(
    st.fixed_dictionaries(
        {"role": st.sampled_from(["user", "assistant", "system"]), "content": texts}
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=40, deadline=None)
@given(batch=messages)
def test_any_valid_messages_round_trip_through_jsonl(batch: list[dict[str, str]]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = write_jsonl(Path(folder) / "rt.jsonl", batch)
        result = parse_file(path, "reverie-jsonl")
    assert result.problems == []
    (conversation,) = result.conversations
    assert conversation.messages == batch
