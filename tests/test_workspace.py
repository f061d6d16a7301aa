"""Workspace: one place assembles the parts, and every front end sees the same numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie import Agent, GenerationSettings, ScriptedProvider, Workspace
from reverie.errors import ConfigError, UserError
from reverie.ops.chat import ChatController
from reverie.ops.status import workspace_status


def test_opening_an_empty_folder_creates_what_init_creates(tmp_path: Path) -> None:
    for path in (tmp_path / "missing", tmp_path / "empty"):
        if path.name == "empty":
            path.mkdir()
        ws = Workspace.open(path)
        for name in ("SOUL.md", "USER.md", "memory/MEMORY.md", "reverie.toml"):
            assert (path / name).is_file(), name
        assert ws.store.git.is_initialized()
        assert ws.store.git.log(5), "the starter files are committed"


def test_an_existing_workspace_is_adopted_untouched(tmp_path: Path) -> None:
    path = tmp_path / "nanobot"
    (path / "memory").mkdir(parents=True)
    (path / "memory" / "MEMORY.md").write_text("# Mine\n", encoding="utf-8")
    Workspace.open(path)
    assert sorted(p.name for p in path.iterdir()) == ["memory"]
    assert (path / "memory" / "MEMORY.md").read_text(encoding="utf-8") == "# Mine\n"


def test_create_false_refuses_a_missing_folder_and_a_file_is_never_a_workspace(
    tmp_path: Path,
) -> None:
    with pytest.raises(UserError, match=r"no workspace at .*reverie init"):
        Workspace.open(tmp_path / "typo", create=False)
    assert not (tmp_path / "typo").exists()
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(UserError, match="is a file"):
        Workspace.open(tmp_path / "file")


def test_keyword_settings_override_the_file_and_bad_ones_are_named(tmp_path: Path) -> None:
    path = tmp_path / "ws"
    Workspace.open(path)
    (path / "reverie.toml").write_text(
        "context_window_tokens = 9000\nconsolidation_ratio = 0.4\n", encoding="utf-8"
    )
    ws = Workspace.open(path, context_window_tokens=12_000)
    assert ws.settings.context_window_tokens == 12_000
    assert ws.settings.consolidation_ratio == 0.4
    assert ws.budget == 12_000 - 4_096 - 1_024
    with pytest.raises(ConfigError, match="context_window_tokens"):
        Workspace.open(path, context_window_tokens="big")


def test_the_parts_are_built_once_and_shared(tmp_path: Path) -> None:
    ws = Workspace.open(tmp_path / "ws", provider=ScriptedProvider(["ok"]))
    agent = Agent(ws)
    assert agent.store is ws.store and agent.sessions is ws.sessions
    assert agent.context is ws.context and agent.consolidator is ws.consolidator
    assert ws.consolidator.store is ws.store
    chat = ChatController(ws, session_key="cli:t", dream_on_schedule=False)
    assert chat.agent.sessions is ws.sessions
    assert chat.commands.store is ws.store


def test_an_injected_provider_sets_the_model_and_the_answer_room(tmp_path: Path) -> None:
    provider = ScriptedProvider(default_model="mine", generation=GenerationSettings(max_tokens=700))
    ws = Workspace.open(tmp_path / "ws", provider=provider, context_window_tokens=8_000)
    assert ws.provider is provider and ws.model == "mine"
    assert ws.consolidator.max_completion_tokens == 700
    assert ws.budget == 8_000 - 700 - 1_024
    assert not ws.is_offline
    assert Workspace.open(tmp_path / "ws").is_offline


def test_agent_needs_an_opened_workspace(tmp_path: Path) -> None:
    with pytest.raises(UserError, match=r"Agent\.open"):
        Agent(tmp_path)  # type: ignore[arg-type]


def test_status_reports_the_prompt_size_the_agent_itself_estimates(tmp_path: Path) -> None:
    # The drift this guards against: status built a plain context builder (16,000-char
    # memory sections) while the agent sizes sections to its window.
    path = tmp_path / "ws"
    ws = Workspace.open(path, context_window_tokens=8_192, max_completion_tokens=1_024)
    lines = [
        f"- fact {i}: the deploy script for service {i} lives in ops/{i}.sh" for i in range(800)
    ]
    ws.store.write_memory("\n".join(lines) + "\n")
    agent = Agent(
        Workspace.open(
            path, provider="offline", context_window_tokens=8_192, max_completion_tokens=1_024
        )
    )
    agent.run_sync("hello there", session_key="cli:a")

    reopened = Workspace.open(path, context_window_tokens=8_192, max_completion_tokens=1_024)
    report = workspace_status(reopened)
    [use] = [row for row in report.sessions if row.key == "cli:a"]
    session = agent.sessions.get_or_create("cli:a")
    expected, _ = agent.consolidator.estimate_session_prompt_tokens(session)
    assert use.tokens == expected
    assert use.tokens < use.budget, "sections sized to the window keep the prompt in budget"
    assert use.budget == agent.consolidator.budget


def test_the_agent_is_offered_recall_and_told_so_unless_turned_off(tmp_path: Path) -> None:
    provider = ScriptedProvider(["ok", "ok"])
    agent = Agent(Workspace.open(tmp_path / "on", provider=provider))
    agent.run_sync("hello")
    request = provider.requests[0]
    assert [t["function"]["name"] for t in request.tools or []] == ["recall", "expand"]
    assert "call `recall`" in str(request.messages[0]["content"])

    quiet = ScriptedProvider(["ok"])
    Agent(Workspace.open(tmp_path / "off", provider=quiet, recall={"tools": False})).run_sync("hi")
    assert quiet.requests[0].tools is None
    assert "recall" not in str(quiet.requests[0].messages[0]["content"])


def test_context_hits_put_an_old_detail_into_the_prompt(tmp_path: Path) -> None:
    path = tmp_path / "ws"
    old = Workspace.open(path, provider=ScriptedProvider(["Noted."]))
    Agent(old).run_sync("My locker code at the climbing gym is 4471.", session_key="cli:old")
    old.close()

    provider = ScriptedProvider(["It is 4471."])
    ws = Workspace.open(path, provider=provider, recall={"context_hits": 2})
    Agent(ws).run_sync("what was my climbing gym locker code?", session_key="cli:new")
    system = str(provider.requests[0].messages[0]["content"])
    assert "## Recalled from earlier conversations" in system
    assert "4471" in system
    ws.close()
