"""Where the CLI's output goes, and its plain forms: errors, remarks, JSON, Markdown.

Consoles are created per call so they write to whatever ``sys.stdout`` /
``sys.stderr`` is at that moment (typer's test runner swaps them). Every name
here is also importable from :mod:`reverie.cli.render`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO, cast

from rich.console import Console
from rich.markup import escape

__all__ = [
    "emit_json",
    "emit_json_line",
    "err",
    "error",
    "exposure_warning",
    "markdown",
    "minute",
    "note",
    "out",
    "preview",
]

_PREVIEW = 160


class _Replacing:
    """A text stream that writes what its encoding cannot hold as U+FFFD (or ``?``).

    Stored text may hold a lone surrogate (half an emoji from a broken escape):
    it is kept as it came, but printing it must not end a command in a
    traceback.
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except UnicodeEncodeError:
            encoding = getattr(self._stream, "encoding", None) or "utf-8"
            safe = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
            return self._stream.write(safe.encode(encoding, "replace").decode(encoding))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def out() -> Console:
    """A console on standard output."""
    return Console(file=cast(TextIO, _Replacing(sys.stdout)), highlight=False)


def err() -> Console:
    """A console on standard error."""
    return Console(file=cast(TextIO, _Replacing(sys.stderr)), stderr=True, highlight=False)


def error(message: str) -> None:
    """Print a user error in red on standard error (no traceback)."""
    err().print(f"[bold red]Error:[/] [red]{escape(message)}[/]", soft_wrap=True)


def note(message: str) -> None:
    """Print a dim remark on standard error, out of the way of piped output."""
    err().print(f"[dim]{escape(message)}[/]")


def emit_json(data: Any) -> None:
    """Print ``data`` as indented JSON on standard output."""
    text = json.dumps(data, ensure_ascii=False, indent=2, default=str)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # A lone surrogate has no UTF-8 form; as a \u escape it stays valid JSON.
        text = json.dumps(data, ensure_ascii=True, indent=2, default=str)
    print(text)


def exposure_warning(workspace: str, problems: Sequence[str]) -> None:
    """Warn (on standard error) that other users can read or change the workspace."""
    if not problems:
        return
    console = err()
    console.print(
        f"[yellow]Other users can read this workspace[/] ({escape(workspace)}); it holds "
        "your conversations and what reverie remembers about you:"
    )
    for problem in problems:
        console.print(f"  - {escape(problem)}")
    console.print(
        f"  Make it private with [bold]reverie doctor --fix[/] (or chmod -R go-rwx "
        f"{escape(workspace)})"
    )


def emit_json_line(data: Any) -> None:
    """Print ``data`` as one line of JSON (for a stream of results, one per line)."""
    print(json.dumps(data, ensure_ascii=False, default=str), flush=True)


def preview(text: str, limit: int = _PREVIEW) -> str:
    """One line of ``text``, shortened to ``limit`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def minute(value: object) -> str:
    """A stored ISO time to the minute, as tables show it (``2026-04-03 00:02``)."""
    return str(value)[:16].replace("T", " ")


def markdown(text: str, *, stderr: bool = False) -> None:
    """Print Markdown (a command's answer) on standard output, or standard error."""
    from rich.markdown import Markdown

    (err() if stderr else out()).print(Markdown(text))
