"""The guard rails as pure functions: deletion, size, token budget, loop detection."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.dream.guards import (
    FileChange,
    LoopDetector,
    TokenBudget,
    count_content_lines,
    deletion_violations,
    describe_violations,
    size_violations,
)

TEN = "".join(f"- fact {i}\n" for i in range(10))


def test_content_lines_ignore_blank_ones() -> None:
    assert count_content_lines("a\n\n  \nb\n") == 2
    assert count_content_lines(None) == 0


def test_removing_half_a_file_is_a_violation() -> None:
    after = "".join(f"- fact {i}\n" for i in range(5))
    [violation] = deletion_violations({"memory/MEMORY.md": TEN}, {"memory/MEMORY.md": after})
    assert (violation.before_lines, violation.after_lines, violation.removed) == (10, 5, 5)
    reason = describe_violations([violation], [], max_ratio=0.25)
    assert (
        reason
        == "rejected by guard: memory/MEMORY.md would lose 5 of 10 non-empty lines (50% > 25%)"
    )


def test_emptying_a_file_is_a_violation() -> None:
    assert deletion_violations({"USER.md": "a\nb\n"}, {"USER.md": ""})
    assert deletion_violations({"USER.md": "- the only fact\n"}, {"USER.md": "\n"})


def test_small_removals_and_rewrites_pass() -> None:
    two_gone = "".join(f"- fact {i}\n" for i in range(8))
    reworded = TEN.replace("fact", "item")
    assert deletion_violations({"f": TEN}, {"f": two_gone}) == []  # 20 % <= 25 %
    assert deletion_violations({"f": TEN}, {"f": reworded}) == []
    # One line out of two is a normal edit (a done task), not mass deletion.
    assert deletion_violations({"f": "a\nb\n"}, {"f": "a\n"}) == []
    assert deletion_violations({"f": None}, {"f": "new\n"}) == []


def test_unlisted_files_are_not_judged() -> None:
    assert deletion_violations({"f": TEN}, {}) == []


@settings(max_examples=60, deadline=None)
@given(
    before=st.integers(min_value=0, max_value=60),
    after=st.integers(min_value=0, max_value=60),
    ratio=st.sampled_from([0.0, 0.25, 0.5, 1.0]),
)
def test_deletion_rule(before: int, after: int, ratio: float) -> None:
    old = "x\n" * before
    new = "y\n" * after
    flagged = bool(deletion_violations({"f": old}, {"f": new}, max_ratio=ratio))
    removed = before - after
    big_enough = removed >= 2 or (removed > 0 and after == 0)
    assert flagged == (before > 0 and big_enough and removed > ratio * before)


def test_size_cap_applies_to_growth_only() -> None:
    [violation] = size_violations({"f": "a"}, {"f": "b" * 11}, max_chars=10)
    assert violation.describe() == "f would grow to 11 chars (limit 10, was 1)"
    assert size_violations({"f": "a" * 20}, {"f": "a" * 15}, max_chars=10) == []


def test_token_budget() -> None:
    budget = TokenBudget(100)
    assert budget.allows(100) and not budget.allows(101)
    budget.add(60)
    assert budget.remaining == 40 and not budget.exceeded
    budget.add(41)
    assert budget.exceeded and budget.remaining == 0
    with pytest.raises(ValueError, match="positive integer"):
        TokenBudget(0)


def test_no_op_results_are_strikes() -> None:
    detector = LoopDetector(max_strikes=2)
    args = {"path": "USER.md", "content": "x"}
    detector.record("write_file", args, "No change: USER.md already has this content")
    assert not detector.should_stop
    detector.record("write_file", args, "No change: USER.md already has this content")
    assert detector.should_stop
    assert "no-op write_file (USER.md)" in detector.reason()


def test_a_write_repeated_with_nothing_changed_is_a_strike() -> None:
    detector = LoopDetector()
    edit = {"path": "USER.md", "old_text": "gone", "new_text": "x"}
    detector.record("edit_file", edit, "Error: old_text was not found in USER.md")
    assert detector.strikes == []
    detector.record("edit_file", edit, "Error: old_text was not found in USER.md")
    assert detector.strikes == ["repeated edit_file (USER.md) with nothing changed"]


def test_repeated_reads_are_left_to_the_caps() -> None:
    detector = LoopDetector()
    for _ in range(5):
        detector.record("read_file", {"path": "USER.md"}, "text")
    assert detector.strikes == []


def test_the_same_call_after_a_real_change_is_fine() -> None:
    detector = LoopDetector()
    write = {"path": "USER.md", "content": "b"}
    detector.record("write_file", write, "Error: no space left", [])
    detector.record(
        "edit_file",
        {"path": "USER.md", "old_text": "a", "new_text": "c"},
        "Edited USER.md",
        [FileChange("USER.md", "a", "c")],
    )
    detector.record("write_file", write, "Wrote USER.md", [FileChange("USER.md", "c", "b")])
    assert detector.strikes == []


def test_an_edit_applied_twice_is_a_strike() -> None:
    detector = LoopDetector()
    for before, after in (("A", "B"), ("B", "A"), ("A", "B")):
        detector.record(
            "write_file",
            {"path": "USER.md", "content": after},
            "Wrote USER.md",
            [FileChange("USER.md", before, after)],
        )
    assert detector.strikes == ["the same edit of USER.md applied twice"]
