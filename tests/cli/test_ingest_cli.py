"""``reverie ingest`` end to end with the offline provider: every format, bad input, dry run."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore


def test_the_example_builds_sessions_history_and_memory(
    cli: Any, maya: Path, tmp_path: Path
) -> None:
    workspace = tmp_path / "ws"
    result = cli.ok("ingest", maya, "-w", workspace)
    assert "Ingest summary" in result.stdout
    assert "2 imported" in result.stdout
    store = MemoryStore(workspace)
    entries = store.read_unprocessed_history(0)
    assert {e["session_key"] for e in entries} == {"cli:maya", "telegram:maya"}
    # Dream processed everything and committed it, with the range in a trailer.
    assert store.get_last_dream_cursor() == store.get_latest_cursor() > 0
    assert "Dream-Cursors: 1-" in store.git.log()[0].message
    assert "Redpanda" in store.read_memory()
    sessions = {row["key"]: row for row in SessionManager(workspace).list_sessions()}
    assert sessions["cli:maya"]["message_count"] == 42
    assert sessions["telegram:maya"]["message_count"] == 8
    # The offline provider says so, and how to configure a model.
    assert "No model is configured" in result.stderr


def test_importing_twice_doubles_nothing(cli: Any, maya: Path, ingested: Path) -> None:
    store = MemoryStore(ingested)
    before = store.get_latest_cursor()
    report = json.loads(cli.ok("ingest", maya, "-w", ingested, "--json").stdout)
    assert report["sessions"] == []
    assert [s["key"] for s in report["skipped"]] == ["cli:maya", "telegram:maya"]
    assert "already imported" in report["skipped"][0]["reason"]
    assert store.get_latest_cursor() == before


def test_dry_run_writes_nothing(cli: Any, maya: Path, tmp_path: Path) -> None:
    workspace = tmp_path / "never"
    result = cli.ok("ingest", maya, "-w", workspace, "--dry-run")
    assert "cli:maya" in result.stdout and "telegram:maya" in result.stdout
    assert "nothing was written" in result.stdout
    data = json.loads(cli.ok("ingest", maya, "-w", workspace, "--dry-run", "--json").stdout)
    assert [(c["key"], c["messages"], c["action"]) for c in data["conversations"]] == [
        ("cli:maya", 42, "import"),
        ("telegram:maya", 8, "import"),
    ]
    assert not workspace.exists()


def test_dry_run_marks_conversations_already_imported(cli: Any, maya: Path, ingested: Path) -> None:
    data = json.loads(cli.ok("ingest", maya, "-w", ingested, "--dry-run", "--json").stdout)
    assert {c["action"] for c in data["conversations"]} == {"skip (already imported)"}


def test_openai_and_chatgpt_formats_import(cli: Any, chatgpt_sample: Path, tmp_path: Path) -> None:
    openai_json = tmp_path / "openai.json"
    openai_json.write_text(
        json.dumps({"messages": [{"role": "user", "content": "I prefer window seats on trains."}]}),
        encoding="utf-8",
    )
    openai_jsonl = tmp_path / "batch.jsonl"
    openai_jsonl.write_text(
        json.dumps({"id": "t-1", "messages": [{"role": "user", "content": "I live in Bergen."}]})
        + "\n",
        encoding="utf-8",
    )
    workspace = tmp_path / "ws"
    result = cli.ok(
        "ingest", openai_json, openai_jsonl, chatgpt_sample, "-w", workspace, "--no-dream", "--json"
    )
    report = json.loads(result.stdout)
    assert report["sessions"][:2] == ["ingest:openai", "t-1"]
    assert [k for k in report["sessions"] if k.startswith("chatgpt:")] == [
        "chatgpt:6a1f0c2e-0001-4d4b-9a0e-1b2c3d4e5f60",
        "chatgpt:6a1f0c2e-0002-4d4b-9a0e-1b2c3d4e5f61",
    ]
    assert report["dream_runs"] == []
    assert report["pending_dream"] == report["history_total"] > 0
    contents = " ".join(e["content"] for e in MemoryStore(workspace).read_unprocessed_history(0))
    assert "window seats" in contents and "Bergen" in contents
    # The regenerated-away answer of the ChatGPT export is not part of the thread.
    sourdough = SessionManager(workspace).get_or_create(report["sessions"][2])
    texts = [m["content"] for m in sourdough.messages]
    assert "Nice routine. Want a feeding schedule for Friday night?" not in texts
    assert "A 75% starter is a good all-rounder. Shall I plan the bake?" in texts


def test_malformed_input_keeps_the_valid_part_and_exits_1(cli: Any, tmp_path: Path) -> None:
    bad = tmp_path / "mixed.jsonl"
    bad.write_text(
        '{"_type": "metadata", "key": "cli:kim"}\n'
        '{"role": "user", "content": "I am allergic to peanuts."}\n'
        '{"role": "wizard", "content": "abracadabra"}\n'
        "{broken\n"
        '{"role": "assistant", "content": "Noted, no peanuts."}\n',
        encoding="utf-8",
    )
    workspace = tmp_path / "ws"
    result = cli.run("ingest", bad, tmp_path / "nowhere.jsonl", "-w", workspace, "--no-dream")
    assert result.exit_code == 1
    assert "mixed.jsonl: line 3: field 'role'" in result.stderr
    assert "mixed.jsonl: line 4: not valid JSON" in result.stderr
    assert "  nowhere.jsonl: no such file" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    session = SessionManager(workspace).get_or_create("cli:kim")
    assert [m["content"] for m in session.messages] == [
        "I am allergic to peanuts.",
        "Noted, no peanuts.",
    ]


def test_a_small_window_consolidates_in_several_rounds(
    cli: Any, maya: Path, tmp_path: Path
) -> None:
    workspace = tmp_path / "ws"
    cli.ok("init", "-w", workspace)
    (workspace / "reverie.toml").write_text(
        "context_window_tokens = 2400\nmax_completion_tokens = 256\n", encoding="utf-8"
    )
    report = json.loads(cli.ok("ingest", maya, "-w", workspace, "--no-dream", "--json").stdout)
    entries = MemoryStore(workspace).read_unprocessed_history(0)
    assert report["history_entries"] == len(entries) > 2
    ranges = [
        (e["source"]["start"], e["source"]["end"])
        for e in entries
        if e["session_key"] == "cli:maya"
    ]
    # Chunks follow each other without overlap (a chunk with nothing worth keeping
    # writes no entry), and by the end the whole conversation is consolidated.
    assert ranges[0][0] == 0 and ranges[-1][1] == 42
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(ranges))
    assert SessionManager(workspace).get_or_create("cli:maya").last_consolidated == 42


def test_unknown_format_option_is_a_usage_error(cli: Any, maya: Path, tmp_path: Path) -> None:
    result = cli.run("ingest", maya, "--format", "csv", "-w", tmp_path / "ws")
    assert result.exit_code == 2
