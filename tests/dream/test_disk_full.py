"""Dream on a disk that fills up at each step of its commit: nothing dreamed is ever skipped.

A real 16 MiB tmpfs is filled to the last byte just before one step of a
completed run's commit. Whatever fails, the Dream cursor must never end up past
entries whose edits are not committed, the message the user reads must be
true, and once space is back the next run finishes or redoes the work, once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reverie.commands import DreamCommands
from reverie.dream import Dream, journal
from reverie.providers.base import LLMResponse, ToolCallRequest
from reverie.providers.scripted import FunctionProvider, RecordedRequest
from reverie.store import git as git_module
from reverie.store import memory_store as memory_store_module
from reverie.store.git import parse_trailers
from reverie.store.memory_store import MemoryStore

MEMORY = "# Memory\n\n## Facts\n\n" + "".join(f"- Fact number {i}.\n" for i in range(1, 9))
FACT = "- The CLI is written in Rust.\n"
POINTS = ("journal", "commit", "cursor", "finish")


def _remember_rust(store: MemoryStore, asked: list[str]) -> FunctionProvider:
    """A model that adds FACT once (it reads the file first, as a careful model would)."""

    def reply(request: RecordedRequest) -> LLMResponse | str:
        asked.append(request.messages[0]["content"])
        if len(request.messages) == 2 and FACT not in store.read_memory():
            edit = {"path": "memory/MEMORY.md", "old_text": "- Fact number 8.\n"}
            edit["new_text"] = "- Fact number 8.\n" + FACT
            return LLMResponse(None, [ToolCallRequest("c1", "edit_file", edit)])
        return "Recorded the CLI language."

    return FunctionProvider(reply)


def _fill_before(monkeypatch: pytest.MonkeyPatch, point: str, fill: Any) -> None:
    """Fill the disk just before one step of the commit runs."""
    if point == "journal":
        real_mark = journal.RunJournal.mark_committing

        def mark(self: journal.RunJournal, pending: journal.PendingCommit) -> None:
            fill()
            real_mark(self, pending)

        monkeypatch.setattr(journal.RunJournal, "mark_committing", mark)
    elif point == "commit":
        real_commit = git_module.GitStore.auto_commit

        def commit(self: git_module.GitStore, message: str, **kwargs: Any) -> str | None:
            if message.startswith("dream:"):
                fill()
            return real_commit(self, message, **kwargs)

        monkeypatch.setattr(git_module.GitStore, "auto_commit", commit)
    elif point == "cursor":
        real_set = memory_store_module.MemoryStore.set_last_dream_cursor

        def set_cursor(self: MemoryStore, cursor: int) -> None:
            fill()
            real_set(self, cursor)

        monkeypatch.setattr(memory_store_module.MemoryStore, "set_last_dream_cursor", set_cursor)
    else:
        real_finish = journal.RunJournal.finish

        def finish(self: journal.RunJournal) -> None:
            if self.committing is not None:
                fill()
            real_finish(self)

        monkeypatch.setattr(journal.RunJournal, "finish", finish)


def _dream_commits(store: MemoryStore) -> list[Any]:
    return [c for c in store.git.log(50) if c.subject.startswith("dream:")]


@pytest.mark.parametrize("point", POINTS)
async def test_disk_full_at_any_step_of_the_commit_never_skips_entries(
    small_disk: Path, disk_filler: Any, monkeypatch: pytest.MonkeyPatch, point: str
) -> None:
    store = MemoryStore(small_disk / "workspace")
    store.write_memory(MEMORY)
    store.git.init()
    for text in ("[durable] The CLI is written in Rust.", "[ephemeral] lunch", "[skip] hi"):
        store.append_history(text)
    _fill_before(monkeypatch, point, disk_filler.fill)

    asked: list[str] = []
    commands = DreamCommands(store, dream=Dream(store, _remember_rust(store, asked)))
    first = await commands.handle("/dream")
    assert first is not None
    text = first.text

    # The one invariant: the cursor is never past entries whose edits are not committed.
    cursor = store.get_last_dream_cursor()
    committed = _dream_commits(store)
    if cursor == 3:
        assert committed and parse_trailers(committed[0].message)["Dream-Cursors"] == "1-3"
        assert FACT in (store.git.file_at(committed[0].sha, "memory/MEMORY.md") or "")
    else:
        assert cursor == 0
    # And what the user read is true.
    if "Nothing was changed" in text:
        assert store.read_memory() == MEMORY and cursor == 0 and not committed
    if "will be retried" in text:
        assert cursor == 0
    if "could not be undone yet" in text:
        assert FACT in store.read_memory() and not committed
    if "committed its edits" in text:
        assert committed[0].sha.startswith(first.data["commit"]) and cursor == 0
    if first.ok:
        assert cursor == 3 and committed

    monkeypatch.undo()
    disk_filler.free()
    asked.clear()
    second = await Dream(store, _remember_rust(store, asked)).run()

    assert second.status in ("completed", "nothing_to_do"), second.reason
    if committed:
        assert second.status == "nothing_to_do" and not asked  # finished, not redone
    else:
        assert asked and "The CLI is written in Rust." in asked[0]  # retried, as promised
    assert store.get_last_dream_cursor() == 3
    assert store.read_memory().count(FACT) == 1
    final = _dream_commits(store)
    assert len(final) == 1
    assert parse_trailers(final[0].message)["Dream-Cursors"] == "1-3"
    assert store.git.diff_working_tree() == ""
    assert not (store.memory_dir / ".dream_journal.json").exists()
    assert not list(store.memory_dir.glob(".*.tmp"))
