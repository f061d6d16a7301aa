"""Recall for front ends: open a runtime's index, read a file of queries."""

from __future__ import annotations

from pathlib import Path

from reverie.errors import UserError
from reverie.ops.runtime import Runtime
from reverie.recall.configured import open_recall_index
from reverie.recall.index import RecallIndex

__all__ = ["open_recall", "read_queries"]


def open_recall(runtime: Runtime) -> RecallIndex:
    """The recall index of ``runtime``'s workspace, configured by its ``[recall]`` settings."""
    return open_recall_index(
        runtime.workspace,
        store=runtime.store,
        sessions=runtime.sessions,
        settings=runtime.settings.recall,
    )


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
