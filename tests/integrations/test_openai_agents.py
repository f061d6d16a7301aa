"""ReverieSession under the Agents SDK's own Runner, with a scripted model and no network."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from agents import Agent, RunConfig, Runner, SQLiteSession, function_tool
from agents.items import ModelResponse, TResponseInputItem, TResponseOutputItem
from agents.memory import Session, SessionSettings
from agents.models.interface import Model, ModelTracing
from agents.usage import Usage
from openai.types.responses import (
    ResponseFunctionToolCall,
    ResponseOutputMessage,
    ResponseOutputText,
    ResponseReasoningItem,
)
from openai.types.responses.response_reasoning_item import Summary

from reverie.integrations.agents_items import ITEM_KEY
from reverie.integrations.openai_agents import ReverieSession
from reverie.workspace import Workspace


class ScriptedModel(Model):
    """The SDK's Model interface: answers from a script, records every input it was sent."""

    def __init__(self, turns: list[list[TResponseOutputItem]]) -> None:
        self.turns = list(turns)
        self.inputs: list[list[TResponseInputItem]] = []

    async def get_response(
        self,
        system_instructions: str | None,
        input: str | list[TResponseInputItem],
        model_settings: Any,
        tools: Any,
        output_schema: Any,
        handoffs: Any,
        tracing: ModelTracing,
        *,
        previous_response_id: str | None,
        conversation_id: str | None,
        prompt: Any,
    ) -> ModelResponse:
        given = [{"role": "user", "content": input}] if isinstance(input, str) else input
        self.inputs.append(copy.deepcopy(list(given)))  # type: ignore[arg-type]
        return ModelResponse(output=self.turns.pop(0), usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        raise NotImplementedError("these tests do not stream")


def say(text: str, item_id: str) -> ResponseOutputMessage:
    return ResponseOutputMessage(
        id=item_id,
        type="message",
        role="assistant",
        status="completed",
        content=[ResponseOutputText(type="output_text", text=text, annotations=[])],
    )


def script() -> list[list[TResponseOutputItem]]:
    return [
        [
            ResponseReasoningItem(
                id="rs_1",
                type="reasoning",
                summary=[Summary(type="summary_text", text="Look up the weather.")],
            ),
            ResponseFunctionToolCall(
                type="function_call",
                id="fc_1",
                call_id="call_1",
                name="weather",
                arguments='{"city": "Lisbon"}',
                status="completed",
            ),
        ],
        [say("Sunny, 24 °C in Lisbon.", "msg_1")],
        [say("Tomorrow: rain.", "msg_2")],
    ]


@function_tool
def weather(city: str) -> str:
    """The weather in a city."""
    return f"sunny and 24 °C in {city}"


async def converse(session: Session, second_session: Session) -> ScriptedModel:
    """Two runs over one conversation; the second reads it back through a new session object."""
    model = ScriptedModel(script())
    agent = Agent(name="helper", model=model, tools=[weather])
    config = RunConfig(tracing_disabled=True)
    first = await Runner.run(
        agent, "I live in Lisbon. What is the weather?", session=session, run_config=config
    )
    assert first.final_output == "Sunny, 24 °C in Lisbon."
    second = await Runner.run(agent, "And tomorrow?", session=second_session, run_config=config)
    assert second.final_output == "Tomorrow: rain."
    return model


@pytest.fixture
def ws(tmp_path: Path) -> Iterator[Workspace]:
    opened = Workspace.open(tmp_path / "ws")
    try:
        yield opened
    finally:
        opened.close()  # the recall index


async def test_the_runner_gets_back_exactly_what_sqlite_would_give(ws: Workspace) -> None:
    ours = await converse(ReverieSession("trip", ws), ReverieSession("trip", ws))
    reference = SQLiteSession("trip")
    try:
        theirs = await converse(reference, reference)
    finally:
        reference.close()
    assert ours.inputs == theirs.inputs
    # The second run replayed the reasoning item, the call and its output as given.
    replayed = ours.inputs[2]
    assert [item.get("type") for item in replayed[:5]] == [
        None,
        "reasoning",
        "function_call",
        "function_call_output",
        "message",
    ]


async def test_items_are_reverie_messages_that_consolidation_can_read(ws: Workspace) -> None:
    await converse(ReverieSession("trip", ws), ReverieSession("trip", ws))
    session = ws.sessions.get_or_create("openai-agents:trip")
    shape = [(m["role"], m["content"]) for m in session.messages]
    assert shape == [
        ("user", "I live in Lisbon. What is the weather?"),
        ("assistant", ""),
        ("assistant", ""),
        ("tool", "sunny and 24 °C in Lisbon"),
        ("assistant", "Sunny, 24 °C in Lisbon."),
        ("user", "And tomorrow?"),
        ("assistant", "Tomorrow: rain."),
    ]
    call, result = session.messages[2], session.messages[3]
    assert call["tool_calls"][0]["function"] == {
        "name": "weather",
        "arguments": '{"city": "Lisbon"}',
    }
    assert result["tool_call_id"] == "call_1" and result["name"] == "weather"
    assert all(ITEM_KEY in message for message in session.messages)
    # What a reverie model would be sent: the call and its result stay paired.
    history = session.get_history()
    calls = [n for n, m in enumerate(history) if m.get("tool_calls")]
    assert len(calls) == 1
    assert history[calls[0] + 1] == {
        "role": "tool",
        "content": "sunny and 24 °C in Lisbon",
        "tool_call_id": "call_1",
        "name": "weather",
    }
    # The Consolidator turns the conversation into a history entry that expands back to it.
    summary = await ws.consolidator.archive(
        session.messages, session_key=session.key, source=session.source_range(0, 7)
    )
    entry = ws.store.read_unprocessed_history(0)[-1]
    assert summary is not None and "Lisbon" in entry["content"]
    expanded = ws.store.expand_entry(entry["cursor"])
    assert [m["content"] for m in expanded] == [m["content"] for m in session.messages]
    # Recall finds the tool's answer in the conversation.
    hits = ws.recall("sunny 24 °C", kinds=["message"])
    assert hits and hits[0].session_key == "openai-agents:trip"
    assert "sunny and 24 °C in Lisbon" in hits[0].text


async def test_a_long_conversation_is_consolidated_as_it_grows(tmp_path: Path) -> None:
    ws = Workspace.open(tmp_path / "ws", context_window_tokens=6000, max_completion_tokens=1000)
    session = ReverieSession("long", ws)
    for turn in range(40):
        await session.add_items(
            [
                {"role": "user", "content": f"I am flying to Porto on May {turn % 28 + 1}. " * 8},
                {"role": "assistant", "content": f"answer {turn}: " + "Lisbon is hilly " * 20},
            ]
        )
    stored = ws.sessions.get_or_create("openai-agents:long")
    assert stored.last_consolidated > 0
    assert ws.store.get_latest_cursor() >= 1
    # Consolidation never takes items away from the SDK.
    assert len(await session.get_items()) == 80


async def test_limit_pop_and_clear(ws: Workspace) -> None:
    session = ReverieSession("s", ws, session_settings=SessionSettings(limit=2))
    items: list[Any] = [
        {"role": "user", "content": "one"},
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "done"},
    ]
    await session.add_items(items)
    assert await session.get_items() == items[1:]
    assert await session.get_items(limit=10) == items
    assert await session.get_items(limit=0) == []
    assert await session.pop_item() == items[2]
    assert await ReverieSession("s", ws).get_items() == items[:2]
    await session.clear_session()
    assert await session.get_items() == []
    assert await session.pop_item() is None
    # Cleared, not lost: the messages are in the transcript archive.
    archived = ws.sessions.transcripts.read("openai-agents:s", 0, 2)
    assert [m["content"] for m in archived] == ["one", ""]


async def test_sessions_written_by_reverie_chat_read_as_items(ws: Workspace) -> None:
    chat = ws.sessions.get_or_create("openai-agents:old")
    chat.add_message("user", "hello")
    chat.add_message(
        "assistant",
        "Let me check.",
        tool_calls=[
            {"id": "t1", "type": "function", "function": {"name": "clock", "arguments": "{}"}}
        ],
    )
    chat.add_message("tool", "12:00", tool_call_id="t1", name="clock")
    ws.sessions.save(chat)
    session = ReverieSession("old", ws)
    assert await session.get_items() == [
        {"role": "user", "content": "hello"},
        {"role": "assistant", "content": "Let me check."},
        {"type": "function_call", "call_id": "t1", "name": "clock", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "t1", "output": "12:00"},
    ]
    assert await session.pop_item() == {
        "type": "function_call_output",
        "call_id": "t1",
        "output": "12:00",
    }
    assert await session.pop_item() == {
        "type": "function_call",
        "call_id": "t1",
        "name": "clock",
        "arguments": "{}",
    }
    assert await session.get_items() == [
        {"role": "user", "content": "hello"},
        {"role": "assistant", "content": "Let me check."},
    ]


async def test_an_item_that_is_not_json_adds_nothing(ws: Workspace) -> None:
    session = ReverieSession("bad", ws)
    await session.add_items([{"role": "user", "content": "kept"}])
    with pytest.raises(Exception, match="item 1 cannot be stored as JSON"):
        await session.add_items(
            [{"role": "user", "content": "x"}, {"role": "user", "content": {1, 2}}]
        )  # type: ignore[list-item]
    assert await session.get_items() == [{"role": "user", "content": "kept"}]


def test_it_is_a_session_in_the_sdks_eyes(ws: Workspace) -> None:
    assert isinstance(ReverieSession("x", ws), Session)
