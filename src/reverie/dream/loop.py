"""Dream's side of the tool loop: its token budget, its loop guard, its record of writes.

The loop itself (call caps, refusing the tool calls of a reply cut off at
``max_tokens``, argument errors, provider errors) is the shared
:class:`~reverie.tools.loop.ToolLoop`. A Dream run adds, through
:class:`DreamHooks`:

- a token budget: a call whose prompt would not fit what is left is never
  sent, and a run that spent more than its budget stops;
- the loop guard (:class:`~reverie.dream.loop_guards.LoopDetector`): no-op or
  repeated edits stop the run;
- the writes each tool call made (:class:`ChangeTracker`), which the guard
  needs to tell a retried edit from a new one.

The run is *completed* only when the model answered without tool calls, within
every cap, with no provider error.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from reverie.dream.loop_guards import FileChange, LoopDetector, TokenBudget
from reverie.messages import Message, ToolDefinition
from reverie.providers.base import LLMProvider, LLMResponse, ToolCallRequest
from reverie.tokens import count_for_provider, count_text_tokens
from reverie.tools import ToolRegistry, ToolResult
from reverie.tools.loop import LoopHooks, ToolLoop

__all__ = ["ChangeTracker", "DreamHooks", "LoopOutcome", "run_tool_loop"]


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
    """How a Dream run's loop ended."""

    completed: bool
    reason: str
    iterations: int = 0
    tool_calls: int = 0
    tool_errors: int = 0
    final_text: str | None = None
    messages: list[Message] = field(default_factory=list)


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


class DreamHooks(LoopHooks):
    """The token budget, the loop guard and the write tracker, hooked into a :class:`ToolLoop`.

    Args:
        provider: The provider (its own token counter wins over the offline one).
        model: The model name (picks the tokenizer).
        tools: The tool definitions sent with each call (counted in the prompt).
        budget: Tokens the run may spend; updated in place.
        detector: The loop guard; updated in place.
        tracker: Receives the tools' writes (must be the registry's ``on_change``).
    """

    def __init__(
        self,
        provider: LLMProvider,
        model: str,
        tools: Sequence[ToolDefinition] | None,
        *,
        budget: TokenBudget,
        detector: LoopDetector,
        tracker: ChangeTracker,
    ) -> None:
        self.provider = provider
        self.model = model
        self.tools = tools
        self.budget = budget
        self.detector = detector
        self.tracker = tracker
        self._prompt_tokens = 0
        self._call = 0

    def request(self, messages: list[Message], call: int) -> list[Message] | str:
        """The whole conversation, unless its prompt would overrun the budget."""
        self._call = call
        self._prompt_tokens = count_for_provider(
            self.provider, messages, self.tools, self.model
        ).tokens
        if not self.budget.allows(self._prompt_tokens):
            return (
                f"token budget exhausted: call {call} needs about {self._prompt_tokens:,} "
                f"prompt tokens, {self.budget.remaining:,} of {self.budget.limit:,} are left"
            )
        self.tracker.take()  # writes from before this call are not the next tool's
        return messages

    def after_reply(self, response: LLMResponse, request: list[Message]) -> str | None:
        """Charge the call to the budget (the provider's usage, else an estimate)."""
        used = _usage_tokens(response.usage)
        if used is None:
            used = self._prompt_tokens + _estimated_completion(response, self.model)
        self.budget.add(used)
        if self.budget.exceeded:
            return (
                f"token budget exhausted: {self.budget.used:,} tokens used of "
                f"{self.budget.limit:,} after call {self._call}"
            )
        return None

    def after_tool(self, call: ToolCallRequest, result: ToolResult) -> None:
        """Show the loop guard the call, its answer and the writes it made."""
        self.detector.record(call.name, call.arguments, result.content, self.tracker.take())

    def after_round(self, response: LLMResponse, results: Sequence[ToolResult]) -> str | None:
        """Stop once the loop guard has seen enough no-op or repeated calls."""
        return self.detector.reason() if self.detector.should_stop else None


async def run_tool_loop(
    provider: LLMProvider,
    model: str,
    messages: list[Message],
    registry: ToolRegistry,
    *,
    max_iterations: int,
    budget: TokenBudget,
    detector: LoopDetector,
    tracker: ChangeTracker,
    max_tokens: int | None = None,
) -> LoopOutcome:
    """Run Dream's loop until the model is done or a limit stops it.

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
    loop = ToolLoop(
        provider, registry, model=model, max_iterations=max_iterations, max_tokens=max_tokens
    )
    loop.hooks = DreamHooks(
        provider, model, loop.tools, budget=budget, detector=detector, tracker=tracker
    )
    result = await loop.run(messages)
    return LoopOutcome(
        completed=result.completed,
        reason=result.reason,
        iterations=result.calls,
        tool_calls=len(result.tool_calls),
        tool_errors=result.tool_errors,
        final_text=result.final_text,
        messages=result.messages,
    )
