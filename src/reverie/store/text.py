"""Clean and bound text before it is stored: leaked reasoning out, length capped.

Reasoning models sometimes return their scratchpad inside the answer
(``<think>…</think>``, a ``<think`` never closed, an orphan ``</think>`` after
reasoning whose opening tag was in the chat template) or leak chat-template
markers (``<|channel|>analysis<|message|>…``, ``<|channel>thought…<channel|>``).
None of that belongs in long-term memory.
"""

from __future__ import annotations

import re

__all__ = ["TRUNCATION_MARKER", "cap_text", "strip_leaked_reasoning"]

TRUNCATION_MARKER = "\n… [truncated]"
"""Appended to text cut by :func:`cap_text` (and counted within the cap)."""

_FLAGS = re.DOTALL | re.IGNORECASE
_THINK_BLOCK = re.compile(r"<think(?:ing)?\b[^>]*>.*?</think(?:ing)?\s*>", _FLAGS)
_THINK_UNCLOSED = re.compile(r"<think(?:ing)?\b.*\Z", _FLAGS)
# A tag name run straight into non-ASCII text (``<think广场…``) is a malformed
# opener followed by the answer: only the tag goes.
_THINK_MALFORMED = re.compile(r"<think(?:ing)?(?=[^\x00-\x7f])", re.IGNORECASE)
_THINK_ORPHAN_CLOSE = re.compile(r"\A.*</think(?:ing)?\s*>", _FLAGS)

# Harmony-style (gpt-oss) turns: the analysis channel is reasoning, the final
# channel is the answer; headers and end tokens are template, not content.
_HARMONY_ANALYSIS = re.compile(
    r"<\|channel\|>\s*analysis\b.*?(?=<\|(?:end|start|channel|return)\|>|\Z)", _FLAGS
)
_HARMONY_START = re.compile(
    r"<\|start\|>\s*(?:assistant|user|system|developer|tool)?\b", re.IGNORECASE
)
_HARMONY_HEADER = re.compile(
    r"<\|channel\|>\s*\w+[^<]*?(?:<\|constrain\|>[^<]*)?<\|message\|>", re.IGNORECASE
)
# Gemma-style thought channel: ``<|channel>thought … <channel|>``. An opener
# never closed is reasoning only when it names a reasoning channel; a bare
# ``<|channel>`` before the answer is a stray marker, removed with the others.
_HALF_PIPE_BLOCK = re.compile(r"<\|channel>.*?<channel\|>", _FLAGS)
_HALF_PIPE_UNCLOSED = re.compile(
    r"<\|channel>\s*(?:thought|thinking|analysis|reasoning)\b.*\Z", _FLAGS
)
_HALF_PIPE_ORPHAN_CLOSE = re.compile(r"\A.*<channel\|>", _FLAGS)

_TEMPLATE_WORDS = r"(?:channel|message|start|end|return|call|constrain|turn|im_start|im_end)"
_LEFTOVER_MARKERS = re.compile(
    r"<\|[A-Za-z_][\w.-]{0,40}\|>"  # <|im_end|>, <|endoftext|>, <|end|>
    rf"|<\|{_TEMPLATE_WORDS}>"  # <|channel>
    rf"|<{_TEMPLATE_WORDS}\|>",  # <channel|>
    re.IGNORECASE,
)


def strip_leaked_reasoning(text: str) -> str:
    """Remove leaked reasoning and template markers from a model's answer.

    Text with nothing to remove comes back unchanged. Otherwise the remainder
    is stripped of surrounding whitespace, so an answer that was nothing but
    reasoning becomes ``""``.
    """
    if "<" not in text:
        return text
    cleaned = _THINK_BLOCK.sub("", text)
    cleaned = _THINK_UNCLOSED.sub("", cleaned)
    cleaned = _THINK_ORPHAN_CLOSE.sub("", cleaned)
    cleaned = _THINK_MALFORMED.sub("", cleaned)
    if "<|" in cleaned or "|>" in cleaned:
        cleaned = _HARMONY_ANALYSIS.sub("", cleaned)
        cleaned = _HARMONY_START.sub("", cleaned)
        cleaned = _HARMONY_HEADER.sub("", cleaned)
        cleaned = _HALF_PIPE_BLOCK.sub("", cleaned)
        cleaned = _HALF_PIPE_UNCLOSED.sub("", cleaned)
        cleaned = _HALF_PIPE_ORPHAN_CLOSE.sub("", cleaned)
        cleaned = _LEFTOVER_MARKERS.sub("", cleaned)
    if cleaned == text:
        return text
    return cleaned.strip()


def cap_text(text: str, max_chars: int, marker: str = TRUNCATION_MARKER) -> str:
    """Cut ``text`` so that the result, marker included, has at most ``max_chars`` chars.

    Args:
        text: The text to bound.
        max_chars: The cap; must be ≥ 0.
        marker: Appended when text is cut, to tell readers something is missing;
            dropped when the cap is too small to hold it.

    Raises:
        ValueError: when ``max_chars`` is negative.
    """
    if max_chars < 0:
        raise ValueError(f"max_chars must be >= 0, got {max_chars}")
    if len(text) <= max_chars:
        return text
    if len(marker) >= max_chars:
        return text[:max_chars]
    return text[: max_chars - len(marker)] + marker
