"""Any server that speaks OpenAI chat completions: OpenAI, Ollama, vLLM, LM Studio, DeepSeek…

One class, parameterised by ``base_url`` and where the key comes from. The
``openai`` SDK carries the request; the body is decoded here rather than by the
SDK's models so that vendor fields (``reasoning_content``, ``reasoning``) and
malformed answers are handled in one place, and a bad body becomes an error
response instead of an exception.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping
from typing import Any

from reverie._logging import get_logger
from reverie.providers._arguments import parse_tool_arguments
from reverie.providers._http_provider import DEFAULT_TIMEOUT, HTTPProvider
from reverie.providers._sdk import accepted_fields, as_sdk_kwargs, load_sdk
from reverie.providers.base import (
    ChatRequest,
    LLMResponse,
    ToolCallRequest,
)
from reverie.providers.network import check_network_allowed

__all__ = ["DEFAULT_TIMEOUT", "OPENAI_BASE_URL", "OpenAICompatProvider"]

OPENAI_BASE_URL = "https://api.openai.com/v1"
"""The official endpoint; the only one for which a key is mandatory."""


_MESSAGE_KEYS = frozenset({"role", "content", "name", "tool_calls", "tool_call_id"})
# o-series and gpt-5 models on OpenAI reject a non-default temperature.
_FIXED_TEMPERATURE_MODEL = re.compile(r"^(?:openai/)?(?:o\d|gpt-5)", re.IGNORECASE)

_log = get_logger("providers.openai")


def _content_text(content: object) -> str | None:
    """Text of a message ``content``: a string, or the text parts of a list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = [
            part["text"]
            for part in content
            if isinstance(part, dict) and isinstance(part.get("text"), str)
        ]
        return "".join(texts) if texts else None
    return None


def _usage(raw: object) -> dict[str, int]:
    if not isinstance(raw, dict):
        return {}
    usage: dict[str, int] = {}
    for key in ("prompt_tokens", "completion_tokens", "total_tokens"):
        value = raw.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            usage[key] = value
    if "total_tokens" not in usage and {"prompt_tokens", "completion_tokens"} <= usage.keys():
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
    for section, key, name in (
        ("prompt_tokens_details", "cached_tokens", "cached_tokens"),
        ("completion_tokens_details", "reasoning_tokens", "reasoning_tokens"),
    ):
        details = raw.get(section)
        value = details.get(key) if isinstance(details, dict) else None
        if isinstance(value, int) and not isinstance(value, bool) and value:
            usage[name] = value
    return usage


class OpenAICompatProvider(HTTPProvider):
    """A provider for the OpenAI chat-completions wire format.

    The key is ``api_key``, else the environment variable named by
    ``api_key_env``. It is mandatory only for OpenAI's own endpoint: local
    servers (Ollama, vLLM, LM Studio) are called without one.

    Example:
        >>> provider = OpenAICompatProvider("llama3.1", base_url="http://localhost:11434/v1")
        >>> provider.default_model
        'llama3.1'
    """

    _client_class = "AsyncOpenAI"
    _base_url_env = "OPENAI_BASE_URL"
    _default_base_url = OPENAI_BASE_URL
    _official_host = "api.openai.com"
    _model_example = "openai:gpt-4o-mini"
    _url_example = "http://localhost:11434/v1"
    _malformed_hint = " (is base_url the API root?)"
    _logger = _log
    _key_env = "OPENAI_API_KEY"
    name = "openai"
    _compatible_name = "openai-compatible"

    def build_request(self, request: ChatRequest) -> dict[str, Any]:
        """The JSON body sent to ``/chat/completions`` for ``request``.

        The extras understood are ``reasoning_effort`` and ``extra_body`` (a
        dict merged into the body); others are ignored.
        """
        model_name = self.resolve_model(request.model)
        body: dict[str, Any] = {
            "model": model_name,
            "messages": [self._wire_message(m) for m in request.messages],
        }
        # OpenAI deprecated max_tokens for max_completion_tokens; most other
        # servers only know the old name.
        limit_key = "max_completion_tokens" if self.official else "max_tokens"
        body[limit_key] = self.resolve_max_tokens(request.max_tokens)
        if not (self.official and _FIXED_TEMPERATURE_MODEL.match(model_name)):
            body["temperature"] = self.resolve_temperature(request.temperature)
        effort = request.extra.get("reasoning_effort") or self.generation.reasoning_effort
        if effort:
            body["reasoning_effort"] = effort
        tool_choice = request.tool_choice
        if request.tools:
            body["tools"] = [dict(t) for t in request.tools]
            if tool_choice is not None:
                body["tool_choice"] = (
                    tool_choice if isinstance(tool_choice, str) else dict(tool_choice)
                )
        extra_body = request.extra.get("extra_body")
        if isinstance(extra_body, Mapping):
            body.update(extra_body)
        return body

    def _wire_message(self, message: Mapping[str, Any]) -> dict[str, Any]:
        """Only the fields the wire format knows: stored messages carry timestamps etc."""
        wire = {k: v for k, v in message.items() if k in _MESSAGE_KEYS}
        if wire.get("content") is None and wire.get("role") != "assistant":
            wire["content"] = ""
        calls = wire.get("tool_calls")
        if calls:
            wire["tool_calls"] = [self._wire_tool_call(c) for c in calls if isinstance(c, Mapping)]
        elif "tool_calls" in wire:
            del wire["tool_calls"]
        reasoning = message.get("reasoning_content")
        # DeepSeek wants its reasoning back during a tool loop; OpenAI rejects the field.
        if not self.official and message.get("role") == "assistant" and isinstance(reasoning, str):
            wire["reasoning_content"] = reasoning
        return wire

    @staticmethod
    def _wire_tool_call(call: Mapping[str, Any]) -> dict[str, Any]:
        function = call.get("function")
        function = dict(function) if isinstance(function, Mapping) else {}
        arguments = function.get("arguments")
        if not isinstance(arguments, str):
            function["arguments"] = json.dumps(arguments or {}, ensure_ascii=False)
        return {"id": call.get("id"), "type": call.get("type", "function"), "function": function}

    async def send(self, request: ChatRequest) -> LLMResponse:
        """Make one call; failures come back as ``finish_reason="error"``.

        Raises:
            ProviderError: the network is switched off and the URL is not loopback.
        """
        check_network_allowed(self.base_url)
        body = self.build_request(request)

        async def create(client: Any) -> Any:
            completions = client.chat.completions
            kwargs = as_sdk_kwargs(body, accepted_fields(completions.create))
            return await completions.with_raw_response.create(**kwargs)

        return await self._post(load_sdk("openai"), create)

    def parse_response(self, text: str) -> LLMResponse:
        """Decode a chat-completions body; anything unusable becomes an error response."""
        body = self._decode_body(text)
        if isinstance(body, LLMResponse):
            return body
        choices = body.get("choices")
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
            return self._missing(body, "choices")
        choice = choices[0]
        message = choice.get("message")
        message = message if isinstance(message, dict) else {}
        tool_calls = self._tool_calls(message.get("tool_calls"))
        reasoning = message.get("reasoning_content")
        if not isinstance(reasoning, str):
            reasoning = message.get("reasoning")
        finish = choice.get("finish_reason")
        return LLMResponse(
            content=_content_text(message.get("content")),
            tool_calls=tool_calls,
            finish_reason=finish
            if isinstance(finish, str) and finish
            else ("tool_calls" if tool_calls else "stop"),
            usage=_usage(body.get("usage")),
            reasoning_content=reasoning if isinstance(reasoning, str) and reasoning else None,
        )

    def _tool_calls(self, raw: object) -> list[ToolCallRequest]:
        if not isinstance(raw, list):
            return []
        calls: list[ToolCallRequest] = []
        for item in raw:
            function = item.get("function") if isinstance(item, dict) else None
            name = function.get("name") if isinstance(function, dict) else None
            if not isinstance(function, dict) or not isinstance(name, str) or not name:
                self._warner.warn("nameless", "%s: skipped a tool call without a name", self.name)
                continue
            raw_args = function.get("arguments")
            arguments, error = parse_tool_arguments(raw_args, tool_name=name)
            call_id = item.get("id")
            calls.append(
                ToolCallRequest(
                    id=call_id if isinstance(call_id, str) and call_id else _new_call_id(),
                    name=name,
                    arguments=arguments,
                    raw_arguments=raw_args if isinstance(raw_args, str) else None,
                    argument_error=error,
                )
            )
        return calls


def _new_call_id() -> str:
    # Some local servers omit ids; the tool result still has to point at its call.
    return f"call_{uuid.uuid4().hex[:24]}"
