"""Recall for front ends: read a file of queries (the search itself is ``Workspace.recall``)."""

from __future__ import annotations

from pathlib import Path

from reverie.errors import UserError

__all__ = ["read_queries"]


def read_queries(path: Path) -> list[str]:
    """The non-blank lines of ``path``, one query each.

    Raises:
        UserError: naming the file when it cannot be read or holds no query.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot read the queries: {exc}") from exc
    queries = [line.strip() for line in text.splitlines() if line.strip()]
    if not queries:
        raise UserError(f"{path}: no query in it (one query per line)")
    return queries
