"""The ``reverie`` command line (typer). Entry point: :func:`main`."""

from __future__ import annotations

__all__ = ["main"]


def main() -> None:
    """Run the ``reverie`` command (console script and ``python -m reverie``)."""
    from reverie.cli.app import app

    app(prog_name="reverie")
