"""End to end: 500 turns with tool calls through the agent, an 8k window, failures injected.

After the run, for every request the model received, its exact token count
plus the completion room fits the window; every user message is found verbatim
in the session file or the transcript archive; every consolidated message is
covered by exactly one history entry, which expands back to exactly it.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from reverie.agent import Agent
from reverie.autocompact import AutoCompact
from reverie.providers.base import LLMError, LLMResponse, ToolCallRequest
from reverie.providers.offline import OfflineRequest, answer_archive_request
from reverie.providers.scripted import FunctionProvider, RecordedRequest
from reverie.sessions.manager import SessionManager
from reverie.sessions.transcripts import TranscriptArchive
from reverie.tokens import count_prompt_tokens
from reverie.tools.registry import FunctionTool, ToolRegistry

from .conftest import history_records, is_archive_request

WINDOW = 8_192
COMPLETION = 1_024
MODEL = "gpt-4o-mini"
KEY = "cli:long"
HOUR = timedelta(hours=1)

TOPICS = [
    "I moved the billing service to PostgreSQL 16 and the migration took two hours.",
    "Remind me to send the Q3 report to Marco by 2026-04-10.",
    "My daughter Ana starts school in September, so mornings will be busy.",
    "Actually the staging server is staging-2, not staging-1 as I said before.",
    "I prefer answers without emoji and code in Python with type hints.",
    "thanks!",
]


class Model:
    """Plays the model: answers turns, asks for a tool, summarises; fails now and then."""

    def __init__(self, seed: int, *, offline_summaries: bool) -> None:
        self.rng = random.Random(seed)
        self.offline = offline_summaries
        self.failures = 0
        self.calls = 0

    def _failure(self) -> LLMResponse | None:
        if self.rng.random() >= 0.25:
            return None
        self.failures += 1
        kind = self.rng.randrange(5)
        if kind == 0:
            raise RuntimeError("connection reset by peer")
        if kind == 1:
            return LLMResponse.failure(LLMError("overloaded", status=400))
        if kind == 2:
            return LLMResponse(content="[durable] cut", finish_reason="length")
        if kind == 3:
            return LLMResponse(content=None, tool_calls=[ToolCallRequest("z", "lookup", {})])
        return LLMResponse(content="")

    def __call__(self, request: RecordedRequest) -> LLMResponse | str:
        if is_archive_request(request.messages):
            failure = self._failure()
            if failure is not None:
                return failure
            if self.offline:
                offline = OfflineRequest(request.messages, None, request.model, request.max_tokens)
                answer = answer_archive_request(offline) or ""
                # Coverage is checked per entry; "(nothing)" would leave a chunk unrecorded.
                return answer if answer != "(nothing)" else "[skip] small talk only"
            return f"[durable] summary {len(request.messages[-1]['content'])} chars"
        last = request.messages[-1]
        if last["role"] == "tool":
            return f"From the docs: {str(last['content'])[:60]}"
        self.calls += 1
        if self.calls % 50 == 0:
            self.failures += 1
            return LLMResponse.failure(LLMError("the chat model is down", status=400))
        if self.calls % 3 == 0:
            topic = f"topic{self.calls}"
            return LLMResponse(
                content=None,
                tool_calls=[ToolCallRequest(f"call{self.calls}", "lookup", {"topic": topic})],
            )
        return f"Noted: {str(last['content'])[:80]}"


async def lookup(args: dict[str, Any]) -> str:
    return f"{args['topic']}: " + "reference text " * 60


def user_message(turn: int, rng: random.Random) -> str:
    text = f"[turn {turn}] {TOPICS[turn % len(TOPICS)]}"
    if rng.random() < 0.05:
        text += " Pasted log: " + "error at line 42 in billing.py " * rng.randrange(100, 400)
    return text


@pytest.mark.parametrize("offline", [False, True], ids=["scripted", "offline"])
def test_500_turns_never_overflow_and_never_forget(workspace: Path, offline: bool) -> None:
    rng = random.Random(7)
    model = Model(11, offline_summaries=offline)
    provider = FunctionProvider(model, default_model=MODEL)
    tools = ToolRegistry([FunctionTool("lookup", "Look a topic up.", {"type": "object"}, lookup)])
    agent = Agent.open(
        workspace,
        provider=provider,
        tools=tools,
        context_window_tokens=WINDOW,
        max_completion_tokens=COMPLETION,
        idle_check_interval=0,
    )
    sent: list[str] = []
    for turn in range(500):
        text = user_message(turn, rng)
        sent.append(text)
        agent.run_sync(text, session_key=KEY)
        if turn % 125 == 124:  # now and then the session idles (an hour passes) and is compacted
            agent.autocompact = AutoCompact(
                agent.sessions, agent.consolidator, 30, clock=lambda: datetime.now() + HOUR
            )
            agent.run_sync("meanwhile, elsewhere", session_key="cli:elsewhere")
            agent.autocompact = AutoCompact(agent.sessions, agent.consolidator, 0)
    assert model.failures > 10

    # 1. No request ever exceeded the window.
    assert len(provider.requests) > 500
    for request in provider.requests:
        tokens = count_prompt_tokens(request.messages, request.tools, model=MODEL).tokens
        assert tokens + request.max_tokens <= WINDOW

    # 2. Every user message is stored verbatim, in order.
    session = SessionManager(workspace).get_or_create(KEY)
    offset = session.archived_offset
    assert offset > 0  # idle compaction moved messages out of the file
    everything = TranscriptArchive(workspace).read(KEY, 0, offset) + session.messages
    assert len(everything) == session.total_messages
    assert [m["content"] for m in everything if m["role"] == "user"] == sent

    # 3. Each consolidated message is covered by exactly one entry, which expands to it.
    records = [r for r in history_records(agent.store) if r["session_key"] == KEY]
    covered = [0] * len(everything)
    for record in records:
        start, end = record["source"]["start"], record["source"]["end"]
        for index in range(start, end):
            covered[index] += 1
        assert agent.store.expand_entry(record["cursor"]) == everything[start:end]
    consolidated = offset + session.last_consolidated
    assert covered[:consolidated] == [1] * consolidated
    assert covered[consolidated:] == [0] * (len(everything) - consolidated)
    assert any(r["content"].startswith("[RAW]") for r in records)
