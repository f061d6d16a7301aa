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


def test_the_type_stub_declares_exactly_the_exported_names() -> None:
    import ast
    from pathlib import Path

    stub = Path(reverie.__file__).with_suffix(".pyi")
    declared = {
        alias.asname or alias.name
        for node in ast.walk(ast.parse(stub.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert declared == set(reverie.__all__) - {"__version__"}


def test_plumbing_is_not_exported_and_the_docstring_says_where_to_start() -> None:
    for internal in ("WorkspaceLock", "HistoryEntry", "HistoryLog", "TranscriptArchive"):
        assert internal not in reverie.__all__
        assert not hasattr(reverie, internal)
    assert {"Workspace", "Agent", "MemoryStore", "Dream"} <= set(reverie.__all__)
    doc = reverie.__doc__ or ""
    for start in ("Workspace", "Agent", "MemoryStore", "Dream", "resolve_provider"):
        assert start in doc
