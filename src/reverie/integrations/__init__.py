"""reverie's memory for agents built on other stacks.

- :mod:`reverie.integrations.anthropic` — ``MemoryTool(workspace)``: Claude's
  client-side memory tool (``memory_20250818``) backed by the workspace's
  memory files, for ``client.beta.messages.run_tools``.
- :mod:`reverie.integrations.openai_agents` — ``ReverieSession(session_id,
  workspace)``: an OpenAI Agents SDK session stored as a reverie session.
- :mod:`reverie.integrations.memory_commands` — the six memory-tool commands,
  shared by the memory tool and ``reverie mcp``.

Nothing here is imported by ``import reverie``; each module loads its SDK when
it is imported, and says which ``pip install`` provides a missing one.
"""
