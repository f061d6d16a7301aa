"""A forget killed part-way is visible, blocks other forgets, and finishes when run again."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from dulwich.repo import Repo

from reverie import Workspace
from reverie.errors import UserError

SECRET = "vault-code-5521-omega"
Search = Callable[[Path, str], list[str]]

# The child process dies (os._exit: no cleanup, no finally, like SIGKILL) at one exact step.
_CHILD = textwrap.dedent(
    """
    import os, sys
    from reverie import Workspace

    workspace, text, point = sys.argv[1], sys.argv[2], sys.argv[3]

    def die_on_call(owner, name, call):
        original = getattr(owner, name)
        seen = []

        def wrapper(*args, **kwargs):
            seen.append(1)
            if len(seen) == call:
                os._exit(9)
            return original(*args, **kwargs)

        setattr(owner, name, wrapper)

    if point == "second-file":
        import reverie.forget.files as files
        die_on_call(files, "write_bytes_atomic", 2)
    elif point == "before-refs":
        import reverie.forget.git_history as git_history
        die_on_call(git_history, "_move_ref", 1)
    elif point == "during-prune":
        from dulwich.object_store import DiskObjectStore
        die_on_call(DiskObjectStore, "repack", 1)
    Workspace.open(workspace).forget(text)
    sys.exit(0)
    """
)


def _history_shape(workspace: Path) -> list[tuple[bytes, int]]:
    repo = Repo(str(workspace))
    try:
        return [
            (
                entry.commit.message.replace(SECRET.encode(), b"[forgotten]"),
                entry.commit.author_time,
            )
            for entry in repo.get_walker(include=[repo.refs[b"HEAD"]])
        ]
    finally:
        repo.close()


def _build(workspace: Path) -> None:
    ws = Workspace.open(workspace)
    for turn in range(3):
        session = ws.sessions.get_or_create(f"cli:user{turn}")
        session.add_message("user", f"remember {SECRET} please ({turn})")
        ws.sessions.save(session)
        ws.store.append_history(f"[permanent] code {SECRET}", session_key=f"cli:user{turn}")
        ws.store.write_user(ws.store.read_user() + f"\n- fact {turn}: {SECRET}\n")
        ws.store.git.auto_commit(f"fact {turn}")
    repo = Repo(str(workspace))
    try:
        repo.object_store.pack_loose_objects()
    finally:
        repo.close()
    ws.store.write_memory(f"- the code is {SECRET}\n")
    ws.store.git.auto_commit("memory")


@pytest.mark.parametrize("point", ["second-file", "before-refs", "during-prune"])
def test_a_killed_forget_is_finished_by_running_it_again(
    tmp_path: Path, point: str, search: Search
) -> None:
    workspace = tmp_path / "ws"
    _build(workspace)
    shape = _history_shape(workspace)
    env = {k: v for k, v in os.environ.items() if not k.startswith("REVERIE_")}
    child = subprocess.run(
        [sys.executable, "-c", _CHILD, str(workspace), SECRET, point],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert child.returncode == 9, child.stderr
    assert search(workspace, SECRET), "killed before it finished: the text is still somewhere"
    assert (workspace / "memory" / ".forget.json").exists()
    assert SECRET not in (workspace / "memory" / ".forget.json").read_text()

    # Every reader still works on the half-done workspace, and status says what to do.
    ws = Workspace.open(workspace)
    assert ws.store.git.log(max_entries=50)
    status = subprocess.run(
        [sys.executable, "-m", "reverie", "status", "-w", str(workspace)],
        capture_output=True,
        text=True,
        env={**env, "COLUMNS": "200"},
        timeout=300,
        check=False,
    )
    assert status.returncode == 0, status.stderr
    assert "A forget was interrupted" in status.stderr
    with pytest.raises(UserError, match="did not finish"):
        ws.forget("some-other-text")

    receipt = ws.forget(SECRET)

    assert receipt.resumed
    assert receipt.remaining == []
    assert search(workspace, SECRET) == []
    assert not (workspace / "memory" / ".forget.json").exists()
    assert _history_shape(workspace) == shape
    assert ws.store.git.diff_working_tree() == ""
    assert "[forgotten]" in ws.store.read_user()


def test_a_write_that_fails_part_way_says_to_run_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, search: Search
) -> None:
    import reverie.forget.files as files
    from reverie.errors import StoreError

    workspace = tmp_path / "ws"
    _build(workspace)
    real = files.write_bytes_atomic
    calls: list[Path] = []

    def full_disk(path: Path, data: bytes) -> None:
        calls.append(path)
        if len(calls) == 2:
            raise StoreError(f"cannot write {path}: No space left on device")
        real(path, data)

    monkeypatch.setattr(files, "write_bytes_atomic", full_disk)
    ws = Workspace.open(workspace)
    with pytest.raises(StoreError, match="run the same `reverie forget` again"):
        ws.forget(SECRET)
    assert (workspace / "memory" / ".forget.json").exists()
    monkeypatch.setattr(files, "write_bytes_atomic", real)
    receipt = ws.forget(SECRET)
    assert receipt.resumed and receipt.remaining == []
    assert search(workspace, SECRET) == []
