"""Time the history log at realistic sizes and print a table.

Run: ``python benchmarks/bench_history.py [N ...]`` (default: 20000 100000).

For each N the log is first filled with N entries of ~300 chars, then:

* append      µs per ``MemoryStore.append_history`` (cursor allocation under the
              cross-process lock, one O_APPEND write, .cursor update; no fsync);
* tail read   ms per ``read_unprocessed_history(latest - 10)``;
* mid read    ms per ``history.read_since(N // 2, limit=10)`` (bisection path);
* dream       ms per ``build_dream_prompt()`` with 20 entries pending, and with
              the Dream cursor half the log behind;
* full scan   ms to parse every line (what a read costs without seeking);
* peak        tracemalloc peak while doing one of each read, and max RSS.

Goals: append <= 60 µs, tail read <= 0.5 ms at any N, dream prompt <= 1 ms.
"""

from __future__ import annotations

import json
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from reverie.store.history import NewEntry
from reverie.store.memory_store import MemoryStore

_TEXT = (
    "[durable] The billing service runs PostgreSQL 16 behind PgBouncer; deploys go "
    "through Docker Compose on the staging host first. [permanent] Dana prefers short "
    "answers without emoji and writes in English or Portuguese. [ephemeral] 2026-04-10: "
    "send the Q3 report to Marco. Entry number {n}."
)
_KEYS = ["cli:dana", "telegram:42", "cron:daily", None]


def _timed(call: Callable[[], object], repeat: int) -> float:
    """Median seconds per call over ``repeat`` calls (after one warm-up)."""
    call()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def _fill(store: MemoryStore, count: int) -> None:
    batch = 5_000
    for first in range(0, count, batch):
        store.history.extend(
            [
                NewEntry(_TEXT.format(n=n), session_key=_KEYS[n % len(_KEYS)])
                for n in range(first, min(first + batch, count))
            ]
        )


def _full_scan(path: Path) -> int:
    count = 0
    with path.open("rb") as handle:
        for line in handle:
            json.loads(line)
            count += 1
    return count


def bench(count: int) -> dict[str, float]:
    """Measure one log size; returns the figures by column name."""
    with tempfile.TemporaryDirectory() as tmp:
        store = MemoryStore(tmp)
        _fill(store, count)
        appends = 2_000
        start = time.perf_counter()
        for n in range(appends):
            store.append_history(_TEXT.format(n=n), session_key="cli:dana")
        append_us = (time.perf_counter() - start) / appends * 1e6
        latest = store.get_latest_cursor()

        tail_ms = _timed(lambda: store.read_unprocessed_history(latest - 10), 300) * 1e3
        mid_ms = _timed(lambda: store.history.read_since(count // 2, limit=10), 300) * 1e3
        store.set_last_dream_cursor(latest - 20)
        dream_ms = _timed(store.build_dream_prompt, 300) * 1e3
        store.set_last_dream_cursor(latest // 2)
        dream_far_ms = _timed(store.build_dream_prompt, 300) * 1e3
        scan_ms = _timed(lambda: _full_scan(store.history_file), 3) * 1e3

        tracemalloc.start()
        store.append_history("one more")
        store.read_unprocessed_history(latest - 10)
        store.history.read_since(count // 2, limit=10)
        store.build_dream_prompt()
        peak_kib = tracemalloc.get_traced_memory()[1] / 1024
        tracemalloc.stop()
        size_mib = store.history_file.stat().st_size / 2**20
    return {
        "N": count,
        "file MiB": size_mib,
        "append µs": append_us,
        "tail ms": tail_ms,
        "mid ms": mid_ms,
        "dream ms": dream_ms,
        "dream far ms": dream_far_ms,
        "full scan ms": scan_ms,
        "peak KiB": peak_kib,
    }


def main(argv: list[str]) -> None:
    """Run the benchmark for each size given (default 20,000 and 100,000) and print a table."""
    sizes = [int(arg) for arg in argv] or [20_000, 100_000]
    rows = [bench(size) for size in sizes]
    columns = list(rows[0])
    widths = [max(len(column), 9) for column in columns]
    print("  ".join(column.rjust(width) for column, width in zip(columns, widths, strict=True)))
    for row in rows:
        cells = []
        for column, width in zip(columns, widths, strict=True):
            value = row[column]
            text = f"{int(value):,}" if column == "N" else f"{value:,.3f}"
            cells.append(text.rjust(width))
        print("  ".join(cells))
    rss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"max RSS of this process: {rss_mib:.1f} MiB")
    print("goals: append <= 60 µs, tail read <= 0.5 ms at any N, dream prompt <= 1 ms")


if __name__ == "__main__":
    main(sys.argv[1:])
