"""Settings as the command sees them: the default workspace, environment variables, keys."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from reverie.cli.app import app
from reverie.store.memory_store import MemoryStore


def run(env: dict[str, str], *args: str | Path, input: str | None = None) -> Result:
    runner = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb", **env})
    return runner.invoke(app, [str(a) for a in args], input=input)


def test_the_default_workspace_is_under_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    missing = run({"HOME": str(home)}, "status")
    assert missing.exit_code == 1
    assert f"no workspace at {home / '.reverie' / 'workspace'}" in missing.stderr

    created = run({"HOME": str(home)}, "init", "--json")
    assert created.exit_code == 0, created.stderr
    workspace = home / ".reverie" / "workspace"
    assert json.loads(created.stdout)["workspace"] == str(workspace)
    assert (workspace / "SOUL.md").is_file()

    chat = run({"HOME": str(home)}, "chat", "--no-dream", input="I prefer green tea.\n")
    assert chat.exit_code == 0, chat.stderr
    rows = json.loads(run({"HOME": str(home)}, "sessions", "list", "--json").stdout)
    assert [row["key"] for row in rows] == ["cli:default"]


def test_reverie_workspace_overrides_the_default(tmp_path: Path) -> None:
    chosen = tmp_path / "elsewhere"
    env = {"HOME": str(tmp_path / "home"), "REVERIE_WORKSPACE": str(chosen)}
    assert run(env, "init").exit_code == 0
    assert (chosen / "reverie.toml").is_file()
    assert not (tmp_path / "home" / ".reverie").exists()


def test_a_bad_environment_value_names_the_variable(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    assert run({}, "init", "-w", workspace).exit_code == 0
    result = run({"REVERIE_SESSION_TTL_MINUTES": "soon"}, "status", "-w", workspace)
    assert result.exit_code == 1
    assert "environment: REVERIE_SESSION_TTL_MINUTES:" in result.stderr
    assert "'soon'" in result.stderr and "Traceback" not in result.stderr


def test_the_usual_openai_variables_and_a_dream_model(
    server: Any, fakes: Any, tmp_path: Path
) -> None:
    server.script(
        fakes.openai_reply("[permanent] User prefers night trains."),
        fakes.openai_reply("Nothing to change."),
    )
    conversation = tmp_path / "trip.jsonl"
    conversation.write_text(
        json.dumps({"role": "user", "content": "I prefer night trains."}) + "\n", encoding="utf-8"
    )
    workspace = tmp_path / "ws"
    env = {
        "OPENAI_API_KEY": "sk-loopback",
        "OPENAI_BASE_URL": f"{server.url}/v1",
        "REVERIE_PROVIDER": "openai",
        "REVERIE_MODEL": "main-model",
        "REVERIE_DREAM_MODEL": "dream-model",
    }
    result = run(env, "ingest", conversation, "-w", workspace, "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["dream_runs"][0]["status"] == "completed"
    summary, dream = server.requests
    assert summary.path == dream.path == "/v1/chat/completions"
    assert (
        summary.headers["authorization"] == dream.headers["authorization"] == "Bearer sk-loopback"
    )
    assert summary.body["model"] == "main-model"
    assert dream.body["model"] == "dream-model"
    head = MemoryStore(workspace).git.log()[0]
    assert "Dream-Model: dream-model" in head.message
    assert "No model is configured" not in result.stderr


def test_status_says_whether_the_providers_key_is_set(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    assert run({}, "init", "-w", workspace).exit_code == 0
    (workspace / "reverie.toml").write_text('provider = "anthropic"\n', encoding="utf-8")
    table = run({}, "status", "-w", workspace)
    assert table.exit_code == 0, table.stderr
    assert "ANTHROPIC_API_KEY  (not set: the provider will fail)" in table.stdout
    report = json.loads(
        run({"ANTHROPIC_API_KEY": "sk-x"}, "status", "-w", workspace, "--json").stdout
    )
    assert (report["api_key_env"], report["api_key_set"]) == ("ANTHROPIC_API_KEY", True)
    assert "sk-x" not in json.dumps(report)
    (workspace / "reverie.toml").write_text('provider = "offline"\n', encoding="utf-8")
    offline = json.loads(run({}, "status", "-w", workspace, "--json").stdout)
    assert (offline["api_key_env"], offline["api_key_set"]) == (None, False)
