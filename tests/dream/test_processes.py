"""Dream across processes: two at once make one run; a process killed mid-run is undone."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from reverie.dream import Dream
from reverie.providers.scripted import ScriptedProvider
from reverie.store.memory_store import MemoryStore

CONCURRENT = """
import asyncio, json, sys, time
from pathlib import Path
from reverie.dream import Dream
from reverie.providers.base import LLMResponse, ToolCallRequest
from reverie.providers.scripted import FunctionProvider
from reverie.store.memory_store import MemoryStore

workspace, name, ready, go = sys.argv[1], sys.argv[2], Path(sys.argv[3]), Path(sys.argv[4])
ready.write_text("ready")
while not go.exists():
    time.sleep(0.002)
calls = []

async def reply(request):
    calls.append(1)
    if len(calls) == 1:
        await asyncio.sleep(0.4)  # long enough for the other process to try
        edit = {"path": "USER.md", "content": "- written by " + name + "\\n"}
        return LLMResponse(None, [ToolCallRequest("c1", "write_file", edit)])
    return "done"

result = asyncio.run(Dream(MemoryStore(workspace), FunctionProvider(reply)).run())
print(json.dumps({"status": result.status, "reason": result.reason, "commit": result.commit}))
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


def spawn(script: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_dreaming_at_once_make_one_run(store: MemoryStore, tmp_path: Path) -> None:
    store.append_history("[permanent] User's name is Dana.")
    go = tmp_path / "go"
    ready = [tmp_path / "ready-a", tmp_path / "ready-b"]
    procs = [
        spawn(CONCURRENT, str(store.workspace), name, str(flag), str(go))
        for name, flag in zip("ab", ready, strict=True)
    ]
    deadline = time.monotonic() + 60
    while not all(flag.exists() for flag in ready) and time.monotonic() < deadline:
        time.sleep(0.01)
    go.write_text("go")
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))

    statuses = sorted(r["status"] for r in results)
    assert statuses.count("completed") == 1, results
    other = next(r for r in results if r["status"] != "completed")
    assert other["status"] == "nothing_to_do" or other["reason"].startswith(
        "another Dream is running"
    )
    dream_commits = [c for c in store.git.log(20) if c.subject.startswith("dream:")]
    assert len(dream_commits) == 1
    assert store.get_last_dream_cursor() == 1


@pytest.mark.durable
async def test_a_run_killed_mid_way_is_rolled_back_by_the_next(store: MemoryStore) -> None:
    store.write_user("# User\n\n- Name: Dana.\n")
    store.append_history("[durable] something")
    proc = spawn(KILLED, str(store.workspace))
    _, err = proc.communicate(timeout=60)
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
