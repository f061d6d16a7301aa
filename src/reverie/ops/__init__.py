"""What the front ends do, without the terminal: open a workspace, create one, report on it.

The CLI (:mod:`reverie.cli`) is a thin shell over these modules; a service or a
notebook can call them the same way:

- :mod:`reverie.ops.runtime`: :func:`~reverie.ops.runtime.open_runtime` resolves a
  workspace and its settings (file, environment, flags) and builds the provider;
- :mod:`reverie.ops.setup`: :func:`~reverie.ops.setup.init_workspace` creates what a
  workspace lacks and never overwrites anything;
- :mod:`reverie.ops.history`: tail, search and expand the history log;
- :mod:`reverie.ops.status`: cursors, Dream schedule, context use per session;
- :mod:`reverie.ops.blame`: a memory line → its commit → history entries → messages;
- :mod:`reverie.ops.chat`: a chat session's turns, slash commands and schedules.

Submodules are imported on demand; importing this package loads nothing else.
"""
