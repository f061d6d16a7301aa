"""A two-person chat imported with ``reverie ingest`` is searched by who said what."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from reverie.cli.app import app
from reverie.ingest import parse_file


def _write(path: Path, records: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    return path


def test_a_speaker_field_is_kept_as_the_turns_name(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "chat.jsonl",
        [
            {"role": "user", "speaker": "Caroline", "content": "I went to a support group"},
            {"role": "assistant", "speaker": "Melanie", "content": "How was it?"},
            {"role": "assistant", "name": "Mel", "speaker": "Melanie", "content": "Tell me"},
        ],
    )
    [conversation] = parse_file(path).conversations
    assert [m.get("name") for m in conversation.messages] == ["Caroline", "Melanie", "Mel"]


def test_a_speaker_that_is_not_text_is_refused_by_field(tmp_path: Path) -> None:
    path = _write(tmp_path / "chat.jsonl", [{"role": "user", "speaker": 7, "content": "hi"}])
    result = parse_file(path)
    assert not result.conversations
    assert "speaker" in str(result.problems[0])


def test_an_imported_two_person_chat_finds_what_a_named_person_said(tmp_path: Path) -> None:
    turns = [
        ("Caroline", "I went to a LGBTQ support group yesterday, it was so powerful"),
        ("Melanie", "That sounds amazing! I went to a pottery class"),
        ("Caroline", "Pottery! What did you make?"),
        ("Melanie", "A bowl for my kids, they love painting it"),
    ]
    records: list[dict[str, object]] = [
        {
            "role": "user" if who == "Caroline" else "assistant",
            "speaker": who,
            "content": text,
            "timestamp": f"2023-05-08T13:{56 + i}:00",
        }
        for i, (who, text) in enumerate(turns)
    ]
    chat = _write(tmp_path / "locomo.jsonl", records)
    queries = tmp_path / "queries.txt"
    queries.write_text("When did Caroline go to the support group?\n")
    workspace = str(tmp_path / "ws")
    runner = CliRunner()
    for command in (
        ["init", "-w", workspace],
        ["ingest", str(chat), "-w", workspace],
        ["recall", "--queries", str(queries), "--json", "-w", workspace],
    ):
        result = runner.invoke(app, command)
        assert result.exit_code == 0, result.output
    [line] = [json.loads(text) for text in result.output.splitlines() if text.strip()]
    first = line["hits"][0]
    assert first["session_key"] == "ingest:locomo" and first["start"] == 0
    assert "[Mon 2023-05-08 13:56] Caroline: I went to a LGBTQ support group" in first["text"]


def test_turns_that_name_a_person_instead_of_a_role_are_imported(tmp_path: Path) -> None:
    # Exports of chats between people often put the name where the role goes, or
    # give only a speaker; the first person becomes the user, the other the assistant.
    path = _write(
        tmp_path / "people.jsonl",
        [
            {"role": "Caroline", "content": "I adopted a dog named Oscar"},
            {"role": "Melanie", "content": "Oscar! What breed?"},
            {"speaker": "Caroline", "text": "A beagle mix, two years old"},
            {"role": "user", "content": "(a turn with a real role is left as it is)"},
        ],
    )
    [conversation] = parse_file(path).conversations
    assert [(m["role"], m.get("name")) for m in conversation.messages] == [
        ("user", "Caroline"),
        ("assistant", "Melanie"),
        ("user", "Caroline"),
        ("user", None),
    ]
    assert conversation.messages[2]["content"] == "A beagle mix, two years old"

    openai_style = tmp_path / "people.json"
    openai_style.write_text(
        json.dumps(
            {"messages": [{"role": "Ana", "content": "hi"}, {"role": "Bo", "content": "yo"}]}
        )
    )
    [chat] = parse_file(openai_style).conversations
    assert [(m["role"], m.get("name")) for m in chat.messages] == [
        ("user", "Ana"),
        ("assistant", "Bo"),
    ]
