"""reverie as an MCP server: ``reverie mcp`` (stdio) and ``reverie mcp --http``.

- :mod:`reverie.mcp.server` — the tools and resources of one workspace.
- :mod:`reverie.mcp.answers` — what each tool does, without MCP.
- :mod:`reverie.mcp.tokens` — bearer tokens for HTTP, each naming one workspace.
- :mod:`reverie.mcp.http` — the HTTP front: 401 without a valid token, one
  server per token.

Needs the ``mcp`` extra (``pip install 'reverie[mcp]'``): importing any part
of this package without it raises an error that names that command.
"""

from reverie.integrations._extras import require_extra

require_extra("mcp", extra="mcp", feature="reverie mcp")
