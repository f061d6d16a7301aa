"""What the front ends do, without the terminal: report on a workspace, chat in it, trace memory.

The CLI (:mod:`reverie.cli`) is a thin shell over these modules; a service or a
notebook can call them the same way. Each takes an opened
:class:`~reverie.workspace.Workspace` (settings resolved once, parts shared):

- :mod:`reverie.ops.history`: tail, search and expand the history log;
- :mod:`reverie.ops.status`: cursors, Dream schedule, context use per session;
- :mod:`reverie.ops.blame`: a memory line → its commit → history entries → messages;
- :mod:`reverie.ops.chat`: a chat session's turns, slash commands and schedules.

Submodules are imported on demand; importing this package loads nothing else.
"""
