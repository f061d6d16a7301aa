"""Which tokenizer a model uses, and loading it once, offline.

The tables for ``cl100k_base`` and ``o200k_base`` ship inside the ``bpe_openai``
wheel, so counting never touches the network. ``import bpe_openai`` itself is
slow (it decodes every bundled table in Python at import time, about half a
second), so the Rust extension module is loaded on its own when possible; the
public ``bpe_openai`` API is the fallback, and a character heuristic is used only
when neither can be imported.
"""

from __future__ import annotations

import functools
import importlib
import importlib.machinery
import importlib.util
import math
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from reverie._logging import OnceWarner, get_logger

__all__ = [
    "HEURISTIC_SOURCE",
    "EncodingChoice",
    "TextCounter",
    "choose_encoding",
    "get_text_counter",
    "get_token_encoder",
    "heuristic_count",
]

HEURISTIC_SOURCE = "heuristic"
"""The ``source`` of every count made without a tokenizer."""

TextCounter = Callable[[str], int]
"""Counts the tokens of one string (special-token text counts as ordinary text)."""

TokenEncoder = Callable[[str], list[int]]
"""The token ids of one string; an id is its token's merge rank, so a lower id is commoner."""

_log = get_logger("tokens")
_warn = OnceWarner(_log)

# OpenAI models on o200k_base; the prefix must be followed by the end of the
# name or a separator so that e.g. "o1" does not claim "o100-foo".
_O200K_PATTERN = re.compile(
    r"^(?:gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|chatgpt-4o|o1|o3|o4|codex-mini|omni-moderation)"
    r"(?:$|[-_.:@])"
)
# OpenAI models on cl100k_base, counted exactly.
_CL100K_PATTERN = re.compile(
    r"^(?:gpt-4|gpt-3\.5-turbo|gpt-35-turbo|text-embedding-3-(?:small|large)"
    r"|text-embedding-ada-002)(?:$|[-_.:@])"
)


@dataclass(frozen=True)
class EncodingChoice:
    """The tokenizer picked for a model.

    Attributes:
        encoding: ``"cl100k_base"`` or ``"o200k_base"``.
        exact: True when the model really uses that encoding (an OpenAI model);
            False when it is a stand-in for another vendor's tokenizer.
        label: What a count made with it is called: the encoding name when exact,
            else ``"<encoding>~<model>"`` to say it approximates that model.
    """

    encoding: str
    exact: bool
    label: str


_VENDOR_PREFIX = re.compile(r"^(?:openai|openai-compatible|azure|openrouter|anthropic|ollama)[:/]")


def _bare_model_name(model: str) -> str:
    """``"openai/gpt-4o"``, ``"openai:gpt-4o"`` and ``"GPT-4o"`` all mean ``gpt-4o``.

    A fine-tuned model (``"ft:gpt-4o-mini-2024-07-18:org::id"``) uses its base
    model's encoding, so the ``ft:`` prefix goes too.
    """
    name = _VENDOR_PREFIX.sub("", model.strip().lower())
    return name.rpartition("/")[2].removeprefix("ft:")


@functools.lru_cache(maxsize=256)
def choose_encoding(model: str | None) -> EncodingChoice:
    """Pick the encoding for ``model`` (``None``: ``cl100k_base``).

    Args:
        model: A model name as given to a provider, with or without a vendor
            prefix (``"openai/gpt-4.1"``, ``"anthropic:claude-sonnet-4-5"``).

    Returns:
        The encoding and whether it is exact for that model.
    """
    if not model or not model.strip():
        return EncodingChoice("cl100k_base", True, "cl100k_base")
    bare = _bare_model_name(model)
    if _O200K_PATTERN.match(bare):
        return EncodingChoice("o200k_base", True, "o200k_base")
    if _CL100K_PATTERN.match(bare) or bare in ("cl100k_base", "o200k_base"):
        name = bare if bare in ("cl100k_base", "o200k_base") else "cl100k_base"
        return EncodingChoice(name, True, name)
    return EncodingChoice("cl100k_base", False, f"cl100k_base~{model.strip()}")


_CJK_OR_WIDE = re.compile(r"[^\x00-\x7f]")


def heuristic_count(text: str) -> int:
    """Approximate token count without a tokenizer.

    About four ASCII characters per token (English prose and code) and one token
    per non-ASCII character (CJK ideographs are mostly one token each, emoji two
    or three), which errs on the high side: a budget check should not under-count.
    """
    if not text:
        return 0
    non_ascii = len(_CJK_OR_WIDE.findall(text))
    ascii_chars = len(text) - non_ascii
    return math.ceil(ascii_chars / 4) + non_ascii


def _sanitize(text: str) -> str:
    """Replace lone surrogates (they cannot be UTF-8 encoded), as tiktoken does."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


@functools.cache
def _load_native_bindings() -> ModuleType | None:
    """Load ``bpe_openai._bindings`` without running ``bpe_openai/__init__``."""
    spec = importlib.util.find_spec("bpe_openai")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = Path(location) / f"_bindings{suffix}"
            if not path.is_file():
                continue
            native_spec = importlib.util.spec_from_file_location("bpe_openai._bindings", path)
            if native_spec is None or native_spec.loader is None:
                continue
            module = importlib.util.module_from_spec(native_spec)
            native_spec.loader.exec_module(module)
            return module
    return None


def _native_tokenizer(encoding: str) -> Any:
    """The Rust tokenizer for ``encoding``, or None (then the public API is used)."""
    try:
        bindings = _load_native_bindings()
        if bindings is None:
            return None
        return bindings.tokenizer_for_encoding(encoding)
    except Exception as exc:  # any failure here just means: use the public API
        _log.debug("bpe_openai native module unusable (%s); using its Python API", exc)
        return None


def _native_counter(encoding: str) -> TextCounter | None:
    tokenizer = _native_tokenizer(encoding)
    if tokenizer is None:
        return None
    count: Callable[[str], int] = tokenizer.count

    def counter(text: str) -> int:
        if not text:
            return 0
        try:
            return count(text)
        except UnicodeEncodeError:
            return count(_sanitize(text))

    return counter


def _wrapper_counter(encoding: str) -> TextCounter | None:
    encode = _wrapper_encoder(encoding, for_counting=True)
    if encode is None:
        return None

    def counter(text: str) -> int:
        return len(encode(text)) if text else 0

    return counter


def _native_encoder(encoding: str) -> TokenEncoder | None:
    tokenizer = _native_tokenizer(encoding)
    if tokenizer is None:
        return None
    encode: TokenEncoder = tokenizer.encode

    def encoder(text: str) -> list[int]:
        try:
            return encode(text)
        except UnicodeEncodeError:
            return encode(_sanitize(text))

    return encoder


def _wrapper_encoder(encoding: str, *, for_counting: bool = False) -> TokenEncoder | None:
    """The public ``bpe_openai`` API's encoder; None (with a warning when counting) without it."""
    try:
        enc: Any = importlib.import_module("bpe_openai").get_encoding(encoding)
    except Exception as exc:
        if for_counting:
            _warn.warn(
                "no-tokenizer",
                "bpe_openai is unavailable (%s); token counts are heuristic estimates",
                exc,
            )
        else:
            _log.debug("bpe_openai is unavailable (%s); no token ids", exc)
        return None
    encode: TokenEncoder = enc.encode_ordinary
    return encode


_counters: dict[str, TextCounter | None] = {}
_encoders: dict[str, TokenEncoder | None] = {}
_load_lock = threading.Lock()


def get_text_counter(encoding: str) -> TextCounter | None:
    """The exact counter for ``encoding``, loaded once; ``None`` if no tokenizer.

    Thread-safe: concurrent first calls load the tables once.
    """
    try:
        return _counters[encoding]
    except KeyError:
        pass
    with _load_lock:
        if encoding not in _counters:
            _counters[encoding] = _native_counter(encoding) or _wrapper_counter(encoding)
        return _counters[encoding]


def get_token_encoder(encoding: str) -> TokenEncoder | None:
    """The token-id encoder for ``encoding``, loaded once; ``None`` if no tokenizer.

    Ordinary text only (special-token text is encoded as text). Thread-safe.
    """
    try:
        return _encoders[encoding]
    except KeyError:
        pass
    with _load_lock:
        if encoding not in _encoders:
            _encoders[encoding] = _native_encoder(encoding) or _wrapper_encoder(encoding)
        return _encoders[encoding]


def _reset_for_tests() -> None:
    """Forget loaded counters (tests simulate a missing tokenizer with this)."""
    with _load_lock:
        _counters.clear()
        _encoders.clear()
    _load_native_bindings.cache_clear()
    _warn.reset()
