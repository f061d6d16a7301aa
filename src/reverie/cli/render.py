"""How results look in a terminal: rich tables and views of what commands found. No logic.

The consoles and the plain forms (errors, remarks, JSON, Markdown) live in
:mod:`reverie.cli.console` and are importable from here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from reverie.cli.console import (
    emit_json,
    emit_json_line,
    err,
    error,
    exposure_warning,
    markdown,
    minute,
    note,
    out,
    preview,
)
from reverie.message_format import message_text

if TYPE_CHECKING:
    from reverie.ops.blame import BlameHit, BlameOrigin
    from reverie.ops.history import Expansion
    from reverie.ops.said_at import SaidAt
    from reverie.ops.status import WorkspaceStatus
    from reverie.recall.hits import RecallHit
    from reverie.scaffold import InitReport
    from reverie.store.records import HistoryEntry

__all__ = [
    "blame_view",
    "context_bar",
    "emit_json",
    "emit_json_line",
    "err",
    "error",
    "expansion",
    "exposure_warning",
    "history_table",
    "init_report",
    "markdown",
    "messages_table",
    "minute",
    "note",
    "out",
    "preview",
    "recall_hits",
    "sessions_table",
    "status_view",
]


def recall_hits(query: str, hits: Sequence[RecallHit]) -> None:
    """Recall results as a table: rank, where (kind and place), when, and the text."""
    if not hits:
        note(f"nothing remembered matches {query!r}")
        return
    table = Table(
        title=Text(f"Recall: {query}", style="table.title"), title_justify="left", show_lines=True
    )
    table.add_column("#", justify="right", style="dim")
    table.add_column("where", style="magenta", overflow="fold")
    table.add_column("when", style="dim", no_wrap=True)
    table.add_column("text", overflow="fold")
    for rank, hit in enumerate(hits, start=1):
        table.add_row(str(rank), Text(_hit_place(hit)), hit.timestamp or "?", Text(hit.text))
    out().print(table)


def _hit_place(hit: RecallHit) -> str:
    if hit.kind == "memory":
        return hit.path or "memory"
    place = hit.session_key or ""
    if hit.start is not None and hit.end is not None:
        place += f" #{hit.start}" if hit.end - hit.start == 1 else f" #{hit.start}-{hit.end - 1}"
    if hit.kind == "history":
        place = f"history {hit.cursor}" + (f" ({place})" if place else "")
    return place


def history_table(
    entries: Sequence[HistoryEntry],
    *,
    title: str,
    full: bool = False,
    said: Mapping[int, SaidAt] | None = None,
) -> Table:
    """Entries as a table: cursor, when, session, content (shortened unless ``full``).

    ``said`` gives, per cursor, when the entry's messages were said; an entry
    without one shows when it was written.
    """
    said = said or {}
    # Text, not markup: the title may hold a search term or a key with brackets.
    table = Table(title=Text(title, style="table.title"), title_justify="left", expand=False)
    table.add_column("cursor", justify="right", style="cyan", no_wrap=True)
    table.add_column("when", no_wrap=True)
    table.add_column("session", style="magenta")
    table.add_column("content")
    for entry in entries:
        span = said.get(entry.cursor)
        # Text, not markup: "[permanent]" in a summary is content, not a style tag.
        table.add_row(
            str(entry.cursor),
            Text(span.label() if span is not None else entry.timestamp),
            Text(entry.session_key or ""),
            Text(entry.content if full else preview(entry.content)),
        )
    if said and len(said) < len(entries):
        table.caption = (
            "when: the conversation's time; for entries naming no messages, when written"
        )
    elif said:
        table.caption = "when: the time of the conversation each entry summarises"
    table.caption_justify = "left"
    return table


def sessions_table(rows: Iterable[Mapping[str, Any]]) -> Table:
    """Sessions as a table: key, messages, created, updated."""
    table = Table(title="Sessions", title_justify="left")
    table.add_column("key", style="magenta", overflow="fold")
    table.add_column("messages", justify="right")
    table.add_column("created", no_wrap=True)
    table.add_column("updated", no_wrap=True)
    for row in rows:
        table.add_row(
            Text(str(row["key"])),
            str(row["message_count"]),
            minute(row["created_at"]),
            minute(row["updated_at"]),
        )
    return table


def messages_table(messages: Sequence[Mapping[str, Any]], *, title: str, first: int = 0) -> Table:
    """Messages as a table: absolute index, time, role (with tools), text."""
    from reverie.message_format import tool_names

    table = Table(title=Text(title, style="table.title"), title_justify="left", show_lines=False)
    table.add_column("#", justify="right", style="cyan", no_wrap=True)
    table.add_column("time", no_wrap=True)
    table.add_column("role", style="bold")
    table.add_column("text")
    for offset, message in enumerate(messages):
        stamp = minute(message.get("timestamp") or "")
        role = str(message.get("role") or "?")
        tools = tool_names(message)
        if tools:
            role += f" [{', '.join(tools)}]"
        table.add_row(str(first + offset), stamp, escape(role), escape(message_text(message)))
    return table


def context_bar(used: int, budget: int, width: int = 24) -> Text:
    """``███████░░░░ 41%``: how much of a context budget a session uses."""
    if budget <= 0:
        return Text("no budget (consolidation off)", style="dim")
    share = used / budget
    filled = min(width, round(share * width))
    style = "green" if share < 0.6 else "yellow" if share < 1 else "red"
    bar = Text("█" * filled, style=style)
    bar.append("░" * (width - filled), style="dim")
    bar.append(f" {share:4.0%}")
    return bar


def init_report(report: InitReport) -> None:
    """What ``reverie init`` created and kept."""
    console = out()
    console.print(f"Workspace [bold]{escape(str(report.workspace))}[/]")
    for rel in report.created:
        console.print(f"  [green]created[/] {escape(rel)}")
    for rel in report.kept:
        console.print(f"  [dim]kept   [/] {escape(rel)} [dim](exists; left as it is)[/]")
    if report.git_created:
        console.print("  [green]created[/] .git (memory repository)")
    elif (report.workspace / ".git").exists():
        console.print("  [dim]kept   [/] .git [dim](memory repository)[/]")


def expansion(item: Expansion) -> None:
    """A history entry followed by the messages it was written from."""
    console = out()
    entry = item.entry
    console.print(
        f"[cyan]#{entry.cursor}[/] {escape(entry.timestamp)} "
        f"[magenta]{escape(entry.session_key or '')}[/]"
    )
    console.print(Text(entry.content))
    console.print()
    if item.start is None or item.end is None:
        console.print(
            "[dim]This entry names no message range (written by nanobot, by hand, or "
            "before reverie tracked sources), so there is nothing to expand.[/]"
        )
        return
    title = f"Messages {item.start}-{item.end - 1} of {item.session_key}"
    console.print(messages_table(item.messages, title=title, first=item.start))


def _when(value: str | None) -> str:
    return minute(value) if value else "never"


def status_view(status: WorkspaceStatus) -> None:
    """``reverie status``: workspace, provider, cursors, Dream, per-session context use."""
    console = out()
    table = Table(title="reverie status", title_justify="left", show_header=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row("workspace", escape(status.workspace))
    table.add_row("config", escape(status.config_file or "none (defaults)"))
    provider = status.provider + (
        "  [yellow](no model configured: set provider/model in reverie.toml)[/]"
        if status.provider == "offline"
        else ""
    )
    table.add_row("provider", provider)
    table.add_row("model", escape(status.model or "?"))
    if status.base_url:
        table.add_row("base url", escape(status.base_url))
    if status.api_key_env:
        table.add_row(
            "api key",
            escape(status.api_key_env)
            + (
                " (set)" if status.api_key_set else "  [yellow](not set: the provider will fail)[/]"
            ),
        )
    table.add_row("memory repo", "yes (.git)" if status.git_initialized else "not yet created")
    table.add_row(
        "history",
        f"latest cursor {status.latest_cursor}, Dream cursor {status.dream_cursor}, "
        f"{status.pending_entries} pending",
    )
    dream = status.dream
    last = _when(dream.last_completed)
    if dream.last_status and dream.last_status not in ("completed", "nothing_to_do"):
        last += f" (last attempt {_when(dream.last_attempt)}: {dream.last_status})"
    table.add_row("last dream", escape(last))
    table.add_row("next dream", escape(f"{_when(dream.next_due)} ({dream.schedule})"))
    console.print(table)
    exposure_warning(status.workspace, status.exposure)
    if status.unfinished_forget:
        err().print(
            f"[yellow]A forget was interrupted[/] ({escape(status.unfinished_forget)}): what it "
            "was removing may still be in the workspace; run the same `reverie forget` again "
            "to finish it"
        )
    for warning in status.warnings:
        err().print(f"[yellow]warning:[/] {escape(warning)}", soft_wrap=True)
    if not status.sessions:
        return
    sessions = Table(
        title=f"Context use (budget {status.budget:,} tokens)",
        title_justify="left",
        caption="messages: in the session file; not summarised: not yet in history, so "
        "replayed in every prompt; tokens: the next prompt's size",
        caption_justify="left",
    )
    sessions.add_column("session", style="magenta")
    sessions.add_column("messages", justify="right")
    sessions.add_column("not summarised", justify="right")
    sessions.add_column("tokens", justify="right")
    sessions.add_column("use")
    for use in status.sessions:
        sessions.add_row(
            escape(use.key),
            f"{use.messages:,}",
            f"{use.unconsolidated:,}",
            f"{use.tokens:,}",
            context_bar(use.tokens, use.budget, width=12),
        )
    console.print(sessions)


def blame_view(hits: Sequence[BlameHit]) -> None:
    """``reverie blame``: each matching line with its commit, entries and messages."""
    console = out()
    for hit in hits:
        console.print(f"[bold]{escape(hit.file)}:{hit.line_no}[/]  {escape(hit.text.strip())}")
        if hit.sha is None:
            console.print("  [yellow]not committed yet (edited since the last commit)[/]")
            console.print()
            continue
        console.print(
            f"  commit [cyan]{hit.sha[:8]}[/] {_when(hit.timestamp)}  {escape(hit.subject or '')}"
        )
        if hit.cursors is None:
            who = escape(hit.written_by) if hit.written_by else "hand or by reverie init"
            console.print(f"  [dim]not a Dream commit: written by {who}[/]")
            console.print()
            continue
        start, end = hit.cursors
        console.print(
            f"  from history entries {start}-{end}"
            + (f" [dim](model {escape(hit.model)})[/]" if hit.model else "")
        )
        if hit.missing_entries:
            console.print(f"  [dim]{hit.missing_entries} of them were compacted out of the log[/]")
        if not hit.origins:
            console.print(
                "  [dim]none of these entries mentions it (the words came from Dream's "
                "rewording; see `reverie history expand`)[/]"
            )
        for origin in hit.origins:
            _blame_origin(console, origin)
        console.print()


def _blame_origin(console: Console, origin: BlameOrigin) -> None:
    entry = origin.entry
    console.print(
        f"  [cyan]#{entry.cursor}[/] {escape(entry.timestamp)} "
        f"[magenta]{escape(entry.session_key or '')}[/]: {escape(preview(entry.content))}"
    )
    if origin.start is None:
        console.print("      [dim](this entry names no messages)[/]")
    elif origin.problem:
        console.print(f"      [yellow]{escape(origin.problem)}[/]")
    elif origin.match == "none":
        console.print(f"      [dim]none of its {origin.total} messages contains these words[/]")
    else:
        how = "contain these words" if origin.match == "words" else "share the line's words"
        console.print(f"      [dim]{len(origin.messages)} of its {origin.total} messages {how}:[/]")
    for index, message in zip(origin.indexes, origin.messages, strict=True):
        stamp = minute(message.get("timestamp") or "")
        role = str(message.get("role") or "?")
        console.print(
            f"      [cyan]#{index}[/] [dim]{escape(stamp)}[/] [bold]{escape(role)}[/]: "
            f"{escape(preview(message_text(message), 140))}"
        )
