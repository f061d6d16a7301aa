"""Every way out of the writable set is refused through a Dream run, and nothing is written."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from reverie.dream import Dream
from reverie.providers.scripted import ScriptedProvider
from reverie.store.memory_store import MemoryStore


def snapshot(root: Path) -> dict[str, bytes]:
    out = {}
    for path in sorted(root.rglob("*")):
        if ".git" in path.parts or path.is_dir() or path.is_symlink():
            continue
        out[path.relative_to(root).as_posix()] = path.read_bytes()
    return out


def interesting(files: dict[str, bytes]) -> dict[str, bytes]:
    """The files a refused write could have touched (Dream's own bookkeeping aside)."""
    skip = ("memory/.", "memory/history.jsonl", "sessions/", ".gitignore")
    return {k: v for k, v in files.items() if not k.startswith(skip)}


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    target = tmp_path / "outside.md"
    target.write_text("precious\n")
    return target


def escapes(workspace: Path, outside: Path) -> list[tuple[str, dict[str, Any]]]:
    (workspace / "skills").mkdir()
    os.symlink(outside, workspace / "skills" / "link.md")
    os.symlink(outside.parent, workspace / "skills" / "dirlink")
    os.link(outside, workspace / "skills" / "hard.md")
    os.symlink(outside, workspace / "USER.md")
    content = {"content": "pwned\n"}
    return [
        ("write_file", {"path": "../outside.md", **content}),
        ("write_file", {"path": str(outside), **content}),
        ("write_file", {"path": "skills/../../outside.md", **content}),
        ("write_file", {"path": "skills/link.md", **content}),
        ("write_file", {"path": "skills/dirlink/outside.md", **content}),
        ("write_file", {"path": "skills/hard.md", **content}),
        ("write_file", {"path": "USER.md", **content}),
        ("write_file", {"path": "memory/history.jsonl", **content}),
        ("write_file", {"path": "prompts/dream.md", **content}),
        ("write_file", {"path": "notes.md", **content}),
        ("write_file", {"path": "skills", **content}),
        ("edit_file", {"path": "../outside.md", "old_text": "precious", "new_text": "pwned"}),
        (
            "apply_patch",
            {
                "edits": [
                    {"path": "SOUL.md", "old_text": "", "new_text": "fine\n"},
                    {"path": "skills/link.md", "old_text": "precious", "new_text": "pwned"},
                ]
            },
        ),
        ("read_file", {"path": "../outside.md"}),
    ]


async def test_every_escape_is_refused_and_writes_nothing(
    store: MemoryStore, calls: Any, entries: Any, outside: Path
) -> None:
    attempts = escapes(store.workspace, outside)
    entries(store, "[durable] try to escape")
    before = interesting(snapshot(store.workspace))
    provider = ScriptedProvider([calls(*attempts), "Done."])
    result = await Dream(store, provider).run()

    assert result.status == "completed"
    assert result.changed_files == ()
    assert result.tool_errors == len(attempts)
    assert outside.read_text() == "precious\n"
    assert interesting(snapshot(store.workspace)) == before
    assert not (store.workspace / "SOUL.md").exists()  # the all-or-nothing patch wrote nothing
    results = [m["content"] for m in provider.requests[1].messages if m.get("role") == "tool"]
    assert len(results) == len(attempts)
    for (name, args), text in zip(attempts, results, strict=True):
        assert text.startswith("Error:"), (name, args, text)
