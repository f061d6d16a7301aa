"""``reverie chat``: talk to an agent that remembers.

The terminal stays in the main thread (plain ``input()`` with readline, so
line editing, history and Ctrl-C behave as in any shell tool); the agent, its
background consolidation and compaction and the Dream schedule run on an event
loop in a second thread. A reply is shown as soon as it is saved; the summary
that may follow is made in the background, and leaving (``/quit``, end of
input) waits for it, then hands the conversation to history for Dream, so
nothing is lost. When standard input is not a terminal, each line is one
message.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.markup import escape

from reverie.cli.app import app
from reverie.cli.options import (
    BaseUrlOption,
    CreateOption,
    ModelOption,
    ProviderOption,
    WorkspaceOption,
)
from reverie.errors import UserError

if TYPE_CHECKING:
    from reverie.ops.chat import ChatController, ChatOutput
    from reverie.workspace import Workspace

T = TypeVar("T")

_TIMER_SECONDS = 30.0
# How long a starting chat waits for a session held by a command that lets go at once.
_HOLD_WAIT_SECONDS = 5.0
_PLAIN_PROMPT = "you> "
# \001 and \002 tell readline the escape codes take no room, so editing stays aligned.
_COLOUR_PROMPT = "\001\033[1;36m\002you>\001\033[0m\002 "


def _terminal_prompt() -> str:
    """Turn on line editing and history for ``input()``, and pick the prompt to show."""
    try:
        import readline  # noqa: F401  (importing it is what gives input() editing and history)
    except ImportError:  # Windows: no readline, and the markers would print as junk
        return _PLAIN_PROMPT
    plain = (
        os.environ.get("NO_COLOR")
        or os.environ.get("TERM") == "dumb"
        or not sys.stdout.isatty()  # `reverie chat | tee log` must not log escape codes
    )
    return _PLAIN_PROMPT if plain else _COLOUR_PROMPT


class _LoopThread:
    """An event loop running in a daemon thread; coroutines are submitted from the main one."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()

    def submit(self, coroutine: Coroutine[Any, Any, T]) -> Future[T]:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return self.submit(coroutine).result()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=5)
        if not self._thread.is_alive():
            self.loop.close()


def _read_line(prompt: str | None) -> str | None:
    """The next line (shown after ``prompt`` at a terminal), or None at end of input."""
    if prompt is not None:
        try:
            return input(prompt)
        except EOFError:
            print()
            return None
    line = sys.stdin.readline()
    return None if line == "" else line.rstrip("\n")


def _show(outputs: list[ChatOutput], interactive: bool) -> None:
    from rich.markdown import Markdown
    from rich.table import Table

    from reverie.cli import render

    console = render.out()
    for output in outputs:
        if output.kind == "reply":
            if interactive:
                # A grid keeps the answer's wrapped lines clear of the prompt label.
                grid = Table.grid(padding=(0, 1))
                grid.add_column(no_wrap=True)
                grid.add_column()
                grid.add_row("[bold green]reverie>[/]", Markdown(output.text or "(empty answer)"))
                console.print(grid)
            else:
                print(output.text, flush=True)
        elif output.kind == "markdown":
            console.print(Markdown(output.text))
        elif output.kind == "failed":
            console.print(Markdown(output.text, style="red"))
        elif output.kind == "status" and output.status is not None:
            render.status_view(output.status)
        elif output.kind == "error":
            console.print(f"[red]{escape(output.text)}[/]")
        else:
            console.print(f"[dim]{escape(output.text)}[/]")


def _offline_notice() -> None:
    from reverie.cli import render

    # How to configure a model is said once, by the first answer (the provider's hint).
    render.err().print(
        "[yellow]No model is configured[/]: reverie is running its offline provider. It "
        "records what you say and answers from memory, but cannot hold a conversation."
    )


def _converse(controller: ChatController, loop: _LoopThread, interactive: bool) -> None:
    from reverie.cli import render

    prompt = _terminal_prompt() if interactive else None
    while not controller.finished:
        for note in controller.take_notes():
            render.note(note)
        try:
            line = _read_line(prompt)
        except KeyboardInterrupt:
            print()
            break
        if line is None:
            break
        future = loop.submit(controller.handle(line))
        try:
            outputs = future.result()
        except KeyboardInterrupt:
            future.cancel()
            render.note("(interrupted; your message is saved)")
            continue
        _show(outputs, interactive)


@app.command()
def chat(
    session: Annotated[
        str, typer.Option("--session", "-s", help="Session key (channel:chat_id).")
    ] = "cli:default",
    dream: Annotated[
        bool, typer.Option("--dream/--no-dream", help="Run Dream in the background when due.")
    ] = True,
    workspace: WorkspaceOption = None,
    create: CreateOption = False,
    provider: ProviderOption = None,
    model: ModelOption = None,
    base_url: BaseUrlOption = None,
) -> None:
    """Talk to an agent with long-term memory (/help inside).

    Each turn is saved to the session, consolidated into history when the
    context fills, and Dream turns history into memory on its schedule. Reads
    one message per line when standard input is not a terminal. A workspace
    folder that does not exist is created only after a yes at the terminal, or
    with --create (the default ~/.reverie/workspace is created on first use).

    Example: reverie chat --provider openai --model gpt-4.1-mini
    """
    from reverie.cli.options import open_or_create
    from reverie.sessions.hold import hold_chat_session

    if not session.strip():
        raise UserError("--session is empty; give a key like cli:default")
    opened = open_or_create(
        workspace, create=create, provider=provider, model=model, base_url=base_url
    )
    opened.provider  # noqa: B018 (a missing key is reported before the first prompt)
    # (a command that only looks at the session, such as a forget plan, lets go at once)
    with hold_chat_session(opened.path, session, wait=_HOLD_WAIT_SECONDS):
        _chat(opened, session, dream=dream)


def _chat(workspace: Workspace, session: str, *, dream: bool) -> None:
    from reverie.cli import render
    from reverie.ops.chat import ChatController
    from reverie.privacy import workspace_exposure

    path = workspace.path
    controller = ChatController(workspace, session_key=session, dream_on_schedule=dream)
    interactive = sys.stdin.isatty()
    if workspace.is_offline:
        _offline_notice()
    render.exposure_warning(str(path), workspace_exposure(path))
    if interactive:
        render.out().print(
            f"[dim]reverie · workspace {escape(str(path))} · session {escape(session)} · "
            f"{workspace.settings.provider} {workspace.model} · /help for commands[/]",
            highlight=False,
        )
    loop = _LoopThread()
    timer = loop.submit(controller.timer(_TIMER_SECONDS))
    try:
        _converse(controller, loop, interactive)
    finally:
        timer.cancel()
        try:
            loop.run(controller.close())
        except KeyboardInterrupt:
            render.note(
                "stopped without waiting: what was said stays in the session file and goes "
                "to history when a later chat on it ends"
            )
        for note in controller.take_notes():
            render.note(note)
        loop.stop()
