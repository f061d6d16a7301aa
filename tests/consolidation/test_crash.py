"""A process killed between the history append and the session save archives nothing twice."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import reverie
from reverie.providers.scripted import FunctionProvider, RecordedRequest
from reverie.sessions.manager import SessionManager
from reverie.sessions.transcripts import TranscriptArchive
from reverie.store.memory_store import MemoryStore
from suite_tools import DEADLINE

from .conftest import history_records, plain_build

pytestmark = pytest.mark.durable  # crash tests: fsync on, as for users

KEY = "cli:crash"

# Killed (exit code 9, no cleanup) at the first session save after the summary
# reached history.jsonl: the chunk is in history, the session file does not know.
WORKER = textwrap.dedent(
    """
    import asyncio, os, sys
    from reverie.consolidation.consolidator import Consolidator
    from reverie.providers.scripted import FunctionProvider
    from reverie.sessions.manager import SessionManager
    from reverie.store.memory_store import MemoryStore

    workspace, key, mode = sys.argv[1], sys.argv[2], sys.argv[3]
    store = MemoryStore(workspace)

    class DiesAfterTheAppend(SessionManager):
        def save(self, session):
            if store.get_latest_cursor() > 0:
                os._exit(9)
            super().save(session)

    def build(history, current_message, **_):
        return [*history, {"role": "user", "content": current_message}]

    sessions = DiesAfterTheAppend(workspace)
    provider = FunctionProvider(lambda request: "[durable] first summary")
    consolidator = Consolidator(store, provider, "m", sessions, 2_600, build, list,
                                max_completion_tokens=200)
    session = sessions.get_or_create(key)
    for turn in range(20):
        session.add_message("user", f"turn {turn} " + "lorem ipsum " * 40)
        session.add_message("assistant", f"reply {turn} " + "dolor sit " * 40)
    sessions.save(session)
    if mode == "tokens":
        asyncio.run(consolidator.maybe_consolidate_by_tokens(session))
    else:
        asyncio.run(consolidator.compact_idle_session(key, max_suffix=4))
    """
)


def crash_after_the_append(workspace: Path, mode: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(reverie.__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(workspace), KEY, mode],
        env=env,
        capture_output=True,
        text=True,
        timeout=DEADLINE,
    )
    assert done.returncode == 9, done.stderr
    (record,) = history_records(MemoryStore(workspace))
    assert record["content"] == "[durable] first summary"


def ranges(workspace: Path) -> list[tuple[int, int]]:
    records = history_records(MemoryStore(workspace))
    return [(r["source"]["start"], r["source"]["end"]) for r in records]


def count_requests(requests: list[RecordedRequest]) -> Any:
    def answer(request: RecordedRequest) -> str:
        requests.append(request)
        return f"[durable] summary {len(requests) + 1}"

    return answer


async def test_a_budget_check_after_the_crash_does_not_summarise_the_chunk_again(
    workspace: Path, make_consolidator: Any, sessions: SessionManager
) -> None:
    crash_after_the_append(workspace, "tokens")
    (first,) = ranges(workspace)
    requests: list[RecordedRequest] = []
    consolidator = make_consolidator(
        FunctionProvider(count_requests(requests)),
        window=2_600,
        max_completion_tokens=200,
        build=plain_build,
    )
    session = sessions.get_or_create(KEY)
    await consolidator.maybe_consolidate_by_tokens(session)

    found = ranges(workspace)
    assert found[0] == first and len(found) == len(requests) + 1
    for (_, previous_end), (start, _) in itertools.pairwise(found):
        assert start == previous_end  # each message in one entry at most
    assert session.total_messages == 40
    assert session.last_consolidated == found[-1][1] >= first[1]
    assert "_archiving" not in SessionManager(workspace).get_or_create(KEY).metadata
    # The recovered chunk never went to the model a second time.
    shown = "".join(str(r.messages[-1]["content"]) for r in requests)
    assert "turn 0 " not in shown


async def test_an_idle_compaction_after_the_crash_finishes_without_a_second_summary(
    workspace: Path, make_consolidator: Any
) -> None:
    crash_after_the_append(workspace, "idle")
    ((start, end),) = ranges(workspace)
    assert (start, end) == (0, 36)
    requests: list[RecordedRequest] = []
    consolidator = make_consolidator(FunctionProvider(count_requests(requests)))

    assert await consolidator.compact_idle_session(KEY, max_suffix=4) == ""

    assert requests == [] and ranges(workspace) == [(0, 36)]
    session = SessionManager(workspace).get_or_create(KEY)
    assert len(session.messages) == 4 and session.messages[0]["content"].startswith("turn 18 ")
    assert session.archived_offset == 36 and "_archiving" not in session.metadata
    archived = TranscriptArchive(workspace).read(KEY, 0, 36)
    assert [m["content"] for m in archived[:1]] == ["turn 0 " + "lorem ipsum " * 40]
    assert MemoryStore(workspace).expand_entry(1) == archived


@pytest.mark.parametrize("marker", ["garbage", {"start": 5, "end": 2, "after": 0}])
async def test_a_malformed_intent_is_dropped_and_the_chunk_archived_normally(
    workspace: Path, make_consolidator: Any, sessions: SessionManager, marker: Any
) -> None:
    session = sessions.get_or_create(KEY)
    for turn in range(6):
        session.add_message("user", f"turn {turn}")
        session.add_message("assistant", f"reply {turn}")
    session.metadata["_archiving"] = marker
    sessions.save(session)
    requests: list[RecordedRequest] = []
    consolidator = make_consolidator(FunctionProvider(count_requests(requests)))

    assert await consolidator.compact_idle_session(KEY, max_suffix=2) == "[durable] summary 2"

    assert len(requests) == 1 and ranges(workspace) == [(0, 10)]
    assert "_archiving" not in SessionManager(workspace).get_or_create(KEY).metadata
