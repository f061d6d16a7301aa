"""The ``reverie`` command: ingest of a 10,000-message ChatGPT export, and start-up time.

Run with ``python benchmarks/bench_cli.py [--messages N] [--conversations N]``; it prints
figures and asserts nothing. Goals: ``reverie ingest`` of a 10,000-message export with
the offline provider in <= 30 s and <= 300 MB peak memory; ``reverie --help`` in
<= 250 ms.

The export is generated: conversations of alternating user/assistant turns whose user
lines mix preferences, decisions, corrections, tasks, questions and small talk, so the
offline summariser and Dream do real work on every chunk.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

USER_LINES = [
    "I prefer {thing} over {other}.",
    "We decided to use {tool} for the {project} project.",
    "Actually, the {project} deadline moved to {month} {day}, not {month2} {day}.",
    "I need to review the {project} budget before {weekday}.",
    "What do you think about {tool} for {project}?",
    "My sister lives in {city} and works as a {job}.",
    "Thanks, that helps a lot!",
    "Can you summarise the {project} notes from last week?",
    "I'm allergic to {thing}, please remember that.",
    "The {project} team moved the stand-up to {hour}:30.",
]
ASSISTANT_LINES = [
    "Noted. I'll keep that in mind for {project}.",
    "Here is a short plan: gather the numbers, compare {tool} and {other}, decide by {weekday}.",
    "Understood: {thing} it is.",
    "That sounds reasonable; {tool} has good support for that.",
]
WORDS: dict[str, list[str]] = {
    "thing": ["green tea", "oat milk", "dark mode", "peanuts", "trains", "paper notebooks"],
    "other": ["coffee", "cow milk", "light mode", "planes", "apps", "spreadsheets"],
    "tool": ["PostgreSQL", "DuckDB", "Redpanda", "SQLite", "Rust", "uv", "Terraform"],
    "project": ["Harbor", "Orchard", "Beacon", "Atlas", "Juniper", "Quill"],
    "month": ["April", "May", "June", "July"],
    "month2": ["March", "April", "May"],
    "day": [str(n) for n in range(1, 29)],
    "weekday": ["Monday", "Tuesday", "Thursday", "Friday"],
    "city": ["Porto", "Oslo", "Lyon", "Kraków", "Osaka"],
    "job": ["nurse", "architect", "teacher", "pilot"],
    "hour": ["8", "9", "10"],
}


def _fill(template: str, rng: random.Random) -> str:
    return template.format(**{key: rng.choice(values) for key, values in WORDS.items()})


def build_export(messages: int, conversations: int, seed: int = 7) -> list[dict[str, Any]]:
    """A ChatGPT ``conversations.json`` with ``messages`` messages in total."""
    rng = random.Random(seed)
    per = max(2, messages // conversations)
    start = 1_767_225_600.0  # 2026-01-01
    export: list[dict[str, Any]] = []
    made = 0
    for number in range(conversations):
        count = per if number < conversations - 1 else max(2, messages - made)
        mapping: dict[str, Any] = {"root": {"id": "root", "message": None, "parent": None}}
        parent = "root"
        clock = start + number * 3600
        for index in range(count):
            role = "user" if index % 2 == 0 else "assistant"
            lines = USER_LINES if role == "user" else ASSISTANT_LINES
            node_id = f"c{number}-m{index}"
            mapping[node_id] = {
                "id": node_id,
                "parent": parent,
                "children": [],
                "message": {
                    "id": node_id,
                    "author": {"role": role},
                    "create_time": clock + index * 30,
                    "content": {"content_type": "text", "parts": [_fill(rng.choice(lines), rng)]},
                    "metadata": {},
                },
            }
            mapping[parent].setdefault("children", []).append(node_id)
            parent = node_id
        made += count
        export.append(
            {
                "id": f"conv-{number:05d}",
                "title": f"Conversation {number}",
                "create_time": clock,
                "current_node": parent,
                "mapping": mapping,
            }
        )
    return export


def _reverie(*args: str) -> list[str]:
    return [sys.executable, "-m", "reverie", *args]


def bench_ingest(messages: int, conversations: int) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REVERIE_")}
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        export = root / "conversations.json"
        export.write_text(json.dumps(build_export(messages, conversations)), encoding="utf-8")
        size_mb = export.stat().st_size / 1e6
        workspace = root / "ws"
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        started = time.perf_counter()
        done = subprocess.run(
            _reverie(
                "ingest", str(export), "-w", str(workspace), "--provider", "offline", "--json"
            ),
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        elapsed = time.perf_counter() - started
        peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        if done.returncode != 0:
            print(done.stderr[-2000:])
            raise SystemExit(f"ingest failed with exit code {done.returncode}")
        report = json.loads(done.stdout)
        runs = report["dream_runs"]
        print(f"ingest: {messages:,} messages in {conversations} conversations ({size_mb:.1f} MB)")
        print(f"  wall time      {elapsed:6.1f} s   (goal <= 30 s)")
        # ru_maxrss is the largest child so far; the ingest is the only big one.
        print(f"  peak memory    {max(peak_kb, before) / 1024:6.0f} MB  (goal <= 300 MB)")
        print(f"  sessions       {len(report['sessions'])}")
        print(f"  history        {report['history_entries']} entries written")
        statuses = sorted({run["status"] for run in runs})
        print(
            f"  dream          {len(runs)} runs ({', '.join(statuses)}), "
            f"{len(report['commits'])} commits, {report['pending_dream']} entries left"
        )
        sizes = ", ".join(f"{k} {v['chars']:,} chars" for k, v in report["memory_files"].items())
        print(f"  memory files   {sizes}")


def bench_startup(runs: int = 15) -> None:
    command = _reverie("--help")
    subprocess.run(command, capture_output=True, check=True)  # warm the file cache
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    bare = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], capture_output=True, check=True)
        bare.append(time.perf_counter() - started)
    print(
        f"reverie --help: median {statistics.median(times) * 1000:.0f} ms, "
        f"min {min(times) * 1000:.0f} ms over {runs} runs (goal <= 250 ms); "
        f"bare interpreter {statistics.median(bare) * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--conversations", type=int, default=200)
    args = parser.parse_args()
    bench_startup()
    bench_ingest(args.messages, args.conversations)


if __name__ == "__main__":
    main()
