"""Undoing a Dream run undoes only Dream: edits made by people survive, and a run that
had finished is never undone."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from reverie.dream import Dream
from reverie.providers.base import LLMError, LLMResponse
from reverie.providers.offline import OfflineProvider
from reverie.providers.scripted import FunctionProvider, RecordedRequest, ScriptedProvider
from reverie.store.git import parse_trailers
from reverie.store.memory_store import MemoryStore
from suite_tools import DEADLINE

pytestmark = pytest.mark.durable  # crash tests: fsync on, as for users

HAND_EDIT = "# User\n\n- Name: Dana.\n- Lives in Porto (typed by hand).\n"


async def test_a_failed_run_keeps_what_a_person_wrote_meanwhile(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    store.write_user("# User\n\n- Name: Dana.\n")
    store.write_soul("# Soul\n\n- Be brief.\n")
    store.write_memory("# Memory\n\n- a\n- b\n- c\n- d\n")
    entries(store, "[durable] The CLI is in Rust.")
    turn = {"n": 0}

    def reply(request: RecordedRequest) -> LLMResponse:
        turn["n"] += 1
        if turn["n"] == 1:
            return calls(
                ("write_file", {"path": "SOUL.md", "content": "# Soul\n\n- Be brief!\n"}),
                ("write_file", {"path": "skills/rust/SKILL.md", "content": "1. cargo\n"}),
                ("edit_file", {"path": "USER.md", "old_text": "Dana.", "new_text": "Dee."}),
            )
        # While the model thinks, the user edits USER.md (which Dream wrote) by hand
        # and trims MEMORY.md (which Dream never touched).
        store.user_file.write_text(HAND_EDIT)
        store.memory_file.write_text("# Memory\n\n- a\n")
        return LLMResponse.failure(LLMError("upstream timeout", status=504))

    result = await Dream(store, FunctionProvider(reply)).run()

    assert result.status == "incomplete"
    assert store.read_soul() == "# Soul\n\n- Be brief.\n"  # Dream's own edit is undone
    assert not (store.workspace / "skills").exists()
    assert store.read_user() == HAND_EDIT  # the person's edits are not
    assert store.read_memory() == "# Memory\n\n- a\n"
    assert store.get_last_dream_cursor() == 0


async def test_the_deletion_guard_judges_only_what_dream_changed(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    store.write_memory("# Memory\n\n" + "".join(f"- fact {n}\n" for n in range(8)))
    entries(store, "[permanent] User's name is Dana.")
    turn = {"n": 0}

    def reply(request: RecordedRequest) -> LLMResponse | str:
        turn["n"] += 1
        if turn["n"] == 1:
            return calls(("write_file", {"path": "USER.md", "content": "- Name: Dana.\n"}))
        store.memory_file.write_text("# Memory\n\n- fact 0\n")  # a person's big cleanup
        return "Recorded the name."

    result = await Dream(store, FunctionProvider(reply)).run()

    assert result.status == "completed", result.reason
    assert store.read_memory() == "# Memory\n\n- fact 0\n"
    assert store.read_user() == "- Name: Dana.\n"


KILLED = """
import asyncio, os, sys
from reverie.dream import Dream
from reverie.providers.base import LLMResponse, ToolCallRequest
from reverie.providers.scripted import FunctionProvider
from reverie.store.memory_store import MemoryStore

def reply(request):
    if len(request.messages) == 2:
        edits = [
            ToolCallRequest("c1", "write_file", {"path": "USER.md", "content": "half\\n"}),
            ToolCallRequest("c2", "write_file", {"path": "SOUL.md", "content": "half\\n"}),
        ]
        return LLMResponse(None, edits)
    os._exit(9)

asyncio.run(Dream(MemoryStore(sys.argv[1]), FunctionProvider(reply)).run())
"""

# Dies at one point of a completed run's commit: just before the Dream commit is
# written, between the commit and the cursor, or just after both (before the
# journal is removed).
KILLED_WHILE_COMMITTING = """
import asyncio, os, sys
from reverie.dream import Dream, journal
from reverie.providers.offline import OfflineProvider
from reverie.store import git, memory_store
from reverie.store.memory_store import MemoryStore

workspace, when = sys.argv[1], sys.argv[2]
if when == "before":
    real_commit = git.GitStore.auto_commit
    def auto_commit(self, message, **kwargs):
        if message.startswith("dream:"):
            os._exit(9)
        return real_commit(self, message, **kwargs)
    git.GitStore.auto_commit = auto_commit
elif when == "between":
    def set_cursor(self, cursor):
        os._exit(9)
    memory_store.MemoryStore.set_last_dream_cursor = set_cursor
else:
    real_finish = journal.RunJournal.finish
    def finish(self):
        if self.committing is not None:
            os._exit(9)
        real_finish(self)
    journal.RunJournal.finish = finish
asyncio.run(Dream(MemoryStore(workspace), OfflineProvider()).run())
"""


def run_child(script: str, *args: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=DEADLINE
    )
    assert proc.returncode == 9, proc.stderr


async def test_recovery_after_a_crash_keeps_edits_made_since(store: MemoryStore) -> None:
    store.write_user("# User\n\n- Name: Dana.\n")
    store.write_soul("# Soul\n")
    store.append_history("[durable] something")
    run_child(KILLED, str(store.workspace))
    assert store.read_user() == "half\n" and store.read_soul() == "half\n"
    store.user_file.write_text(HAND_EDIT)  # the next morning, before the next Dream

    result = await Dream(store, ScriptedProvider(["Nothing to change."])).run()

    assert result.status == "completed"
    assert store.read_user() == HAND_EDIT
    assert store.read_soul() == "# Soul\n"  # still Dream's half-done text: undone
    kept = next(store.memory_dir.glob(".dream_recovered-*.json"))
    assert json.loads(kept.read_text())["discarded"] == {"SOUL.md": "half\n"}


@pytest.mark.parametrize("when", ["before", "between", "after"])
async def test_a_run_killed_while_committing_is_finished_not_lost(
    store: MemoryStore, when: str
) -> None:
    store.write_memory("# Memory\n\n## Facts\n\n- The API uses Flask.\n")
    store.append_history("[durable] The CLI is written in Rust.")
    run_child(KILLED_WHILE_COMMITTING, str(store.workspace), when)
    # The cursor moves only once the commit holding the edits exists.
    assert store.get_last_dream_cursor() == (1 if when == "after" else 0)

    result = await Dream(store, OfflineProvider()).run()

    # Not committed: undone and dreamed again. Committed: finished, not redone.
    assert result.status == ("completed" if when == "before" else "nothing_to_do")
    assert store.read_memory().endswith("- The CLI is written in Rust.\n")
    dream_commits = [c for c in store.git.log(20) if c.subject.startswith("dream:")]
    assert len(dream_commits) == 1
    assert parse_trailers(dream_commits[0].message)["Dream-Cursors"] == "1-1"
    assert "+ - The CLI is written in Rust." in dream_commits[0].message
    assert store.git.diff_working_tree() == ""
    assert not (store.memory_dir / ".dream_journal.json").exists()


async def test_an_unreadable_journal_is_kept_aside_and_nothing_is_undone(
    store: MemoryStore, entries: Any
) -> None:
    store.write_user("# User\n\n- Name: Dana.\n")
    entries(store, "[durable] x")
    (store.memory_dir / ".dream_journal.json").write_text("{truncated")
    result = await Dream(store, ScriptedProvider(["ok"])).run()
    assert result.status == "completed"
    assert store.read_user() == "# User\n\n- Name: Dana.\n"
    aside = list(store.memory_dir.glob(".dream_journal.json.unreadable-*"))
    assert [p.read_text() for p in aside] == ["{truncated"]
