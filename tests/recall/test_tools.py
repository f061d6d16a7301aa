"""The agent's recall and expand tools, and the optional recalled-context section."""

from __future__ import annotations

from pathlib import Path

from reverie.recall.context import RECALLED_HEADING, recalled_context, relevant_hits
from reverie.recall.tools import RECALL_TOOLS_PROMPT, build_recall_tools
from reverie.tools import ToolRegistry

from .conftest import Recall


def _registry(recall: Recall) -> ToolRegistry:
    return ToolRegistry(build_recall_tools(recall.index))


async def test_recall_tool_returns_passages_with_handles(recall: Recall) -> None:
    recall.say(
        "cli:a",
        ("user", "hi"),
        ("assistant", "hello"),
        ("user", "The wifi password at the cabin is heron-42."),
        ("assistant", "Saved: heron-42."),
    )
    result = await _registry(recall).execute("recall", {"query": "cabin wifi password", "limit": 1})
    assert not result.is_error
    assert "heron-42" in result.content
    assert "session='cli:a' start=2 end=4" in result.content


async def test_recall_tool_says_when_nothing_matches(recall: Recall) -> None:
    result = await _registry(recall).execute("recall", {"query": "volcano", "limit": 3})
    assert not result.is_error and result.content.startswith("No match")


async def test_recall_tool_rejects_bad_arguments(recall: Recall) -> None:
    registry = _registry(recall)
    assert (await registry.execute("recall", {})).is_error
    assert (await registry.execute("recall", {"query": "x", "limit": 0})).is_error
    blank = await registry.execute("recall", {"query": "   "})
    assert blank.is_error and blank.content.startswith("Error:")


async def test_expand_by_session_range_and_by_cursor(recall: Recall) -> None:
    session = recall.say("cli:a", *[("user", f"message number {i}") for i in range(6)])
    recall.sessions.archive_and_drop(session, 3)
    registry = _registry(recall)
    result = await registry.execute("expand", {"session": "cli:a", "start": 2, "end": 5})
    assert not result.is_error
    lines = result.content.splitlines()
    assert lines[1].startswith("#2 ") and "message number 2" in lines[1]
    assert lines[3].startswith("#4 ") and len(lines) == 4
    cursor = recall.store.append_history(
        "summary", session_key="cli:a", source={"session_key": "cli:a", "start": 1, "end": 3}
    )
    by_cursor = await registry.execute("expand", {"cursor": cursor})
    assert "#1 " in by_cursor.content and "message number 2" in by_cursor.content


async def test_expand_refuses_what_it_cannot_do(recall: Recall) -> None:
    registry = _registry(recall)
    assert (await registry.execute("expand", {})).is_error
    missing = await registry.execute("expand", {"cursor": 99})
    assert missing.is_error and "99" in missing.content
    backwards = await registry.execute("expand", {"session": "cli:a", "start": 5, "end": 2})
    assert backwards.is_error


def test_tools_prompt_names_both_tools() -> None:
    assert "`recall`" in RECALL_TOOLS_PROMPT and "`expand`" in RECALL_TOOLS_PROMPT


def test_recalled_context_fits_the_budget_and_skips_the_replayed_tail(recall: Recall) -> None:
    recall.say("cli:old", ("user", "The plumber Dario comes on Fridays."), ("assistant", "ok"))
    recall.say("cli:now", ("user", "When does Dario come again?"))
    section = recalled_context(
        recall.index, "When does Dario come?", session_key="cli:now", replayed_from=0
    )
    assert section.startswith(RECALLED_HEADING)
    assert "Fridays" in section and "cli:now" not in section
    assert relevant_hits(recall.index, "Dario", max_tokens=5) == []
    assert recalled_context(recall.index, "   ") == ""


def test_workspace_recall_is_a_thin_call_into_the_index(tmp_path: Path) -> None:
    from reverie import RecallHit, Workspace

    ws = Workspace.open(tmp_path / "ws")
    try:
        session = ws.sessions.get_or_create("cli:a")
        session.add_message("user", "The boiler service is booked for the 14th.")
        ws.sessions.save(session)
        hits = ws.recall("boiler service", k=3, session_key="cli:a", kinds=["message"])
        assert hits and isinstance(hits[0], RecallHit) and hits[0].start == 0
        assert ws.recall_index.path.is_file()
    finally:
        ws.close()
