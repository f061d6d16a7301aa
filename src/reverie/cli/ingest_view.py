"""How ``reverie ingest`` looks: the progress bars, the dry-run table, the summary."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table
from rich.text import Text

from reverie.cli import render
from reverie.ingest.replay import IngestObserver
from reverie.layout import MEMORY_FILES

if TYPE_CHECKING:
    from reverie.dream.runner import DreamResult
    from reverie.ingest.model import ImportedConversation, IngestProblem, ParseResult
    from reverie.ingest.plan import ImportPlan
    from reverie.ingest.replay import IngestReport
    from reverie.workspace import Workspace

__all__ = [
    "ProgressObserver",
    "emit",
    "show_dry_run",
    "show_problems",
    "show_summary",
    "summary_data",
]


class ProgressObserver(IngestObserver):
    """Rich progress bars on standard error: conversations, messages, history, Dream."""

    def __init__(self, conversations: Sequence[ImportedConversation], *, quiet: bool) -> None:
        self._progress = Progress(
            TextColumn("{task.description:<16}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[detail]}", style="dim"),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            disable=quiet,
        )
        add = self._progress.add_task
        self._conversations = add("conversations", total=len(conversations), detail="")
        self._messages = add(
            "messages", total=sum(len(c.messages) for c in conversations), detail=""
        )
        self._history = add("history entries", total=None, detail="consolidation rounds")
        self._dream: TaskID | None = None

    def __enter__(self) -> ProgressObserver:
        self._progress.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            # Bars whose total was a bound, not a count, end at what was done:
            # Dream stops as soon as nothing is left ("1/1", not "1/3").
            for task in (self._history, self._dream):
                if task is not None:
                    done = self._progress.tasks[task].completed
                    self._progress.update(task, total=done, completed=done)
        self._progress.stop()

    def conversation_started(self, conversation: ImportedConversation) -> None:
        """Advance the conversations bar and name the one starting."""
        self._progress.update(
            self._conversations, advance=1, detail=render.preview(conversation.key, 40)
        )

    def conversation_skipped(self, conversation: ImportedConversation, reason: str) -> None:
        """Count a skipped conversation and its messages as done."""
        self._progress.update(self._conversations, advance=1, detail="skipped " + conversation.key)
        self._progress.advance(self._messages, len(conversation.messages))

    def conversation_resumed(self, conversation: ImportedConversation, done: int) -> None:
        """Count the messages an interrupted import already stored as done."""
        detail = "resuming " + render.preview(conversation.key, 30)
        self._progress.update(self._conversations, advance=1, detail=detail)
        self._progress.advance(self._messages, done)

    def conversation_extended(self, conversation: ImportedConversation, done: int) -> None:
        """Count the messages imported before as done; only the new ones follow."""
        detail = "adding to " + render.preview(conversation.key, 30)
        self._progress.update(self._conversations, advance=1, detail=detail)
        self._progress.advance(self._messages, done)

    def waiting_for_other_import(self) -> None:
        """Say why nothing moves."""
        self._progress.console.print(
            "[yellow]Another reverie ingest is running in this workspace; waiting for it "
            "(its conversations will then be skipped).[/]"
        )

    def message_replayed(self) -> None:
        """Advance the messages bar."""
        self._progress.advance(self._messages, 1)

    def history_written(self, entries: int) -> None:
        """Count history entries written."""
        self._progress.advance(self._history, entries)

    def dream_started(self, pending: int, passes: int) -> None:
        """Add the Dream bar."""
        self._progress.update(self._history, total=self._progress.tasks[self._history].completed)
        self._dream = self._progress.add_task(
            "dream", total=passes, detail=f"{pending} entries pending"
        )

    def dream_finished(self, result: DreamResult) -> None:
        """Advance the Dream bar."""
        if self._dream is not None:
            self._progress.update(self._dream, advance=1, detail=result.status)


def emit(data: dict[str, Any]) -> None:
    """Print the summary as JSON."""
    render.emit_json(data)


def _file_sizes(ws: Workspace) -> dict[str, dict[str, int]]:
    sizes: dict[str, dict[str, int]] = {}
    for rel in MEMORY_FILES:
        text = ws.store.read_file(rel)
        sizes[rel] = {"lines": len(text.splitlines()), "chars": len(text)}
    return sizes


def summary_data(
    ws: Workspace | None, report: IngestReport, problems: Sequence[IngestProblem]
) -> dict[str, Any]:
    """Everything the summary shows, as JSON-friendly data."""
    data: dict[str, Any] = report.as_dict()
    data["problems"] = [str(problem) for problem in problems]
    if ws is None:
        return data
    store = ws.store
    latest = store.get_latest_cursor()
    data["workspace"] = str(ws.path)
    data["history_total"] = len(store.read_unprocessed_history(0)) if latest else 0
    data["pending_dream"] = len(store.read_unprocessed_history(store.get_last_dream_cursor()))
    data["memory_files"] = _file_sizes(ws)
    return data


def show_summary(data: dict[str, Any], *, offline: bool) -> None:
    """The end-of-import table: sessions, messages, history, memory files, commits."""
    console = render.out()
    table = Table(title="Ingest summary", title_justify="left", show_header=False)
    table.add_column(style="bold")
    table.add_column()
    skipped, resumed, extended = len(data["skipped"]), len(data["resumed"]), len(data["extended"])
    table.add_row(
        "sessions",
        f"{len(data['sessions'])} imported"
        + (f" ({resumed} resumed after an interruption)" if resumed else "")
        + (f", {extended} extended with new messages" if extended else "")
        + (f", {skipped} skipped" if skipped else ""),
    )
    table.add_row("messages", str(data["messages"]))
    table.add_row(
        "history entries",
        f"{data['history_entries']} written ({data['history_total']} in the log, "
        f"{data['pending_dream']} waiting for Dream)",
    )
    runs = data["dream_runs"]
    statuses = ", ".join(sorted({run["status"] for run in runs})) or "not run"
    table.add_row("dream runs", f"{len(runs)} ({statuses})")
    for rel, size in data["memory_files"].items():
        table.add_row(rel, f"{size['lines']} lines, {size['chars']} chars")
    commits = data["commits"]
    table.add_row("commits", "\n".join(sha[:8] for sha in commits) or "none")
    console.print(table)
    console.print(f"Workspace: {escape(data['workspace'])}")
    for item in data["skipped"]:
        render.note(f"skipped {item['key']}: {item['reason']}")
    if offline:
        render.note(
            "No model is configured: the offline provider extracted facts by rule. "
            "Set provider and model in reverie.toml (or --provider) for richer memory."
        )


def show_problems(problems: Sequence[IngestProblem], *, imported: int | None = None) -> None:
    """List every file that could not be read and every skipped record, on standard error.

    Args:
        problems: What went wrong.
        imported: Messages this run imported (the header says whether anything
            was); None for a dry run, which imports nothing by design.
    """
    if not problems:
        return
    unreadable = sum(1 for problem in problems if not problem.location)
    parts = []
    if unreadable:
        parts.append(f"{_count(unreadable, 'file')} could not be read")
    if len(problems) > unreadable:
        skipped = len(problems) - unreadable
        parts.append(f"{_count(skipped, 'record')} {'was' if skipped == 1 else 'were'} skipped")
    if imported is None:
        outcome = ""
    elif imported:
        outcome = "; everything else was imported"
    else:
        outcome = "; nothing was imported"
    console = render.err()
    console.print(f"[bold red]{' and '.join(parts)}[/]{outcome}:", soft_wrap=True)
    for problem in problems:
        console.print(f"  [red]{escape(str(problem))}[/]", soft_wrap=True)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _action(plan: ImportPlan, total: int) -> str:
    if plan.action == "skip":
        return f"skip ({plan.label})" if plan.label else "skip"
    if plan.action == "resume":
        return f"resume from message {plan.start}"
    if plan.action == "extend":
        new = total - plan.start
        return f"add {new} new message{'' if new == 1 else 's'}"
    return "import"


def show_dry_run(
    results: Sequence[ParseResult],
    problems: Sequence[IngestProblem],
    workspace: Path | None,
    *,
    json_output: bool,
) -> None:
    """What would be imported, per conversation; nothing is written."""
    from reverie.cli.options import resolve_workspace
    from reverie.ingest.plan import ImportPlan, plan_import
    from reverie.sessions.manager import SessionManager

    path = resolve_workspace(workspace)
    sessions = SessionManager(path) if path.is_dir() else None
    rows: list[dict[str, Any]] = []
    planned: dict[str, str] = {}  # key -> file name, for keys this run would create
    for result in results:
        for conversation in result.conversations:
            taken_by = planned.get(conversation.key)
            if taken_by is not None:
                # The real run would find the session the earlier conversation created.
                plan = ImportPlan("skip", label=f"key taken by {taken_by}")
            elif sessions is None:
                plan = ImportPlan("import")
            else:
                plan = plan_import(sessions, conversation)
            if plan.action != "skip":
                planned[conversation.key] = conversation.file.name
            rows.append(
                {
                    "file": str(result.file),
                    "format": result.format,
                    "location": conversation.location,
                    "key": conversation.key,
                    "title": conversation.title,
                    "messages": len(conversation.messages),
                    "first_timestamp": conversation.first_timestamp,
                    "action": _action(plan, len(conversation.messages)),
                }
            )
    if json_output:
        render.emit_json({"conversations": rows, "problems": [str(p) for p in problems]})
        return
    table = Table(
        title=Text(f"Would import into {path}", style="table.title"), title_justify="left"
    )
    for column in ("file", "format", "session key", "messages", "first message", "action"):
        # Names and keys fold rather than end in "…": they are what the user looks for.
        table.add_column(
            column,
            justify="right" if column == "messages" else "left",
            overflow="fold" if column in ("file", "session key") else "ellipsis",
        )
    for row in rows:
        table.add_row(
            escape(Path(row["file"]).name),
            row["format"],
            escape(row["key"]),
            str(row["messages"]),
            render.minute(row["first_timestamp"] or ""),
            row["action"],
        )
    render.out().print(table)
    total = sum(row["messages"] for row in rows)
    render.out().print(f"{len(rows)} conversation(s), {total} message(s); nothing was written.")
    show_problems(problems)
