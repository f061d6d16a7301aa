"""Without a tokenizer counts are heuristic and say so; a provider's own counter wins."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from reverie import tokens as tokens_module
from reverie.tokens import (
    TokenCount,
    count_for_provider,
    count_prompt_tokens,
    count_text_tokens,
    encodings,
    estimate_prompt_tokens,
)

MESSAGES = [
    {"role": "system", "content": "You remember things."},
    {"role": "user", "content": "I prefer tabs over spaces, and I live in Porto."},
]


@pytest.fixture
def no_tokenizer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make ``bpe_openai`` unimportable, as on an install without it."""
    monkeypatch.setitem(sys.modules, "bpe_openai", None)
    encodings._reset_for_tests()
    yield
    monkeypatch.undo()
    encodings._reset_for_tests()


def test_without_bpe_openai_the_count_is_a_labelled_heuristic(
    no_tokenizer: None, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="reverie.tokens"):
        result = count_prompt_tokens(MESSAGES, model="gpt-4o")
        count_prompt_tokens(MESSAGES, model="gpt-4")
    assert result.source == "heuristic"
    # Plausible: within a factor of two of the real count (about 30 tokens).
    assert 20 <= result.tokens <= 60
    warnings = [r for r in caplog.records if "heuristic" in r.getMessage()]
    assert len(warnings) == 1


def test_heuristic_grows_with_text(no_tokenizer: None) -> None:
    short = count_text_tokens("tea")
    long = count_text_tokens("tea " * 100)
    cjk = count_text_tokens("我喜欢绿茶")
    assert 0 < short < long
    assert cjk >= 5


def test_the_tokenizer_comes_back_after_the_simulation() -> None:
    assert count_prompt_tokens(MESSAGES, model="gpt-4o").source == "o200k_base"


def test_concurrent_first_use_loads_each_encoding_once(monkeypatch: pytest.MonkeyPatch) -> None:
    encodings._reset_for_tests()
    loads: list[str] = []
    real = encodings._native_counter

    def counting_loader(name: str) -> encodings.TextCounter | None:
        loads.append(name)
        return real(name)

    monkeypatch.setattr(encodings, "_native_counter", counting_loader)
    results: list[int] = []
    barrier = threading.Barrier(8)

    def worker() -> None:
        barrier.wait()
        results.append(estimate_prompt_tokens(MESSAGES, model="gpt-4o"))

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert loads == ["o200k_base"]
    assert len(set(results)) == 1 and len(results) == 8


class CountingProvider:
    """A provider with its own counter, as a vendor SDK might offer."""

    default_model = "vendor-model"

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.calls: list[tuple[int, str | None]] = []

    def estimate_prompt_tokens(
        self,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None,
        model: str | None,
    ) -> tuple[int, str]:
        self.calls.append((len(messages), model))
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer  # type: ignore[no-any-return]


class PlainProvider:
    """A provider without a counter."""

    default_model = "gpt-4o"


def test_a_provider_counter_wins() -> None:
    provider = CountingProvider((1234, "vendor-tokenizer"))
    assert count_for_provider(provider, MESSAGES) == TokenCount(1234, "vendor-tokenizer")
    assert provider.calls == [(2, "vendor-model")]


def test_a_failing_provider_counter_falls_back_with_one_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    tokens_module._warn.reset()  # the warning is once per process; start clean
    provider = CountingProvider(RuntimeError("tokenizer endpoint down"))
    with caplog.at_level(logging.WARNING, logger="reverie.tokens"):
        first = count_for_provider(provider, MESSAGES, model="gpt-4o")
        count_for_provider(provider, MESSAGES, model="gpt-4o")
    assert first == count_prompt_tokens(MESSAGES, model="gpt-4o")
    assert len([r for r in caplog.records if "tokenizer endpoint down" in r.getMessage()]) == 1


@pytest.mark.parametrize("answer", [(0, "x"), (-5, "x"), ("12", "x"), (True, "x"), 17, None])
def test_a_nonsense_provider_count_falls_back(answer: Any) -> None:
    provider = CountingProvider(answer)
    result = count_for_provider(provider, MESSAGES, model="gpt-4")
    assert result == count_prompt_tokens(MESSAGES, model="gpt-4")


def test_without_a_provider_counter_ours_is_used_with_the_provider_model() -> None:
    result = count_for_provider(PlainProvider(), MESSAGES)
    assert result == count_prompt_tokens(MESSAGES, model="gpt-4o")
    assert result.source == "o200k_base"
