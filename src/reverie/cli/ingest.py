"""``reverie ingest FILE…``: build memory from past conversations."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from reverie.cli.app import app
from reverie.cli.options import (
    BaseUrlOption,
    CreateOption,
    JsonOption,
    ModelOption,
    ProviderOption,
    WorkspaceOption,
)

if TYPE_CHECKING:
    from reverie.ingest.model import ImportedConversation, IngestProblem, ParseResult
    from reverie.ingest.replay import IngestReport, Replayer
    from reverie.workspace import Workspace


class InputFormat(StrEnum):
    """The ``--format`` choices (see :data:`reverie.ingest.FORMATS`)."""

    reverie_jsonl = "reverie-jsonl"
    openai_json = "openai-json"
    openai_jsonl = "openai-jsonl"
    chatgpt = "chatgpt"


def _parse_all(
    files: list[Path], fmt: InputFormat | None
) -> tuple[list[ParseResult], list[IngestProblem]]:
    """Parse every file; a file that cannot be read at all becomes one problem."""
    from reverie.errors import UserError
    from reverie.ingest import parse_file
    from reverie.ingest.model import IngestProblem

    results: list[ParseResult] = []
    problems: list[IngestProblem] = []
    for path in files:
        try:
            result = parse_file(path, None if fmt is None else fmt.value)
        except UserError as exc:
            problems.append(IngestProblem(path, "", "", str(exc).removeprefix(f"{path}: ")))
            continue
        results.append(result)
        problems.extend(result.problems)
    return results, problems


def _open(
    workspace: Path | None,
    create: bool,
    provider: str | None,
    model: str | None,
    base_url: str | None,
) -> Workspace:
    from reverie.cli.options import open_or_create

    return open_or_create(
        workspace,
        create=create,
        piped_needs_create=False,
        provider=provider,
        model=model,
        base_url=base_url,
    )


@app.command()
def ingest(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="Conversation files: reverie JSONL, OpenAI {messages} JSON/JSONL, "
            "or a ChatGPT export's conversations.json.",
            dir_okay=False,
            metavar="FILE",
            show_default=False,
        ),
    ],
    fmt: Annotated[
        InputFormat | None,
        typer.Option(
            "--format",
            help="Force the input format (default: detected from the content).",
            show_default=False,
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Only show what would be imported.")
    ] = False,
    no_dream: Annotated[
        bool, typer.Option("--no-dream", help="Stop after consolidation; do not run Dream.")
    ] = False,
    max_dream_runs: Annotated[
        int | None,
        typer.Option(
            "--max-dream-runs",
            help="Run Dream at most N times (default: as many as the new entries need).",
            min=1,
            metavar="N",
            show_default=False,
        ),
    ] = None,
    workspace: WorkspaceOption = None,
    create: CreateOption = False,
    provider: ProviderOption = None,
    model: ModelOption = None,
    base_url: BaseUrlOption = None,
    json_output: JsonOption = False,
) -> None:
    """Build memory from past conversations (JSONL, JSON, ChatGPT).

    Each conversation becomes a session, is consolidated, then Dream runs.

    Conversations are replayed through the Consolidator with the configured
    context window, so long ones become several history entries; Dream then
    turns the entries into memory, one commit per run. Bad records are reported
    (file, line or item, field) and skipped; everything valid is imported, and
    the exit code is 1 when anything was skipped. A conversation already
    imported is not imported twice; one that grew since (a re-downloaded
    export, a file you append to) gets only its new messages. A ChatGPT export
    can be given as downloaded (the zip). A workspace folder that does not
    exist is created (at a terminal, after a yes; --create skips the question).

    Example: reverie ingest conversations.json --dry-run
    """
    import asyncio

    from reverie.cli import ingest_view, render
    from reverie.ingest.replay import IngestReport, Replayer

    results, problems = _parse_all(files, fmt)
    conversations = [c for result in results for c in result.conversations]
    if dry_run:
        ingest_view.show_dry_run(results, problems, workspace, json_output=json_output)
        if problems:
            raise typer.Exit(1)
        return
    report = IngestReport()
    interrupted = False
    ws = _open(workspace, create, provider, model, base_url) if conversations else None
    if ws is not None:
        with ingest_view.ProgressObserver(conversations, quiet=json_output) as observer:
            replayer = Replayer(ws, observer=observer)
            try:
                asyncio.run(
                    _run(
                        replayer,
                        conversations,
                        report,
                        dream=not no_dream,
                        max_dream_runs=max_dream_runs,
                    )
                )
            except KeyboardInterrupt:
                interrupted = True
    if interrupted:
        done = len(report.sessions) + len(report.extended)
        render.error(
            f"interrupted after {done} of {len(conversations)} conversation(s); "
            "what was saved is kept: run the same command again to resume"
        )
        raise typer.Exit(130)
    summary = ingest_view.summary_data(ws, report, problems)
    if json_output:
        ingest_view.emit(summary)
    else:
        if ws is not None:
            ingest_view.show_summary(summary, offline=ws.is_offline)
        elif not problems:
            render.note(
                f"no conversation with messages in {', '.join(str(f) for f in files)}; "
                "nothing was imported"
            )
        ingest_view.show_problems(problems, imported=report.messages)
    if problems:
        raise typer.Exit(1)


async def _run(
    replayer: Replayer,
    conversations: list[ImportedConversation],
    report: IngestReport,
    *,
    dream: bool,
    max_dream_runs: int | None,
) -> None:
    await replayer.replay(conversations, report)
    if dream:
        await replayer.dream(report, max_passes=max_dream_runs)
