"""What a new user meets following the docs: options that exist, honest skips, clean output."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import typer

from reverie.cli.app import app

ROOT = Path(__file__).resolve().parents[2]


def _option_names() -> set[str]:
    names: set[str] = set()
    pending: list[Any] = [typer.main.get_command(app)]
    while pending:
        command = pending.pop()
        for param in command.params:
            names.update(param.opts)
            names.update(getattr(param, "secondary_opts", []))
        pending.extend(getattr(command, "commands", {}).values())
    return names


def test_every_option_the_docs_name_exists() -> None:
    known = _option_names()
    for doc in (ROOT / "README.md", ROOT / "docs" / "cli.md", ROOT / "examples" / "README.md"):
        text = doc.read_text(encoding="utf-8")
        # Options as written in commands: `reverie … --name`, or in backticks.
        named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*[a-z]", text))
        unknown = sorted(named - known - {"--help"})
        assert not unknown, f"{doc.name} names options no command has: {unknown}"


def _openai_file(path: Path, *texts: str) -> Path:
    lines = [json.dumps({"messages": [{"role": "user", "content": t}]}) for t in texts]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_file_whose_keys_another_file_took_is_reported_not_called_imported(
    cli: Any, tmp_path: Path
) -> None:
    workspace = tmp_path / "ws"
    first = _openai_file(tmp_path / "chat.jsonl", "I live in Porto.", "I use vim.")
    other = tmp_path / "other"
    other.mkdir()
    # Another export of the same name: its keys are ingest:chat, ingest:chat:2 too.
    second = _openai_file(other / "chat.jsonl", "I live in Lisbon.", "I use emacs.")
    cli.ok("ingest", first, "-w", workspace, "--no-dream")

    report = json.loads(cli.ok("ingest", second, "-w", workspace, "--no-dream", "--json").stdout)
    assert report["sessions"] == []
    reasons = [s["reason"] for s in report["skipped"]]
    assert len(reasons) == 2
    for reason in reasons:
        assert "already imported" not in reason
        assert "taken by different messages, imported from chat.jsonl" in reason
        assert "rename this file" in reason
    # The same file again is still plainly "already imported".
    again = json.loads(cli.ok("ingest", first, "-w", workspace, "--no-dream", "--json").stdout)
    assert all("already imported" in s["reason"] for s in again["skipped"])


def test_dry_run_shows_a_key_clash_inside_one_run(cli: Any, tmp_path: Path) -> None:
    one = _openai_file(tmp_path / "notes.jsonl", "I live in Porto.")
    (tmp_path / "notes.json").write_text(
        json.dumps({"messages": [{"role": "user", "content": "I use vim."}]}), encoding="utf-8"
    )
    data = json.loads(
        cli.ok(
            "ingest", one, tmp_path / "notes.json", "-w", tmp_path / "ws", "--dry-run", "--json"
        ).stdout
    )
    actions = [(c["key"], c["action"]) for c in data["conversations"]]
    assert actions == [
        ("ingest:notes", "import"),
        ("ingest:notes", "skip (key taken by notes.jsonl)"),
    ]


def test_a_session_from_chat_is_not_called_imported(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    cli.ok("chat", "-w", workspace, "--create", "-s", "cli:maya", "--no-dream", input="hello\n")
    report = json.loads(
        cli.ok(
            "ingest", ROOT / "examples" / "maya.jsonl", "-w", workspace, "--no-dream", "--json"
        ).stdout
    )
    (skipped,) = report["skipped"]
    assert skipped["key"] == "cli:maya"
    assert "did not come from an import" in skipped["reason"]
    assert report["sessions"] == ["telegram:maya"]


def test_showing_a_session_whose_messages_were_all_archived(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    cli.ok("chat", "-w", workspace, "--create", "--no-dream", input="I prefer tea.\n/new\n")
    shown = cli.ok("sessions", "show", "cli:default", "-w", workspace)
    assert (
        shown.stdout.strip() == "cli:default: 0 messages in the file (0 consolidated, 2 archived)"
    )
    assert "memory/transcripts/" in shown.stderr


def test_a_failed_dream_command_writes_to_stderr_and_exits_1(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    cli.ok("init", "-w", workspace)
    result = cli.run("dream", "log", "deadbeef", "-w", workspace)
    assert result.exit_code == 1
    assert "deadbeef" in result.stderr
    assert result.stdout == ""


def test_a_search_with_no_match_names_the_session_it_searched(cli: Any, ingested: Path) -> None:
    found = cli.ok("history", "search", "postgres", "-w", ingested)
    assert "postgres" in found.stdout.lower()
    missed = cli.ok("history", "search", "postgres", "--session", "telegram:maya", "-w", ingested)
    assert "no history entry of session 'telegram:maya' contains 'postgres'" in missed.stderr
