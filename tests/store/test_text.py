"""Leaked reasoning stripping and length caps."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.store.text import TRUNCATION_MARKER, cap_text, strip_leaked_reasoning


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("plain answer, no tags", "plain answer, no tags"),
        ("<think>weighing options</think>User likes tea.", "User likes tea."),
        ("<THINK>\nmulti\nline\n</THINK>\n\nFact one.", "Fact one."),
        ("Fact one.\n<think>unfinished reasoning that never closes", "Fact one."),
        ("Fact one.<think", "Fact one."),
        ("reasoning the template opened</think>\nFact two.", "Fact two."),
        ("<thinking>hmm</thinking>Fact three.", "Fact three."),
        (
            "<|start|>assistant<|channel|>analysis<|message|>let me think<|end|>"
            "<|start|>assistant<|channel|>final<|message|>Fact four.<|return|>",
            "Fact four.",
        ),
        ("<|channel>thought\nprivate musing<channel|>Fact five.", "Fact five."),
        ("Fact six.<|im_end|>", "Fact six."),
        ("thought opened by the template<channel|>Fact seven.", "Fact seven."),
        ("<|channel>Fact eight.", "Fact eight."),
        ("<channel|>Fact nine.", "Fact nine."),
        ("<|channel|>Fact ten.", "Fact ten."),
        ("<think广场 is open", "广场 is open"),
        ("a < b and c > d", "a < b and c > d"),
        ("x <thinker> y", "x <thinker> y"),
    ],
)
def test_strip_leaked_reasoning(raw: str, clean: str) -> None:
    assert strip_leaked_reasoning(raw) == clean


@pytest.mark.parametrize(
    "raw",
    [
        "<think>only reasoning</think>",
        "<think>never closed",
        "  <|channel|>analysis<|message|>x",
        "<|channel>thought\nstill thinking when the output stopped",
    ],
)
def test_entry_that_was_only_reasoning_becomes_empty(raw: str) -> None:
    assert strip_leaked_reasoning(raw) == ""


def test_untouched_text_keeps_its_whitespace() -> None:
    assert strip_leaked_reasoning("  indented\n") == "  indented\n"


def test_cap_counts_the_marker() -> None:
    text = "x" * 100
    capped = cap_text(text, 50)
    assert len(capped) == 50
    assert capped.endswith(TRUNCATION_MARKER)
    assert capped.startswith("x" * (50 - len(TRUNCATION_MARKER)))


def test_cap_leaves_short_text_alone_and_handles_tiny_caps() -> None:
    assert cap_text("short", 5) == "short"
    assert cap_text("longer text", 3) == "lon"
    assert cap_text("anything", 0) == ""
    with pytest.raises(ValueError, match="max_chars"):
        cap_text("x", -1)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=300), st.integers(min_value=0, max_value=200))
def test_cap_is_never_exceeded_and_keeps_a_prefix(text: str, limit: int) -> None:
    capped = cap_text(text, limit)
    assert len(capped) <= limit
    if len(text) <= limit:
        assert capped == text
    else:
        kept = capped.removesuffix(TRUNCATION_MARKER)
        assert text.startswith(kept)
