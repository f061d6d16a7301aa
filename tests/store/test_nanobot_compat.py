"""A workspace written by nanobot opens as is, and stays readable by nanobot."""

from __future__ import annotations

import json
from pathlib import Path

from reverie.store.memory_store import MemoryStore

NANOBOT_HISTORY = [
    {"cursor": 1, "timestamp": "2026-04-01 08:00", "content": "User is Dana, lives in Lisbon."},
    {
        "cursor": 2,
        "timestamp": "2026-04-02 09:30",
        "content": "Décidé : PostgreSQL 16.",
        "session_key": "telegram:42",
    },
    {"cursor": 3, "timestamp": "2026-04-03 00:02", "content": "[RAW] 2 messages\n..."},
]


def nanobot_workspace(root: Path, *, cursor: str = "3", dream: str = "2") -> Path:
    memory = root / "memory"
    memory.mkdir(parents=True)
    lines = [json.dumps(record, ensure_ascii=False) for record in NANOBOT_HISTORY]
    (memory / "history.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (memory / ".cursor").write_text(cursor)
    (memory / ".dream_cursor").write_text(dream)
    (memory / "MEMORY.md").write_text("# Memory\n- billing uses Postgres\n")
    (root / "SOUL.md").write_text("Be brief.\n")
    (root / "USER.md").write_text("Name: Dana\n")
    return root


def test_nanobot_workspace_opens_as_is(workspace: Path) -> None:
    nanobot_workspace(workspace)
    original = (workspace / "memory" / "history.jsonl").read_bytes()
    store = MemoryStore(workspace)
    assert store.read_unprocessed_history(0) == NANOBOT_HISTORY
    assert store.get_last_dream_cursor() == 2
    assert store.get_latest_cursor() == 3
    assert store.read_soul() == "Be brief.\n" and store.read_user() == "Name: Dana\n"
    assert store.get_memory_context() == "## Long-term Memory\n# Memory\n- billing uses Postgres\n"
    built = store.build_dream_prompt()
    assert built is not None and built[1] == 3 and "[RAW] 2 messages" in built[0]

    assert store.append_history("new fact", session_key="cli:dana") == 4
    data = (workspace / "memory" / "history.jsonl").read_bytes()
    assert data.startswith(original)  # appended, nothing rewritten
    new = json.loads(data[len(original) :])
    assert set(new) == {"cursor", "timestamp", "content", "session_key"}
    assert (workspace / "memory" / ".cursor").read_text() == "4"


def test_nanobot_cursor_file_ahead_or_behind(tmp_path: Path) -> None:
    ahead = MemoryStore(nanobot_workspace(tmp_path / "ahead", cursor="10"))
    assert ahead.append_history("x") == 11
    behind = MemoryStore(nanobot_workspace(tmp_path / "behind", cursor="1"))
    assert behind.append_history("x") == 4


def test_duplicate_cursors_from_nanobots_race_are_not_reissued(workspace: Path) -> None:
    nanobot_workspace(workspace)
    history = workspace / "memory" / "history.jsonl"
    with history.open("a", encoding="utf-8") as handle:
        for _ in range(2):  # two processes once took cursor 4 together
            handle.write(json.dumps({"cursor": 4, "timestamp": "t", "content": "dup"}) + "\n")
    store = MemoryStore(workspace)
    assert [e["cursor"] for e in store.read_unprocessed_history(3)] == [4, 4]
    assert store.append_history("after") == 5
