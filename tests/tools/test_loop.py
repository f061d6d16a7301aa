"""The one tool loop shared by the agent and Dream: caps, refusals, errors and hooks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from reverie.messages import Message
from reverie.providers.base import LLMError, LLMResponse, ToolCallRequest
from reverie.providers.scripted import ScriptedProvider, ScriptExhaustedError
from reverie.tools.loop import LoopHooks, ToolLoop
from reverie.tools.registry import FunctionTool, ToolRegistry, ToolResult


def recording_tool(ran: list[dict[str, Any]]) -> FunctionTool:
    async def save(args: dict[str, Any]) -> str:
        ran.append(args)
        return f"saved {args['text']!r}"

    schema = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
    return FunctionTool("save", "Save a note.", schema, save)


def asks(*calls: tuple[str, str, dict[str, Any]], **fields: Any) -> LLMResponse:
    requests = [ToolCallRequest(call_id, name, args) for call_id, name, args in calls]
    return LLMResponse(content=None, tool_calls=requests, **fields)


def opening() -> list[Message]:
    return [{"role": "user", "content": "note that the build uses make"}]


def tool_results(messages: Sequence[Message]) -> list[str]:
    return [str(m.get("content")) for m in messages if m.get("role") == "tool"]


def assert_calls_are_answered(messages: Sequence[Message]) -> None:
    """Every tool call in the conversation is followed by exactly one result for it."""
    for index, message in enumerate(messages):
        ids = [call["id"] for call in message.get("tool_calls", [])]
        answers = [m.get("tool_call_id") for m in messages[index + 1 : index + 1 + len(ids)]]
        assert answers == ids, f"message {index}: calls {ids}, answers {answers}"


async def test_a_final_answer_ends_the_loop_after_the_tools_ran() -> None:
    ran: list[dict[str, Any]] = []
    provider = ScriptedProvider(
        [
            asks(("c1", "save", {"text": "make"}), usage={"prompt_tokens": 10}),
            LLMResponse(content="Noted.", usage={"prompt_tokens": 30, "completion_tokens": 2}),
        ]
    )
    registry = ToolRegistry([recording_tool(ran)])
    result = await ToolLoop(provider, registry, model="m", max_iterations=5).run(opening())
    assert result.completed and result.end == "answered"
    assert result.final_text == "Noted."
    assert result.reason == "the model finished after 2 calls and 1 tool call"
    assert ran == [{"text": "make"}]
    assert (result.calls, result.tool_calls, result.tool_errors) == (2, ["save"], 0)
    assert result.usage == {"prompt_tokens": 40, "completion_tokens": 2}
    assert tool_results(provider.requests[1].messages) == ["saved 'make'"]
    assert [m["role"] for m in result.messages] == ["user", "assistant", "tool", "assistant"]


async def test_no_tools_are_offered_when_the_registry_is_empty() -> None:
    provider = ScriptedProvider(["hello"])
    result = await ToolLoop(provider, ToolRegistry(), model="m", max_iterations=1).run(opening())
    assert result.completed and provider.requests[0].tools is None


async def test_tool_calls_of_a_reply_cut_off_at_the_limit_are_refused() -> None:
    ran: list[dict[str, Any]] = []
    provider = ScriptedProvider(
        [asks(("c1", "save", {"text": "the build uses ma"}), finish_reason="length"), "Sorry."]
    )
    registry = ToolRegistry([recording_tool(ran)])
    result = await ToolLoop(provider, registry, model="m", max_iterations=5).run(opening())
    assert ran == []
    assert result.completed and result.tool_errors == 1
    [refusal] = tool_results(provider.requests[1].messages)
    assert refusal.startswith("Error: save was not run: your reply was cut off at the token limit")


async def test_arguments_that_are_not_json_are_refused_with_the_parse_error() -> None:
    ran: list[dict[str, Any]] = []
    broken = ToolCallRequest(
        "c1", "save", {}, raw_arguments='{"text": ', argument_error="Expecting value at 9"
    )
    provider = ScriptedProvider([LLMResponse(content=None, tool_calls=[broken]), "ok"])
    registry = ToolRegistry([recording_tool(ran)])
    result = await ToolLoop(provider, registry, model="m", max_iterations=5).run(opening())
    assert ran == []
    assert tool_results(result.messages) == [
        "Error: save was not run: its arguments are not valid JSON (Expecting value at 9)"
    ]


async def test_the_iteration_cap_leaves_the_last_calls_unrun_but_answered() -> None:
    ran: list[dict[str, Any]] = []
    provider = ScriptedProvider(
        [asks((f"c{n}", "save", {"text": f"note {n}"})) for n in range(1, 4)]
    )
    registry = ToolRegistry([recording_tool(ran)])
    result = await ToolLoop(provider, registry, model="m", max_iterations=3).run(opening())
    assert result.end == "iteration_cap" and not result.completed
    assert result.reason == "iteration cap reached: 3 model calls without a final answer"
    assert result.final_text is None
    # The model never sees results of the third call, so those tools do not run.
    assert ran == [{"text": "note 1"}, {"text": "note 2"}]
    assert result.calls == 3 and result.tool_calls == ["save", "save"]
    assert_calls_are_answered(result.messages)
    assert tool_results(result.messages)[-1].startswith("Error: save was not run: the loop ended")


def test_the_cap_must_allow_one_call() -> None:
    with pytest.raises(ValueError, match="max_iterations must be >= 1"):
        ToolLoop(ScriptedProvider(), ToolRegistry(), model="m", max_iterations=0)


async def test_a_failed_call_mid_loop_ends_it_with_the_providers_error() -> None:
    ran: list[dict[str, Any]] = []
    provider = ScriptedProvider(
        [
            asks(("c1", "save", {"text": "make"})),
            LLMResponse.failure(LLMError("invalid api key", status=401)),
        ]
    )
    registry = ToolRegistry([recording_tool(ran)])
    result = await ToolLoop(provider, registry, model="m", max_iterations=5).run(opening())
    assert result.end == "provider_error"
    assert result.reason == "provider error on call 2: [401] invalid api key"
    assert ran == [{"text": "make"}]  # the first round happened and is kept
    assert [m["role"] for m in result.messages] == ["user", "assistant", "tool"]
    assert result.response is not None and result.response.finish_reason == "error"


async def test_a_provider_that_cannot_be_used_raises_out_of_the_loop() -> None:
    provider = ScriptedProvider([asks(("c1", "save", {"text": "make"}))])
    registry = ToolRegistry([recording_tool([])])
    messages = opening()
    with pytest.raises(ScriptExhaustedError):
        await ToolLoop(provider, registry, model="m", max_iterations=5).run(messages)
    assert [m["role"] for m in messages] == ["user", "assistant", "tool"]


class Recorder(LoopHooks):
    """Hooks that stop where told and note what they saw."""

    def __init__(self, *, refuse_call: int = 0, stop_after_reply: int = 0) -> None:
        self.refuse_call = refuse_call
        self.stop_after_reply = stop_after_reply
        self.replies = 0
        self.seen: list[tuple[str, bool]] = []
        self.rounds = 0

    def request(self, messages: list[Message], call: int) -> list[Message] | str:
        if call == self.refuse_call:
            return f"call {call} would not fit"
        return [{"role": "system", "content": "be brief"}, *messages]

    def after_reply(self, response: LLMResponse, request: list[Message]) -> str | None:
        self.replies += 1
        return "over budget" if self.replies == self.stop_after_reply else None

    def after_tool(self, call: ToolCallRequest, result: ToolResult) -> None:
        self.seen.append((call.name, result.is_error))

    def after_round(self, response: LLMResponse, results: Sequence[ToolResult]) -> str | None:
        self.rounds += 1
        return None


async def test_hooks_shape_requests_and_see_every_tool_call() -> None:
    provider = ScriptedProvider([asks(("c1", "save", {"text": "a"}), ("c2", "nope", {})), "done"])
    hooks = Recorder()
    registry = ToolRegistry([recording_tool([])])
    loop = ToolLoop(provider, registry, model="m", max_iterations=5, hooks=hooks)
    result = await loop.run(opening())
    assert result.completed
    assert provider.requests[0].messages[0] == {"role": "system", "content": "be brief"}
    assert result.messages[0]["role"] == "user"  # the loop's own list has no system line
    assert hooks.seen == [("save", False), ("nope", True)] and hooks.rounds == 1


async def test_a_hook_can_stop_before_a_call_is_sent() -> None:
    provider = ScriptedProvider([asks(("c1", "save", {"text": "a"})), "done"])
    hooks = Recorder(refuse_call=2)
    loop = ToolLoop(provider, ToolRegistry([recording_tool([])]), model="m", max_iterations=5)
    loop.hooks = hooks
    result = await loop.run(opening())
    assert (result.end, result.reason) == ("stopped", "call 2 would not fit")
    assert len(provider.requests) == 1 and result.calls == 1


async def test_a_hook_stopping_after_a_reply_leaves_its_calls_unrun_but_answered() -> None:
    ran: list[dict[str, Any]] = []
    provider = ScriptedProvider([asks(("c1", "save", {"text": "a"}))])
    loop = ToolLoop(
        provider,
        ToolRegistry([recording_tool(ran)]),
        model="m",
        max_iterations=5,
        hooks=Recorder(stop_after_reply=1),
    )
    result = await loop.run(opening())
    assert (result.end, result.reason) == ("stopped", "over budget")
    assert ran == [] and result.tool_calls == []
    assert_calls_are_answered(result.messages)
