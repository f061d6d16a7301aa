"""The chat controller answers first, consolidates in the background, and drains on /quit."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

from reverie.ops.chat import ChatController
from reverie.providers.scripted import FunctionProvider, RecordedRequest
from reverie.sessions.manager import SessionManager
from reverie.workspace import Workspace
from suite_tools import DEADLINE, wait_until_async

KEY = "cli:dana"


class GatedSummaries:
    """Chat answers come at once; summaries wait for ``release`` (and may run a hook)."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.started = 0
        self.hook: Callable[[], None] | None = None

    async def __call__(self, request: RecordedRequest) -> str:
        if "reverie-archive/1" not in str(request.messages[0]["content"]):
            return "Noted."
        self.started += 1
        await self.release.wait()
        if self.hook is not None:
            self.hook()
        return "[durable] Dana listed many facts about her garden."


def controller_for(workspace: Path, summaries: GatedSummaries) -> ChatController:
    opened = Workspace.open(
        workspace,
        provider=FunctionProvider(summaries, default_model="gpt-4o-mini"),
        context_window_tokens=3_000,
        max_completion_tokens=300,
    )
    return ChatController(opened, session_key=KEY, dream_on_schedule=False)


async def talk_until_a_summary_starts(controller: ChatController, summaries: GatedSummaries) -> int:
    turns = 0
    while summaries.started == 0:
        assert turns < 60, "the conversation never went over its budget"
        line = f"garden fact {turns}: " + "tomatoes need sun and steady water " * 10
        outputs = await asyncio.wait_for(controller.handle(line), DEADLINE)
        assert [o.kind for o in outputs] == ["reply"] and outputs[0].text == "Noted."
        turns += 1
        # A summary scheduled by this turn must have started before the next turn,
        # which would wait for it (and it waits for the test to release it).
        await wait_until_async(
            lambda: summaries.started or not controller.agent.background_pending,
            "the scheduled summary to start",
        )
    return turns


def history(workspace: Path) -> list[dict[str, object]]:
    path = workspace / "memory" / "history.jsonl"
    lines = path.read_text("utf-8").splitlines() if path.is_file() else []
    return [json.loads(line) for line in lines]


async def test_quit_waits_for_the_background_summary(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    summaries = GatedSummaries()
    controller = controller_for(workspace, summaries)
    turns = await talk_until_a_summary_starts(controller, summaries)
    assert controller.agent.background_pending == 1 and history(workspace) == []

    # /quit waits for the summary under way, then hands the rest of the chat over.
    asyncio.get_running_loop().call_later(0.02, summaries.release.set)
    (bye,) = await asyncio.wait_for(controller.handle("/quit"), DEADLINE)
    assert controller.finished and bye.text.startswith("Bye.")
    assert controller.agent.background_pending == 0
    await asyncio.wait_for(controller.close(), DEADLINE)

    entries = history(workspace)
    assert len(entries) >= 2 and all(e["session_key"] == KEY for e in entries)
    assert "garden" in str(entries[0]["content"])
    assert entries[-1]["source"]["end"] == 2 * turns  # every turn reached history
    session = SessionManager(workspace).get_or_create(KEY)
    assert session.messages == [] and session.archived_offset == 2 * turns


async def test_a_failed_background_summary_becomes_a_note(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    summaries = GatedSummaries()
    log = workspace / "memory" / "history.jsonl"

    def break_the_history_file() -> None:
        log.unlink(missing_ok=True)
        log.mkdir(parents=True)

    summaries.hook = break_the_history_file
    summaries.release.set()
    controller = controller_for(workspace, summaries)
    turns = await talk_until_a_summary_starts(controller, summaries)
    await asyncio.wait_for(controller.close(), DEADLINE)

    notes = controller.take_notes()
    assert any(n.startswith(f"consolidation of session {KEY!r} failed") for n in notes), notes
    assert controller.take_notes() == []
    session = SessionManager(workspace).get_or_create(KEY)
    assert len(session.messages) == 2 * turns and session.last_consolidated == 0
