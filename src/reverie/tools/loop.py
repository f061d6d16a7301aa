"""The one tool loop: ask the model, run the tool calls it makes, repeat until it answers.

Both the :class:`~reverie.agent.Agent` (a user's turn) and Dream (an
unattended memory edit) run their model through :class:`ToolLoop`, so the two
cannot drift apart on the rules that keep a loop safe:

- at most ``max_iterations`` model calls; the tool calls of the last allowed
  reply are not run (the model would never see their results);
- the tool calls of a reply cut off at the token limit (``finish_reason``
  "length") are refused: their arguments may be truncated, and a truncated
  ``write_file`` is how files get emptied;
- arguments that arrived as broken JSON are refused with the parse error;
- a tool never raises into the loop (:meth:`ToolRegistry.execute` turns every
  failure into an ``Error:`` result the model reads);
- a failed model call (``finish_reason`` "error") ends the loop with the
  provider's error; a :class:`~reverie.errors.ProviderError` raised by the
  provider (a setup problem, not a failed call) propagates.

What differs between callers is a :class:`LoopHooks` subclass: the agent fits
each request into the model's window and saves the session after every tool
round; Dream checks its token budget and its loop guard. Every assistant
message with tool calls that the loop appends is followed by one tool result
per call (a refusal when the call was not run), so the conversation it leaves
behind is always a valid one to store or replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from reverie.messages import Message, ToolDefinition
from reverie.providers.base import LLMProvider, LLMResponse, ToolCallRequest
from reverie.tools.registry import ERROR_PREFIX, ToolRegistry, ToolResult

__all__ = ["LoopEnd", "LoopHooks", "LoopResult", "ToolLoop", "refusal", "tool_message"]

LoopEnd = Literal["answered", "iteration_cap", "provider_error", "stopped"]
"""How a loop ended: the model answered without tool calls; the call cap was
reached; a model call failed; or a hook stopped it (a budget, a guard, a window)."""


@dataclass
class LoopResult:
    """What one :meth:`ToolLoop.run` did.

    Attributes:
        end: How the loop ended (see :data:`LoopEnd`).
        reason: Why, in words (for logs, results and the user).
        messages: The conversation: the opening messages plus what the loop appended.
        response: The last reply received (None when no call was made).
        calls: Model calls made.
        tool_calls: Names of the tool calls answered (run, or refused with an
            ``Error:`` result the model saw), in order.
        tool_errors: How many of those answers were errors.
        usage: Token usage summed over the calls, as the provider reported it.
    """

    end: LoopEnd
    reason: str
    messages: list[Message]
    response: LLMResponse | None = None
    calls: int = 0
    tool_calls: list[str] = field(default_factory=list)
    tool_errors: int = 0
    usage: dict[str, int] = field(default_factory=dict)

    @property
    def completed(self) -> bool:
        """True when the model gave a final answer (no tool calls) within the caps."""
        return self.end == "answered"

    @property
    def final_text(self) -> str | None:
        """The final answer's text when :attr:`completed`, else None."""
        if not self.completed or self.response is None:
            return None
        return self.response.content or ""


class LoopHooks:
    """What a caller adds to the loop; every method's default does nothing.

    Override the ones you need. A method returning a string stops the loop
    with that reason (``end="stopped"``).
    """

    def request(self, messages: list[Message], call: int) -> list[Message] | str:
        """The messages to send as call number ``call`` (1-based), or a reason to stop.

        Args:
            messages: The loop's conversation so far (do not change it).
            call: The number of the call about to be made.
        """
        return messages

    def after_reply(self, response: LLMResponse, request: list[Message]) -> str | None:
        """Look at a successful reply (already appended) before its tools run."""
        return None

    def after_tool(self, call: ToolCallRequest, result: ToolResult) -> None:
        """One tool call was answered (run or refused)."""

    def after_round(self, response: LLMResponse, results: Sequence[ToolResult]) -> str | None:
        """A reply's tool calls were all answered; their results are appended."""
        return None


_NO_HOOKS = LoopHooks()


def tool_message(call: ToolCallRequest, content: str) -> Message:
    """The tool-result message answering ``call``."""
    return {"role": "tool", "tool_call_id": call.id, "name": call.name, "content": content}


def refusal(call: ToolCallRequest, why: str) -> ToolResult:
    """An error result for a call that was not run, saying why."""
    return ToolResult(f"{ERROR_PREFIX} {call.name} was not run: {why}", True)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


class ToolLoop:
    """Runs a model with tools until it answers, a cap is reached or a hook stops it.

    Example::

        loop = ToolLoop(provider, registry, model="gpt-4.1-mini", max_iterations=10)
        result = await loop.run([{"role": "user", "content": "Where is billing?"}])
        print(result.final_text if result.completed else result.reason)

    Args:
        provider: The model provider (``chat_with_retry`` is used).
        registry: The tools the model may call (offered only when not empty).
        model: The model name sent with every call.
        max_iterations: Model calls at most (at least 1).
        max_tokens: Completion limit per call (None: the provider's setting).
        hooks: The caller's additions (none by default).

    Raises:
        ValueError: ``max_iterations`` is below 1.
    """

    def __init__(
        self,
        provider: LLMProvider,
        registry: ToolRegistry,
        *,
        model: str,
        max_iterations: int,
        max_tokens: int | None = None,
        hooks: LoopHooks | None = None,
    ) -> None:
        if isinstance(max_iterations, bool) or not isinstance(max_iterations, int):
            raise ValueError(f"max_iterations must be an integer, got {max_iterations!r}")
        if max_iterations < 1:
            raise ValueError(f"max_iterations must be >= 1, got {max_iterations}")
        self.provider = provider
        self.registry = registry
        self.model = model
        self.max_iterations = max_iterations
        self.max_tokens = max_tokens
        self.hooks = hooks or _NO_HOOKS

    @property
    def tools(self) -> list[ToolDefinition] | None:
        """The tool definitions sent with each call (None when there are no tools)."""
        return self.registry.definitions() or None

    async def run(self, messages: list[Message]) -> LoopResult:
        """Run the loop on ``messages``, appending to that list as it goes.

        Raises:
            ProviderError: the provider cannot make calls at all (a setup problem).
        """
        result = LoopResult("stopped", "", messages)
        tools = self.tools
        for call in range(1, self.max_iterations + 1):
            request = self.hooks.request(messages, call)
            if isinstance(request, str):
                return self._end(result, "stopped", request)
            response = await self.provider.chat_with_retry(
                messages=request, tools=tools, model=self.model, max_tokens=self.max_tokens
            )
            result.calls, result.response = call, response
            for name, value in response.usage.items():
                result.usage[name] = result.usage.get(name, 0) + value
            if response.finish_reason == "error":
                detail = response.error or response.content or "no detail"
                return self._end(
                    result, "provider_error", f"provider error on call {call}: {detail}"
                )
            messages.append(response.to_message())
            stop = self.hooks.after_reply(response, request)
            if not response.has_tool_calls:
                if stop is not None:
                    return self._end(result, "stopped", stop)
                tools_run = _plural(len(result.tool_calls), "tool call")
                return self._end(
                    result,
                    "answered",
                    f"the model finished after {_plural(call, 'call')} and {tools_run}",
                )
            if stop is None and call == self.max_iterations:
                stop = f"iteration cap reached: {call} model calls without a final answer"
                return self._unanswered(result, response, "iteration_cap", stop)
            if stop is not None:
                return self._unanswered(result, response, "stopped", stop)
            stop = await self._run_tools(result, response)
            if stop is not None:
                return self._end(result, "stopped", stop)
        raise AssertionError("unreachable: the last call always ends the loop")

    async def _run_tools(self, result: LoopResult, response: LLMResponse) -> str | None:
        cut_off = response.finish_reason == "length"
        results: list[ToolResult] = []
        for call in response.tool_calls:
            outcome = await self._execute(call, cut_off)
            result.tool_calls.append(call.name)
            result.tool_errors += int(outcome.is_error)
            result.messages.append(tool_message(call, outcome.content))
            results.append(outcome)
            self.hooks.after_tool(call, outcome)
        return self.hooks.after_round(response, results)

    async def _execute(self, call: ToolCallRequest, cut_off: bool) -> ToolResult:
        if cut_off:
            return refusal(
                call,
                "your reply was cut off at the token limit, so its arguments may be "
                "incomplete; send a shorter call (smaller edits)",
            )
        if call.argument_error:
            return refusal(call, f"its arguments are not valid JSON ({call.argument_error})")
        return await self.registry.execute(call.name, call.arguments)

    def _unanswered(
        self, result: LoopResult, response: LLMResponse, end: LoopEnd, reason: str
    ) -> LoopResult:
        # Keep the conversation well formed: every call gets an answer, here a refusal.
        for call in response.tool_calls:
            result.messages.append(
                tool_message(call, refusal(call, f"the loop ended ({reason})").content)
            )
        return self._end(result, end, reason)

    @staticmethod
    def _end(result: LoopResult, end: LoopEnd, reason: str) -> LoopResult:
        result.end, result.reason = end, reason
        return result
