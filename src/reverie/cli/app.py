"""The ``reverie`` command: wiring of the command groups and the one error handler.

Every command module registers itself on :data:`app` (or a sub-app); heavy
modules (SDKs, dulwich, the agent) are imported inside the commands, so
``reverie --help`` stays fast. A :class:`~reverie.errors.ReverieError` raised
anywhere below becomes a red message and exit code 1; usage mistakes are
typer's exit code 2.
"""

from __future__ import annotations

import logging
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from reverie.cli.options import HELP_SETTINGS
from reverie.errors import ReverieError

__all__ = ["app"]


class _ReverieGroup(TyperGroup):
    """Translates reverie's own errors into a message and exit code 1, once, at the edge."""

    def invoke(self, ctx: Any) -> Any:  # typer vendors click; its Context type is private
        try:
            return super().invoke(ctx)
        except ReverieError as exc:
            from reverie.cli import render
            from reverie.redact import redact

            render.error(redact(str(exc)))
            raise typer.Exit(1) from None


app = typer.Typer(
    name="reverie",
    cls=_ReverieGroup,
    help="Long-term memory for LLM agents, kept in plain files you can read, edit and restore.",
    add_completion=False,
    pretty_exceptions_show_locals=False,
    **HELP_SETTINGS,
)


def _version(value: bool) -> None:
    if value:
        from reverie import __version__

        typer.echo(f"reverie {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    verbose: Annotated[
        int,
        typer.Option(
            "--verbose",
            "-v",
            count=True,
            show_default=False,
            help="Log more (-v: info, -vv: debug) to stderr.",
        ),
    ] = 0,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Long-term memory for LLM agents, kept in plain files you can read, edit and restore.

    Start with `reverie init`, then `reverie chat` or `reverie ingest FILE`.
    """
    level = logging.WARNING if verbose == 0 else logging.INFO if verbose == 1 else logging.DEBUG
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("reverie").setLevel(level)


_COMMAND_MODULES = (
    "setup",
    "chat",
    "ingest",
    "status",
    "recall",
    "inspect",
    "dream",
    "doctor",
    "mcp",
    "forget",
)
"""Command modules, in the order their commands are listed in ``--help``."""


def _register() -> None:
    import importlib

    # Each module adds its commands to ``app`` when imported; all are light at import.
    for name in _COMMAND_MODULES:
        importlib.import_module(f"reverie.cli.{name}")


_register()
