"""Bad input and damaged workspaces: a clear error naming the file or field, nothing lost."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from reverie.errors import GitStoreError, StoreError, UserError
from reverie.layout import TRACKED_FILES
from reverie.store.git import GitStore
from reverie.store.memory_store import MemoryStore


@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        ("hello", r"messages must be a list of message dicts.*not str"),
        ({"role": "user", "content": "hi"}, r"messages must be a list.*not dict"),
        ([{"role": "user", "content": "hi"}, "oops"], r"messages\[1\] must be a message dict"),
        ([None], r"messages\[0\] must be a message dict.*NoneType"),
    ],
)
def test_raw_archive_refuses_what_is_not_a_list_of_messages(
    workspace: Path, messages: object, expected: str
) -> None:
    store = MemoryStore(workspace)
    store.append_history("kept")
    with pytest.raises(UserError, match=expected):
        store.raw_archive(messages)  # type: ignore[arg-type]
    assert [e["content"] for e in store.read_unprocessed_history(0)] == ["kept"]


def test_workspace_that_is_a_file_names_the_path_everywhere(tmp_path: Path) -> None:
    blocker = tmp_path / "workspace"
    blocker.write_text("notes, not a workspace")
    store = MemoryStore(blocker)
    calls = {
        "read_memory": store.read_memory,
        "read_unprocessed_history": lambda: store.read_unprocessed_history(0),
        "get_latest_cursor": store.get_latest_cursor,
        "append_history": lambda: store.append_history("x"),
        "set_last_dream_cursor": lambda: store.set_last_dream_cursor(1),
        "compact_history": store.compact_history,
        "build_dream_prompt": store.build_dream_prompt,
    }
    for name, call in calls.items():
        with pytest.raises(StoreError, match=str(blocker)):
            call()
        assert blocker.read_text() == "notes, not a workspace", name
    with pytest.raises(StoreError, match=r"workspace is a file, not a folder"):
        store.write_soul("x")
    with pytest.raises(GitStoreError, match=rf"{blocker}: not a folder"):
        store.git.init()
    assert blocker.read_text() == "notes, not a workspace"


def test_text_that_utf8_cannot_store_is_refused_and_the_file_kept(workspace: Path) -> None:
    store = MemoryStore(workspace)
    store.write_memory("- Dana likes tea\n")
    with pytest.raises(UserError, match=r"MEMORY\.md.*surrogate"):
        store.write_memory("- Dana likes \ud83d\n")
    assert store.read_memory() == "- Dana likes tea\n"


def test_dream_cursor_past_the_history_warns_naming_the_file(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = MemoryStore(workspace)
    for n in range(5):
        store.append_history(f"entry {n}")
    with caplog.at_level(logging.WARNING, logger="reverie"):
        store.set_last_dream_cursor(5)  # Dream's normal move: no warning
    assert caplog.records == []

    # The user resets the history by hand; the Dream cursor stays at 5.
    store.history_file.unlink()
    store.cursor_file.unlink()
    fresh = MemoryStore(workspace)
    assert fresh.append_history("new fact") == 1
    with caplog.at_level(logging.WARNING, logger="reverie"):
        assert fresh.build_dream_prompt() is None
    assert len(caplog.records) == 1
    message = caplog.records[0].getMessage()
    assert ".dream_cursor is 5" in message and "entries 2-5" in message
    fresh.set_last_dream_cursor(0)  # the fix the warning suggests
    prompt = fresh.build_dream_prompt()
    assert prompt is not None and "new fact" in prompt[0]


@pytest.mark.parametrize("bad", ["5", 2.5, None, True])
def test_git_log_refuses_a_count_that_is_not_an_integer(workspace: Path, bad: object) -> None:
    git = GitStore(workspace, list(TRACKED_FILES))
    git.init()
    with pytest.raises(UserError, match="max_entries"):
        git.log(bad)  # type: ignore[arg-type]


def test_raw_archive_marks_a_message_without_time_as_nanobot_does(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.raw_archive([{"role": "user", "content": "no clock here"}])
    content = store.read_unprocessed_history(0)[-1]["content"]
    assert content == "[RAW] 1 messages\n[?] USER: no clock here"
