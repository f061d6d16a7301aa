"""``reverie forget`` on a large workspace: 1,000 commits, 10,000 messages.

Run with ``python benchmarks/bench_forget.py [--commits N] [--messages N]``; it prints
figures and asserts nothing. Goal: forgetting a text that is in every later version of
USER.md, in dozens of messages, transcripts and history entries takes <= 30 s and
leaves no byte of it (the final search of the workspace, git objects decompressed, is
part of the timed run). ``--cursor`` and ``--session`` forgets are timed too.

The workspace is generated directly through the library (sessions saved, half of each
archived into transcripts, history entries appended, one commit per memory edit, the
first half of the history packed), so building it is not what is measured.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

from dulwich.repo import Repo

from reverie import Workspace
from reverie.forget.scrub import Scrubber
from reverie.forget.verify import find_everywhere

SECRET = "correct-horse-battery-staple-42"


def build(path: Path, commits: int, messages: int) -> Workspace:
    ws = Workspace.open(path)
    sessions = 10
    per_session = messages // sessions
    for number in range(sessions):
        key = f"cli:user{number}"
        session = ws.sessions.get_or_create(key)
        for index in range(per_session):
            secret = f" my password is {SECRET}" if index % 200 == 7 else ""
            session.add_message(
                "user" if index % 2 == 0 else "assistant", f"message {index}{secret}"
            )
        ws.sessions.save(session)
        ws.sessions.archive_and_drop(session, per_session // 2)
        ws.store.append_history(f"[permanent] password {SECRET}", session_key=key)
        for entry in range(20):
            ws.store.append_history(f"[durable] fact {entry} of {key}", session_key=key)
    git = ws.store.git
    git.init()
    for number in range(commits):
        if number == commits // 10:
            ws.store.write_user(ws.store.read_user() + f"\n- Password: {SECRET}\n")
        ws.store.write_memory(ws.store.read_memory() + f"- decision {number}\n")
        git.auto_commit(f"edit {number}")
        if number == commits // 2:
            repo = Repo(str(path))
            try:
                repo.object_store.pack_loose_objects()
            finally:
                repo.close()
    return ws


def timed(label: str, action) -> object:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    result = action()
    print(f"{label}: {time.perf_counter() - started:.2f} s")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=1_000)
    parser.add_argument("--messages", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ws"
        started = time.perf_counter()
        ws = build(path, args.commits, args.messages)
        print(
            f"built {args.commits} commits, {args.messages} messages in "
            f"{time.perf_counter() - started:.1f} s"
        )
        plan = timed("plan (dry run)", lambda: ws.plan_forget(SECRET))
        receipt = timed("forget TEXT (apply, final search included)", plan.apply)  # type: ignore[attr-defined]
        git = receipt.git  # type: ignore[attr-defined]
        print(
            f"  files changed: {len(receipt.files)}; commits rewritten: "  # type: ignore[attr-defined]
            f"{git.commits_rewritten} of {git.commits_seen}; objects deleted: {git.objects_deleted}"
        )
        left = find_everywhere(path, Scrubber(SECRET))
        print(f"  places still holding it: {len(left)}")
        cursor = ws.store.history.read_since(0)[-1].cursor
        timed("forget --cursor", lambda: ws.forget(cursor=cursor))
        timed("forget --session", lambda: ws.forget(session="cli:user3"))
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        scale = 1024 * 1024 if sys.platform == "darwin" else 1024
        print(f"peak memory: {peak / scale:.0f} MB")


if __name__ == "__main__":
    main()
