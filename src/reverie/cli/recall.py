"""``reverie recall`` (search everything remembered) and ``reverie index rebuild``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from reverie.cli.app import app
from reverie.cli.options import JsonOption, WorkspaceOption, open_for, sub_app

index_app = sub_app("Maintain the recall index (memory/.index/recall.sqlite3).")
app.add_typer(index_app, name="index")


@app.command("recall")
def recall(
    query: Annotated[
        str | None, typer.Argument(help="What to look for: words, names, dates.", metavar="QUERY")
    ] = None,
    k: Annotated[int, typer.Option("-k", help="How many hits.", min=1, max=200)] = 10,
    session: Annotated[
        str | None, typer.Option("--session", "-s", help="Only this session key.")
    ] = None,
    kind: Annotated[
        list[str] | None,
        typer.Option(
            "--kind", help="Only message, history or memory hits (repeatable).", metavar="KIND"
        ),
    ] = None,
    since: Annotated[
        str | None, typer.Option("--since", help="Only from this date/time on (2026-04-03).")
    ] = None,
    until: Annotated[
        str | None, typer.Option("--until", help="Only before this date/time.")
    ] = None,
    queries: Annotated[
        Path | None,
        typer.Option(
            "--queries",
            help="Run every line of FILE as a query (one JSON line per query with --json).",
            metavar="FILE",
            dir_okay=False,
        ),
    ] = None,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Search every conversation, history entry and memory file, best first.

    A message hit is a short window of turns with their absolute indexes
    (expand more with `reverie sessions show` or `reverie history expand`).

    Example: reverie recall "which database did we pick" -k 5
    """
    from reverie.cli import render
    from reverie.ops.recall import read_queries

    if (query is None) == (queries is None):
        raise typer.BadParameter("give either a QUERY or --queries FILE", param_hint="QUERY")
    texts = [query] if query is not None else read_queries(queries)  # type: ignore[arg-type]
    ws = open_for(workspace)
    try:
        for text in texts:
            hits = ws.recall(
                text, k=k, session_key=session, kinds=kind or None, since=since, until=until
            )
            if json_output and queries is not None:
                render.emit_json_line({"query": text, "hits": [hit.to_dict() for hit in hits]})
            elif json_output:
                render.emit_json([hit.to_dict() for hit in hits])
            else:
                render.recall_hits(text, hits)
    finally:
        ws.close()


@index_app.command("rebuild")
def index_rebuild(workspace: WorkspaceOption = None, json_output: JsonOption = False) -> None:
    """Delete the recall index and build it again from the workspace files.

    Never needed for correctness (the index catches up by itself); use it to
    reclaim space or after restoring files from a backup.

    Example: reverie index rebuild
    """
    from reverie.cli import render

    ws = open_for(workspace)
    try:
        report = ws.recall_index.rebuild()
        stats = ws.recall_index.stats()
    finally:
        ws.close()
    if json_output:
        render.emit_json(
            {
                "messages": report.messages,
                "history": report.history,
                "memory": report.memory,
                **stats,
            }
        )
        return
    render.out().print(
        f"Indexed {report.messages} messages, {report.history} history entries and "
        f"{report.memory} memory sections ({stats['bytes'] / 1e6:.1f} MB)"
    )
