"""The bounded tool loop of one Dream run: ask the model, run its tool calls, repeat.

The loop ends in exactly one of these ways, each with a reason:

- the model answers without tool calls → completed;
- the iteration cap is reached, the token budget would be or was exceeded,
  the provider reports an error, or the loop guard sees the model going round
  in circles → not completed.

Tool calls never raise into the loop (the registry turns failures into
``Error:`` results for the model). Tool calls of a reply cut off at
``max_tokens`` are not run: their arguments may be truncated, and a truncated
``write_file`` is how memory files get emptied.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from reverie.dream.guards import FileChange, LoopDetector, TokenBudget
from reverie.providers.base import LLMProvider, LLMResponse, ToolCallRequest
from reverie.tokens import count_for_provider, count_text_tokens
from reverie.tools import ERROR_PREFIX, ToolRegistry, ToolResult

__all__ = ["ChangeTracker", "LoopOutcome", "run_tool_loop"]


class ChangeTracker:
    """Collects the writes the tools report (their ``on_change`` callback)."""

    def __init__(self) -> None:
        self.pending: list[FileChange] = []
        self.paths: dict[str, None] = {}

    def __call__(self, path: str, before: str | None, after: str) -> None:
        """Record one real write."""
        self.pending.append(FileChange(path, before, after))
        self.paths[path] = None

    def take(self) -> list[FileChange]:
        """The writes since the last call."""
        out, self.pending = self.pending, []
        return out


@dataclass
class LoopOutcome:
    """How the loop ended."""

    completed: bool
    reason: str
    iterations: int = 0
    tool_calls: int = 0
    tool_errors: int = 0
    final_text: str | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)


def _usage_tokens(usage: Mapping[str, int]) -> int | None:
    total = usage.get("total_tokens")
    if isinstance(total, int) and total > 0:
        return total
    parts = [usage.get(key) for key in ("prompt_tokens", "completion_tokens")]
    counted = [p for p in parts if isinstance(p, int) and p >= 0]
    return sum(counted) if counted else None


def _estimated_completion(response: LLMResponse, model: str) -> int:
    text = response.content or ""
    for call in response.tool_calls:
        text += call.name + (call.raw_arguments or str(call.arguments))
    return count_text_tokens(text, model=model) if text else 0


def _assistant_message(response: LLMResponse) -> dict[str, Any]:
    # to_message keeps what a vendor needs back inside a tool loop (Anthropic's
    # signed thinking, DeepSeek's reasoning).
    return response.to_message()


async def _execute(registry: ToolRegistry, call: ToolCallRequest, truncated: bool) -> ToolResult:
    if truncated:
        return ToolResult(
            f"{ERROR_PREFIX} {call.name} was not run: your reply was cut off at the token "
            "limit, so its arguments may be incomplete; send smaller edits",
            True,
        )
    if call.argument_error:
        return ToolResult(
            f"{ERROR_PREFIX} {call.name} was not run: its arguments are not valid JSON "
            f"({call.argument_error})",
            True,
        )
    return await registry.execute(call.name, call.arguments)


async def run_tool_loop(
    provider: LLMProvider,
    model: str,
    messages: list[dict[str, Any]],
    registry: ToolRegistry,
    *,
    max_iterations: int,
    budget: TokenBudget,
    detector: LoopDetector,
    tracker: ChangeTracker,
    max_tokens: int | None = None,
) -> LoopOutcome:
    """Run the loop until the model is done or a limit stops it.

    Args:
        provider: The model provider (``chat_with_retry`` is used).
        model: The model name sent with every call.
        messages: The opening messages; the loop appends to this list.
        registry: The tools the model may call.
        max_iterations: Most model calls.
        budget: Tokens the run may spend; updated in place.
        detector: The loop guard; updated in place.
        tracker: Receives the tools' writes (must be the registry's ``on_change``).
        max_tokens: Completion limit per call (None: the provider's setting).

    Raises:
        ProviderError: the provider cannot make calls at all (a setup problem).
    """
    tools = registry.definitions()
    outcome = LoopOutcome(completed=False, reason="", messages=messages)
    for iteration in range(1, max_iterations + 1):
        prompt_tokens = count_for_provider(provider, messages, tools, model).tokens
        if not budget.allows(prompt_tokens):
            outcome.reason = (
                f"token budget exhausted: call {iteration} needs about {prompt_tokens:,} prompt "
                f"tokens, {budget.remaining:,} of {budget.limit:,} are left"
            )
            return outcome
        response = await provider.chat_with_retry(
            messages=messages, tools=tools, model=model, max_tokens=max_tokens
        )
        outcome.iterations = iteration
        if response.finish_reason == "error":
            detail = response.error or response.content or "no detail"
            outcome.reason = f"provider error on call {iteration}: {detail}"
            return outcome
        used = _usage_tokens(response.usage)
        if used is None:
            used = prompt_tokens + _estimated_completion(response, model)
        budget.add(used)
        messages.append(_assistant_message(response))
        if budget.exceeded:
            outcome.reason = (
                f"token budget exhausted: {budget.used:,} tokens used of {budget.limit:,} "
                f"after call {iteration}"
            )
            return outcome
        if not response.has_tool_calls:
            outcome.completed = True
            outcome.final_text = response.content or ""
            outcome.reason = (
                f"the model finished after {iteration} call{'s' if iteration != 1 else ''} "
                f"and {outcome.tool_calls} tool call{'s' if outcome.tool_calls != 1 else ''}"
            )
            return outcome
        truncated = response.finish_reason == "length"
        for call in response.tool_calls:
            outcome.tool_calls += 1
            tracker.take()
            result = await _execute(registry, call, truncated)
            outcome.tool_errors += int(result.is_error)
            detector.record(call.name, call.arguments, result.content, tracker.take())
            messages.append(
                {
                    "role": "tool",
                    "tool_call_id": call.id,
                    "name": call.name,
                    "content": result.content,
                }
            )
        if detector.should_stop:
            outcome.reason = detector.reason()
            return outcome
    outcome.reason = f"iteration cap reached: {max_iterations} model calls without a final answer"
    return outcome
