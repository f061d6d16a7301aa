"""Anthropic's Messages API through the ``anthropic`` SDK.

Messages arrive in OpenAI shape and are converted by
:mod:`reverie.providers._anthropic_messages`; the answer is decoded here into the
same :class:`LLMResponse` every provider returns, with thinking blocks kept so
they can be replayed on the next turn of a tool loop.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from reverie._logging import get_logger
from reverie.providers._anthropic_messages import (
    convert_messages,
    convert_tool_choice,
    convert_tools,
)
from reverie.providers._arguments import parse_tool_arguments
from reverie.providers._http_provider import HTTPProvider
from reverie.providers._sdk import accepted_fields, as_sdk_kwargs, load_sdk
from reverie.providers.base import (
    ChatRequest,
    LLMError,
    LLMResponse,
    ToolCallRequest,
)
from reverie.providers.network import check_network_allowed

__all__ = ["ANTHROPIC_BASE_URL", "THINKING_BUDGETS", "AnthropicProvider"]

ANTHROPIC_BASE_URL = "https://api.anthropic.com"
"""The official endpoint (the SDK appends ``/v1/messages``)."""

THINKING_BUDGETS: Mapping[str, int] = {
    "minimal": 1024,
    "low": 2048,
    "medium": 8192,
    "high": 16384,
    "xhigh": 32768,
}
"""Extended-thinking token budget for each ``reasoning_effort``; ``none`` turns it off."""

_OUTPUT_EFFORT: Mapping[str, str] = {
    "minimal": "low",
    "low": "low",
    "medium": "medium",
    "high": "high",
    "xhigh": "xhigh",
    "max": "max",
}
_STOP_REASONS = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "pause_turn": "stop",
    "max_tokens": "length",
    "model_context_window_exceeded": "length",
    "tool_use": "tool_calls",
    "refusal": "content_filter",
}

_log = get_logger("providers.anthropic")


def _usage(raw: object) -> dict[str, int]:
    if not isinstance(raw, dict) or not raw:
        return {}

    def count(key: str) -> int:
        value = raw.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    cache_write = count("cache_creation_input_tokens")
    cache_read = count("cache_read_input_tokens")
    # Anthropic counts cached prompt tokens apart from input_tokens; the prompt
    # the model saw is their sum, which is what budget checks need.
    prompt = count("input_tokens") + cache_write + cache_read
    completion = count("output_tokens")
    usage = {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }
    if cache_read:
        usage["cache_read_input_tokens"] = cache_read
    if cache_write:
        usage["cache_creation_input_tokens"] = cache_write
    return usage


def _messages_api_fields() -> frozenset[str]:
    sdk = load_sdk("anthropic")
    resources = getattr(sdk, "resources", None)
    messages = getattr(resources, "AsyncMessages", None)
    return accepted_fields(messages.create) if messages is not None else frozenset()


class AnthropicProvider(HTTPProvider):
    """A provider for Anthropic's Messages API.

    The key is ``api_key``, else ``ANTHROPIC_API_KEY`` (or the variable named by
    ``api_key_env``); it is mandatory for Anthropic's own endpoint. What is sent
    for ``temperature`` and ``reasoning_effort`` follows the API version of the
    installed SDK (see :meth:`build_request`).
    """

    name = "anthropic"
    _client_class = "AsyncAnthropic"
    _base_url_env = "ANTHROPIC_BASE_URL"
    _default_base_url = ANTHROPIC_BASE_URL
    _official_host = "api.anthropic.com"
    _model_example = "anthropic:claude-sonnet-4-5"
    _url_example = "https://api.anthropic.com"
    _logger = _log
    _key_env = "ANTHROPIC_API_KEY"

    def build_request(
        self, request: ChatRequest, *, api_fields: frozenset[str] | None = None
    ) -> dict[str, Any]:
        """The JSON body sent to ``/v1/messages`` for ``request``.

        ``api_fields`` are the request fields the installed SDK (and the API
        version it sends) knows; by default they are read from the SDK. They
        decide two things: ``temperature`` is sent only where the API still
        accepts sampling parameters (API version 2026-10-21 answers 400 to any
        of them), and ``reasoning_effort`` becomes ``output_config.effort`` where
        that exists, else an extended-thinking budget from :data:`THINKING_BUDGETS`.
        """
        fields = _messages_api_fields() if api_fields is None else api_fields
        system, turns = convert_messages(request.messages)
        limit = self.resolve_max_tokens(request.max_tokens)
        body: dict[str, Any] = {"model": self.resolve_model(request.model), "messages": turns}
        if system is not None:
            body["system"] = system
        body["max_tokens"] = limit
        effort = request.extra.get("reasoning_effort") or self.generation.reasoning_effort
        thinking = False
        if effort and effort != "none":
            if "output_config" in fields:
                level = _OUTPUT_EFFORT.get(effort)
                if level is None:
                    self._unknown_effort(effort, _OUTPUT_EFFORT)
                else:
                    body["output_config"] = {"effort": level}
            elif effort in THINKING_BUDGETS:
                budget = THINKING_BUDGETS[effort]
                # Thinking tokens count against max_tokens; the answer keeps its room.
                body["max_tokens"] = limit + budget
                body["thinking"] = {"type": "enabled", "budget_tokens": budget}
                thinking = True
            else:
                self._unknown_effort(effort, THINKING_BUDGETS)
        if "temperature" in fields and not thinking:
            # Anthropic's scale stops at 1; OpenAI-minded settings may go up to 2.
            body["temperature"] = min(1.0, max(0.0, self.resolve_temperature(request.temperature)))
        if request.tools:
            body["tools"] = convert_tools(request.tools)
            if request.tool_choice is not None:
                body["tool_choice"] = convert_tool_choice(request.tool_choice)
        return body

    def _unknown_effort(self, effort: str, known: Mapping[str, object]) -> None:
        self._warner.warn(
            f"effort:{effort}",
            "unknown reasoning_effort %r for Anthropic (known: %s); ignored",
            effort,
            ", ".join(known),
        )

    async def send(self, request: ChatRequest) -> LLMResponse:
        """Make one call; failures come back as ``finish_reason="error"``.

        The extra ``reasoning_effort`` is understood; others are ignored.

        Raises:
            ProviderError: the network is switched off and the URL is not loopback.
        """
        check_network_allowed(self.base_url)
        sdk = load_sdk("anthropic")
        fields = _messages_api_fields()
        body = self.build_request(request, api_fields=fields)
        if not body["messages"]:
            return LLMResponse.failure(
                LLMError("no user or assistant message to send", type="invalid_request")
            )

        async def create(client: Any) -> Any:
            return await client.messages.with_raw_response.create(**as_sdk_kwargs(body, fields))

        return await self._post(sdk, create)

    def parse_response(self, text: str) -> LLMResponse:
        """Decode a Messages API body; anything unusable becomes an error response."""
        body = self._decode_body(text)
        if isinstance(body, LLMResponse):
            return body
        if body.get("type") == "error" or not isinstance(body.get("content"), list):
            return self._missing(body, "content")
        texts: list[str] = []
        thinking: list[dict[str, Any]] = []
        calls: list[ToolCallRequest] = []
        for block in body["content"]:
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if kind == "text" and isinstance(block.get("text"), str):
                texts.append(block["text"])
            elif kind in ("thinking", "redacted_thinking"):
                thinking.append(block)
            elif kind == "tool_use":
                call = self._tool_call(block)
                if call is not None:
                    calls.append(call)
        stop = body.get("stop_reason")
        finish = _STOP_REASONS.get(stop, stop) if isinstance(stop, str) else None
        reasoning = "\n\n".join(
            b["thinking"] for b in thinking if isinstance(b.get("thinking"), str) and b["thinking"]
        )
        return LLMResponse(
            content="".join(texts) if texts else None,
            tool_calls=calls,
            finish_reason=finish or ("tool_calls" if calls else "stop"),
            usage=_usage(body.get("usage")),
            reasoning_content=reasoning or None,
            thinking_blocks=thinking or None,
        )

    def _tool_call(self, block: dict[str, Any]) -> ToolCallRequest | None:
        name = block.get("name")
        call_id = block.get("id")
        if not isinstance(name, str) or not name or not isinstance(call_id, str):
            self._warner.warn("bad-tool-use", "skipped a tool_use block without a name or id")
            return None
        raw_input = block.get("input")
        arguments, error = parse_tool_arguments(raw_input, tool_name=name)
        return ToolCallRequest(
            id=call_id,
            name=name,
            arguments=arguments,
            raw_arguments=None if isinstance(raw_input, dict) else json.dumps(raw_input),
            argument_error=error,
        )
