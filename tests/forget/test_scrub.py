"""Removing one text from strings, JSON values and file bytes, in every spelling."""

from __future__ import annotations

import json

import pytest

from reverie.forget.scrub import PLACEHOLDER, Scrubber


def test_text_is_replaced_where_it_stood() -> None:
    cleaned, count = Scrubber("hunter2").text("pw hunter2 and hunter2.")
    assert (cleaned, count) == (f"pw {PLACEHOLDER} and {PLACEHOLDER}.", 2)


def test_a_removal_that_joins_two_halves_is_removed_too() -> None:
    cleaned, _ = Scrubber("abab").text("ababab" + "abab")
    assert "abab" not in cleaned
    # The placeholder next to itself would spell the needle: it is deleted instead.
    cleaned, _ = Scrubber("][").text("][][")
    assert "][" not in cleaned


def test_a_needle_inside_the_placeholder_is_deleted_not_replaced() -> None:
    cleaned, count = Scrubber("forgot").text("I forgot it")
    assert cleaned == "I  it" and count == 1


def test_jsonl_lines_are_decoded_cleaned_and_encoded_again() -> None:
    secret = 'pä"ss\\wörd'
    lines = [
        json.dumps({"role": "user", "content": f"x {secret} y"}, ensure_ascii=False),
        json.dumps({"role": "user", "content": f"{secret} \ud800"}, ensure_ascii=True),
        json.dumps({"role": "tool", "content": "untouched"}),
        json.dumps(
            {"tool_calls": [{"function": {"arguments": json.dumps({"note": secret})}}]},
            ensure_ascii=False,
        ),
    ]
    data = ("\n".join(lines) + "\n").encode()
    result = Scrubber(secret).file_bytes("sessions/x.jsonl", data)
    assert result.count == 3
    assert result.structure == ()
    out = result.data.decode().splitlines()
    assert json.loads(out[0])["content"] == f"x {PLACEHOLDER} y"
    assert json.loads(out[1])["content"] == f"{PLACEHOLDER} \ud800"
    assert out[2] == lines[2]  # lines without the text stay byte for byte
    arguments = json.loads(out[3])["tool_calls"][0]["function"]["arguments"]
    assert json.loads(arguments) == {"note": PLACEHOLDER}
    for spelling in (secret, json.dumps(secret)[1:-1], json.dumps(secret, ensure_ascii=True)[1:-1]):
        assert spelling.encode() not in result.data


def test_bookkeeping_fields_are_never_edited_and_are_reported() -> None:
    line = json.dumps({"_type": "metadata", "key": "cli:hunter2", "metadata": {}})
    result = Scrubber("hunter2").file_bytes("sessions/x.jsonl", line.encode() + b"\n")
    assert result.data == line.encode() + b"\n"
    assert result.structure == ("key",)


def test_a_binary_file_keeps_its_length() -> None:
    data = b"\x00\xffSQLite hunter2 \x81 hunter2"
    result = Scrubber("hunter2").file_bytes("memory/blob.bin", data)
    assert len(result.data) == len(data) and b"hunter2" not in result.data
    assert result.count == 2


def test_a_damaged_json_line_is_cleaned_as_text() -> None:
    data = b'{"content": "hunter2 and then the line was cut'
    result = Scrubber("hunter2").file_bytes("memory/history.jsonl", data)
    assert result.data == f'{{"content": "{PLACEHOLDER} and then the line was cut'.encode()


def test_the_scrubber_never_shows_its_needle() -> None:
    assert "hunter2" not in repr(Scrubber("hunter2"))


def test_an_empty_needle_is_refused() -> None:
    with pytest.raises(ValueError):
        Scrubber("")
