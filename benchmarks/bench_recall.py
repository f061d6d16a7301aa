"""Recall: answer quality on the evaluation set, query latency, index build, append cost.

Run: ``python benchmarks/bench_recall.py [--quality] [--speed] [--sizes 10000 100000]``
(both parts by default). Prints figures and asserts nothing.

Quality: the conversations of ``benchmarks/recall_eval`` (``dev`` ones, used while
tuning the ranking, and ``heldout`` ones, never looked at while tuning) are written as
session files, once all into one workspace and once each into its own, and every
question is searched over its workspace with ``k = 10``. For each question:

* **all**: every answer turn lies inside the top 10 hits;
* **some**: at least one answer turn does;
* **turns**: how many distinct turns the top 10 cover together (hits of any session).

Reported for plain BM25 (single turns, every query word, one turn per hit) and for
the fused ranking, per split and for the conversations between two named people
(imported as user and assistant turns that keep each speaker's name). Goal on the
held-out split: all >= 65 %, some >= 80 %, turns <= 20.
``--ingest`` imports the conversations with ``reverie ingest`` (offline provider:
history entries and Dream's memory edits join the index) instead of writing the
session files directly.

Speed: workspaces of N messages (default 10,000 and 100,000, the evaluation turns
recycled over many sessions with varied numbers), then:

* build: time and size of the first full index (``sync`` from nothing);
* query p50 / p95: in-process ``RecallIndex.search`` (including its catch-up check),
  wall-clock and CPU time of the process (the CPU figure is steadier on a busy machine);
* append: µs per ``MemoryStore.append_history`` with an index present (recall adds no
  work to it: entries are indexed by the next search) and the deferred cost, µs per
  entry, that a search pays to index entries appended since the last one.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from reverie.recall import RecallHit, RecallIndex
from reverie.sessions.manager import SessionManager
from reverie.sessions.session import Session
from reverie.store.memory_store import MemoryStore

DATA = Path(__file__).resolve().parent / "recall_eval" / "data"


def _conversations() -> list[tuple[str, list[dict[str, Any]]]]:
    found = []
    for path in sorted(DATA.glob("*.jsonl")):
        if path.name.endswith(".questions.jsonl"):
            continue
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        found.append((lines[0]["key"], lines[1:]))
    return found


def _questions() -> list[dict[str, Any]]:
    questions = []
    for path in sorted(DATA.glob("*.questions.jsonl")):
        questions.extend(json.loads(line) for line in path.read_text().splitlines())
    return questions


def _write_sessions(
    workspace: Path, conversations: Iterable[tuple[str, list[dict[str, Any]]]]
) -> None:
    sessions = SessionManager(workspace)
    for key, messages in conversations:
        session = Session(key=key, messages=[dict(m) for m in messages])
        sessions.save(session)


def _ingest(workspace: Path, paths: list[Path] | None = None) -> None:
    chosen = paths or [p for p in sorted(DATA.glob("*.jsonl")) if ".questions." not in p.name]
    files = [str(path) for path in chosen]
    for command in (["init", "-w", str(workspace)], ["ingest", *files, "-w", str(workspace)]):
        subprocess.run([sys.executable, "-m", "reverie", *command], check=True, capture_output=True)


def _score(hits: list[RecallHit], question: dict[str, Any]) -> tuple[bool, bool, int]:
    covered: set[tuple[str | None, int]] = set()
    for hit in hits:
        if hit.start is not None and hit.end is not None:
            covered.update((hit.session_key, i) for i in range(hit.start, hit.end))
    wanted = {(question["session_key"], i) for i in question["answers"]}
    found = wanted & covered
    return found == wanted, bool(found), len(covered)


def _two_person(conversations: list[tuple[str, list[dict[str, Any]]]]) -> set[str]:
    """Session keys of the conversations between two named people."""
    return {key for key, messages in conversations if any("name" in m for m in messages)}


def _open_index(workspace: Path) -> RecallIndex:
    index = RecallIndex(workspace, store=MemoryStore(workspace), sessions=SessionManager(workspace))
    index.sync()
    return index


def _indexes(root: Path, ingest: bool, separate: bool) -> dict[str, RecallIndex]:
    """The index each conversation's questions are asked of: one shared, or one each."""
    conversations = _conversations()
    if not separate:
        workspace = root / "ws"
        workspace.mkdir()
        if ingest:
            _ingest(workspace)
        else:
            _write_sessions(workspace, conversations)
        shared = _open_index(workspace)
        return {key: shared for key, _ in conversations}
    indexes = {}
    for number, (key, messages) in enumerate(conversations):
        workspace = root / f"ws{number}"
        workspace.mkdir()
        if ingest:
            _ingest(workspace, [_file_of(key)])
        else:
            _write_sessions(workspace, [(key, messages)])
        indexes[key] = _open_index(workspace)
    return indexes


def _file_of(key: str) -> Path:
    for path in sorted(DATA.glob("*.jsonl")):
        if ".questions." not in path.name:
            with path.open(encoding="utf-8") as handle:
                if json.loads(handle.readline())["key"] == key:
                    return path
    raise SystemExit(f"no conversation file holds {key}")


def quality(ingest: bool) -> None:
    questions = _questions()
    pairs = _two_person(_conversations())
    for separate in (False, True):
        layout = "a workspace per conversation" if separate else "one workspace for all"
        source = "reverie ingest" if ingest else "session files"
        print(f"quality ({source}, {layout}), k = 10")
        print(f"{'ranking':12} {'split':18} {'n':>4} {'all':>7} {'some':>7} {'turns':>6}")
        with tempfile.TemporaryDirectory() as tmp:
            indexes = _indexes(Path(tmp), ingest, separate)
            try:
                _report(indexes, questions, pairs)
            finally:
                for index in {id(i): i for i in indexes.values()}.values():
                    index.close()


def _report(
    indexes: dict[str, RecallIndex], questions: list[dict[str, Any]], pairs: set[str]
) -> None:
    rankers: dict[str, Callable[[RecallIndex, str], list[RecallHit]]] = {
        "plain BM25": lambda index, q: index.search_plain(q, k=10),
        "recall": lambda index, q: index.search(q, k=10),
    }
    for name, run in rankers.items():
        results: dict[str, list[tuple[bool, bool, int]]] = {}
        for question in questions:
            key = question["session_key"]
            outcome = _score(run(indexes[key], question["question"]), question)
            results.setdefault(question["split"], []).append(outcome)
            results.setdefault("all", []).append(outcome)
            if key in pairs:
                results.setdefault(f"{question['split']} two people", []).append(outcome)
        for split in ("dev", "dev two people", "heldout", "heldout two people", "all"):
            rows = results.get(split, [])
            if not rows:
                continue
            every = 100 * sum(r[0] for r in rows) / len(rows)
            some = 100 * sum(r[1] for r in rows) / len(rows)
            turns = statistics.mean(r[2] for r in rows)
            print(f"{name:12} {split:18} {len(rows):4} {every:6.1f}% {some:6.1f}% {turns:6.1f}")


def _synthetic(workspace: Path, count: int) -> list[str]:
    """``count`` messages over sessions of 500, recycled from the evaluation turns."""
    rng = random.Random(count)
    turns = [m for _, messages in _conversations() for m in messages]
    sessions = SessionManager(workspace)
    per_session = 500
    for number in range(0, count, per_session):
        messages = []
        for i in range(min(per_session, count - number)):
            base = dict(turns[(number + i) % len(turns)])
            base["content"] = f"{base['content']} (ref {rng.randrange(10**6)})"
            messages.append(base)
        sessions.save(Session(key=f"bench:{number // per_session}", messages=messages))
    return [q["question"] for q in _questions()]


def _percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def speed(sizes: list[int]) -> None:
    print(
        f"{'messages':>9} {'build s':>8} {'size MB':>8} {'p50 ms':>7} {'p95 ms':>7} "
        f"{'cpu p50':>8} {'cpu p95':>8}"
    )
    for size in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            workspace = Path(tmp) / "ws"
            workspace.mkdir()
            queries = _synthetic(workspace, size)
            store = MemoryStore(workspace)
            index = RecallIndex(workspace, store=store, sessions=SessionManager(workspace))
            try:
                start = time.perf_counter()
                index.sync()
                build = time.perf_counter() - start
                index.close()
                index = RecallIndex(workspace, store=store, sessions=SessionManager(workspace))
                megabytes = index.stats()["bytes"] / 1e6
                samples, cpu = [], []
                for query in queries:
                    start, used = time.perf_counter(), time.process_time()
                    index.search(query, k=10)
                    samples.append(time.perf_counter() - start)
                    cpu.append(time.process_time() - used)
                p50, p95 = _percentile(samples, 0.5) * 1e3, _percentile(samples, 0.95) * 1e3
                c50, c95 = _percentile(cpu, 0.5) * 1e3, _percentile(cpu, 0.95) * 1e3
                print(
                    f"{size:9} {build:8.1f} {megabytes:8.1f} {p50:7.1f} {p95:7.1f} "
                    f"{c50:8.1f} {c95:8.1f}"
                )
                if size == sizes[-1]:
                    _append_cost(store, index)
            finally:
                index.close()


def _append_cost(store: MemoryStore, index: RecallIndex) -> None:
    text = "[durable] The team moved the stand-up to 9:30 and Dana owns the Q3 report."
    rounds, per_round = 20, 50
    appends: list[float] = []
    deferred: list[float] = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(per_round):
            store.append_history(text, session_key="cli:bench")
        appends.append((time.perf_counter() - start) / per_round)
        start = time.perf_counter()
        index.sync()
        deferred.append((time.perf_counter() - start) / per_round)
    print(
        f"append_history: {statistics.median(appends) * 1e6:.1f} µs with the index present "
        f"(recall adds no work to it); indexing it later costs "
        f"{statistics.median(deferred) * 1e6:.1f} µs per entry (amortised over {per_round})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quality", action="store_true")
    parser.add_argument("--speed", action="store_true")
    parser.add_argument("--ingest", action="store_true")
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    args = parser.parse_args()
    both = not args.quality and not args.speed
    if args.quality or both:
        quality(args.ingest)
    if args.speed or both:
        speed(args.sizes)


if __name__ == "__main__":
    main()
