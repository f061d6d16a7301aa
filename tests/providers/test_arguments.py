"""Tool-call arguments: what a model sent becomes a dict, or a reason it could not."""

from __future__ import annotations

import pytest

from reverie.providers._arguments import parse_tool_arguments


@pytest.mark.parametrize("raw", [None, "", "  ", "null", "{}"])
def test_no_arguments_in_any_spelling_is_an_empty_call(raw: str | None) -> None:
    assert parse_tool_arguments(raw, tool_name="list_files") == ({}, None)


def test_single_quotes_and_a_missing_brace_are_repaired() -> None:
    arguments, error = parse_tool_arguments("{'path': 'USER.md'", tool_name="read_file")
    assert (arguments, error) == ({"path": "USER.md"}, None)


@pytest.mark.parametrize("raw", ["[1, 2]", '"USER.md"', "42", "true"])
def test_json_that_is_not_an_object_is_reported_with_the_tool_name(raw: str) -> None:
    arguments, error = parse_tool_arguments(raw, tool_name="read_file")
    assert arguments == {}
    assert error is not None and "'read_file'" in error and "JSON object" in error
