"""Agent: one turn end to end, the tool loop, the window guard and idle compaction."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from reverie.agent import Agent, AgentReply
from reverie.errors import ConfigError, UserError
from reverie.providers.base import LLMError, LLMResponse, ToolCallRequest
from reverie.providers.offline import NO_MODEL_REPLY, OfflineProvider
from reverie.providers.scripted import FunctionProvider, RecordedRequest, ScriptedProvider
from reverie.sessions.manager import SessionManager
from reverie.tokens import count_prompt_tokens
from reverie.tools.registry import FunctionTool, ToolRegistry

MODEL = "gpt-4o-mini"


def lookup_tool(calls: list[dict[str, Any]]) -> FunctionTool:
    async def lookup(args: dict[str, Any]) -> str:
        calls.append(args)
        return f"{args['topic']} is documented in docs/{args['topic']}.md"

    schema = {
        "type": "object",
        "properties": {"topic": {"type": "string"}},
        "required": ["topic"],
    }
    return FunctionTool("lookup", "Look a topic up in the docs.", schema, lookup)


def request_tokens(request: RecordedRequest) -> int:
    return count_prompt_tokens(request.messages, request.tools, model=request.model).tokens


def test_five_lines_with_the_offline_provider(workspace: Path) -> None:
    agent = Agent.open(workspace, provider="offline")
    reply = agent.run_sync("I prefer tea over coffee")
    assert isinstance(reply, AgentReply)
    assert reply.text == NO_MODEL_REPLY and reply.error is None
    assert reply.session_key == "cli:default" and reply.model_calls == 1
    session = SessionManager(workspace).get_or_create("cli:default")
    assert [(m["role"], m["content"]) for m in session.messages] == [
        ("user", "I prefer tea over coffee"),
        ("assistant", NO_MODEL_REPLY),
    ]
    assert isinstance(agent.provider, OfflineProvider)


def test_open_takes_settings_and_specs(workspace: Path) -> None:
    agent = Agent.open(workspace, provider="offline", context_window_tokens=9_000)
    assert agent.consolidator.context_window_tokens == 9_000
    scripted = Agent.open(workspace, provider="scripted")
    assert isinstance(scripted.provider, ScriptedProvider)
    mine = ScriptedProvider(default_model="mine")
    assert Agent.open(workspace, provider=mine).model == "mine"
    with pytest.raises(ConfigError, match="context_window_tokens"):
        Agent.open(workspace, provider="offline", context_window_tokens="big")


def test_a_window_too_small_for_any_prompt_is_refused_up_front(workspace: Path) -> None:
    # The answer's room (4,096 by default) and the margin would leave every turn
    # failing with "does not fit"; the settings are what is wrong, so say so.
    with pytest.raises(ConfigError, match=r"context_window_tokens=4000 .*max_completion_tokens"):
        Agent.open(workspace, provider="offline", context_window_tokens=4_000)
    agent = Agent.open(
        workspace, provider="offline", context_window_tokens=4_000, max_completion_tokens=500
    )
    assert agent.consolidator.budget == 4_000 - 500 - 1_024
    unbudgeted = Agent.open(workspace, provider=ScriptedProvider(["hi"]), context_window_tokens=0)
    assert unbudgeted.run_sync("hello").text == "hi"


async def test_tool_calls_run_in_a_bounded_loop(workspace: Path) -> None:
    seen: list[dict[str, Any]] = []
    tools = ToolRegistry([lookup_tool(seen)])
    provider = ScriptedProvider(
        [
            LLMResponse(
                content=None,
                tool_calls=[
                    ToolCallRequest("c1", "lookup", {"topic": "billing"}),
                    ToolCallRequest("c2", "nope", {}),
                ],
            ),
            "Billing is in docs/billing.md.",
        ],
        default_model=MODEL,
    )
    agent = Agent.open(workspace, provider=provider, tools=tools)
    reply = await agent.run("where is billing documented?", session_key="cli:t")
    assert reply.text == "Billing is in docs/billing.md."
    assert reply.tool_calls == ("lookup", "nope") and reply.model_calls == 2
    assert seen == [{"topic": "billing"}]
    second = provider.requests[1]
    assert second.tools is not None
    offered = [tool["function"]["name"] for tool in second.tools]
    assert offered == ["recall", "expand", "lookup"], "the workspace's tools, then the agent's"
    results = [m for m in second.messages if m["role"] == "tool"]
    assert results[0]["content"] == "billing is documented in docs/billing.md"
    assert results[1]["content"].startswith("Error: unknown tool 'nope'")
    stored = SessionManager(workspace).get_or_create("cli:t").messages
    assert [m["role"] for m in stored] == ["user", "assistant", "tool", "tool", "assistant"]
    assert stored[1]["tool_calls"][0]["id"] == "c1" and stored[2]["tool_call_id"] == "c1"

    looping = FunctionProvider(
        lambda request: LLMResponse(
            content="", tool_calls=[ToolCallRequest("x", "lookup", {"topic": "more"})]
        ),
        default_model=MODEL,
    )
    stubborn = Agent.open(workspace, provider=looping, tools=tools, max_tool_iterations=3)
    capped = await stubborn.run("loop forever", session_key="cli:loop")
    assert capped.model_calls == 3 and len(looping.requests) == 3
    assert "stopped after 3 model calls" in capped.text


async def test_a_tool_loop_sends_back_the_models_thinking(workspace: Path) -> None:
    thinking = [{"type": "thinking", "thinking": "check the docs", "signature": "sig-1"}]
    provider = ScriptedProvider(
        [
            LLMResponse(
                content=None,
                tool_calls=[ToolCallRequest("c1", "lookup", {"topic": "billing"})],
                thinking_blocks=thinking,
                reasoning_content="I should look it up.",
            ),
            "Billing is in docs/billing.md.",
        ],
        default_model=MODEL,
    )
    agent = Agent.open(workspace, provider=provider, tools=ToolRegistry([lookup_tool([])]))
    await agent.run("where is billing documented?", session_key="cli:think")
    replayed = [m for m in provider.requests[1].messages if m["role"] == "assistant"][-1]
    assert replayed["thinking_blocks"] == thinking
    assert replayed["reasoning_content"] == "I should look it up."
    assert replayed["tool_calls"][0]["id"] == "c1"


async def test_a_failed_call_keeps_the_users_words(workspace: Path) -> None:
    provider = ScriptedProvider([LLMResponse.failure(LLMError("invalid key", status=401))])
    agent = Agent.open(workspace, provider=provider)
    reply = await agent.run("remember: the wifi password is on the fridge")
    assert reply.error is not None and "invalid key" in reply.error
    assert reply.text.startswith("Error:") and reply.finish_reason == "error"
    stored = SessionManager(workspace).get_or_create("cli:default").messages
    assert [m["content"] for m in stored] == ["remember: the wifi password is on the fridge"]
    with pytest.raises(UserError, match="non-empty string"):
        await agent.run("   ")
    with pytest.raises(UserError, match="inside an event loop"):
        agent.run_sync("hi")


async def test_tool_calls_of_a_reply_cut_off_at_the_limit_are_not_run(workspace: Path) -> None:
    # Dream and the agent share one loop: a truncated call's arguments may be
    # half a value, so neither runs it; the model is told and tries again.
    seen: list[dict[str, Any]] = []
    cut = LLMResponse(
        content=None,
        tool_calls=[ToolCallRequest("c1", "lookup", {"topic": "bil"})],
        finish_reason="length",
    )
    provider = ScriptedProvider([cut, "Which topic did you mean?"], default_model=MODEL)
    agent = Agent.open(workspace, provider=provider, tools=ToolRegistry([lookup_tool(seen)]))
    reply = await agent.run("where is billing documented?")
    assert seen == []
    assert reply.text == "Which topic did you mean?" and reply.tool_calls == ("lookup",)
    [refusal] = [m for m in provider.requests[1].messages if m["role"] == "tool"]
    assert "lookup was not run: your reply was cut off at the token limit" in refusal["content"]
    stored = SessionManager(workspace).get_or_create("cli:default").messages
    assert [m["role"] for m in stored] == ["user", "assistant", "tool", "assistant"]
    assert stored[2]["content"] == refusal["content"]


async def test_a_call_failing_mid_loop_keeps_the_rounds_already_made(workspace: Path) -> None:
    seen: list[dict[str, Any]] = []
    provider = ScriptedProvider(
        [
            LLMResponse(
                content="Looking it up.",
                tool_calls=[ToolCallRequest("c1", "lookup", {"topic": "billing"})],
            ),
            LLMResponse.failure(LLMError("overloaded", status=400)),
        ],
        default_model=MODEL,
    )
    agent = Agent.open(workspace, provider=provider, tools=ToolRegistry([lookup_tool(seen)]))
    reply = await agent.run("where is billing documented?")
    assert reply.finish_reason == "error" and reply.error == "[400] overloaded"
    assert reply.tool_calls == ("lookup",) and reply.model_calls == 2
    stored = SessionManager(workspace).get_or_create("cli:default").messages
    assert [(m["role"], m["content"]) for m in stored] == [
        ("user", "where is billing documented?"),
        ("assistant", "Looking it up."),
        ("tool", "billing is documented in docs/billing.md"),
    ]
    # The session stays replayable: the next turn starts from a legal history.
    provider.add("It is in docs/billing.md.")
    again = await agent.run("so where?")
    assert again.text == "It is in docs/billing.md."
    assert [m["role"] for m in provider.requests[-1].messages[1:]] == [
        "user",
        "assistant",
        "tool",
        "user",
    ]


async def test_a_half_emoji_in_an_answer_does_not_stop_later_turns_being_saved(
    workspace: Path,
) -> None:
    # A broken "\\ud83d" escape in a model's JSON, or terminal input decoded with
    # surrogateescape, gives text with a lone surrogate, which has no UTF-8 form.
    provider = ScriptedProvider(["here you go \ud83d", "noted"])
    agent = Agent.open(workspace, provider=provider)
    await agent.run("send me a fox emoji")
    await agent.run("and my password is \udcff1234")
    stored = SessionManager(workspace).get_or_create("cli:default").messages
    assert [m["content"] for m in stored] == [
        "send me a fox emoji",
        "here you go \ud83d",
        "and my password is \udcff1234",
        "noted",
    ]
    agent.sessions.archive_and_drop(agent.sessions.get_or_create("cli:default"))
    archived = agent.sessions.transcripts.read("cli:default")
    assert [m["content"] for m in archived] == [m["content"] for m in stored]


def test_a_message_bigger_than_the_window_is_shortened_in_the_request_only(
    workspace: Path,
) -> None:
    provider = FunctionProvider(lambda request: "[durable] fine", default_model=MODEL)
    agent = Agent.open(
        workspace, provider=provider, context_window_tokens=4_000, max_completion_tokens=500
    )
    huge = "BEGIN " + "lorem ipsum dolor sit amet " * 2_000 + " END"
    reply = agent.run_sync(huge)
    assert reply.error is None
    for request in provider.requests:
        assert request_tokens(request) + request.max_tokens <= 4_000
    sent = provider.requests[-1].messages[-1]["content"]
    assert sent.startswith("BEGIN") and sent.endswith("END") and "chars omitted" in sent
    stored = SessionManager(workspace).get_or_create("cli:default").messages
    assert stored[0]["content"] == huge


def test_idle_sessions_are_compacted_and_the_summary_opens_the_next_prompt(
    workspace: Path,
) -> None:
    def answer(request: RecordedRequest) -> str:
        if "reverie-archive/1" in str(request.messages[0]["content"]):
            return "[permanent] User's dog is called Rex."
        return "ok"

    provider = FunctionProvider(answer, default_model=MODEL)
    agent = Agent.open(workspace, provider=provider, session_ttl_minutes=30, idle_check_interval=0)
    for turn in range(6):
        agent.run_sync(f"my dog Rex did trick number {turn}", session_key="cli:old")
    session = agent.sessions.get_or_create("cli:old")
    session.updated_at = datetime.now() - timedelta(hours=2)
    agent.sessions.save(session)

    agent.run_sync("hello from elsewhere", session_key="cli:other")  # the hook runs after a turn

    compacted = SessionManager(workspace).get_or_create("cli:old")
    assert compacted.archived_offset > 0 and len(compacted.messages) <= 8
    agent.run_sync("what is my dog called?", session_key="cli:old")
    agent.run_sync("and what else?", session_key="cli:old")
    first, second = (r.messages[0]["content"] for r in provider.requests[-2:])
    header = "## Summary of the earlier conversation"
    assert header in first and "Rex" in first.split(header)[1]
    assert header not in second
    assert "_last_summary" not in SessionManager(workspace).get_or_create("cli:old").metadata


def test_history_records_of_a_turn_name_their_source(workspace: Path) -> None:
    provider = FunctionProvider(
        lambda request: (
            "[durable] noted"
            if "reverie-archive/1" in str(request.messages[0]["content"])
            else "sure"
        ),
        default_model=MODEL,
    )
    agent = Agent.open(
        workspace, provider=provider, context_window_tokens=3_000, max_completion_tokens=300
    )
    for turn in range(30):
        agent.run_sync(f"fact {turn}: " + "the quick brown fox " * 20)
    lines = (workspace / "memory" / "history.jsonl").read_text("utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert records and all(r["source"]["session_key"] == "cli:default" for r in records)
    for record in records:
        expanded = agent.store.expand_entry(record["cursor"])
        assert len(expanded) == record["source"]["end"] - record["source"]["start"]
        assert expanded[0]["role"] == "user"


async def test_concurrent_turns_on_one_session_do_not_interleave(workspace: Path) -> None:
    async def answer(request: RecordedRequest) -> LLMResponse:
        await asyncio.sleep(0.001)  # give the other turn a chance to cut in
        last = request.messages[-1]
        if last["role"] == "user":
            call = ToolCallRequest(f"c-{last['content']}", "lookup", {"topic": last["content"]})
            return LLMResponse(content=None, tool_calls=[call])
        return LLMResponse(content=f"done with {last['content']}")

    tools = ToolRegistry([lookup_tool([])])
    agent = Agent.open(
        workspace, provider=FunctionProvider(answer, default_model=MODEL), tools=tools
    )
    await asyncio.gather(*(agent.run(f"t{n}", session_key="cli:busy") for n in range(4)))
    stored = SessionManager(workspace).get_or_create("cli:busy").messages
    assert [m["role"] for m in stored] == ["user", "assistant", "tool", "assistant"] * 4
    for index in range(0, 16, 4):
        topic = stored[index]["content"]
        assert stored[index + 1]["tool_calls"][0]["id"] == f"c-{topic}"
        assert stored[index + 2]["tool_call_id"] == f"c-{topic}"
