"""Agent with ``background_consolidation``: the answer comes first, the summary after."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from reverie.agent import Agent
from reverie.providers.scripted import FunctionProvider, RecordedRequest
from reverie.sessions.manager import SessionManager
from reverie.tokens import count_prompt_tokens
from suite_tools import DEADLINE, wait_until_async

MODEL = "gpt-4o-mini"
WINDOW = 3_000
ANSWER_ROOM = 300


def is_archive(request: RecordedRequest) -> bool:
    return "reverie-archive/1" in str(request.messages[0]["content"])


class SlowSummariser:
    """Answers chat turns at once; each summary waits until the test releases it."""

    def __init__(self, on_summary: Callable[[], None] | None = None) -> None:
        self.release = asyncio.Event()
        self.started = 0
        self.finished = 0
        self.on_summary = on_summary

    async def __call__(self, request: RecordedRequest) -> str:
        if not is_archive(request):
            return f"noted: {request.last_user_text[:20]}"
        self.started += 1
        await self.release.wait()
        if self.on_summary is not None:
            self.on_summary()
        self.finished += 1
        return f"[durable] summary number {self.finished}"


def fact(number: int) -> str:
    return f"fact {number}: " + "the quick brown fox jumps over the lazy dog " * 10


def history(workspace: Path) -> list[dict[str, Any]]:
    path = workspace / "memory" / "history.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


async def chat_until_a_summary_starts(
    agent: Agent, summariser: SlowSummariser, key: str = "cli:default"
) -> int:
    """Run turns until a background summary is under way; return how many turns ran."""
    turns = 0
    while summariser.started == 0:
        assert turns < 60, "the session never went over its budget"
        # An awaited consolidation would block here until the test timed out.
        reply = await asyncio.wait_for(agent.run(fact(turns), session_key=key), DEADLINE)
        assert reply.error is None
        turns += 1
        await wait_until_async(
            lambda: summariser.started > 0 or agent.background_pending == 0,
            "the scheduled summary to start",
        )
    return turns


def background_agent(workspace: Path, summariser: SlowSummariser) -> Agent:
    provider = FunctionProvider(summariser, default_model=MODEL)
    return Agent.open(
        workspace,
        provider=provider,
        context_window_tokens=WINDOW,
        max_completion_tokens=ANSWER_ROOM,
        background_consolidation=True,
    )


async def test_the_reply_returns_before_the_summary_and_the_next_turn_waits(
    workspace: Path,
) -> None:
    summariser = SlowSummariser()
    agent = background_agent(workspace, summariser)
    provider = agent.provider
    assert isinstance(provider, FunctionProvider)
    turns = await chat_until_a_summary_starts(agent, summariser)

    # The last answer is saved and returned while its summary is still being written.
    assert summariser.finished == 0 and agent.background_pending == 1
    stored = SessionManager(workspace).get_or_create("cli:default")
    assert len(stored.messages) == 2 * turns and stored.last_consolidated == 0
    assert history(workspace) == []

    sent_before = len(provider.requests)
    following = asyncio.create_task(agent.run("which facts did I tell you?"))
    await asyncio.sleep(0.05)
    assert not following.done()
    assert len(provider.requests) == sent_before  # its request waits for the summary

    summariser.release.set()
    reply = await asyncio.wait_for(following, DEADLINE)
    assert reply.error is None and summariser.finished >= 1
    (entry, *_) = history(workspace)
    assert entry["content"] == "[durable] summary number 1"
    turn_requests = [r for r in provider.requests if not is_archive(r)]
    archive_index = next(i for i, r in enumerate(provider.requests) if is_archive(r))
    assert provider.requests.index(turn_requests[-1]) > archive_index
    # The summarised turns are no longer replayed: the request starts later.
    replayed = [m["content"] for m in turn_requests[-1].messages if m["role"] == "user"]
    assert fact(0) not in replayed and replayed[-1] == "which facts did I tell you?"
    await agent.drain()


async def test_drain_completes_the_background_summary(workspace: Path) -> None:
    summariser = SlowSummariser()
    agent = background_agent(workspace, summariser)
    await chat_until_a_summary_starts(agent, summariser)
    assert agent.background_pending == 1 and history(workspace) == []

    asyncio.get_running_loop().call_later(0.02, summariser.release.set)
    await asyncio.wait_for(agent.drain(), DEADLINE)

    assert agent.background_pending == 0
    assert summariser.finished == summariser.started >= 1
    assert history(workspace)[0]["content"] == "[durable] summary number 1"
    assert SessionManager(workspace).get_or_create("cli:default").last_consolidated > 0


def test_no_request_of_a_long_background_chat_exceeds_the_window(workspace: Path) -> None:
    async def chat() -> FunctionProvider:
        summariser = SlowSummariser()
        summariser.release.set()  # summaries answer at once, but still after the reply
        agent = background_agent(workspace, summariser)
        for number in range(40):
            await agent.run(fact(number))
            if number % 3 == 0:
                await asyncio.sleep(0)  # sometimes the summary starts before the next turn
        await agent.drain()
        assert isinstance(agent.provider, FunctionProvider)
        return agent.provider

    provider = asyncio.run(chat())
    assert sum(is_archive(r) for r in provider.requests) >= 3
    for request in provider.requests:
        tokens = count_prompt_tokens(request.messages, request.tools, model=request.model).tokens
        assert tokens + request.max_tokens <= WINDOW
    session = SessionManager(workspace).get_or_create("cli:default")
    assert len(session.messages) == 80  # every word is still in the session file
    entries = history(workspace)
    assert len(entries) >= 3
    covered = sorted((e["source"]["start"], e["source"]["end"]) for e in entries)
    assert covered[0][0] == 0
    for (_, end), (start, _) in itertools.pairwise(covered):
        assert start == end  # consecutive summaries, none twice, none missing


async def test_a_failed_background_summary_is_logged_and_loses_nothing(
    workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    log = workspace / "memory" / "history.jsonl"

    def break_the_history_file() -> None:
        log.unlink(missing_ok=True)
        log.mkdir(parents=True)

    summariser = SlowSummariser(on_summary=break_the_history_file)
    summariser.release.set()
    agent = background_agent(workspace, summariser)
    with caplog.at_level(logging.ERROR, logger="reverie.agent"):
        turns = await chat_until_a_summary_starts(agent, summariser)
        await asyncio.wait_for(agent.drain(), DEADLINE)  # does not raise

    (record,) = [r for r in caplog.records if r.name == "reverie.agent"]
    assert "consolidation of session 'cli:default' failed" in record.getMessage()
    assert record.exc_info is not None
    (error,) = agent.take_background_errors()
    assert error.startswith("consolidation of session 'cli:default' failed")
    assert agent.take_background_errors() == []
    stored = SessionManager(workspace).get_or_create("cli:default")
    assert len(stored.messages) == 2 * turns and stored.last_consolidated == 0

    # The loop lives on: once the file is repaired the next turn consolidates.
    shutil.rmtree(log)
    summariser.on_summary = None
    reply = await agent.run("the disk is fine again")
    await agent.drain()
    assert reply.error is None and history(workspace)
    assert SessionManager(workspace).get_or_create("cli:default").last_consolidated > 0
