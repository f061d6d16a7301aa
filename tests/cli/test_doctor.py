"""``reverie doctor`` and the jams it exists for, each met by real ``reverie`` processes.

A damaged ``.git/index`` once made every Dream fail with a dulwich traceback and
left pairs of phantom commits; a missing object gave ``failed: b'6f40…'``; a
Dream cursor ahead of the log made Dream skip new entries in silence.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from reverie.dream import Dream
from reverie.providers.offline import OfflineProvider
from reverie.store.memory_store import MemoryStore

HOUR_AGO = time.time() - 3600


def reverie(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run the real command line, offline, in its own process."""
    return subprocess.run(
        [sys.executable, "-m", "reverie", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        env={"COLUMNS": "200", "NO_COLOR": "1", "PATH": os.environ.get("PATH", "")},
    )


def git(workspace: Path, *args: str) -> str:
    """The real git binary's answer, or a skip where there is none."""
    if shutil.which("git") is None:
        pytest.skip("no git binary to check the repository with")
    done = subprocess.run(
        ["git", "-C", str(workspace), *args], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def dream_commits(store: MemoryStore) -> list[str]:
    return [c.subject for c in store.git.log(50) if c.subject.startswith("dream:")]


@pytest.fixture
def dreamed(tmp_path: Path) -> MemoryStore:
    """A workspace with two Dream commits and one more entry waiting."""
    store = MemoryStore(tmp_path / "ws")
    store.write_memory("# Memory\n\n## Facts\n\n- The API uses Flask.\n")
    store.git.init()
    for text in ("[durable] The CLI is written in Rust.", "[durable] Deploys happen on Fridays."):
        store.append_history(text)
        result = asyncio.run(Dream(store, OfflineProvider()).run())
        assert result.status == "completed", result.reason
    store.append_history("[durable] The team uses Redpanda for ingestion.")
    return store


@pytest.mark.parametrize("damage", ["empty", "garbage", "truncated"])
def test_a_damaged_index_is_rebuilt_and_dream_commits_once(
    dreamed: MemoryStore, damage: str
) -> None:
    index = dreamed.git.git_dir / "index"
    data = {"empty": b"", "garbage": os.urandom(64), "truncated": index.read_bytes()[:30]}[damage]
    index.write_bytes(data)
    before = len(dream_commits(dreamed))

    done = reverie("dream", "run", "-w", dreamed.workspace)

    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "index was unreadable" in done.stderr and "rebuilt it from HEAD" in done.stderr
    assert "Dream completed" in done.stdout
    assert len(dream_commits(dreamed)) == before + 1  # one commit, no phantom pair
    assert "Redpanda" in dreamed.read_memory()
    assert git(dreamed.workspace, "status", "--porcelain") == ""


@pytest.mark.parametrize(
    "kind", ["commit", "tree", "blob", "garbage commit", "branch pointing nowhere"]
)
def test_a_damaged_head_is_named_and_doctor_fix_gets_dream_going(
    dreamed: MemoryStore, kind: str
) -> None:
    spec = {"tree": "HEAD^{tree}", "blob": "HEAD:memory/MEMORY.md"}.get(kind, "HEAD")
    sha = git(dreamed.workspace, "rev-parse", spec).strip()
    loose = dreamed.git.git_dir / "objects" / sha[:2] / sha[2:]
    if kind == "garbage commit":
        loose.chmod(0o644)
        loose.write_bytes(b"garbage")
    elif kind == "branch pointing nowhere":
        sha = "0" * 40
        branch = git(dreamed.workspace, "symbolic-ref", "HEAD").strip()
        (dreamed.git.git_dir / branch).write_text(sha + "\n")
    else:
        loose.unlink()
    memory = dreamed.read_memory()

    failed = reverie("dream", "run", "-w", dreamed.workspace)
    assert failed.returncode == 1
    assert "Traceback" not in failed.stderr
    message = " ".join(failed.stderr.split())
    named = "the repository is damaged" if kind == "garbage commit" else f"object {sha} is missing"
    assert named in message and "reverie doctor --fix" in message

    checked = reverie("doctor", "-w", dreamed.workspace, "--json")
    assert checked.returncode == 1
    [finding] = json.loads(checked.stdout)["findings"]
    assert finding["check"] == "git-objects" and sha in finding["problem"]
    assert finding["fix"].startswith("move it aside as .git.damaged-")

    fixed = reverie("doctor", "--fix", "-w", dreamed.workspace)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert list(dreamed.workspace.glob(".git.damaged-*"))
    assert dreamed.read_memory() == memory  # nothing in the files was touched
    again = reverie("dream", "run", "-w", dreamed.workspace)
    assert again.returncode == 0, again.stderr
    assert "Redpanda" in dreamed.read_memory()
    assert reverie("doctor", "-w", dreamed.workspace).returncode == 0


def test_a_missing_object_in_older_history_keeps_dream_and_log_working(
    dreamed: MemoryStore,
) -> None:
    first_dream = dreamed.git.log(50)[-2].sha  # the oldest Dream commit
    (dreamed.git.git_dir / "objects" / first_dream[:2] / first_dream[2:]).unlink()

    log = reverie("dream", "log", "-w", dreamed.workspace)
    assert log.returncode == 0, log.stderr
    assert "cannot be read" in log.stderr and "reverie doctor" in log.stderr
    done = reverie("dream", "run", "-w", dreamed.workspace)
    assert done.returncode == 0, done.stderr
    checked = reverie("doctor", "-w", dreamed.workspace, "--json")
    assert checked.returncode == 1
    [finding] = json.loads(checked.stdout)["findings"]
    assert first_dream in finding["problem"] and "Dream keeps working" in finding["problem"]
    assert finding["fix"] is None and "backup" in finding["advice"]


def test_doctor_fix_repairs_leftovers_cursors_locks_and_permissions(dreamed: MemoryStore) -> None:
    workspace, memory = dreamed.workspace, dreamed.memory_dir
    temp = memory / ".MEMORY.md.k2j3h4.tmp"  # a write killed between write and rename
    temp.write_text("half a file")
    branch = git(workspace, "symbolic-ref", "HEAD").strip()
    lock = dreamed.git.git_dir / f"{branch}.lock"
    lock.write_text("0" * 40)
    fresh = memory / ".USER.md.live.tmp"  # a write in progress: left alone
    fresh.write_text("in flight")
    for path in (temp, lock):
        os.utime(path, (HOUR_AGO, HOUR_AGO))
    dreamed.dream_cursor_file.write_text("99999999")
    (memory / ".cursor").write_text("garbage")
    dreamed.memory_file.chmod(0o444)
    (workspace / "sessions").mkdir(exist_ok=True)
    os.mkfifo(workspace / "sessions" / "pipe.jsonl")

    checked = json.loads(reverie("doctor", "-w", workspace, "--json").stdout)
    found = {finding["check"] for finding in checked["findings"]}
    assert found == {
        "special-files",
        "permissions",
        "temp-files",
        "git-locks",
        "dream-cursor",
        "history-cursor",
    }
    fixed = reverie("doctor", "--fix", "-w", workspace, "--json")
    assert fixed.returncode == 0, fixed.stdout
    assert all(finding["fixed"] for finding in json.loads(fixed.stdout)["findings"])

    assert not temp.exists() and not lock.exists() and fresh.exists()
    assert dreamed.get_last_dream_cursor() == 2
    assert (memory / ".cursor").read_text() == "3"
    assert dreamed.memory_file.stat().st_mode & 0o600 == 0o600
    assert not (workspace / "sessions" / "pipe.jsonl").exists()
    assert reverie("doctor", "-w", workspace).returncode == 0
    done = reverie("dream", "run", "-w", workspace)
    assert done.returncode == 0 and "Dream completed" in done.stdout, done.stderr
    assert "Redpanda" in dreamed.read_memory()


def test_a_dream_cursor_ahead_of_the_log_is_shown_by_status_and_dream_run(
    dreamed: MemoryStore,
) -> None:
    dreamed.dream_cursor_file.write_text("99999999")

    status = reverie("status", "-w", dreamed.workspace)
    assert status.returncode == 0, status.stderr
    assert "Dream would skip entries 4-99999999" in status.stderr
    assert "run `reverie doctor --fix` to lower it to 2" in status.stderr
    assert json.loads(reverie("status", "-w", dreamed.workspace, "--json").stdout)["warnings"]
    dream = reverie("dream", "run", "-w", dreamed.workspace)
    said = " ".join(dream.stdout.split())
    assert "entries 4-99999999 would be skipped" in said and "reverie doctor --fix" in said

    assert reverie("doctor", "--fix", "-w", dreamed.workspace).returncode == 0
    assert dreamed.get_last_dream_cursor() == 2  # where the last Dream commit left it
    again = reverie("dream", "run", "-w", dreamed.workspace)
    assert "Dream completed: processed history 3-3" in " ".join(again.stdout.split())


def test_a_stale_ref_lock_is_cleared_by_the_next_commit_and_a_fresh_one_is_named(
    dreamed: MemoryStore,
) -> None:
    branch = git(dreamed.workspace, "symbolic-ref", "HEAD").strip()
    lock = dreamed.git.git_dir / f"{branch}.lock"
    lock.write_text("0" * 40)  # a git write in progress, for all reverie can tell

    busy = reverie("dream", "run", "-w", dreamed.workspace)
    assert busy.returncode == 1 and "Traceback" not in busy.stderr
    said = " ".join((busy.stdout + busy.stderr).split())
    assert f"{lock.name} exists: another git command is writing" in said
    assert "reverie doctor --fix" in said

    os.utime(lock, (HOUR_AGO, HOUR_AGO))  # an hour on: left by a writer that died
    done = reverie("dream", "run", "-w", dreamed.workspace)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "removed" in done.stderr and lock.name in done.stderr
    assert not lock.exists() and "Redpanda" in dreamed.read_memory()


KILLED_MID_DREAM = """
import asyncio, os, sys
from reverie.dream import Dream
from reverie.providers.base import LLMResponse, ToolCallRequest
from reverie.providers.scripted import FunctionProvider
from reverie.store.memory_store import MemoryStore

def reply(request):
    if len(request.messages) == 2:
        edit = {"path": "USER.md", "content": "half-done\\n"}
        return LLMResponse(None, [ToolCallRequest("c1", "write_file", edit)])
    os._exit(9)

asyncio.run(Dream(MemoryStore(sys.argv[1]), FunctionProvider(reply)).run())
"""


def test_doctor_fix_settles_a_dream_that_died_mid_run(dreamed: MemoryStore) -> None:
    dreamed.write_user("# User\n\n- Name: Dana.\n")
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_MID_DREAM, str(dreamed.workspace)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert killed.returncode == 9, killed.stderr
    assert dreamed.read_user() == "half-done\n"

    checked = json.loads(reverie("doctor", "-w", dreamed.workspace, "--json").stdout)
    assert [f["check"] for f in checked["findings"]] == ["dream-journal"]
    fixed = reverie("doctor", "--fix", "-w", dreamed.workspace)

    assert fixed.returncode == 0, fixed.stdout
    assert dreamed.read_user() == "# User\n\n- Name: Dana.\n"
    assert not (dreamed.memory_dir / ".dream_journal.json").exists()
