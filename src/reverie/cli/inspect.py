"""Read commands: ``reverie memory show``, ``reverie history ...``, ``reverie sessions ...``.

``reverie status`` and ``reverie blame`` live in :mod:`reverie.cli.status`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.text import Text

from reverie.cli.app import app
from reverie.cli.options import JsonOption, WorkspaceOption, open_for, sub_app
from reverie.layout import MEMORY_FILE, SOUL_FILE, USER_FILE

if TYPE_CHECKING:
    from reverie.ops.said_at import SaidAt
    from reverie.store.records import HistoryEntry

memory_app = sub_app("Show the memory files.")
history_app = sub_app("Read, search and expand memory/history.jsonl.")
sessions_app = sub_app("List, show and delete conversations.")
app.add_typer(memory_app, name="memory")
app.add_typer(history_app, name="history")
app.add_typer(sessions_app, name="sessions")


class MemoryFile(StrEnum):
    """Which memory file to show."""

    memory = "memory"
    user = "user"
    soul = "soul"


_FILES = {
    MemoryFile.memory: MEMORY_FILE,
    MemoryFile.user: USER_FILE,
    MemoryFile.soul: SOUL_FILE,
}


@memory_app.command("show")
def memory_show(
    which: Annotated[
        MemoryFile,
        typer.Argument(
            help="memory (MEMORY.md), user (USER.md) or soul (SOUL.md).",
            metavar="FILE",
        ),
    ] = MemoryFile.memory,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Print a memory file as it is on disk.

    Example: reverie memory show user
    """
    from reverie.cli import render

    ws = open_for(workspace)
    store = ws.store
    readers = {
        MemoryFile.memory: store.read_memory,
        MemoryFile.user: store.read_user,
        MemoryFile.soul: store.read_soul,
    }
    content = readers[which]()
    rel = _FILES[which]
    if json_output:
        path = ws.path / rel
        render.emit_json({"file": rel, "path": str(path), "content": content})
        return
    if not content.strip():
        render.note(f"{rel} is empty (Dream fills it from history; you can edit it too)")
        return
    typer.echo(content, nl=not content.endswith("\n"))


@history_app.command("tail")
def history_tail(
    count: Annotated[
        int, typer.Option("-n", "--count", help="How many entries.", min=1, metavar="N")
    ] = 10,
    full: Annotated[
        bool, typer.Option("--full", help="Show whole entries, not a one-line preview.")
    ] = False,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Show the newest history entries.

    History entries are the summaries the Consolidator wrote, oldest first.

    Example: reverie history tail -n 20
    """
    from reverie.cli import render
    from reverie.ops.history import tail_history
    from reverie.ops.said_at import said_at

    ws = open_for(workspace)
    entries = tail_history(ws.store, count)
    said = said_at(ws.store, entries)
    if json_output:
        render.emit_json(_entries_json(entries, said))
        return
    if not entries:
        render.note("history is empty: nothing has been consolidated yet")
        return
    render.out().print(
        render.history_table(entries, title="History (newest last)", full=full, said=said)
    )


@history_app.command("search")
def history_search(
    text: Annotated[str, typer.Argument(help="Text to find (case-insensitive).", metavar="TEXT")],
    session: Annotated[
        str | None, typer.Option("--session", "-s", help="Only entries from this session key.")
    ] = None,
    limit: Annotated[
        int | None,
        typer.Option("--limit", help="Only the newest N matches.", min=1, metavar="N"),
    ] = None,
    full: Annotated[
        bool, typer.Option("--full", help="Show whole entries, not a one-line preview.")
    ] = False,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Find history entries containing TEXT (case-insensitive).

    Example: reverie history search "postgres" --session cli:alice
    """
    from reverie.cli import render
    from reverie.ops.history import search_history
    from reverie.ops.said_at import said_at

    ws = open_for(workspace)
    entries = search_history(ws.store, text, session_key=session, limit=limit)
    said = said_at(ws.store, entries)
    if json_output:
        render.emit_json(_entries_json(entries, said))
        return
    if not entries:
        scope = f" of session {session!r}" if session is not None else ""
        render.note(f"no history entry{scope} contains {text!r}")
        return
    title = f"{len(entries)} entr{'y' if len(entries) == 1 else 'ies'} containing {text!r}"
    render.out().print(render.history_table(entries, title=title, full=full, said=said))


def _entries_json(entries: list[HistoryEntry], said: dict[int, SaidAt]) -> list[dict[str, Any]]:
    """The records as stored, each with ``said_at`` (``{"first", "last"}`` or null)."""
    return [
        {
            **entry.to_dict(),
            "said_at": said[entry.cursor].as_dict() if entry.cursor in said else None,
        }
        for entry in entries
    ]


@history_app.command("expand")
def history_expand(
    cursor: Annotated[
        int, typer.Argument(help="The entry's cursor (see history tail).", metavar="CURSOR")
    ],
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Show the original messages behind a history entry.

    Example: reverie history expand 42
    """
    from reverie.cli import render
    from reverie.ops.history import expand_history_entry

    ws = open_for(workspace)
    expansion = expand_history_entry(ws.store, cursor)
    if json_output:
        render.emit_json(expansion.as_dict())
        return
    render.expansion(expansion)


@sessions_app.command("list")
def sessions_list(
    show_all: Annotated[
        bool,
        typer.Option("--all", "-a", help="Also list Dream's own sessions (dream:<time>)."),
    ] = False,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """List conversations, most recently active first.

    Dream's own working sessions (keys dream:<time>) are left out unless --all.

    Example: reverie sessions list --json
    """
    from reverie.cli import render

    rows = open_for(workspace).sessions.list_sessions()
    shown = rows if show_all else [row for row in rows if not _is_dream_session(row["key"])]
    hidden = len(rows) - len(shown)
    if json_output:
        render.emit_json([{**row, "path": str(row["path"])} for row in shown])
        return
    if shown:
        render.out().print(render.sessions_table(shown))
    elif not hidden:
        render.note("no sessions yet: start one with `reverie chat`")
    if hidden:
        render.note(
            f"{hidden} Dream session{'' if hidden == 1 else 's'} not listed "
            "(Dream's own working notes); --all lists them"
        )


def _is_dream_session(key: object) -> bool:
    from reverie.dream.sessions import DREAM_SESSION_PREFIX

    return isinstance(key, str) and key.startswith(DREAM_SESSION_PREFIX)


@sessions_app.command("show")
def sessions_show(
    key: Annotated[str, typer.Argument(help="Session key (see sessions list).", metavar="KEY")],
    last: Annotated[
        int | None,
        typer.Option("--last", "-n", help="Only the newest N messages.", min=1, metavar="N"),
    ] = None,
    workspace: WorkspaceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Show the messages of a conversation.

    Only the messages still in the session file; archived ones are in
    memory/transcripts/ (see history expand).

    Example: reverie sessions show cli:default -n 20
    """
    from reverie.cli import render
    from reverie.ops.sessions import load_existing_session

    ws = open_for(workspace)
    session = load_existing_session(ws.sessions, key)
    messages = session.messages if last is None else session.messages[-last:]
    shown_from = len(session.messages) - len(messages)
    first = session.absolute_index(shown_from) if messages else session.total_messages
    if json_output:
        render.emit_json(
            {
                "key": session.key,
                "created_at": session.created_at.isoformat(),
                "updated_at": session.updated_at.isoformat(),
                "last_consolidated": session.consolidated_count(),
                "archived_offset": session.archived_offset,
                "first_index": first,
                "messages": messages,
            }
        )
        return
    title = (
        f"{session.key}: {len(session.messages)} messages in the file "
        f"({session.consolidated_count()} consolidated, {session.archived_offset} archived)"
    )
    if not messages:
        # An empty table would squeeze the title into its few columns.
        render.out().print(Text(title), soft_wrap=True)
        if session.archived_offset:
            render.note(
                "archived messages are in memory/transcripts/ (see `reverie history expand`)"
            )
        return
    render.out().print(render.messages_table(messages, title=title, first=first))


@sessions_app.command("delete")
def sessions_delete(
    key: Annotated[str, typer.Argument(help="Session key (see sessions list).", metavar="KEY")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    workspace: WorkspaceOption = None,
) -> None:
    """Delete a conversation (its messages are archived first).

    The messages are appended to memory/transcripts/ before the file goes.

    Example: reverie sessions delete cli:old --yes
    """
    from reverie.cli import render
    from reverie.ops.sessions import load_existing_session
    from reverie.sessions.hold import hold_chat_session

    ws = open_for(workspace)
    session = load_existing_session(ws.sessions, key)
    # A chat still open on it would write the messages back on its next turn.
    with hold_chat_session(ws.path, key, hint="leave that chat first"):
        if not yes:
            typer.confirm(
                f"Delete session {key!r} ({len(session.messages)} messages; they stay in "
                "memory/transcripts/)?",
                abort=True,
            )
        ws.sessions.delete_session(key)
    render.out().print(
        f"Deleted session [magenta]{escape(key)}[/] (messages kept in memory/transcripts/)"
    )
