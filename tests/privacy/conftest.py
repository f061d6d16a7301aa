"""Fixtures for the privacy tests: the providers' loopback server, reused by path."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _provider_fakes() -> ModuleType:
    # Same module name as tests/cli/conftest.py uses, so both share one copy.
    name = "reverie_tests_provider_fakes"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(
        name, ROOT / "tests" / "providers" / "conftest.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def server() -> Iterator[Any]:
    """A loopback server speaking OpenAI's wire format (scripted replies)."""
    fake = _provider_fakes().FakeServer()
    try:
        yield fake
    finally:
        fake.close()


@pytest.fixture
def provider_fakes() -> ModuleType:
    """The module with ``Reply``, ``openai_reply`` and ``openai_error``."""
    return _provider_fakes()
