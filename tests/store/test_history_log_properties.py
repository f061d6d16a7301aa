"""Property test: any mix of appends, compactions, Dream moves and damage keeps the invariants.

* every cursor issued is above every cursor issued before (never reused);
* compaction never loses an entry Dream has not processed, and drops only the oldest;
* malformed lines leave the log only into ``history.rejected.jsonl``;
* every read (from any cursor, with or without a limit) equals a naive full scan.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from reverie.store.history import NewEntry
from reverie.store.memory_store import MemoryStore
from reverie.store.records import HistoryEntry, Reject, parse_history_line

GARBAGE = [
    b"{not json",
    b"[1, 2, 3]",
    b'{"cursor": true, "timestamp": "t", "content": "c"}',
    b'{"cursor": -2, "timestamp": "t", "content": "c"}',
    b'{"timestamp": "t", "content": "no cursor"}',
    b'{"cursor": 3, "timestamp": "t", "content": 4}',
    b"\xff\xfe binary",
]

texts = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=60)
operations = st.lists(
    st.one_of(
        st.tuples(st.just("append"), texts, st.sampled_from([None, "cli:a", "cron:x"])),
        st.tuples(st.just("bulk"), st.integers(min_value=60, max_value=150)),
        st.tuples(st.just("compact"), st.integers(min_value=0, max_value=120)),
        st.tuples(st.just("dream"), st.floats(min_value=0, max_value=1)),
        st.tuples(st.just("garbage"), st.sampled_from(GARBAGE)),
        st.tuples(st.just("truncate"), st.integers(min_value=1, max_value=30)),
    ),
    max_size=20,
)


def scan(path: Path) -> tuple[list[HistoryEntry], int]:
    """All valid entries, and the number of malformed lines, the slow obvious way."""
    if not path.exists():
        return [], 0
    entries: list[HistoryEntry] = []
    bad = 0
    for line in path.read_bytes().split(b"\n"):
        item = parse_history_line(line)
        if isinstance(item, HistoryEntry):
            entries.append(item)
        elif isinstance(item, Reject):
            bad += 1
    return entries, bad


def rejected_count(store: MemoryStore) -> int:
    # Lines end with "\n" only: str.splitlines() would also split at a U+0085 or U+2028
    # kept raw inside a rejected line's JSON string.
    path = store.rejected_history_file
    return path.read_bytes().count(b"\n") if path.exists() else 0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations)
# Found by this test in CI: a raw U+0085 in an entry, its line cut short, then rejected.
@example(
    [
        ("bulk", 60),
        ("append", "\x85", None),
        ("dream", 1.0),
        ("truncate", 1),
        ("garbage", b"{not json"),
        ("compact", 1),
    ]
)
def test_history_invariants(ops: list[tuple[object, ...]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = MemoryStore(tmp, max_history_entries=3)
        log_path = store.history_file
        highest_issued = 0
        for op in ops:
            kind = op[0]
            if kind == "append":
                cursor = store.append_history(str(op[1]), session_key=op[2])  # type: ignore[arg-type]
                assert cursor > highest_issued
                highest_issued = cursor
            elif kind == "bulk":  # enough entries for reads to bisect instead of walking back
                count = int(op[1])  # type: ignore[call-overload]
                batch = [NewEntry(f"bulk {n} " + "b" * (n * 13 % 300)) for n in range(count)]
                written = store.history.extend(batch)
                assert written[0].cursor > highest_issued
                highest_issued = written[-1].cursor
            elif kind == "compact":
                store = MemoryStore(tmp, max_history_entries=int(op[1]))  # type: ignore[call-overload]
                before, bad_before = scan(log_path)
                rejected_before = rejected_count(store)
                dream = store.get_last_dream_cursor()
                result = store.compact_history()
                after, bad_after = scan(log_path)
                assert [e for e in before if e.cursor > dream] == [
                    e for e in after if e.cursor > dream
                ]
                assert after == before[result.dropped :]  # only the oldest went
                assert all(e.cursor <= dream for e in before[: result.dropped])
                if result.dropped:
                    assert bad_after == 0
                    assert rejected_count(store) == rejected_before + bad_before
            elif kind == "dream":
                latest = store.get_latest_cursor()
                store.set_last_dream_cursor(int(latest * float(op[1])))  # type: ignore[arg-type]
            elif kind == "garbage":
                log_path.parent.mkdir(parents=True, exist_ok=True)
                with log_path.open("ab") as handle:
                    handle.write(bytes(op[1]) + b"\n")  # type: ignore[call-overload]
            elif kind == "truncate" and log_path.exists():
                size = log_path.stat().st_size
                with log_path.open("r+b") as handle:
                    handle.truncate(max(0, size - int(op[1])))  # type: ignore[call-overload]

            expected, _ = scan(log_path)
            cursors = [e.cursor for e in expected]
            assert cursors == sorted(set(cursors))
            assert store.get_latest_cursor() == (cursors[-1] if cursors else 0)
            middle = cursors[len(cursors) // 3 : len(cursors) // 3 + 1]
            probes = {
                0,
                1,
                store.get_last_dream_cursor(),
                *middle,
                *cursors[-3:],
                highest_issued + 1,
            }
            for since in probes:
                want = [e for e in expected if e.cursor > since]
                assert store.history.read_since(since) == want
                assert store.history.read_since(since, limit=2) == want[:2]
