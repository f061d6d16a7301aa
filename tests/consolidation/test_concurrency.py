"""Concurrent consolidation: each chunk is archived once; processes never collide."""

from __future__ import annotations

import asyncio
import itertools
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import reverie
from reverie.providers.scripted import FunctionProvider, RecordedRequest
from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore
from suite_tools import DEADLINE, ChildProcesses

from .conftest import add_turns, history_records, plain_build


def assert_contiguous(records: list[dict[str, Any]], key: str, end: int) -> None:
    """The session's entries cover ``[0, end)`` exactly once, in order."""
    ranges = [
        (r["source"]["start"], r["source"]["end"]) for r in records if r["session_key"] == key
    ]
    assert ranges, f"no entries for {key}"
    assert ranges[0][0] == 0 and ranges[-1][1] == end
    for (_, previous_end), (start, stop) in itertools.pairwise(ranges):
        assert start == previous_end and stop > start


async def test_concurrent_checks_on_one_session_archive_each_chunk_once(
    make_consolidator: Any, sessions: SessionManager, store: MemoryStore
) -> None:
    async def slow_summary(request: RecordedRequest) -> str:
        await asyncio.sleep(0.01)  # let the other checks pile up on the lock
        return f"[durable] chunk {len(request.messages[-1]['content'])}"

    provider = FunctionProvider(slow_summary)
    consolidator = make_consolidator(provider, build=plain_build)
    session = sessions.get_or_create("cli:a")
    add_turns(session, 12)
    await asyncio.gather(*(consolidator.maybe_consolidate_by_tokens(session) for _ in range(3)))
    records = history_records(store)
    assert len(records) == len(provider.requests)
    assert_contiguous(records, "cli:a", session.last_consolidated)
    assert consolidator.estimate_session_prompt_tokens(session)[0] <= consolidator.target


WORKER = textwrap.dedent(
    """
    import asyncio, sys
    from reverie.consolidation.consolidator import Consolidator
    from reverie.providers.scripted import FunctionProvider
    from reverie.sessions.manager import SessionManager
    from reverie.store.memory_store import MemoryStore

    workspace, key, turns = sys.argv[1], sys.argv[2], int(sys.argv[3])

    def build(history, current_message, **_):
        return [*history, {"role": "user", "content": current_message}]

    store, sessions = MemoryStore(workspace), SessionManager(workspace)
    provider = FunctionProvider(lambda request: f"[durable] {key} summary")
    consolidator = Consolidator(store, provider, "m", sessions, 2_600, build, list,
                                max_completion_tokens=200)

    async def main():
        session = sessions.get_or_create(key)
        for turn in range(turns):
            session.add_message("user", f"{key} turn {turn} " + "lorem ipsum " * 40)
            session.add_message("assistant", f"{key} reply {turn} " + "dolor sit " * 40)
            sessions.save(session)
            await consolidator.maybe_consolidate_by_tokens(session)
        print(session.last_consolidated)

    asyncio.run(main())
    """
)


def test_two_processes_consolidating_different_sessions_interleave_safely(
    workspace: Path, children: ChildProcesses
) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(reverie.__file__).parents[1])}
    keys = ("proc:alpha", "proc:beta")
    procs = [
        children.popen(
            [sys.executable, "-c", WORKER, str(workspace), key, "150"],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for key in keys
    ]
    outputs = [proc.communicate(timeout=DEADLINE)[0] for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0]
    records = history_records(MemoryStore(workspace))
    cursors = [r["cursor"] for r in records]
    assert cursors == sorted(set(cursors)) and len(cursors) == len(records)
    for key, output in zip(keys, outputs, strict=True):
        end = int(output.strip())
        assert end > 0
        assert_contiguous(records, key, end)
        assert all(
            r["content"] == f"[durable] {key} summary" for r in records if r["session_key"] == key
        )
        assert SessionManager(workspace).get_or_create(key).last_consolidated == end
