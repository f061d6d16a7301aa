"""Exact, offline token counts for chat prompts.

``estimate_prompt_tokens(messages, tools, model=...)`` counts a prompt the way
OpenAI's chat format does, with the ``cl100k_base`` / ``o200k_base`` tables that
ship inside the ``bpe_openai`` wheel (no download, no network). The encoding is
chosen from the model name; for other vendors' models ``cl100k_base`` stands in
and the count's ``source`` says so (``"cl100k_base~claude-sonnet-4-5"``). Only
when no tokenizer can be imported is a character heuristic used, with source
``"heuristic"``.

A provider that knows better counts for itself: give it a method
``estimate_prompt_tokens(messages, tools, model) -> (int, source)`` and
:func:`count_for_provider` prefers it (see :class:`SupportsTokenEstimate`).

Per-message counts are cached (bounded LRU keyed by encoding and the message's
counted fields — short strings as they are, the rest by a hash of their
canonical JSON), and recently counted prompts are remembered, so a per-turn
budget check costs O(new messages), not O(session).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol, runtime_checkable

from reverie._logging import OnceWarner, get_logger
from reverie.tokens.counting import CacheInfo, Engine, cache_info, clear_caches, framing_for
from reverie.tokens.encodings import (
    HEURISTIC_SOURCE,
    EncodingChoice,
    choose_encoding,
    get_text_counter,
    heuristic_count,
)

__all__ = [
    "HEURISTIC_SOURCE",
    "CacheInfo",
    "EncodingChoice",
    "SupportsTokenEstimate",
    "TokenCount",
    "cache_info",
    "choose_encoding",
    "clear_caches",
    "count_for_provider",
    "count_prompt_tokens",
    "count_text_tokens",
    "estimate_message_tokens",
    "estimate_prompt_tokens",
]

_log = get_logger("tokens")
_warn = OnceWarner(_log)


class TokenCount(NamedTuple):
    """A token count and where it came from.

    Unpacks like the ``(tokens, source)`` pair providers return.

    Attributes:
        tokens: The number of tokens.
        source: The counter: an encoding name (``"o200k_base"``: exact), an
            encoding standing in for another model (``"cl100k_base~<model>"``),
            ``"heuristic"``, or whatever a provider's own counter reports.
    """

    tokens: int
    source: str


@runtime_checkable
class SupportsTokenEstimate(Protocol):
    """A provider that counts prompts itself; its count wins over ours."""

    def estimate_prompt_tokens(
        self,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None,
        model: str | None,
    ) -> tuple[int, str]:
        """Return ``(tokens, source)`` for the prompt."""
        ...


def _engine(model: str | None) -> tuple[Engine, str]:
    choice = choose_encoding(model)
    counter = get_text_counter(choice.encoding)
    framing = framing_for(model)
    if counter is None:
        return Engine(HEURISTIC_SOURCE, heuristic_count, framing), HEURISTIC_SOURCE
    return Engine(choice.encoding, counter, framing), choice.label


def count_text_tokens(text: str, *, model: str | None = None) -> int:
    """Tokens of a plain string (no message framing)."""
    engine, _ = _engine(model)
    return engine.count(text)


def estimate_message_tokens(message: Mapping[str, Any], *, model: str | None = None) -> int:
    """Tokens one message adds to a prompt, framing included.

    Only what a model sees is counted (``role``, ``content``, ``name``,
    ``tool_calls``, ``tool_call_id``); bookkeeping fields such as ``timestamp``
    are free. Summing this over a prompt's messages and adding the reply
    priming (3) gives :func:`estimate_prompt_tokens` without tools.

    Args:
        message: A chat message in OpenAI shape.
        model: The model the prompt is for (picks the encoding).

    Raises:
        UserError: ``message`` is not a dict.
    """
    engine, _ = _engine(model)
    return engine.message_tokens(message)


def count_prompt_tokens(
    messages: Sequence[Mapping[str, Any]],
    tools: Sequence[Mapping[str, Any]] | None = None,
    *,
    model: str | None = None,
) -> TokenCount:
    """Count a whole prompt: messages, reply priming and tool definitions.

    Args:
        messages: The chat messages, in order.
        tools: OpenAI function-tool definitions sent with the prompt.
        model: The model the prompt is for (picks the encoding).

    Returns:
        The count and its source. An empty prompt counts 0.

    Raises:
        UserError: ``messages`` or ``tools`` is not a list of dicts; the
            message names the first bad item (``messages[3]``).
    """
    engine, source = _engine(model)
    tokens = engine.messages_tokens(messages) + engine.tools_tokens(tools)
    if messages:
        tokens += engine.framing.reply_priming
    return TokenCount(tokens, source)


def estimate_prompt_tokens(
    messages: Sequence[Mapping[str, Any]],
    tools: Sequence[Mapping[str, Any]] | None = None,
    *,
    model: str | None = None,
) -> int:
    """The token count of :func:`count_prompt_tokens`, without its source."""
    return count_prompt_tokens(messages, tools, model=model).tokens


def count_for_provider(
    provider: object,
    messages: Sequence[Mapping[str, Any]],
    tools: Sequence[Mapping[str, Any]] | None = None,
    model: str | None = None,
) -> TokenCount:
    """Count a prompt with the provider's own counter when it has one, else ours.

    A provider's counter is a method ``estimate_prompt_tokens(messages, tools,
    model) -> (int, source)``. Its answer is used when it is a positive integer
    (or zero for an empty prompt); if it raises or returns something else, the
    offline count is used and a warning is logged once.

    Args:
        provider: Any provider object.
        messages: The chat messages.
        tools: Tool definitions sent with them.
        model: The model; defaults to the provider's ``default_model``.
    """
    if model is None:
        default = getattr(provider, "default_model", None)
        model = default if isinstance(default, str) else None
    method = getattr(provider, "estimate_prompt_tokens", None)
    if callable(method):
        try:
            result = method(messages, tools, model)
            tokens, source = result
        except Exception as exc:
            _warn.warn(
                "provider-counter-failed",
                "%s.estimate_prompt_tokens failed (%s); using the offline count",
                type(provider).__name__,
                exc,
            )
        else:
            valid = isinstance(tokens, int) and not isinstance(tokens, bool)
            if valid and (tokens > 0 or (tokens == 0 and not messages and not tools)):
                return TokenCount(tokens, str(source))
            _warn.warn(
                "provider-counter-invalid",
                "%s.estimate_prompt_tokens returned %r; using the offline count",
                type(provider).__name__,
                result,
            )
    return count_prompt_tokens(messages, tools, model=model)
