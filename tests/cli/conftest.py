"""Fixtures for the CLI tests: a typer runner, an ingested example workspace, the fake server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from reverie.cli.app import app
from suite_tools import provider_fakes

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
MAYA = EXAMPLES / "maya.jsonl"


class Cli:
    """Runs ``reverie ARGS…`` in-process; wide, colourless output so text is easy to match."""

    def __init__(self) -> None:
        self._runner = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"})

    def run(self, *args: str | Path, input: str | None = None) -> Result:
        """The result, whatever the exit code."""
        return self._runner.invoke(app, [str(a) for a in args], input=input)

    def ok(self, *args: str | Path, input: str | None = None) -> Result:
        """The result of a command that must succeed (its output is shown when it does not)."""
        result = self.run(*args, input=input)
        assert result.exit_code == 0, (
            f"exit {result.exit_code}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}\n"
            f"exception: {result.exception!r}"
        )
        return result


@pytest.fixture
def cli() -> Cli:
    """The in-process ``reverie`` runner."""
    return Cli()


@pytest.fixture
def maya() -> Path:
    """examples/maya.jsonl: the README's example conversation."""
    return MAYA


@pytest.fixture
def chatgpt_sample() -> Path:
    """examples/chatgpt-conversations.json: a tiny ChatGPT export."""
    return EXAMPLES / "chatgpt-conversations.json"


@pytest.fixture
def ingested(cli: Cli, tmp_path: Path) -> Path:
    """A workspace built from examples/maya.jsonl with the offline provider."""
    workspace = tmp_path / "maya"
    cli.ok("ingest", MAYA, "-w", workspace)
    return workspace


@pytest.fixture
def fakes() -> ModuleType:
    """The providers' fake-server module (``FakeServer``, ``openai_reply`` ...)."""
    return provider_fakes()


@pytest.fixture
def server(fakes: ModuleType) -> Iterator[Any]:
    """A loopback server speaking OpenAI's chat-completions wire format."""
    fake = fakes.FakeServer()
    try:
        yield fake
    finally:
        fake.close()
