"""``reverie mcp`` (serve memory to MCP clients) and ``reverie mcp tokens add|list|remove``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from reverie.cli.app import app
from reverie.cli.options import HELP_SETTINGS, JsonOption, WorkspaceOption, open_for, sub_app

mcp_app = typer.Typer(
    invoke_without_command=True,
    # `reverie mcp` alone starts the server: it is what client configurations run.
    **{**HELP_SETTINGS, "no_args_is_help": False},
)
app.add_typer(mcp_app, name="mcp")
tokens_app = sub_app("Bearer tokens for `reverie mcp --http`, one workspace each.")
mcp_app.add_typer(tokens_app, name="tokens")

TokensOption = Annotated[
    Path | None,
    typer.Option(
        "--tokens",
        help="Tokens file. Default: $REVERIE_MCP_TOKENS, else ~/.reverie/mcp-tokens.json.",
        show_default=False,
        dir_okay=False,
    ),
]


@mcp_app.callback()
def mcp(
    ctx: typer.Context,
    workspace: WorkspaceOption = None,
    http: Annotated[
        bool, typer.Option("--http", help="Serve streamable HTTP (bearer tokens) instead of stdio.")
    ] = False,
    host: Annotated[
        str, typer.Option("--host", help="Address to bind with --http (loopback by default).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to bind with --http.")] = 8765,
    tokens: TokensOption = None,
) -> None:
    """Serve memory to MCP clients: over stdio, or over HTTP with --http.

    Over stdio (what desktop clients start) it serves one workspace; standard
    output carries only the protocol. Over HTTP every request needs a bearer
    token, and each token opens its own workspace (see `reverie mcp tokens`).

    Tools: recall, remember, memory, read_memory, dream, history, expand.

    Example: reverie mcp --workspace ~/.reverie/workspace
    """
    if ctx.invoked_subcommand is not None:
        return
    if http:
        if workspace is not None:
            raise typer.BadParameter(
                "over HTTP each token names its workspace; give it to `reverie mcp tokens add`",
                param_hint="--workspace",
            )
        from reverie.mcp.run import serve_http

        serve_http(tokens, host=host, port=port)
        return
    from reverie.mcp.run import serve_stdio

    serve_stdio(open_for(workspace, must_exist=False))


@tokens_app.command("add")
def tokens_add(
    name: Annotated[str, typer.Argument(help="Who the token is for (letters, digits, _ . -).")],
    workspace: WorkspaceOption = None,
    tokens: TokensOption = None,
    json_output: JsonOption = False,
) -> None:
    """Create a token that opens one workspace over HTTP.

    The token is printed once; only its hash is stored (the file is 0600).
    Without --workspace the token gets its own new workspace next to the
    tokens file (workspaces/NAME).

    Example: reverie mcp tokens add dana --workspace ~/memories/dana
    """
    from reverie.cli import render
    from reverie.mcp.tokens import TokenFile

    store = TokenFile(tokens)
    token, entry = store.add(name, workspace)
    if json_output:
        render.emit_json({"name": entry.name, "token": token, "workspace": entry.workspace})
        return
    render.out().print(token, soft_wrap=True)
    render.note(
        f"token for {entry.name!r} opens {entry.workspace}; it is shown only now "
        f"(its hash is in {store.path}). Send it as 'Authorization: Bearer <token>'."
    )


@tokens_app.command("list")
def tokens_list(tokens: TokensOption = None, json_output: JsonOption = False) -> None:
    """List token names, their workspaces and when they were made (never the tokens).

    Example: reverie mcp tokens list
    """
    from rich.table import Table

    from reverie.cli import render
    from reverie.mcp.tokens import TokenFile

    store = TokenFile(tokens)
    entries = store.entries()
    if json_output:
        render.emit_json(
            [{"name": e.name, "workspace": e.workspace, "created": e.created} for e in entries]
        )
        return
    if not entries:
        render.note(f"no tokens in {store.path}; create one with `reverie mcp tokens add NAME`")
        return
    table = Table(title=str(store.path), title_justify="left")
    for column in ("name", "workspace", "created"):
        table.add_column(column)
    for entry in entries:
        table.add_row(entry.name, entry.workspace, entry.created)
    render.out().print(table)


@tokens_app.command("remove")
def tokens_remove(
    name: Annotated[str, typer.Argument(help="The token's name.")],
    tokens: TokensOption = None,
) -> None:
    """Revoke a token; a running server refuses it from the next request on.

    The workspace it opened is kept.

    Example: reverie mcp tokens remove dana
    """
    from reverie.cli import render
    from reverie.errors import UserError
    from reverie.mcp.tokens import TokenFile

    store = TokenFile(tokens)
    if not store.remove(name):
        raise UserError(f"{store.path} has no token named {name!r}")
    render.note(f"removed the token {name!r}; its workspace is kept")
