"""A small JSON-schema checker for the subset tool parameters use.

Models send tool arguments as JSON; a wrong type or a missing field must come
back to the model as a short, precise message (``edits[1].old_text: required``)
rather than as a ``TypeError`` deep inside a tool. Only the keywords tools here
need are supported; :func:`check_schema` rejects any other keyword so a typo in
a tool's schema fails when the tool is registered, not silently at run time.

Supported: ``type`` (a name or a list of names), ``enum``, ``minimum``,
``maximum``, ``minLength``, ``maxLength``, ``properties``, ``required``,
``additionalProperties`` (bool or schema), ``items``, ``minItems``,
``maxItems``; ``description``, ``title``, ``default`` and ``examples`` are
accepted and ignored. ``integer`` means a Python ``int`` that is not a ``bool``
(``5.0`` is a number, not an integer); ``number`` is a finite int or float.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["JSON_TYPES", "check_schema", "json_type_name", "validate"]

JSON_TYPES = frozenset({"string", "integer", "number", "boolean", "object", "array", "null"})

_CHECKED_KEYWORDS = frozenset(
    {
        "type",
        "enum",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "minItems",
        "maxItems",
    }
)
_IGNORED_KEYWORDS = frozenset({"description", "title", "default", "examples"})

# The label used for the arguments object itself in messages.
_ROOT = "arguments"


def json_type_name(value: object) -> str:
    """The JSON type of a decoded value (``bool`` is ``boolean``, never ``integer``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, list | tuple):
        return "array"
    return type(value).__name__


def _matches_type(value: object, expected: str) -> bool:
    if expected == "number":
        if isinstance(value, bool):
            return False
        return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))
    return json_type_name(value) == expected


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def validate(value: object, schema: Mapping[str, Any], *, path: str = "") -> list[str]:
    """Check ``value`` against ``schema``; return one message per problem, ``[]`` when valid.

    Args:
        value: The decoded JSON value (usually a tool's arguments dict).
        schema: A schema using the supported subset (see the module docstring).
        path: The location of ``value`` inside the arguments, used as the message prefix.

    Returns:
        Messages of the form ``"<path>: <problem>"`` such as ``"edits[1].old_text: required"``
        or ``"offset: expected integer, got boolean"``, in a stable order.
    """
    label = path or _ROOT
    expected = schema.get("type")
    if expected is not None:
        names = [expected] if isinstance(expected, str) else list(expected)
        if not any(_matches_type(value, name) for name in names):
            # Further checks would only add noise about a value of the wrong kind.
            got = json_type_name(value)
            if isinstance(value, float) and not math.isfinite(value):
                got = f"non-finite number {value}"
            return [f"{label}: expected {' or '.join(names)}, got {got}"]

    errors: list[str] = []
    if "enum" in schema and not any(
        value == option and json_type_name(value) == json_type_name(option)
        for option in schema["enum"]
    ):
        allowed = ", ".join(repr(option) for option in schema["enum"])
        errors.append(f"{label}: must be one of {allowed}, got {value!r}")

    if isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            errors.append(f"{label}: must be >= {schema['minimum']}, got {value}")
        if "maximum" in schema and value > schema["maximum"]:
            errors.append(f"{label}: must be <= {schema['maximum']}, got {value}")

    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            if schema["minLength"] == 1:
                errors.append(f"{label}: must not be empty")
            else:
                errors.append(f"{label}: must be at least {schema['minLength']} characters long")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            errors.append(
                f"{label}: must be at most {schema['maxLength']} characters long, got {len(value)}"
            )

    if isinstance(value, Mapping):
        errors.extend(_validate_object(value, schema, path))

    if isinstance(value, list | tuple):
        errors.extend(_validate_array(value, schema, path))
    return errors


def _validate_object(value: Mapping[Any, Any], schema: Mapping[str, Any], path: str) -> list[str]:
    errors: list[str] = []
    properties: Mapping[str, Any] = schema.get("properties", {})
    for key in schema.get("required", ()):
        if key not in value:
            errors.append(f"{_join(path, key)}: required")
    for key, sub_schema in properties.items():
        if key in value:
            errors.extend(validate(value[key], sub_schema, path=_join(path, key)))
    extra = schema.get("additionalProperties", True)
    for key in value:
        if key in properties:
            continue
        if extra is False:
            allowed = ", ".join(properties) or "none"
            errors.append(f"{_join(path, str(key))}: unexpected argument (allowed: {allowed})")
        elif isinstance(extra, Mapping):
            errors.extend(validate(value[key], extra, path=_join(path, str(key))))
    return errors


def _validate_array(value: Sequence[Any], schema: Mapping[str, Any], path: str) -> list[str]:
    label = path or _ROOT
    errors: list[str] = []
    if "minItems" in schema and len(value) < schema["minItems"]:
        errors.append(f"{label}: expected at least {schema['minItems']} item(s), got {len(value)}")
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        errors.append(f"{label}: expected at most {schema['maxItems']} item(s), got {len(value)}")
    items = schema.get("items")
    if isinstance(items, Mapping):
        for index, item in enumerate(value):
            errors.extend(validate(item, items, path=f"{label}[{index}]"))
    return errors


def check_schema(schema: object, *, path: str = "parameters") -> list[str]:
    """Check that a tool's schema only uses the supported subset; return the problems.

    Args:
        schema: The schema to check.
        path: Where the schema sits, used as the message prefix.

    Returns:
        One message per problem (unknown keyword, unknown type name, malformed
        ``properties``/``required``/``items``), ``[]`` when the schema is usable.
    """
    if not isinstance(schema, Mapping):
        return [f"{path}: a schema must be an object, got {json_type_name(schema)}"]
    problems: list[str] = []
    for key in schema:
        if key not in _CHECKED_KEYWORDS and key not in _IGNORED_KEYWORDS:
            problems.append(f"{path}: unsupported keyword {key!r}")
    expected = schema.get("type")
    if expected is not None:
        names = [expected] if isinstance(expected, str) else expected
        if not isinstance(names, list) or not names:
            problems.append(f"{path}.type: must be a type name or a non-empty list of them")
        else:
            problems.extend(
                f"{path}.type: unknown type {name!r}" for name in names if name not in JSON_TYPES
            )
    properties = schema.get("properties", {})
    if not isinstance(properties, Mapping):
        problems.append(f"{path}.properties: must be an object")
    else:
        for key, sub in properties.items():
            problems.extend(check_schema(sub, path=f"{path}.properties.{key}"))
    required = schema.get("required", [])
    if not isinstance(required, list) or not all(isinstance(key, str) for key in required):
        problems.append(f"{path}.required: must be a list of property names")
    extra = schema.get("additionalProperties", True)
    if isinstance(extra, Mapping):
        problems.extend(check_schema(extra, path=f"{path}.additionalProperties"))
    elif not isinstance(extra, bool):
        problems.append(f"{path}.additionalProperties: must be a boolean or a schema")
    if "items" in schema:
        problems.extend(check_schema(schema["items"], path=f"{path}.items"))
    if "enum" in schema and not isinstance(schema["enum"], list):
        problems.append(f"{path}.enum: must be a list")
    return problems
