"""The top-level package exports a sorted, complete, importable surface."""

from __future__ import annotations

import subprocess
import sys

import reverie
from suite_tools import DEADLINE


def test_all_is_sorted_and_unique() -> None:
    names = [n for n in reverie.__all__ if n != "__version__"]
    assert names == sorted(names)
    assert len(set(reverie.__all__)) == len(reverie.__all__)


def test_every_exported_name_resolves() -> None:
    for name in reverie.__all__:
        assert getattr(reverie, name) is not None, name


def test_contract_names_are_exported() -> None:
    contract = {
        "MemoryStore",
        "GitStore",
        "Session",
        "SessionManager",
        "LLMResponse",
        "ToolCallRequest",
        "ToolRegistry",
        "ToolResult",
        "estimate_message_tokens",
        "estimate_prompt_tokens",
        "resolve_provider",
        "ReverieError",
        "StoreError",
        "GitStoreError",
        "ConfigError",
        "ProviderError",
    }
    assert contract <= set(reverie.__all__)


def test_import_does_not_load_heavy_sdks() -> None:
    code = (
        "import sys, reverie; "
        "heavy = [m for m in ('openai', 'anthropic', 'dulwich') if m in sys.modules]; "
        "print(','.join(heavy))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=DEADLINE
    ).stdout.strip()
    assert out == ""
