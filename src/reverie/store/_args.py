"""Argument checks shared by the store's public methods: one clear error per bad value."""

from __future__ import annotations

from reverie.errors import UserError

__all__ = ["cursor_arg", "positive_int"]


def positive_int(name: str, value: int) -> int:
    """``value`` when it is an integer ≥ 1 (a bool is not).

    Raises:
        UserError: naming ``name`` otherwise.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UserError(f"{name} must be a positive integer, got {value!r}")
    return value


def cursor_arg(name: str, value: int) -> int:
    """A cursor to read after: any integer, negatives meaning 0 (read everything).

    Raises:
        UserError: naming ``name`` when ``value`` is not an integer (a bool is not).
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise UserError(f"{name} must be an integer cursor, got {value!r}")
    return max(value, 0)
