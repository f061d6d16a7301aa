"""``reverie ingest`` after an interruption, and inputs that hold no conversation at all."""

from __future__ import annotations

import asyncio
import itertools
import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from reverie.ingest import parse_file
from reverie.ingest.replay import IngestObserver, IngestReport, Replayer
from reverie.locks import WorkspaceLock
from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore
from reverie.workspace import Workspace
from suite_tools import DEADLINE, ChildProcesses, child_env, wait_until

SMALL_WINDOW = "context_window_tokens = 2400\nmax_completion_tokens = 256\n"


class Interrupt(IngestObserver):
    """Raises KeyboardInterrupt (a Ctrl-C) once ``after`` messages were replayed."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.replayed = 0

    def message_replayed(self) -> None:
        self.replayed += 1
        if self.replayed == self.after:
            raise KeyboardInterrupt


def interrupted_import(workspace: Path, source: Path, after: int) -> None:
    """Start importing ``source`` and stop it as Ctrl-C would, ``after`` messages in."""
    replayer = Replayer(Workspace.open(workspace, create=False), observer=Interrupt(after))
    conversations = parse_file(source).conversations
    with pytest.raises(KeyboardInterrupt):
        asyncio.run(replayer.replay(conversations, IngestReport()))


@pytest.fixture
def small(cli: Any, tmp_path: Path) -> Path:
    workspace = tmp_path / "ws"
    cli.ok("init", "-w", workspace)
    (workspace / "reverie.toml").write_text(SMALL_WINDOW, encoding="utf-8")
    return workspace


def stored_messages(workspace: Path, key: str) -> list[Any]:
    sessions = SessionManager(workspace)
    archived = sessions.transcripts.read(key)
    return [m["content"] for m in archived + sessions.get_or_create(key).messages]


def test_an_interrupted_import_is_resumed_not_skipped(cli: Any, maya: Path, small: Path) -> None:
    interrupted_import(small, maya, after=40)
    done = len(stored_messages(small, "cli:maya"))
    assert 0 < done < 42  # consolidation saved part of the conversation before the stop

    plan = json.loads(cli.ok("ingest", maya, "-w", small, "--dry-run", "--json").stdout)
    assert [c["action"] for c in plan["conversations"]] == [
        f"resume from message {done}",
        "import",
    ]

    result = cli.ok("ingest", maya, "-w", small, "--no-dream")
    assert "2 imported (1 resumed after an interruption)" in result.stdout
    wanted = [m["content"] for m in parse_file(maya).conversations[0].messages]
    assert stored_messages(small, "cli:maya") == wanted  # every message, once, in order
    ranges = [
        (e["source"]["start"], e["source"]["end"])
        for e in MemoryStore(small).read_unprocessed_history(0)
        if e["session_key"] == "cli:maya"
    ]
    assert ranges[0][0] == 0 and ranges[-1][1] == 42
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(ranges))

    # Finished now: a third run skips both conversations.
    again = json.loads(cli.ok("ingest", maya, "-w", small, "--no-dream", "--json").stdout)
    assert again["sessions"] == [] and again["resumed"] == []
    assert [s["key"] for s in again["skipped"]] == ["cli:maya", "telegram:maya"]


def test_a_different_file_does_not_resume_an_interrupted_import(
    cli: Any, maya: Path, small: Path, tmp_path: Path
) -> None:
    interrupted_import(small, maya, after=40)
    done = len(stored_messages(small, "cli:maya"))
    # The same conversation, but the last message the first run stored now reads differently.
    records = [json.loads(line) for line in maya.read_text(encoding="utf-8").splitlines()]
    key, seen = "", 0
    for record in records:
        if record.get("_type") == "metadata":
            key = record["key"]
        elif key == "cli:maya":
            seen += 1
            if seen == done:
                record["content"] = "Something else entirely."
    edited = tmp_path / "maya-edited.jsonl"
    edited.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")

    report = json.loads(cli.ok("ingest", edited, "-w", small, "--no-dream", "--json").stdout)
    (skipped,) = report["skipped"]
    assert skipped["key"] == "cli:maya"
    assert "different version" in skipped["reason"]
    assert len(stored_messages(small, "cli:maya")) == done  # nothing was mixed in


def test_a_file_without_conversations_says_so(cli: Any, tmp_path: Path) -> None:
    empty_list = tmp_path / "none.json"
    empty_list.write_text("[]\n", encoding="utf-8")
    result = cli.ok("ingest", empty_list, "-w", tmp_path / "ws")
    assert "no conversation with messages in" in result.stderr
    assert "nothing was imported" in result.stderr
    assert not (tmp_path / "ws").exists()


def test_a_whole_file_problem_names_only_the_file(cli: Any, tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    result = cli.run("ingest", empty, "-w", tmp_path / "ws")
    assert result.exit_code == 1
    assert "  empty.jsonl: the file is empty" in result.stderr


def test_a_single_chatgpt_conversation_object_imports(cli: Any, tmp_path: Path) -> None:
    conversation = {
        "id": "solo-1",
        "title": "Solo",
        "current_node": "u",
        "mapping": {
            "u": {
                "id": "u",
                "parent": None,
                "children": [],
                "message": {
                    "author": {"role": "user"},
                    "content": {"content_type": "text", "parts": ["I prefer night trains."]},
                },
            }
        },
    }
    path = tmp_path / "one-conversation.json"
    path.write_text(json.dumps(conversation), encoding="utf-8")
    report = json.loads(cli.ok("ingest", path, "-w", tmp_path / "ws", "--json").stdout)
    assert report["sessions"] == ["chatgpt:solo-1"]
    assert "night trains" in MemoryStore(tmp_path / "ws").read_user()


_TALKS = 60
# `reverie ingest …`, held for good once the first talk is saved with its history entry, the
# way an import waits on a model, until Ctrl-C ends it
_HELD_INGEST = """
import asyncio, signal, sys
# (a suite started in the background ignores Ctrl-C, and its children inherit that)
signal.signal(signal.SIGINT, signal.default_int_handler)
from reverie.cli import main
from reverie.ingest import replay
consolidate = replay.Replayer._consolidate
async def held(self, session, report, **options):
    await consolidate(self, session, report, **options)
    if options.get("replay_max_messages") == 0:  # the talk's last history entry is written
        print("held", flush=True)
        await asyncio.Event().wait()  # as if waiting on a model, until Ctrl-C
replay.Replayer._consolidate = held
sys.argv[0] = "reverie"
main()
"""


def test_ctrl_c_stops_an_import_at_once_and_a_rerun_finishes_it(
    tmp_path: Path, children: ChildProcesses
) -> None:
    conversations = [
        {
            "id": f"talk-{n}",
            "messages": [
                {"role": "user" if i % 2 == 0 else "assistant", "content": f"talk {n} line {i}"}
                for i in range(50)
            ],
        }
        for n in range(_TALKS)
    ]
    source = tmp_path / "talks.json"
    source.write_text(json.dumps(conversations), encoding="utf-8")
    workspace = tmp_path / "ws"
    command = [sys.executable, "-m", "reverie", "ingest", str(source), "-w", str(workspace)]
    env = child_env()
    # The child is the real command, held inside the import once the first talk is in:
    # Ctrl-C lands mid-import however busy the machine.
    child = children.popen(
        [sys.executable, "-c", _HELD_INGEST, *command[3:], "--no-dream"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    wait_until(lambda: child.stdout is not None and child.stdout.readline() == "held\n", "held")
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=DEADLINE)
    assert child.returncode == 130, err
    assert "run the same command again to resume" in err
    assert "Traceback" not in err
    stopped_at = len(SessionManager(workspace).list_sessions())
    assert 0 < stopped_at < _TALKS

    rerun = subprocess.run(
        [*command, "--json"], capture_output=True, text=True, env=env, timeout=DEADLINE, check=False
    )
    assert rerun.returncode == 0, rerun.stderr
    for n in range(_TALKS):
        assert stored_messages(workspace, f"talk-{n}") == [f"talk {n} line {i}" for i in range(50)]


def test_a_session_file_from_another_workspace_brings_no_bookkeeping(
    cli: Any, tmp_path: Path
) -> None:
    other = SessionManager(tmp_path / "other")
    session = other.get_or_create("cli:noor")
    for n in range(6):
        session.add_message("user", f"I prefer route {n} for the morning run.")
        session.add_message("assistant", "Noted.")
    session.metadata["_last_summary"] = {"text": "Noor runs.", "last_active": "2026-01-01"}
    session.metadata["device"] = "phone"
    other.save(session)
    other.archive_and_drop(session, 4)  # 4 messages left that file for its own archive
    workspace = tmp_path / "ws"
    cli.ok("ingest", other.session_path("cli:noor"), "-w", workspace, "--no-dream")

    imported = SessionManager(workspace).get_or_create("cli:noor")
    assert imported.archived_offset == 0
    assert "Noor runs." not in json.dumps(imported.metadata)  # that workspace's summary
    assert imported.metadata["device"] == "phone"  # the user's own metadata is kept
    (entry,) = MemoryStore(workspace).read_unprocessed_history(0)
    expanded = json.loads(
        cli.ok("history", "expand", str(entry["cursor"]), "-w", workspace, "--json").stdout
    )
    assert (expanded["start"], expanded["end"]) == (0, 8)
    assert expanded["messages"][0]["content"] == "I prefer route 2 for the morning run."


WAITING = "Another reverie ingest is running in this workspace; waiting"


def test_concurrent_imports_into_one_workspace_import_each_conversation_once(
    cli: Any, maya: Path, tmp_path: Path, children: ChildProcesses
) -> None:
    workspace = tmp_path / "ws"
    cli.ok("init", "-w", workspace)
    command = [sys.executable, "-m", "reverie", "ingest", str(maya), "-w", str(workspace)]
    # Files, not pipes: the test reads what each child said while the child still runs.
    outs = [tmp_path / f"child-{n}.out" for n in range(3)]
    errs = [tmp_path / f"child-{n}.err" for n in range(3)]
    held = WorkspaceLock(workspace / "sessions" / ".locks" / "ingest.lock")
    with held:  # as if another import were running
        for out, err in zip(outs, errs, strict=True):
            with out.open("w") as stdout, err.open("w") as stderr:
                children.popen(
                    [*command, "--no-dream", "--json"],
                    stdout=stdout,
                    stderr=stderr,
                    env=child_env(),
                )
        wait_until(
            lambda: all(WAITING in err.read_text(encoding="utf-8") for err in errs),
            "every import to say it waits for the one holding the lock",
        )
        assert all(child.poll() is None for child in children)  # they wait
        assert not list((workspace / "sessions").glob("*.jsonl"))
    reports = []
    for child, out, err in zip(children, outs, errs, strict=True):
        assert child.wait(timeout=DEADLINE) == 0, err.read_text(encoding="utf-8")
        reports.append(json.loads(out.read_text(encoding="utf-8")))
    imported = sorted(key for report in reports for key in report["sessions"])
    assert imported == ["cli:maya", "telegram:maya"]
    entries = MemoryStore(workspace).read_unprocessed_history(0)
    assert len(entries) == sum(report["history_entries"] for report in reports)
    # Each conversation reaches history once, one entry per day it spans.
    assert {entry["session_key"] for entry in entries} == {"cli:maya", "telegram:maya"}
    spans = sorted((e["session_key"], e["source"]["start"], e["source"]["end"]) for e in entries)
    for (key, _, end), (other, start, _) in itertools.pairwise(spans):
        assert key != other or end == start
