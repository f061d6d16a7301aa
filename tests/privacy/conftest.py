"""Fixtures for the privacy tests: the providers' loopback server, reused by path."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import suite_tools


@pytest.fixture
def server() -> Iterator[Any]:
    """A loopback server speaking OpenAI's wire format (scripted replies)."""
    fake = suite_tools.provider_fakes().FakeServer()
    try:
        yield fake
    finally:
        fake.close()


@pytest.fixture
def provider_fakes() -> ModuleType:
    """The module with ``Reply``, ``openai_reply`` and ``openai_error``."""
    return suite_tools.provider_fakes()
