"""``reverie init``, opening nanobot workspaces as they are, and how errors reach the user."""

from __future__ import annotations

import base64
import json
import re
import tomllib
from pathlib import Path
from typing import Any

from reverie.config import DreamSettings, Settings, load_settings
from reverie.scaffold import render_config_template
from suite_tools import DEADLINE


def test_init_creates_a_workspace_and_a_second_init_changes_nothing(
    cli: Any, tmp_path: Path
) -> None:
    workspace = tmp_path / "agent"
    result = cli.ok("init", "-w", workspace)
    for rel in ("SOUL.md", "USER.md", "memory/MEMORY.md", "reverie.toml"):
        assert (workspace / rel).is_file(), rel
        assert f"created {rel}" in result.stdout
    assert (workspace / ".git").is_dir()
    (workspace / "USER.md").write_text("# User\n\n- Name: Ada\n", encoding="utf-8")
    again = json.loads(cli.ok("init", "-w", workspace, "--json").stdout)
    assert again["created"] == [] and again["git_created"] is False
    assert "USER.md" in again["kept"]
    assert (workspace / "USER.md").read_text(encoding="utf-8") == "# User\n\n- Name: Ada\n"


def test_the_config_template_lists_every_setting_at_its_default() -> None:
    text = render_config_template()
    setting = re.compile(r"^# (\w+ = .*)$")
    uncommented = "\n".join(
        match.group(1) if (match := setting.match(line)) else line for line in text.splitlines()
    )
    data = tomllib.loads(uncommented)
    assert set(data) - {"dream"} == set(Settings.model_fields) - {"dream"}
    assert set(data["dream"]) == set(DreamSettings.model_fields)
    assert Settings.model_validate(data) == Settings()


def test_the_written_config_loads_as_the_defaults(cli: Any, tmp_path: Path) -> None:
    cli.ok("init", "-w", tmp_path / "ws")
    assert load_settings(tmp_path / "ws", environ={}) == Settings()


def _nanobot_workspace(root: Path) -> Path:
    """A workspace as nanobot leaves it: memory files, history without sources, a session."""
    (root / "memory").mkdir(parents=True)
    (root / "sessions").mkdir()
    (root / "SOUL.md").write_text("I am nanobot.\n", encoding="utf-8")
    (root / "memory" / "MEMORY.md").write_text("- Project: Orchard\n", encoding="utf-8")
    entries = [
        {
            "cursor": 1,
            "timestamp": "2026-01-05 10:00",
            "content": "User likes plums.",
            "session_key": "telegram:42",
        },
        {"cursor": 2, "timestamp": "2026-01-06 11:30", "content": "Orchard uses SQLite."},
    ]
    (root / "memory" / "history.jsonl").write_text(
        "".join(json.dumps(e) + "\n" for e in entries), encoding="utf-8"
    )
    (root / "memory" / ".cursor").write_text("2", encoding="utf-8")
    stem = base64.urlsafe_b64encode(b"telegram:42").decode().rstrip("=")
    (root / "sessions" / f"{stem}.jsonl").write_text(
        json.dumps(
            {
                "_type": "metadata",
                "key": "telegram:42",
                "created_at": "2026-01-05T09:59:00",
                "updated_at": "2026-01-05T10:00:00",
                "metadata": {},
                "last_consolidated": 2,
            }
        )
        + "\n"
        + json.dumps(
            {"role": "user", "content": "I like plums", "timestamp": "2026-01-05T09:59:00"}
        )
        + "\n"
        + json.dumps({"role": "assistant", "content": "Plums!", "timestamp": "2026-01-05T10:00:00"})
        + "\n",
        encoding="utf-8",
    )
    return root


def test_a_nanobot_workspace_opens_as_it_is(cli: Any, tmp_path: Path) -> None:
    workspace = _nanobot_workspace(tmp_path / "nano")
    before = {p: p.read_bytes() for p in workspace.rglob("*") if p.is_file()}
    tail = json.loads(cli.ok("history", "tail", "-w", workspace, "--json").stdout)
    assert [e["content"] for e in tail] == ["User likes plums.", "Orchard uses SQLite."]
    sessions = json.loads(cli.ok("sessions", "list", "-w", workspace, "--json").stdout)
    assert [(s["key"], s["message_count"]) for s in sessions] == [("telegram:42", 2)]
    assert cli.ok("memory", "show", "soul", "-w", workspace).stdout == "I am nanobot.\n"
    expanded = cli.ok("history", "expand", "2", "-w", workspace).stdout
    assert "names no message range" in expanded
    status = json.loads(cli.ok("status", "-w", workspace, "--json").stdout)
    assert status["latest_cursor"] == 2 and status["pending_entries"] == 2
    # Reading changed nothing; init only adds what is missing.
    assert {p: p.read_bytes() for p in before} == before
    report = json.loads(cli.ok("init", "-w", workspace, "--json").stdout)
    assert sorted(report["created"]) == ["USER.md", "reverie.toml"]
    for path, data in before.items():
        assert path.read_bytes() == data, path


def test_read_commands_refuse_a_missing_workspace(cli: Any, tmp_path: Path) -> None:
    missing = tmp_path / "nope"
    for args in (("status",), ("history", "tail"), ("memory", "show"), ("sessions", "list")):
        result = cli.run(*args, "-w", missing)
        assert result.exit_code == 1, args
        assert f"no workspace at {missing}" in result.stderr
        assert "reverie init" in result.stderr
        assert "Traceback" not in result.stderr
    assert not missing.exists()


def test_a_bad_setting_names_its_source_and_key(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    cli.ok("init", "-w", workspace)
    (workspace / "reverie.toml").write_text("[dream]\ninterval_h = -1\n", encoding="utf-8")
    result = cli.run("status", "-w", workspace)
    assert result.exit_code == 1
    assert "reverie.toml: dream.interval_h" in result.stderr
    assert "greater than 0" in result.stderr
    (workspace / "reverie.toml").write_text('provider = "gpt"\n', encoding="utf-8")
    result = cli.run("status", "-w", workspace)
    assert result.exit_code == 1 and "provider" in result.stderr


def test_a_bad_provider_flag_and_a_missing_key_are_user_errors(cli: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    cli.ok("init", "-w", workspace)
    result = cli.run("dream", "run", "-w", workspace, "--provider", "skynet")
    assert result.exit_code == 1
    assert "--provider 'skynet'" in result.stderr and "openai-compatible" in result.stderr
    result = cli.run("dream", "run", "-w", workspace, "--provider", "openai:gpt-4.1-mini")
    assert result.exit_code == 1
    assert "OPENAI_API_KEY" in result.stderr
    assert "Traceback" not in result.stderr


def test_usage_mistakes_exit_with_2(cli: Any, tmp_path: Path) -> None:
    assert cli.run("status", "--no-such-flag").exit_code == 2
    assert cli.run("memory", "show", "diary", "-w", tmp_path).exit_code == 2
    assert cli.run("history", "expand", "not-a-number", "-w", tmp_path).exit_code == 2
    assert cli.run("frobnicate").exit_code == 2


def test_version_and_python_dash_m(cli: Any) -> None:
    import subprocess
    import sys

    from reverie import __version__

    assert cli.ok("--version").stdout.strip() == f"reverie {__version__}"
    done = subprocess.run(
        [sys.executable, "-m", "reverie", "--help"],
        capture_output=True,
        text=True,
        check=True,
        timeout=DEADLINE,
    )
    assert "ingest" in done.stdout and "chat" in done.stdout
