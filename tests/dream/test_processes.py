"""Dream across processes: two at once make one run; a process killed mid-run is undone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from reverie.dream import Dream
from reverie.providers.scripted import ScriptedProvider
from reverie.store.memory_store import MemoryStore
from suite_tools import DEADLINE, ChildProcesses

CONCURRENT = """
import asyncio, json, os, sys, time
from pathlib import Path
from reverie.dream import Dream
from reverie.providers.base import LLMResponse, ToolCallRequest
from reverie.providers.scripted import FunctionProvider
from reverie.store.memory_store import MemoryStore

workspace, name, other, results = sys.argv[1], sys.argv[2], sys.argv[3], Path(sys.argv[4])
calls = []

async def reply(request):
    calls.append(1)
    if len(calls) == 1:
        # This run holds the Dream lock: keep it until the other process has tried.
        deadline = time.monotonic() + 60
        while not (results / other).exists() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        edit = {"path": "USER.md", "content": "- written by " + name + "\\n"}
        return LLMResponse(None, [ToolCallRequest("c1", "write_file", edit)])
    return "done"

result = asyncio.run(Dream(MemoryStore(workspace), FunctionProvider(reply)).run())
report = json.dumps({"status": result.status, "reason": result.reason, "commit": result.commit})
(results / ("." + name)).write_text(report)
os.replace(results / ("." + name), results / name)  # the other process sees it whole
"""

KILLED = """
import asyncio, os, sys
from reverie.dream import Dream
from reverie.providers.base import LLMResponse, ToolCallRequest
from reverie.providers.scripted import FunctionProvider
from reverie.store.memory_store import MemoryStore

calls = []

def reply(request):
    calls.append(1)
    if len(calls) == 1:
        user = {"path": "USER.md", "content": "half done\\n"}
        skill = {"path": "skills/new/SKILL.md", "content": "1.\\n"}
        return LLMResponse(None, [
            ToolCallRequest("c1", "write_file", user),
            ToolCallRequest("c2", "write_file", skill),
        ])
    os._exit(9)  # the machine goes down mid-run

asyncio.run(Dream(MemoryStore(sys.argv[1]), FunctionProvider(reply)).run())
"""


def test_two_processes_dreaming_at_once_make_one_run(
    store: MemoryStore, tmp_path: Path, children: ChildProcesses
) -> None:
    store.append_history("[permanent] User's name is Dana.")
    results = tmp_path / "results"
    results.mkdir()
    procs = [
        children.popen(
            [sys.executable, "-c", CONCURRENT, str(store.workspace), name, other, str(results)],
            stderr=subprocess.PIPE,
            text=True,
        )
        for name, other in (("a", "b"), ("b", "a"))
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=DEADLINE)
        assert proc.returncode == 0, err
    reports = [json.loads((results / name).read_text()) for name in "ab"]

    # Whichever took the lock first held it until the other had tried: the other
    # was turned away, not queued, and did not run the same batch again.
    assert sorted(r["status"] for r in reports) == ["completed", "incomplete"], reports
    other = next(r for r in reports if r["status"] != "completed")
    assert other["reason"].startswith("another Dream is running"), other
    dream_commits = [c for c in store.git.log(20) if c.subject.startswith("dream:")]
    assert len(dream_commits) == 1
    assert store.get_last_dream_cursor() == 1


@pytest.mark.durable
async def test_a_run_killed_mid_way_is_rolled_back_by_the_next(
    store: MemoryStore, children: ChildProcesses
) -> None:
    store.write_user("# User\n\n- Name: Dana.\n")
    store.append_history("[durable] something")
    proc = children.popen(
        [sys.executable, "-c", KILLED, str(store.workspace)], stderr=subprocess.PIPE, text=True
    )
    _, err = proc.communicate(timeout=DEADLINE)
    assert proc.returncode == 9, err
    # The dead run left its partial edits and its journal, but moved nothing.
    assert store.read_user() == "half done\n"
    assert (store.memory_dir / ".dream_journal.json").exists()
    assert store.get_last_dream_cursor() == 0
    assert not [c for c in store.git.log(20) if c.subject.startswith("dream:")]

    result = await Dream(store, ScriptedProvider(["Nothing to change."])).run()

    assert result.status == "completed"
    assert store.read_user() == "# User\n\n- Name: Dana.\n"
    assert not (store.workspace / "skills").exists()
    assert not (store.memory_dir / ".dream_journal.json").exists()
    kept = list(store.memory_dir.glob(".dream_recovered-*.json"))
    assert len(kept) == 1
    discarded = json.loads(kept[0].read_text())["discarded"]
    assert discarded == {"USER.md": "half done\n", "skills/new/SKILL.md": "1.\n"}
    # The half-done edits were never committed, not even as "manual" edits.
    assert all("half done" not in store.git.show(c.sha) for c in store.git.log(20))
