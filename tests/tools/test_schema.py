"""The JSON-schema subset tools use: precise messages naming the argument path."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.tools.schema import check_schema, validate

PATCH_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "edits": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "properties": {
                    "path": {"type": "string", "minLength": 1},
                    "old_text": {"type": "string"},
                    "new_text": {"type": "string"},
                },
                "required": ["path", "old_text", "new_text"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["edits"],
    "additionalProperties": False,
}


def test_valid_arguments_have_no_errors() -> None:
    args = {"edits": [{"path": "SOUL.md", "old_text": "a", "new_text": "b"}]}
    assert validate(args, PATCH_SCHEMA) == []


def test_missing_nested_field_names_its_path() -> None:
    args = {
        "edits": [
            {"path": "SOUL.md", "old_text": "a", "new_text": "b"},
            {"path": "USER.md", "new_text": "b"},
        ]
    }
    assert validate(args, PATCH_SCHEMA) == ["edits[1].old_text: required"]


def test_wrong_types_are_reported_with_the_actual_type() -> None:
    args = {"edits": [{"path": 3, "old_text": None, "new_text": ["x"]}]}
    assert validate(args, PATCH_SCHEMA) == [
        "edits[0].path: expected string, got integer",
        "edits[0].old_text: expected string, got null",
        "edits[0].new_text: expected string, got array",
    ]


def test_bool_is_not_an_integer_and_float_is_not_an_integer() -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}}
    assert validate({"n": True}, schema) == ["n: expected integer, got boolean"]
    assert validate({"n": 2.0}, schema) == ["n: expected integer, got number"]
    assert validate({"n": 2}, schema) == []


def test_number_accepts_int_but_not_bool_or_nan() -> None:
    schema = {"type": "number"}
    assert validate(3, schema) == []
    assert validate(3.5, schema) == []
    assert validate(False, schema) == ["arguments: expected number, got boolean"]
    assert validate(float("nan"), schema) == [
        "arguments: expected number, got non-finite number nan"
    ]


def test_type_list_allows_null() -> None:
    schema = {"type": ["integer", "null"], "minimum": 1}
    assert validate(None, schema) == []
    assert validate(0, schema) == ["arguments: must be >= 1, got 0"]
    assert validate("1", schema) == ["arguments: expected integer or null, got string"]


def test_unexpected_argument_lists_allowed_ones() -> None:
    errors = validate({"edits": [], "dry_run": True}, PATCH_SCHEMA)
    assert "dry_run: unexpected argument (allowed: edits)" in errors
    assert "edits: expected at least 1 item(s), got 0" in errors


def test_additional_properties_schema_is_applied() -> None:
    schema = {"type": "object", "additionalProperties": {"type": "string"}}
    assert validate({"a": "x", "b": 1}, schema) == ["b: expected string, got integer"]


def test_enum_minimum_maximum_and_lengths() -> None:
    schema = {
        "type": "object",
        "properties": {
            "mode": {"enum": ["a", "b"]},
            "n": {"type": "integer", "minimum": 1, "maximum": 3},
            "s": {"type": "string", "minLength": 1, "maxLength": 4},
            "t": {"type": "string", "minLength": 2},
        },
    }
    assert validate({"mode": "c", "n": 4, "s": "", "t": "x"}, schema) == [
        "mode: must be one of 'a', 'b', got 'c'",
        "n: must be <= 3, got 4",
        "s: must not be empty",
        "t: must be at least 2 characters long",
    ]
    assert validate({"s": "hello"}, schema) == ["s: must be at most 4 characters long, got 5"]


def test_enum_does_not_confuse_true_with_one() -> None:
    assert validate(True, {"enum": [1, 2]}) != []
    assert validate(1, {"enum": [1, 2]}) == []


def test_root_of_wrong_type() -> None:
    assert validate([1], PATCH_SCHEMA) == ["arguments: expected object, got array"]


def test_check_schema_rejects_typos_and_unknown_types() -> None:
    problems = check_schema(
        {
            "type": "object",
            "properties": {"p": {"type": "strng", "minLenght": 1}},
            "required": "p",
        }
    )
    assert "parameters.properties.p: unsupported keyword 'minLenght'" in problems
    assert "parameters.properties.p.type: unknown type 'strng'" in problems
    assert "parameters.required: must be a list of property names" in problems


def test_check_schema_accepts_the_patch_schema() -> None:
    assert check_schema(PATCH_SCHEMA) == []


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["path", "old_text", "new_text", "extra"]),
        st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)),
    )
)
def test_every_edit_problem_is_located_under_its_index(edit: dict[str, Any]) -> None:
    errors = validate(
        {"edits": [{"path": "a", "old_text": "", "new_text": ""}, edit]}, PATCH_SCHEMA
    )
    valid = (
        set(edit) == {"path", "old_text", "new_text"}
        and all(isinstance(value, str) for value in edit.values())
        and edit["path"] != ""
    )
    assert (errors == []) == valid
    assert all(message.startswith("edits[1].") for message in errors)
