"""The deletion guard judges content, not line counts, and remembers recent runs.

Two attacks passed the old line-counting guard: replacing 40 facts with 41
lines of ``-``, and twelve runs that each delete 24 % (leaving 3 facts of 40).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path

import pytest

from reverie.dream import Dream
from reverie.providers.base import LLMResponse, ToolCallRequest
from reverie.providers.scripted import FunctionProvider, RecordedRequest
from reverie.store.memory_store import MemoryStore

FACTS = [f"- The service number {i} runs on port {8000 + i}." for i in range(40)]
MEMORY = "# Memory\n\n" + "\n".join(FACTS) + "\n"


def writer(store: MemoryStore, rewrite: Callable[[str], str]) -> FunctionProvider:
    """A model that rewrites MEMORY.md with ``rewrite`` once per run, then answers."""

    def reply(request: RecordedRequest) -> LLMResponse | str:
        if len(request.messages) == 2:
            content = rewrite(store.read_memory())
            call = ToolCallRequest(
                "c1", "write_file", {"path": "memory/MEMORY.md", "content": content}
            )
            return LLMResponse(None, [call])
        return "Tidied the memory."

    return FunctionProvider(reply)


def facts_in(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.startswith("- The service"))


def drop_share(share: float) -> Callable[[str], str]:
    def rewrite(text: str) -> str:
        lines = [line for line in text.splitlines() if line.startswith("- The service")]
        keep = lines[: len(lines) - int(len(lines) * share)]
        return "# Memory\n\n" + "\n".join(keep) + "\n"

    return rewrite


async def test_facts_replaced_by_as_many_dashes_are_rejected(workspace: Path) -> None:
    store = MemoryStore(workspace)
    store.write_memory(MEMORY)
    store.append_history("[skip] tidy up")

    dashes = "# Memory\n\n" + "-\n" * 41
    result = await Dream(store, writer(store, lambda _: dashes)).run()

    assert result.status == "rejected"
    assert "memory/MEMORY.md would lose 40 of 40 facts (100% > 25%)" in result.reason
    assert store.read_memory() == MEMORY
    assert store.get_last_dream_cursor() == 0  # retried, not skipped


async def test_many_runs_of_small_deletions_are_stopped_at_half(workspace: Path) -> None:
    store = MemoryStore(workspace)
    store.write_memory(MEMORY)
    statuses: list[str] = []
    for run in range(12):
        store.append_history(f"[skip] tidy up, round {run}")
        result = await Dream(store, writer(store, drop_share(0.24))).run()
        statuses.append(result.status)
        if result.status == "rejected":
            assert "over the last" in result.reason and "(to remove that much on purpose" in (
                result.reason
            )
            break

    assert statuses[:2] == ["completed", "completed"]  # 24 % at a time is allowed...
    assert statuses[-1] == "rejected"  # ...until the runs add up to more than half
    assert facts_in(store.read_memory()) >= 20


async def test_deleting_by_hand_is_never_blocked_and_restarts_the_window(
    workspace: Path,
) -> None:
    store = MemoryStore(workspace)
    store.write_memory(MEMORY)
    for run in range(2):
        store.append_history(f"[skip] tidy up, round {run}")
        assert (await Dream(store, writer(store, drop_share(0.24))).run()).completed
    # The user decides most of it is obsolete and deletes it by hand.
    store.write_memory("# Memory\n\n" + "\n".join(FACTS[:12]) + "\n")

    store.append_history("[skip] tidy up, round 3")
    result = await Dream(store, writer(store, drop_share(0.24))).run()

    assert result.status == "completed", result.reason  # 24 % of what the user left
    assert facts_in(store.read_memory()) == 10


async def test_growing_and_rewording_memory_passes(workspace: Path) -> None:
    store = MemoryStore(workspace)
    store.write_memory(MEMORY)
    for run in range(5):
        store.append_history(f"[durable] fact {run}")

        def grow(text: str, run: int = run) -> str:
            return text.replace("runs on", "listens on") + f"- Added fact {run}.\n"

        result = await Dream(store, writer(store, grow)).run()
        assert result.status == "completed", result.reason
    record = json.loads((store.memory_dir / ".dream_guard.json").read_text())
    runs = record["files"]["memory/MEMORY.md"]["runs"]
    assert len(runs) == 5 and runs[0]["facts"] == 40


async def test_an_unreadable_window_record_starts_afresh_with_a_warning(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = MemoryStore(workspace)
    store.write_memory(MEMORY)
    (store.memory_dir / ".dream_guard.json").write_text("{not json")
    store.append_history("[skip] tidy up")
    with caplog.at_level(logging.WARNING, logger="reverie"):
        result = await Dream(store, writer(store, drop_share(0.2))).run()
    assert result.status == "completed", result.reason
    assert "deletion window starts afresh" in caplog.text
    assert json.loads((store.memory_dir / ".dream_guard.json").read_text())["version"] == 1
