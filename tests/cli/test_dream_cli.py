"""``reverie dream run|log|restore|prompt`` with the offline provider."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from reverie.store.memory_store import MemoryStore


@pytest.fixture
def pending(cli: Any, maya: Path, tmp_path: Path) -> Path:
    """The example imported without Dream: history entries wait."""
    workspace = tmp_path / "ws"
    cli.ok("ingest", maya, "-w", workspace, "--no-dream")
    return workspace


def test_dream_run_turns_history_into_committed_memory(cli: Any, pending: Path) -> None:
    store = MemoryStore(pending)
    before = store.read_memory()
    result = json.loads(cli.ok("dream", "run", "-w", pending, "--json").stdout)
    assert result["ok"] is True and result["status"] == "completed"
    assert result["cursor_to"] == store.get_latest_cursor() == store.get_last_dream_cursor()
    assert store.read_memory() != before
    assert store.git.log()[0].sha == result["commit"]
    again = cli.ok("dream", "run", "-w", pending)
    assert "Nothing to dream about" in again.stdout


def test_dream_run_if_due_respects_the_schedule(cli: Any, pending: Path) -> None:
    first = json.loads(cli.ok("dream", "run", "--if-due", "-w", pending, "--json").stdout)
    assert first["status"] == "completed"  # never ran: due at once
    second = json.loads(cli.ok("dream", "run", "--if-due", "-w", pending, "--json").stdout)
    assert second["ran"] is False and second["due"]


def test_dream_log_shows_message_trailers_and_diff(cli: Any, ingested: Path) -> None:
    head = MemoryStore(ingested).git.log()[0]
    shown = cli.ok("dream", "log", "-w", ingested).stdout
    assert "Dream-Cursors:" in shown and "+++ b/memory/MEMORY.md" in shown
    data = json.loads(cli.ok("dream", "log", head.sha[:8], "-w", ingested, "--json").stdout)
    assert data["sha"] == head.sha and data["cursors"][0] == 1
    bad = cli.run("dream", "log", "deadbeef", "-w", ingested)
    assert bad.exit_code == 1 and "deadbeef" in bad.stdout + bad.stderr


def test_dream_restore_lists_versions_and_undoes_a_change(cli: Any, ingested: Path) -> None:
    store = MemoryStore(ingested)
    dream_commit = store.git.log()[0]
    versions = json.loads(cli.ok("dream", "restore", "-w", ingested, "--json").stdout)
    assert versions["versions"][0]["sha"] == dream_commit.sha
    restored = json.loads(
        cli.ok("dream", "restore", dream_commit.sha[:10], "-w", ingested, "--json").stdout
    )
    assert restored["commit"] and restored["dream_cursor"] == 0
    assert "Redpanda" not in store.read_memory()
    assert store.get_last_dream_cursor() == 0
    # The restored entries are dreamed again.
    rerun = json.loads(cli.ok("dream", "run", "-w", ingested, "--json").stdout)
    assert rerun["status"] == "completed"
    assert "Redpanda" in store.read_memory()


def test_dream_prompt_shows_and_initialises_the_guide(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    cli.ok("init", "-w", workspace)
    shown = json.loads(cli.ok("dream", "prompt", "-w", workspace, "--json").stdout)
    assert shown["source"] == "built-in"
    cli.ok("dream", "prompt", "init", "-w", workspace)
    guide = workspace / "prompts" / "dream.md"
    assert guide.read_text(encoding="utf-8") == shown["guide"]
    guide.write_text("Keep only what the user said twice.\n", encoding="utf-8")
    mine = json.loads(cli.ok("dream", "prompt", "-w", workspace, "--json").stdout)
    assert mine["source"] == "workspace"
    assert "said twice" in mine["guide"]
    again = cli.run("dream", "prompt", "init", "-w", workspace)
    assert again.exit_code == 1 and "already exists" in again.stderr
    assert guide.read_text(encoding="utf-8") == "Keep only what the user said twice.\n"
    assert cli.run("dream", "prompt", "reset", "-w", workspace).exit_code == 1


def test_hints_name_the_cli_commands(cli: Any, ingested: Path) -> None:
    listing = cli.ok("dream", "restore", "-w", ingested).stdout
    assert "reverie dream restore <sha>" in listing and "/dream-restore" not in listing
    guide = cli.ok("dream", "prompt", "-w", ingested).stdout
    assert "reverie dream prompt init" in guide and "/dream-prompt" not in guide
    bad = cli.run("dream", "prompt", "reset", "-w", ingested)
    assert "reverie dream prompt takes no argument or 'init'" in bad.stderr
