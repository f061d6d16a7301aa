"""The prompt budget of a model window: one formula, one margin, one check.

A request holds the prompt and room for the answer, and a margin is kept free
besides (token counts of a vendor's framing can differ slightly from ours). The
Consolidator, the agent, ``reverie status`` and settings validation all take
their numbers from here.
"""

from __future__ import annotations

from reverie.errors import ConfigError

__all__ = ["PROMPT_MARGIN_TOKENS", "check_window", "prompt_budget"]

PROMPT_MARGIN_TOKENS = 1_024
"""Kept free besides the answer in every request."""


def prompt_budget(context_window_tokens: int, max_completion_tokens: int) -> int:
    """Tokens a prompt may use: ``window − completion − margin`` (0 when budgeting is off).

    A window of 0 or less means no budget; the result is then 0.
    """
    if context_window_tokens <= 0:
        return 0
    return max(0, context_window_tokens - max_completion_tokens - PROMPT_MARGIN_TOKENS)


def check_window(window: object, completion: object, *, origin: str = "") -> None:
    """Refuse a window that leaves no room for a prompt (every turn would fail).

    Args:
        window: ``context_window_tokens`` (0 or less: no budget, always fine).
        completion: ``max_completion_tokens``, the room kept for each answer.
        origin: Where the values came from (a file, "environment", …), put first
            in the error.

    Raises:
        ConfigError: naming both settings and what would work.
    """
    prefix = f"{origin}: " if origin else ""
    if not isinstance(window, int) or isinstance(window, bool):
        raise ConfigError(f"{prefix}context_window_tokens must be an integer, got {window!r}")
    if not isinstance(completion, int) or isinstance(completion, bool) or completion < 0:
        raise ConfigError(
            f"{prefix}max_completion_tokens must be an integer >= 0, got {completion!r}"
        )
    smallest = completion + PROMPT_MARGIN_TOKENS
    if 0 < window <= smallest:
        raise ConfigError(
            f"{prefix}context_window_tokens={window} leaves no room for a prompt after "
            f"max_completion_tokens={completion} and a {PROMPT_MARGIN_TOKENS}-token margin; "
            f"use a window above {smallest}, a smaller max_completion_tokens, or "
            "context_window_tokens = 0 to turn budgeting off"
        )
